// Shared by the acceptance tests: the built add-on in the emulator against the demo API, the owner's demo
// key saved and (unless a test says otherwise) the owner's allowance for formulas turned on; and the same
// request sent from Node straight to the demo API, so expectations come from the server, not the add-on.
import { afterEach, beforeEach } from 'vitest';
import type { DemoApiHandle } from '../../local/demo-api/index.ts';
import { type AddOn, type AddOnOptions, startAddOn, useDemoApi } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';

type FormulasOptions = AddOnOptions & { allow?: boolean };

export async function formulasAddOn(options: FormulasOptions = {}): Promise<AddOn> {
  const addOn = await startAddOn(options);
  addOn.saveApiKeyFor();
  if (options.allow !== false) addOn.emulator.run('setFormulaAccess', [true]);
  return addOn;
}

/** A fresh add-on for each test of the file, handed to `started` before the test, on one demo API for
 * the file (its worker thread takes seconds; an emulator, milliseconds) with its faults cleared; after the
 * test, no captured text holds the key, and the add-on is closed. No test sees what another left. */
export function useFormulasAddOn(started: (addOn: AddOn) => void, options: FormulasOptions = {}): void {
  const demoApi = options.api ? () => options.api! : useDemoApi(options.demo);
  let addOn: AddOn | undefined;
  beforeEach(async () => {
    const api = demoApi();
    await api.clearFaults();
    addOn = await formulasAddOn({ ...options, api });
    started(addOn);
  });
  afterEach(async () => {
    const done = addOn;
    addOn = undefined;
    if (!done) return;
    try {
      expectNoKeyLeak(done.emulator, done.api.demoKey);
    } finally {
      await done.close();
    }
  });
}

export async function direct(
  api: DemoApiHandle,
  path: string,
  query: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const url = new URL(`${api.baseUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${api.demoKey}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** What a formula threw, as the cell's hover note would show it. */
export function cellError(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  throw new Error('expected the formula to fail');
}
