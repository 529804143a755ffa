// Tiny DOM helpers: the sidebar is plain DOM with small render functions, no framework.

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The sidebar is missing #${id}.`);
  return element as T;
}

type Child = Node | string | null | undefined | false;

/** Creates an element; text children become text nodes, so API text is never parsed as HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** Shows a message in a live region (or hides the region when the message is empty). */
export function say(target: HTMLElement, message: string, tone: 'info' | 'error' | 'ok' = 'info'): void {
  target.textContent = message;
  target.dataset.tone = tone;
  if (target.hasAttribute('role') && target.getAttribute('role') === 'alert') target.hidden = message === '';
}

/** Runs a server call with its buttons disabled, so a double click cannot send it twice. */
export async function whileBusy<T>(controls: readonly HTMLElement[], work: () => Promise<T>): Promise<T> {
  const previous = controls.map((c) => c.hasAttribute('disabled'));
  for (const c of controls) c.setAttribute('disabled', '');
  try {
    return await work();
  } finally {
    controls.forEach((c, i) => {
      if (!previous[i]) c.removeAttribute('disabled');
    });
  }
}
