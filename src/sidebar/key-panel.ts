// Saving, trying and removing the key. A refused key is shown inline and never stored; the field is
// cleared once the key is saved, so it does not linger in the page.
import { KEY_CHECK_BUDGET_MS, KEY_CHECK_STILL_WAITING } from '../core/key-check';
import { byId, say, whileBusy } from './dom';
import { callServer } from './server';
import type { Sidebar } from './sidebar';

export function wireKeyPanel(sidebar: Sidebar): void {
  const form = byId<HTMLFormElement>('key-form');
  const input = byId<HTMLInputElement>('key-input');
  const error = byId('key-error');
  const buttons = [byId('key-save'), byId('key-demo'), byId('key-remove')];

  const run = (work: () => Promise<unknown>, done: string) =>
    whileBusy(buttons, async () => {
      say(error, '');
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
    void run(() => callServer('saveApiKey', key), 'Key saved.');
  });
  byId('key-demo').addEventListener('click', () => {
    void run(() => callServer('useDemoKey'), 'Demo key saved.');
  });
  byId('key-remove').addEventListener('click', () => {
    void run(() => callServer('removeApiKey'), 'Key removed.');
  });
}
