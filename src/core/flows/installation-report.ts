// The installation check as the author sees it: a dialog of one line each, and a plain text to copy for
// support. Built only from the check's own lines and the build's facts: the key is never among them, and
// no address, spreadsheet id or Google text either.
import { escapeHtml } from '../base/html';
import { PRODUCT } from '../base/phrases';
import type { InstallationCheck, LineStatus } from './installation-check';

export const CHECK_TITLE = 'Check this installation';

const MARK: Readonly<Record<LineStatus, string>> = {
  ok: '✓',
  off: '–',
  problem: '✗',
  unchecked: '?',
};

export interface BuildFacts {
  readonly version: string;
  readonly route: string;
  readonly timeZone: string;
  /** The check's instant as the author reads it. */
  readonly at: string;
}

/** The text to copy for support: the build, the time, and every line with its mark. */
export function supportText(check: InstallationCheck, facts: BuildFacts): string {
  const problems = check.lines.filter((l) => l.status === 'problem').length;
  return [
    `${PRODUCT} ${facts.version} (${facts.route} build): installation check, ${facts.at} (${facts.timeZone})`,
    problems === 0 ? 'No problem found.' : `${problems} ${problems === 1 ? 'problem' : 'problems'} found.`,
    ...check.lines.map((l) => `${MARK[l.status]} ${l.text}`),
  ].join('\n');
}

/** The dialog: the lines, problems marked, then the support text in a box with a Copy button. */
export function checkDialogHtml(check: InstallationCheck, facts: BuildFacts): string {
  const items = check.lines
    .map(
      (l) =>
        `<li class="${l.status}" data-line="${escapeHtml(l.id)}"><span aria-hidden="true">${MARK[l.status]}</span> ${escapeHtml(l.text)}</li>`,
    )
    .join('');
  return `<!DOCTYPE html><html><head><base target="_top"><style>
body{font:13px/1.45 Arial,sans-serif;margin:0 4px;color:#202124}
ul{list-style:none;padding:0;margin:0 0 10px}li{padding:3px 0 3px 20px;text-indent:-20px}
li span{display:inline-block;width:20px;text-indent:0;font-weight:bold}
.ok span{color:#188038}.problem span{color:#d93025}.problem{font-weight:bold}.off span,.unchecked span{color:#5f6368}
textarea{width:100%;box-sizing:border-box;height:96px;font:12px monospace}
button{margin-top:6px;padding:6px 14px;background:#1a73e8;color:#fff;border:0;border-radius:4px;cursor:pointer}
</style></head><body>
<ul id="check-lines">${items}</ul>
<label for="support-text">For support (copy and paste; it holds no key):</label>
<textarea id="support-text" readonly>${escapeHtml(supportText(check, facts))}</textarea>
<button id="copy" onclick="var t=document.getElementById('support-text');t.select();document.execCommand('copy');this.textContent='Copied'">Copy</button>
</body></html>`;
}
