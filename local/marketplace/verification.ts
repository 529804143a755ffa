// npm run listing: marketplace/verification.md, the OAuth verification form's answers and the demo video's
// script (one shot per scope), written from marketplace/scopes.json so the two never disagree; and the contact
// e-mail of marketplace/addresses.json written into privacy.html and terms.html.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeContactIntoPages } from './addresses.ts';
import { KIT, type ScopeEntry, scopeEntries } from './kit.ts';

const short = (scope: string) => scope.replace('https://www.googleapis.com/auth/', '');

export function verificationText(entries: readonly ScopeEntry[]): string {
  const justifications = entries.map((e) =>
    [
      `### \`${short(e.scope)}\` (${e.builds.join(' and ')} build${e.builds.length > 1 ? 's' : ''})`,
      '',
      `- Scope: ${e.scope}`,
      `- Feature that needs it: ${e.feature}`,
      `- What the author sees on the consent screen: ${e.authorSees}`,
      `- Why no narrower scope serves: ${e.whyNoNarrower}`,
      '',
    ].join('\n'),
  );
  const shots = entries.map((e, i) => `${i + 1}. \`${short(e.scope)}\`: ${e.demoShot}`);
  return [
    '# OAuth verification: scope justifications and demo video script',
    '',
    'Written by `npm run listing` from `marketplace/scopes.json`; edit that file, not this one. Paste each',
    "justification into the verification form's scope field; record the video in the order below, in English,",
    "showing the OAuth consent screen first, with the app's name and the address bar's OAuth client id in view.",
    '',
    '## Justifications, per scope',
    '',
    ...justifications,
    '## Demo video script, one shot per scope',
    '',
    '0. Open a spreadsheet, choose Extensions > Royalties for Sheets, and show the consent screen naming every scope below.',
    ...shots,
    '',
  ].join('\n');
}

export const VERIFICATION = path.join(KIT, 'verification.md');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(VERIFICATION, verificationText(scopeEntries()));
  writeContactIntoPages(KIT);
  console.log('marketplace/verification.md written from marketplace/scopes.json');
  console.log(
    'marketplace/privacy.html and terms.html: contact e-mail written from marketplace/addresses.json',
  );
}
