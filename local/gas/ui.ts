// Ui and Menu: what the add-on shows. Everything shown is recorded in world.ui for tests.
import { strictEnum } from './binding.ts';
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import { HtmlOutput } from './html.ts';
import { GasError, messages, typeNames } from './messages.ts';
import type { MenuItemRecord } from './types.ts';

const BUTTONS = { CLOSE: 'CLOSE', OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO' } as const;

type MenuEntry = MenuItemRecord | 'separator' | Menu;

export class Menu extends GasObject {
  readonly _class = 'Menu';
  readonly _items: MenuEntry[] = [];

  constructor(
    env: Env,
    readonly _title: string,
  ) {
    super(env);
  }

  addItem(caption: string, functionName: string): Menu {
    if (typeof caption !== 'string' || typeof functionName !== 'string')
      throw new GasError(messages.signature('Menu.addItem', typeNames([caption, functionName])));
    this._items.push({ caption, functionName });
    this._env.capture(caption);
    return this;
  }
  addSeparator(): Menu {
    this._items.push('separator');
    return this;
  }
  addSubMenu(menu: Menu): Menu {
    if (!(menu instanceof Menu)) throw new GasError(messages.signature('Menu.addSubMenu', typeNames([menu])));
    this._items.push(menu);
    return this;
  }
  addToUi(): void {
    const menus = this._env.world.ui.menus;
    const items = flatten(this._items);
    const existing = menus.findIndex((m) => m.title === this._title);
    if (existing >= 0) menus.splice(existing, 1, { title: this._title, items });
    else menus.push({ title: this._title, items });
  }
}

/** Sub-menu items are listed in place (their captions prefixed with the sub-menu title). */
function flatten(entries: MenuEntry[]): Array<MenuItemRecord | 'separator'> {
  return entries.flatMap((e) =>
    e instanceof Menu
      ? flatten(e._items).map((i) =>
          i === 'separator' ? i : { ...i, caption: `${e._title} ▸ ${i.caption}` },
        )
      : [e],
  );
}

export class Ui extends GasObject {
  readonly _class = 'Ui';
  readonly Button = strictEnum('Ui.Button', BUTTONS);
  readonly ButtonSet = strictEnum('Ui.ButtonSet', {
    OK: 'OK',
    OK_CANCEL: 'OK_CANCEL',
    YES_NO: 'YES_NO',
    YES_NO_CANCEL: 'YES_NO_CANCEL',
  });

  createAddonMenu(): Menu {
    return new Menu(this._env, this._env.world.addonName);
  }
  createMenu(caption: string): Menu {
    return new Menu(this._env, String(caption));
  }
  showSidebar(userInterface: HtmlOutput): void {
    this._env.world.ui.sidebars.push(this._shown('showSidebar', userInterface, userInterface?._title));
  }
  showModalDialog(userInterface: HtmlOutput, title: string): void {
    this._env.world.ui.dialogs.push(this._shown('showModalDialog', userInterface, String(title)));
  }
  showModelessDialog(userInterface: HtmlOutput, title: string): void {
    this._env.world.ui.dialogs.push(this._shown('showModelessDialog', userInterface, String(title)));
  }
  _shown(method: string, output: unknown, title: string): { title: string; html: string } {
    if (!(output instanceof HtmlOutput))
      throw new GasError(messages.signature(`Ui.${method}`, typeNames([output])));
    const html = output.getContent();
    this._env.capture(title);
    this._env.capture(html);
    return { title, html };
  }
  /** alert(prompt), alert(prompt, buttons), alert(title, prompt, buttons): answers OK (or YES). */
  alert(...args: unknown[]): string {
    const text = args.length >= 3 ? `${String(args[0])}: ${String(args[1])}` : String(args[0]);
    this._env.world.ui.alerts.push(text);
    this._env.capture(text);
    const buttons = String(args[args.length - 1]);
    return buttons.startsWith('YES') ? BUTTONS.YES : BUTTONS.OK;
  }
}
