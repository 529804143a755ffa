// docs/performance.md holds the bench's figures between two markers; a full run rewrites what lies
// between them and leaves the hand-written introduction above as it is, so the page never drifts from
// the last full run and nobody copies tables by hand.
import { readFile, writeFile } from 'node:fs/promises';

export const PAGE_START = '<!-- bench:start -->';
export const PAGE_END = '<!-- bench:end -->';

/** The page with its bench block replaced; throws when the markers are missing, doubled or out of order. */
export function withBenchBlock(page: string, block: string): string {
  const start = page.indexOf(PAGE_START);
  const end = page.indexOf(PAGE_END);
  const once = (marker: string, at: number) => at >= 0 && page.indexOf(marker, at + marker.length) < 0;
  if (!once(PAGE_START, start) || !once(PAGE_END, end) || end < start)
    throw new Error(
      `The performance page needs one "${PAGE_START}" line before one "${PAGE_END}" line; the bench writes between them.`,
    );
  return `${page.slice(0, start + PAGE_START.length)}\n${block.trim()}\n${page.slice(end)}`;
}

/** Rewrites the bench block of the page at `pagePath`. */
export async function writePerformancePage(pagePath: string, block: string): Promise<void> {
  const page = await readFile(pagePath, 'utf8');
  await writeFile(pagePath, withBenchBlock(page, block));
}
