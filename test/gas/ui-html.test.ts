// Ui, HtmlService and the real bundle's onOpen.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { createEmulator, messages } from '../../local/gas/index.ts';
import { ensureDist } from './support/dist.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

let emulator: Emulator;
afterEach(() => emulator?.close());

describe('the built bundle', () => {
  it('adds the menu when onOpen runs, and its items run the functions they name', () => {
    emulator = createEmulator({ distDir: ensureDist() });
    emulator.open();
    const [menu] = emulator.ui().menus;
    expect(menu?.title).toBe('Royalties for Sheets');
    const items = menu?.items.filter((i) => i !== 'separator') ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(typeof item === 'object' && item.functionName).toBeTruthy();
    expect(emulator.stats.calls()['Menu.addToUi']).toBe(1);
  });
});

describe('Ui and HtmlService', () => {
  const CODE = `
    function sidebar() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Royalties')); }
    function templated(name) { var t = HtmlService.createTemplateFromFile('Page'); t.name = name; return t.evaluate().getContent(); }
    function missing() { HtmlService.createHtmlOutputFromFile('Nope'); }
    function alertIt() { return SpreadsheetApp.getUi().alert('Done', 'All tabs refreshed', SpreadsheetApp.getUi().ButtonSet.OK); }
    function menu() { SpreadsheetApp.getUi().createMenu('Tools').addItem('Go', 'go').addToUi(); }
    function go() { return 'went'; }`;
  const files = { 'Sidebar.html': '<p>sidebar</p>', 'Page.html': '<b><?= name ?></b><?!= name ?>' };

  it('shows sidebars from the built files and evaluates printing scriptlets', () => {
    emulator = emulatorFor(CODE, { files });
    emulator.run('sidebar');
    expect(emulator.ui().sidebars).toEqual([{ title: 'Royalties', html: files['Sidebar.html'] }]);
    expect(emulator.run('templated', ['<i>'])).toBe('<b>&#60;i&#62;</b><i>');
    expect(thrownBy(() => emulator.run('missing'))).toBe(messages.noHtmlFile('Nope'));
  });

  it('records alerts and runs menu items as a click does', () => {
    emulator = emulatorFor(CODE, { files });
    expect(emulator.run('alertIt')).toBe('OK');
    expect(emulator.ui().alerts).toEqual(['Done: All tabs refreshed']);
    emulator.run('menu');
    expect(emulator.clickMenuItem('Go')).toBe('went');
  });
});
