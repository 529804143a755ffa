// The biggest formula on a big account: ROYALTIES_FREE_UNITS answering 26,000 rows (a 2,000-book account in
// 13 stores). Google refuses a result too large ("Result too large", seen at 61,744 rows × 8 columns; the
// emulator's resultCellLimit), so the add-on returns its first rows under a line saying so, under either
// reading of the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApiHandle, startDemoApiInWorker } from '../../local/demo-api/index.ts';
import { createEmulator, type Emulator } from '../../local/gas/index.ts';
import { MAX_RESULT_CELLS } from '../../src/core/formulas/result-size.ts';
import { BAKED_ORIGIN } from '../support/addon.ts';
import { addOnDist } from '../support/bundles.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { type BigAnswer, bigAnswerProxy } from './big-answer.ts';

const ROWS = 26_000;
const rows = Array.from({ length: ROWS }, (_, i) => ({
  book_id: `bk_${String(i).padStart(5, '0')}`,
  title: `Book ${i}`,
  marketplace: 'Amazon.com',
  free_units: (i % 97) + 1,
}));
const body = {
  period: { range: 'all_time', start: '2023-11-21', end: '2026-11-19' },
  currency: 'USD',
  meta: { truncated: false },
  total: rows.reduce((s, r) => s + r.free_units, 0),
  rows,
};

let api: DemoApiHandle;
let proxy: BigAnswer;
let emulator: Emulator;
beforeAll(async () => {
  // The demo API for the key and the allowance; in front of it, the proxy answers /free-units big.
  api = await startDemoApiInWorker({ today: '2026-11-20' });
  proxy = await bigAnswerProxy(api.origin, '/free-units', body);
  emulator = createEmulator({ distDir: await addOnDist(), routes: { [BAKED_ORIGIN]: proxy.origin } });
  emulator.run('saveApiKey', [api.demoKey]);
  emulator.run('setFormulaAccess', [true]);
});
afterAll(async () => {
  emulator?.close();
  await proxy?.stop();
  await api?.stop();
});

describe('the biggest formula on a big account', () => {
  it.each([
    ['the pessimistic size limit (the default)', 200_000],
    ['the size Google was seen to refuse', 61_744 * 8 - 1],
  ])('returns its first rows, saying how many of how many, under %s', (_, limit) => {
    emulator.switches.resultCellLimit(limit);
    const out = emulator.runCustomFunction<unknown[][]>('ROYALTIES_FREE_UNITS', ['all_time']);
    expect(out.length * out[0]!.length).toBeLessThanOrEqual(MAX_RESULT_CELLS);
    const shown = out.length - 2;
    expect(out[0]?.[0]).toBe(
      `First ${shown.toLocaleString('en-US')} of 26,000 rows: give a field, or a shorter period.`,
    );
    expect(out[2]?.[0]).toBe('bk_00000');
    expect(out.at(-1)?.[0]).toBe(rows[shown - 1]!.book_id);
    expectNoKeyLeak(emulator, api.demoKey);
  });
});
