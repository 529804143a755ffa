// The sidebar's refresh in parallel executions (platform/refresh-parts.ts): start, then every part as its
// own google.script.run call, several at once (the /series part adds one per series), then the finish that
// writes the tabs. A part that fails is not retried here: the finish asks for whatever the parts did not
// leave it.
import type { RefreshResult } from '../core/refresh';
import { callServer } from './server';

/** google.script.run "allows 10 concurrent calls": the progress poll keeps one. */
const PARTS_AT_ONCE = 9;

export async function refreshInParts(onPart?: (done: number, of: number) => void): Promise<RefreshResult> {
  const { runId, parts } = await callServer('startRefresh');
  const queue = Array.from({ length: parts }, (_, i) => i);
  let total = parts;
  let done = 0;
  let running = 0;
  const calls: Array<Promise<void>> = [];
  const pump = (): void => {
    while (running < PARTS_AT_ONCE && queue.length > 0) {
      const part = queue.shift()!;
      running += 1;
      const call = callServer('refreshPart', runId, part)
        .then(
          ({ more }) => {
            for (let i = 0; i < more; i++) queue.push(total + i);
            total += more;
          },
          () => {
            // The finish asks again for what this part did not fetch.
          },
        )
        .finally(() => {
          running -= 1;
          done += 1;
          onPart?.(done, total);
          pump();
        });
      calls.push(call);
    }
  };
  pump();
  // Parts added while waiting are pushed before the call that added them settles.
  for (let i = 0; i < calls.length; i++) await calls[i];
  return callServer('finishRefresh', runId);
}
