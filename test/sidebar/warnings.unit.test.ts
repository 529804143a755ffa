// The sidebar's warnings (src/sidebar/warnings.ts) from a plain state: every tab choice, the history and the
// dashboard as well as the reports, and the checks that do not add up.
import { describe, expect, it } from 'vitest';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import type { StatusBook } from '../../src/core/refresh/index.ts';
import { warningsFor } from '../../src/sidebar/warnings.ts';

const tab = (failed: boolean, truncated = false) => ({
  sheetName: null,
  lastSuccessAt: failed ? 1 : 2,
  lastFailureAt: failed ? 2 : null,
  lastFailure: failed ? 'x' : null,
  rows: 1,
  truncated,
});

function state(status: StatusBook, mismatches: SidebarState['mismatches'] = []): SidebarState {
  return {
    status,
    mismatches,
    account: null,
    nightly: { timeZone: 'UTC', lastRun: null },
  } as unknown as SidebarState;
}

describe('the sidebar warnings', () => {
  it('name a failed history or dashboard tab, not only the reports', () => {
    const warnings = warningsFor(state({ history: tab(true), dashboard: tab(true), summary: tab(false) }));
    expect(warnings).toEqual([
      'Last refresh failed for Royalties history, Royalties dashboard. The Royalties status tab says why.',
    ]);
  });

  it('name a cut history tab, and every check that does not add up', () => {
    const warnings = warningsFor(
      state({ history: tab(false, true) }, [
        { subject: 'Royalties: the Summary against the book rows', text: 'Gap.' },
      ]),
    );
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^Royalties history: some rows could not be read/);
    expect(warnings[1]).toBe('Reports do not add up: Royalties: the Summary against the book rows. Gap.');
  });

  it('count the checks the stored record had no room for', () => {
    const kept = [
      { subject: 'A', text: 'a.' },
      { subject: 'B', text: 'b.', more: 3 },
    ];
    expect(warningsFor(state({}, kept))).toEqual([
      'Reports do not add up: A. a.',
      'Reports do not add up: B. b.',
      '3 more checks do not add up: see Checks on the Royalties status tab.',
    ]);
    expect(warningsFor(state({}, [{ subject: 'A', text: 'a.', more: 1 }]))[1]).toBe(
      '1 more check does not add up: see Checks on the Royalties status tab.',
    );
  });

  it('say reports do not add up, and where, when the stored record had room for none of them', () => {
    expect(warningsFor(state({}, [{ more: 3 }]))).toEqual([
      'Reports do not add up in 3 checks: see Checks on the Royalties status tab.',
    ]);
    expect(warningsFor(state({}, [{ more: 1 }]))).toEqual([
      'Reports do not add up in 1 check: see Checks on the Royalties status tab.',
    ]);
  });
});
