// npm run setup -- --template: a spreadsheet to share as a copy link (docs/template.md): its own new
// spreadsheet with the bound build and no key, pushed from a scratch folder so the project's .clasp.json (the
// developer's own spreadsheet) is never touched. With --script-id, the template is pushed to again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BuildError, build } from '../build/build.ts';
import type { BuildSettings } from '../build/settings.ts';
import { clasp, claspSaid, createSpreadsheet } from './clasp.ts';

/** A template's copy link: the sheet's address ending /copy, which offers "Make a copy" to whoever opens it. */
export function copyLink(spreadsheetId: string): string {
  return `https://docs.google.com/spreadsheets/d/${spreadsheetId}/copy`;
}

export async function makeTemplate(
  settings: BuildSettings,
  options: { scriptId: string | null; title: string },
  fail: (message: string) => never,
): Promise<string[]> {
  let scriptId = options.scriptId;
  let spreadsheetId: string | null = null;
  if (scriptId === null) {
    process.stderr.write(
      `Creating the template spreadsheet "${options.title}" with its Apps Script project…\n`,
    );
    const made = createSpreadsheet(options.title);
    if ('error' in made)
      fail(
        `clasp could not create the template: ${made.error} Check that the Apps Script API is on at https://script.google.com/home/usersettings, then run npm run setup -- --template again.`,
      );
    scriptId = made.scriptId;
    spreadsheetId = made.parentId;
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'royalties-template-'));
  try {
    // The bound build whatever ROYALTIES_ROUTE says: each copy is a spreadsheet with its own bound script.
    try {
      await build({ ...settings, route: 'bound' }, path.join(scratch, 'dist'), { forPush: true });
    } catch (err) {
      fail(err instanceof BuildError ? err.message : String(err));
    }
    writeFileSync(
      path.join(scratch, '.clasp.json'),
      `${JSON.stringify({ scriptId, rootDir: 'dist' }, null, 2)}\n`,
    );
    process.stderr.write(`Built the add-on for ${settings.apiBaseUrl}; pushing it to the template…\n`);
    const pushed = clasp(['push', '-f'], scratch);
    if (!pushed.ok) {
      const again = spreadsheetId
        ? ` The template spreadsheet was created (https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit); to push to it, run npm run setup -- --template --script-id ${scriptId} --api-url ${settings.apiBaseUrl}`
        : ' Run npm run setup -- --template --script-id again once that is fixed.';
      fail(`clasp push was refused: ${claspSaid(pushed)} .clasp.json was not touched.${again}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return [
    `Pushed the add-on to the template's script ${scriptId}; no key is in it, and .clasp.json is as it was.`,
    spreadsheetId
      ? `Share this copy link: ${copyLink(spreadsheetId)}`
      : "Share the template's copy link: its spreadsheet's address with /edit replaced by /copy.",
    'Set its sharing to "Anyone with the link" (Viewer). Whoever opens the link gets a copy of their own, with',
    'its own script: Google asks them for the permissions on first use, they save their own key, and they turn',
    'the nightly refresh on in their copy. Later pushes reach the template, not copies already made (docs/template.md).',
  ];
}
