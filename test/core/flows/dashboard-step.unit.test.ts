// The dashboard's step of a refresh over plain ports: the sources the demo's responses as both rounds
// fetched them, the writer a record of the layout and banner it was given, the tabs' sheets a record of the
// amber banners. Written under a banner naming the period and this refresh's mismatches; a failed source,
// an unreadable ledger or a refused write leaves the dashboard as it was under the amber banner.
import { describe, expect, it } from 'vitest';
import type { Check } from '../../../src/core/checks/index.ts';
import type { DashboardLayout } from '../../../src/core/dashboard/index.ts';
import type { EndpointId } from '../../../src/core/endpoints.ts';
import { type DashboardRun, dashboardStep } from '../../../src/core/flows/dashboard-step.ts';
import type { WrittenDashboard } from '../../../src/core/flows/dashboard-writer.ts';
import { DASHBOARD_SOURCES } from '../../../src/core/refresh/index.ts';
import { parseSettings } from '../../../src/core/settings.ts';
import { type Banner, type Fetched, fetchedOf } from '../../../src/core/tabs/index.ts';
import { demoResponse } from '../../support/demo-shapes.ts';

const STARTED = Date.parse('2026-11-21T09:00:00Z');
const GOOGLE = 'Service Spreadsheets failed while accessing document with id 1a2b.';

const answered = (data: unknown): Fetched => fetchedOf({ ok: true, response: { data, fromCache: false } });

/** The refresh as the step reads it: every source answered as the demo answers, `change` applied. */
function run(change: (firstRound: Map<EndpointId, Fetched>) => void = () => {}, checks: Check[] = []) {
  const firstRound = new Map<EndpointId, Fetched>(
    DASHBOARD_SOURCES.filter((e) => e !== 'read-through').map((e) => [e, answered(demoResponse(e))]),
  );
  change(firstRound);
  const series = [{ id: 'ser_1', name: 'The Salt Chronicles' }];
  const fields: DashboardRun = {
    firstRound,
    readThrough: { ok: true, series, responses: [answered(demoResponse('read-through'))] },
    settings: parseSettings({}),
    startedAt: STARTED,
    timeZone: 'Europe/Testland',
    coveredThrough: '2026-11-19',
    inSheetTime: (ms) => `sheet time ${new Date(ms).toISOString()}`,
    checks,
  };
  return fields;
}

/** The writer and the tabs' sheets, recording what they were given. */
function ports(write: (layout: DashboardLayout) => WrittenDashboard) {
  const written: { layout: DashboardLayout; banner: Banner }[] = [];
  const failed: Banner[] = [];
  return {
    written,
    failed,
    ports: {
      write: (layout: DashboardLayout, banner: Banner) => {
        written.push({ layout, banner });
        return write(layout);
      },
      sheets: {
        writeFailed: (_tab: string, bannerFor: (dataAt: number | null) => Banner) => {
          failed.push(bannerFor(STARTED - 86_400_000));
          return 'Royalties dashboard';
        },
      },
    },
  };
}

const drawn = (layout: DashboardLayout): WrittenDashboard => ({
  sheetName: 'Royalties dashboard',
  rows: layout.left.values.length,
  notDrawn: null,
});

describe('dashboardStep', () => {
  it('lays out the dashboard from every source under a fresh banner and writes it', () => {
    const { ports: p, written, failed } = ports(drawn);
    const outcome = dashboardStep(run(), [], [], p);
    expect(failed).toEqual([]);
    expect(written).toHaveLength(1);
    const [{ layout, banner }] = written as [(typeof written)[0]];
    expect(banner.tone).toBe('normal');
    expect(banner.text).toContain(`sheet time ${new Date(STARTED).toISOString()}`);
    // The layout's banner cell is the banner's text, below it the tiles.
    expect(layout.left.values[0]![0]).toBe(banner.text);
    expect(outcome).toEqual({
      tab: 'dashboard',
      sheetName: 'Royalties dashboard',
      rows: layout.left.values.length,
      truncated: false,
      error: null,
    });
  });

  it('says a source cut short as truncated', () => {
    const truncated = run((round) => {
      const books = demoResponse('books-report');
      round.set('books-report', answered({ ...books, meta: { ...(books.meta as object), truncated: true } }));
    });
    const { ports: p, written } = ports(drawn);
    expect(dashboardStep(truncated, [], [], p).truncated).toBe(true);
    expect(written[0]!.banner.tone).not.toBe('normal');
  });

  it('keeps the dashboard under the amber banner when a source failed, naming it, and writes nothing', () => {
    const failedKenp = run((round) => {
      round.set('kenp', { ok: false, error: 'The API answered 404: not found.' });
    });
    const { ports: p, written, failed } = ports(drawn);
    const outcome = dashboardStep(failedKenp, [], [], p);
    expect(written).toEqual([]);
    expect(outcome.error).toMatch(/^KENP.* could not be read/);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.tone).toBe('failed');
    expect(failed[0]!.text).toContain(outcome.error!.slice(0, 20));
  });

  it('keeps the dashboard under the amber banner when the history tab could not be read', () => {
    const { ports: p, written, failed } = ports(drawn);
    const outcome = dashboardStep(run(), null, [], p);
    expect(written).toEqual([]);
    expect(outcome.error).toMatch(/^The history tab could not be read/);
    expect(failed[0]!.tone).toBe('failed');
  });

  it('says a refused write in its own words, never Google’s, under the amber banner', () => {
    const { ports: p, failed } = ports(() => {
      throw new Error(GOOGLE);
    });
    const outcome = dashboardStep(run(), [], [], p);
    expect(outcome.error).toMatch(/^The tab could not be written/);
    expect(outcome.error).not.toContain('Service Spreadsheets');
    expect(failed).toHaveLength(1);
  });

  it('says which part was not drawn when the figures landed but the rest did not', () => {
    const { ports: p, failed } = ports((layout) => ({ ...drawn(layout), notDrawn: new Error(GOOGLE) }));
    const outcome = dashboardStep(run(), [], [], p);
    expect(outcome.error).toMatch(/^The dashboard's figures are new/);
    expect(outcome.rows).not.toBeNull();
    // The figures are new: no amber banner over them.
    expect(failed).toEqual([]);
  });
});
