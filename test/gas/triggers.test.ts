// ScriptApp triggers: the add-on rule of one time-based trigger per user per document, and runs as the creator.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

const CODE = `
function install(hour) { return ScriptApp.newTrigger('nightly').timeBased().everyDays(1).atHour(hour).create().getUniqueId(); }
function removeAll() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); }
function hourly() { ScriptApp.newTrigger('nightly').timeBased().everyMinutes(5).create(); }
function nightly(e) { return [e.triggerUid, Session.getEffectiveUser().getEmail(), PropertiesService.getUserProperties().getProperty('key')]; }
`;

let emulator: Emulator;
afterEach(() => emulator?.close());

describe('time-based triggers', () => {
  it('refuses a second time-based trigger for the same user and document', () => {
    emulator = emulatorFor(CODE);
    const id = emulator.run<string>('install', [3]);
    expect(thrownBy(() => emulator.run('install', [4]))).toBe(messages.tooManyTriggers);
    expect(emulator.triggers()).toEqual([
      {
        id,
        handler: 'nightly',
        user: emulator.owner,
        type: 'CLOCK',
        everyDays: 1,
        atHour: 3,
        timeZone: 'Europe/London',
      },
    ]);
    const editor = emulator.editors[0]!;
    emulator.run('install', [5], { as: editor });
    expect(emulator.triggers().map((t) => t.user)).toEqual([emulator.owner, editor]);
    emulator.run('removeAll');
    expect(emulator.triggers().map((t) => t.user)).toEqual([editor]);
    emulator.run('install', [6]);
    expect(emulator.triggers()).toHaveLength(2);
  });

  it('refuses triggers more frequent than hourly', () => {
    emulator = emulatorFor(CODE);
    expect(thrownBy(() => emulator.run('hourly'))).toBe(messages.triggerTooFrequent);
  });

  it("runs a trigger as its creator, with the creator's user properties", () => {
    emulator = emulatorFor(CODE);
    const editor = emulator.editors[0]!;
    emulator.properties.setUser(editor, 'key', 'editor-key');
    emulator.properties.setUser(emulator.owner, 'key', 'owner-key');
    const id = emulator.run<string>('install', [2], { as: editor });
    expect(emulator.runTrigger(id)).toEqual([id, editor, 'editor-key']);
  });
});
