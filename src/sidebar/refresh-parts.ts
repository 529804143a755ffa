// The sidebar's refresh in parallel executions (platform/refresh-parts.ts): start, then every part as its
// own google.script.run call, several at once, then the finish that writes the tabs. A part that fails
// is not retried here: the finish asks for whatever the parts did not leave it.
import type { RefreshResult } from '../core/sidebar-state';
import { callServer } from './server';

/** google.script.run "allows 10 concurrent calls": the progress poll keeps one. */
export const PARTS_AT_ONCE = 9;

export async function refreshInParts(): Promise<RefreshResult> {
  const { runId, parts } = await callServer('startRefresh');
  let next = 0;
  const caller = async (): Promise<void> => {
    while (next < parts) {
      const part = next++;
      try {
        await callServer('refreshPart', runId, part);
      } catch {
        // The finish asks again for what this part did not fetch.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARTS_AT_ONCE, parts) }, caller));
  return callServer('finishRefresh', runId);
}
