// Running the client harness (test/support/client-harness.ts) in the emulator, and asking the demo API
// directly from Node for what the add-on should have got (expectations derived from the server itself).
import { expect } from 'vitest';
import type { DemoApiHandle } from '../../local/demo-api/index.ts';
import type { Emulator } from '../../local/gas/index.ts';
import type { AddOn } from '../support/addon.ts';
import type { HarnessCall, HarnessOutcome } from '../support/client-harness.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';

/** After a harness test: no text held the key and no request carried it in its URL; the add-on closed either way. */
export async function closeWithoutKeyLeak(addOn: AddOn): Promise<void> {
  try {
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
    expect((await addOn.api.requests()).filter((r) => r.keyInUrl)).toEqual([]);
  } finally {
    await addOn.close();
  }
}

/** Runs one harness call as a custom function (30 s, the owner's key) or from the sidebar (6 min). */
export function runHarness(
  emulator: Emulator,
  call: HarnessCall,
  mode: 'custom-function' | 'sidebar' = 'custom-function',
): HarnessOutcome[] {
  const json = JSON.stringify(call);
  const cells =
    mode === 'custom-function'
      ? emulator.runCustomFunction<string[][]>('fetchMany', [json])
      : emulator.run<string[][]>('fetchMany', [json]);
  return fromCells(cells);
}

/** The harness answers with its JSON cut into a column of cells (test/support/client-harness.ts). */
export function fromCells(cells: string[][]): HarnessOutcome[] {
  return JSON.parse(cells.map((row) => row[0]).join('')) as HarnessOutcome[];
}

/** The response of an outcome that must have one: asserted, so a test that checks only this counts it. */
export function expectOk(
  outcome: HarnessOutcome | undefined,
): Extract<HarnessOutcome, { ok: true }>['response'] {
  expect(outcome?.ok, `expected a response, got ${JSON.stringify(outcome)}`).toBe(true);
  if (!outcome?.ok) throw new Error('unreachable: asserted above');
  return outcome.response;
}

export function expectFailure(
  outcome: HarnessOutcome | undefined,
): Extract<HarnessOutcome, { ok: false }>['error'] {
  expect(outcome?.ok, `expected a failure, got ${JSON.stringify(outcome)?.slice(0, 200)}`).toBe(false);
  if (!outcome || outcome.ok) throw new Error('unreachable: asserted above');
  return outcome.error;
}

/** The same GET the add-on makes, sent from Node straight to the demo API. */
export async function direct(
  api: DemoApiHandle,
  key: string,
  path: string,
  query: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${api.baseUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** The server's own error message, for checking that a 400 reaches the author verbatim. */
export async function serverMessage(
  api: DemoApiHandle,
  key: string,
  path: string,
  query: Record<string, string>,
) {
  const { body } = await direct(api, key, path, query);
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  if (typeof error?.message !== 'string') throw new Error(`no error message from ${path}`);
  return error.message;
}
