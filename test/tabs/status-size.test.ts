// The Status tab's record is one document property, and Google's 9 KB per value counts UTF-8 bytes: every
// tab failing with the API's long message in Japanese must not break the refresh ("Argument too large")
// after its tabs were written, nor lose the nightly record's reasons.
// Each test has an add-on of its own: every tab filled, then every endpoint refusing with the long message.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NIGHTLY_RUN_PROPERTY } from '../../src/core/flows/nightly.ts';
import { STATUS_PROPERTY } from '../../src/core/refresh/index.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { tabsWrittenWithEveryChoice } from '../support/tab-count.ts';
import { chooseSettings, ourTab, PINNED_PERIOD, refresh } from './support.ts';

const PATHS = [
  '/account',
  '/summary',
  '/timeline',
  '/reports/books',
  '/reports/marketplaces',
  '/books',
  '/series',
  '/kenp',
  '/kenp/books',
  '/free-units',
];
/** About 330 Japanese characters: three bytes each. */
const MESSAGE = `リクエストは拒否されました：${'この期間はこのアカウントでは利用できません。'.repeat(15)}`;

const demoApi = useDemoApi();
let addOn: AddOn;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi() });
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { range: PINNED_PERIOD, tabs: [...TAB_CHOICES] });
  const { tabs } = refresh(addOn);
  expect(tabs).toHaveLength(tabsWrittenWithEveryChoice());
  expect(tabs.filter((t) => t.error !== null)).toEqual([]);
  const body = JSON.stringify({ error: { code: 'invalid_range', message: MESSAGE } });
  for (const path of PATHS) {
    await addOn.api.setFaults(path, { statuses: Array.from({ length: 20 }, () => ({ status: 400, body })) });
  }
});
afterEach(async () => {
  await addOn?.close();
});

const bytes = (text: string | undefined) => Buffer.byteLength(text ?? '', 'utf8');

describe('the Status record with long messages in three-byte characters', () => {
  it('a refresh where every tab fails still ends, and the Status tab says why for each', () => {
    const result = refresh(addOn);
    expect(result.tabs.filter((t) => t.error !== null).length).toBeGreaterThanOrEqual(12);
    expect(result.tabs.find((t) => t.tab === 'summary')?.error).toContain('リクエストは拒否されました');
    const stored = addOn.emulator.properties.document()[STATUS_PROPERTY];
    expect(bytes(stored)).toBeLessThanOrEqual(9 * 1024);
    const status = ourTab(addOn, 'status').values;
    expect(status.filter((r) => String(r[4] ?? '').includes('リクエスト')).length).toBeGreaterThanOrEqual(12);
  });

  it('the nightly refresh records its reasons, within 9 KB', () => {
    addOn.emulator.run('setNightlyRefresh', [true, 5]);
    const trigger = addOn.emulator.triggers().find((t) => t.handler === 'nightlyRefresh')!;
    const run = addOn.emulator.runTrigger(trigger.id) as { ok: boolean; message: string };
    expect(run.ok).toBe(false);
    expect(run.message).toContain('リクエストは拒否されました');
    expect(run.message).not.toContain('Argument too large');
    expect(bytes(addOn.emulator.properties.document()[NIGHTLY_RUN_PROPERTY])).toBeLessThanOrEqual(9 * 1024);
  });
});
