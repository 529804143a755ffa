// npm run preview's clock: the emulated clock keeps up with the real one between server calls, so a second
// refresh three minutes after the first says its own time in the sidebar ("Last refreshed") and in the tabs
// ("Updated"). The real clock is given to the preview; here one the test moves, so nothing waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Preview, startPreview } from '../../local/preview/server.ts';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { addOnDist } from '../support/bundles.ts';

const START = Date.parse('2026-11-20T01:24:00Z');
let wall = START;
let preview: Preview;

beforeAll(async () => {
  preview = await startPreview({
    distDir: await addOnDist(),
    demo: { today: '2026-11-20' },
    emulator: { startTime: START, timeZone: 'UTC' },
    wallClock: () => wall,
  });
});
afterAll(async () => {
  await preview?.close();
});

async function post(route: string, body: unknown): Promise<unknown> {
  const answer = (await (
    await fetch(`${preview.url}${route}`, { method: 'POST', body: JSON.stringify(body) })
  ).json()) as { ok: boolean; value?: unknown; message?: string };
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

/** Every "Updated yyyy-MM-dd HH:mm" the tabs page shows, without repeats. */
async function updated(): Promise<string[]> {
  const page = await (await fetch(`${preview.url}/tabs`)).text();
  return [...new Set(page.match(/Updated \d{4}-\d\d-\d\d \d\d:\d\d/g) ?? [])];
}

describe('the preview clock', () => {
  it('a refresh three minutes after another shows the new time, in the sidebar and the tabs', async () => {
    await post('/run', { name: 'useDemoKey' });
    await post('/menu', { caption: 'Refresh all tabs' });
    const first = ((await post('/run', { name: 'getSidebarState' })) as SidebarState).lastRefresh!.at;
    expect(await updated()).toEqual(['Updated 2026-11-20 01:24']);

    wall += 3 * 60_000;
    await post('/menu', { caption: 'Refresh all tabs' });
    const second = ((await post('/run', { name: 'getSidebarState' })) as SidebarState).lastRefresh!.at;
    expect(Date.parse(first)).toBeLessThan(START + 60_000);
    expect(Date.parse(second)).toBeGreaterThanOrEqual(wall);
    expect(await updated()).toEqual(['Updated 2026-11-20 01:27']);
  });
});
