// Saving, trying and removing the key. A refused key is shown inline and never stored; the field is
// cleared once the key is saved, so it does not linger in the page.
import { KEY_CHECK_BUDGET_MS, KEY_CHECK_STILL_WAITING, KEY_CHECKING, KEY_REMOVING } from '../core/key-check';
import { byId, say, whileBusy } from './dom';
import { callServer } from './server';
import type { Sidebar } from './sidebar';

export function wireKeyPanel(sidebar: Sidebar): void {
  const form = byId<HTMLFormElement>('key-form');
  const input = byId<HTMLInputElement>('key-input');
  const error = byId('key-error');
  const buttons = [byId('key-save'), byId('key-demo'), byId('key-remove')];

  const run = (clicked: HTMLElement, busyLabel: string, work: () => Promise<unknown>, done: string) =>
    whileBusy(buttons, async () => {
      say(error, '');
      const label = clicked.textContent;
      clicked.textContent = busyLabel;
      form.setAttribute('aria-busy', 'true');
      // Past the key check's budget the API is hanging and the server waits for UrlFetchApp's timeout.
      const slow = setTimeout(() => say(error, KEY_CHECK_STILL_WAITING), KEY_CHECK_BUDGET_MS);
      try {
        await work();
        input.value = '';
        await sidebar.reload(done);
      } catch (e) {
        say(error, (e as Error).message, 'error');
        input.focus();
      } finally {
        clearTimeout(slow);
        clicked.textContent = label;
        form.removeAttribute('aria-busy');
      }
    });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const key = input.value.trim();
    if (key === '') {
      say(error, 'Paste your API key first, or try the demo account.', 'error');
      input.focus();
      return;
    }
    void run(byId('key-save'), KEY_CHECKING, () => callServer('saveApiKey', key), 'Key saved.');
  });
  byId('key-demo').addEventListener('click', () => {
    void run(byId('key-demo'), KEY_CHECKING, () => callServer('useDemoKey'), 'Demo key saved.');
  });
  byId('key-remove').addEventListener('click', () => {
    void run(byId('key-remove'), KEY_REMOVING, () => callServer('removeApiKey'), 'Key removed.');
  });
}
