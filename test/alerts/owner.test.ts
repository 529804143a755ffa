// Who sets the alert lines, through the built bundle in the emulator: the spreadsheet's owner. Every editor
// and the night read the lines, so an editor may not quiet the alerts for all; where Google does not say
// who the acting user is, nobody is recognised as the owner, and the lines stay as they are.
import { afterEach, expect, it } from 'vitest';
import type { AlertLines } from '../../src/core/alerts/lines.ts';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';

let addOn: AddOn | undefined;
afterEach(async () => {
  await addOn?.close();
  addOn = undefined;
});

const lines = (a: AddOn, as: string) =>
  a.emulator.run<SidebarState>('getSidebarState', [], { as }).alertLines;

it("an editor's lines are refused, saying whose they are; the owner's are saved", {
  timeout: 60_000,
}, async () => {
  const a = await startAddOn();
  addOn = a;
  const { owner } = a.emulator;
  const editor = a.emulator.editors[0]!;
  const before = lines(a, editor);
  expect(() => a.emulator.run('saveAlertLines', [{ enabled: false }], { as: editor })).toThrow(
    "Only the spreadsheet's owner sets the alert lines or turns alerts off.",
  );
  expect(lines(a, owner)).toEqual(before);
  expect(a.emulator.run<SidebarState>('getSidebarState', [], { as: editor }).isOwner).toBe(false);

  const saved = a.emulator.run<AlertLines>('saveAlertLines', [{ adsWarning: 60 }], { as: owner });
  expect(saved.adsWarning).toBe(0.6);
  expect(lines(a, editor)).toEqual(saved);

  // Google withholds the owner's address: not recognised, refused as such, the lines kept.
  a.emulator.switches.withholdEmail(owner);
  expect(() => a.emulator.run('saveAlertLines', [{ enabled: false }], { as: owner })).toThrow(
    /^Google did not say who you are, so you cannot be checked as the spreadsheet's owner/,
  );
  expect(lines(a, owner)).toEqual(saved);
});
