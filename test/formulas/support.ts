// Shared by the acceptance tests: the built add-on in the emulator against the demo API, the owner's demo
// key saved and (unless a test says otherwise) the owner's allowance for formulas turned on; and the same
// request sent from Node straight to the demo API, so expectations come from the server, not the add-on.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DemoApiHandle } from '../../local/demo-api/index.ts';
import { type AddOn, type AddOnOptions, startAddOn } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';

type FormulasOptions = AddOnOptions & { allow?: boolean };

export async function formulasAddOn(options: FormulasOptions = {}): Promise<AddOn> {
  const addOn = await startAddOn(options);
  addOn.saveApiKeyFor();
  if (options.allow !== false) addOn.emulator.run('setFormulaAccess', [true]);
  return addOn;
}

/** One add-on for the test file, handed to `started`; after every test, no captured text holds the key. */
export function useFormulasAddOn(started: (addOn: AddOn) => void, options: FormulasOptions = {}): void {
  let addOn: AddOn | undefined;
  beforeAll(async () => {
    addOn = await formulasAddOn(options);
    started(addOn);
  });
  afterAll(async () => {
    await addOn?.close();
  });
  afterEach(() => {
    if (addOn) expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
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
