// What `npm start` prints when it is done: the account, the period, the currency, the three figures an
// author looks at first (from the Summary tab the add-on wrote), rows per tab and every warning. As text for
// people, or as one JSON object for scripts.
import { type Alert, levelWord } from '../../src/core/alerts/alert.ts';
import type { AccountView } from '../../src/core/api/account.ts';
import { numberOrNull } from '../../src/core/base/unknown.ts';
import { type Check, mismatches, notAddingUp } from '../../src/core/checks/index.ts';
import { MEASURES, type Measure, measureFigure } from '../../src/core/figures/index.ts';
import type { TabOutcome } from '../../src/core/refresh/index.ts';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { TRUNCATION_WARNING } from '../../src/core/tabs/index.ts';
import { type AddOnTab, bannerOf, tableOf } from './addon-tabs.ts';

interface Figures {
  readonly royalties: number | null;
  readonly adSpend: number | null;
  readonly netProfit: number | null;
  /** The Summary tab was cut (meta.truncated): the figures may be too low, and say so wherever printed. */
  readonly truncated: boolean;
  /** Figures left out because two could be this period's: [label, the keys that match]. */
  readonly ambiguous?: ReadonlyArray<readonly [string, readonly string[]]>;
}

export interface RunSummary {
  readonly out: string;
  readonly account: {
    readonly isDemo: boolean;
    readonly keyName: string | null;
    readonly reportingCurrency: string | null;
    readonly subscriptionStatus: string | null;
    readonly platformsConnected: number;
    readonly platforms: number;
  };
  /** The period as the add-on's banner words it ("2026-10-22 to 2026-11-20 (last_30_days)"). */
  readonly period: string | null;
  readonly range: string;
  readonly currency: string | null;
  /** From the Summary tab; null when it was not refreshed. */
  readonly figures: Figures | null;
  readonly tabs: readonly (TabOutcome & { readonly title: string })[];
  /** Every sheet in the workbook, Status included. */
  readonly sheets: readonly string[];
  /** Reconciliation: every check of the reports against each other, and its result. */
  readonly checks: readonly Check[];
  readonly warnings: readonly string[];
  /** The alerts the figures raised (the add-on's lines), the new or worse first, then the most serious. */
  readonly alerts: readonly Alert[];
  /** Which of them are new since the last run or worse, those cleared, and how many were left out. */
  readonly alertNews: AlertNewsOfRun;
  /** The dashboard page written beside the workbook: where its charts are. */
  readonly dashboardPage?: string | null;
}

/** A ` · `-separated part of a banner, such as "Period …" or "Currency …". */
export function bannerPart(banner: string, name: string): string | null {
  const part = banner.split(' · ').find((p) => p.startsWith(`${name} `));
  return part ? part.slice(name.length + 1).trim() : null;
}

/** Through the figure catalogue, so any spelling the API uses reads the same. */
export function summaryFigures(summaryTab: AddOnTab, truncated = false): Figures {
  const table = tableOf(summaryTab);
  const ambiguous: Array<readonly [string, readonly string[]]> = [];
  const figure = (measure: Measure) => {
    const found = measureFigure(table, measure);
    if (!found.found && found.ambiguous)
      ambiguous.push([MEASURES[measure].label.toLowerCase(), found.ambiguous]);
    return found.found ? numberOrNull(found.value) : null;
  };
  const figures = {
    royalties: figure('royalties'),
    adSpend: figure('ad_spend'),
    netProfit: figure('net_profit'),
    truncated,
  };
  return ambiguous.length > 0 ? { ...figures, ambiguous } : figures;
}

interface SummaryInput {
  readonly out: string;
  readonly account: AccountView;
  readonly range: string;
  readonly requestedCurrency: string | null;
  readonly outcomes: readonly TabOutcome[];
  /** The refresh's reconciliation (every check, its result). */
  readonly checks: readonly Check[];
  readonly tabs: readonly AddOnTab[];
  readonly sheets: readonly string[];
  readonly alerts?: readonly Alert[];
  readonly alertNews?: AlertNewsOfRun;
  readonly dashboardPage?: string | null;
}

export interface AlertNewsOfRun {
  /** Ids of the alerts new since the last run (its state file), or worse. */
  readonly raised: readonly string[];
  readonly cleared: readonly string[];
  /** Standing alerts the record had no room for. */
  readonly more: number;
}

export function buildSummary(input: SummaryInput): RunSummary {
  const reports = input.tabs.filter((t) => t.mark.tab !== 'status');
  const summaryTab = reports.find((t) => t.mark.tab === 'summary');
  // The Summary tab's banner first: its period and currency are the ones the figures are in.
  const banners = (summaryTab ? [summaryTab, ...reports] : reports).map(bannerOf);
  const firstPart = (name: string) => banners.map((b) => bannerPart(b, name)).find((p) => p !== null) ?? null;
  const tabs = input.outcomes.map((o) => ({ ...o, title: tabTitle(o.tab) }));
  const warnings: string[] = [];
  for (const t of tabs) {
    if (t.error) warnings.push(`${t.title}: not refreshed: ${t.error}`);
    else if (t.truncated) warnings.push(`${t.title}: ${TRUNCATION_WARNING}`);
  }
  warnings.push(...mismatches(input.checks).map(notAddingUp));
  const figures = summaryTab
    ? summaryFigures(
        summaryTab,
        input.outcomes.some((o) => o.tab === 'summary' && o.truncated && !o.error),
      )
    : null;
  for (const [label, keys] of figures?.ambiguous ?? []) {
    warnings.push(
      `Summary: two figures could be this period's ${label} (${keys.join(', ')}), so none is shown.`,
    );
  }
  const { account } = input;
  return {
    out: input.out,
    account: {
      isDemo: account.isDemo,
      keyName: account.keyName,
      reportingCurrency: account.reportingCurrency,
      subscriptionStatus: account.subscriptionStatus,
      platformsConnected: account.platforms.filter((p) => p.connected).length,
      platforms: account.platforms.length,
    },
    period: firstPart('Period'),
    range: input.range,
    currency: firstPart('Currency') ?? input.requestedCurrency ?? account.reportingCurrency,
    figures,
    tabs,
    sheets: input.sheets,
    checks: input.checks,
    warnings,
    alerts: input.alerts ?? [],
    alertNews: input.alertNews ?? { raised: (input.alerts ?? []).map((a) => a.id), cleared: [], more: 0 },
    dashboardPage: input.dashboardPage ?? null,
  };
}

export function money(value: number | null, currency: string | null): string {
  if (value === null) return '(not shown)';
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
  }
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function accountLine(s: RunSummary): string {
  const a = s.account;
  const parts = [a.isDemo ? 'demo account' : 'your account'];
  if (a.keyName) parts.push(`key "${a.keyName}"`);
  if (a.reportingCurrency) parts.push(`reporting currency ${a.reportingCurrency}`);
  if (a.platforms > 0) parts.push(`${a.platformsConnected} of ${a.platforms} platforms connected`);
  return parts.join(', ');
}

/** Words beside a figure of a truncated response. */
export const CUT_FIGURE = '(truncated: may be too low)';

/** Royalties, ad spend and net profit, right-aligned to one width; each marked when the response was cut. */
function figureLines(figures: Figures, currency: string | null): string[] {
  const amounts = [figures.royalties, figures.adSpend, figures.netProfit].map((v) => money(v, currency));
  const width = Math.max(...amounts.map((a) => a.length));
  const mark = figures.truncated ? `  ${CUT_FIGURE}` : '';
  return ['Royalties', 'Ad spend', 'Net profit'].map(
    (label, i) => `${label.padEnd(12)}${amounts[i]?.padStart(width)}${mark}`,
  );
}

function tabLines(s: RunSummary): string[] {
  const width = Math.max(...s.tabs.map((t) => t.title.length), 'Tab'.length) + 2;
  const lines = [`${'Tab'.padEnd(width)}  Rows`];
  for (const t of s.tabs) {
    const rows = t.error ? '' : String(t.rows ?? 0);
    const note = t.error ? '  failed' : t.truncated ? '  truncated' : '';
    lines.push(`${t.title.padEnd(width)}${rows.padStart(6)}${note}`);
  }
  return lines;
}

export function summaryText(s: RunSummary): string {
  const line = (label: string, value: string) => `${label.padEnd(12)}${value}`;
  const lines = [
    line('Account', accountLine(s)),
    line('Period', s.period ?? s.range),
    line('Currency', s.currency ?? '(the account’s)'),
    ...(s.figures
      ? figureLines(s.figures, s.currency)
      : [line('Figures', 'the Summary tab was not refreshed (see --tabs)')]),
  ];
  lines.push(...alertLines(s));
  lines.push('', ...tabLines(s));
  if (s.warnings.length > 0) lines.push('', 'Warnings', ...s.warnings.map((w) => `  ${w}`));
  const listed = new Set(s.tabs.map((t) => t.sheetName ?? t.title));
  const others = s.sheets.filter((name) => !listed.has(name));
  const also = others.length > 0 ? `, the ones above and ${others.join(', ')}` : '';
  lines.push('', `Wrote ${s.out}: ${s.sheets.length} tabs${also}.`);
  // The workbook cannot carry charts: the last line says where they are.
  if (s.dashboardPage)
    lines.push(
      `The dashboard's charts are in ${s.dashboardPage} (the workbook holds their figures, not the charts).`,
    );
  return lines.join('\n');
}

/** The alerts as a morning e-mail tells them: the new or worse since the last run, those cleared, and a
 * count of those told before that still stand (the Status tab lists them). */
function alertLines(s: RunSummary): string[] {
  const isNew = new Set(s.alertNews.raised);
  const told = s.alerts.filter((a) => !isNew.has(a.id)).length + s.alertNews.more;
  const raised = s.alerts.filter((a) => isNew.has(a.id));
  if (raised.length === 0 && s.alertNews.cleared.length === 0 && told === 0) return [];
  return [
    '',
    'Alerts',
    ...raised.map((a) => `  ${levelWord(a.level)}: ${a.text}`),
    ...s.alertNews.cleared.map((c) => `  Cleared: ${c}`),
    ...(told > 0
      ? [
          `  ${told === 1 ? '1 more, told on an earlier run, still stands' : `${told} more, told on earlier runs, still stand`}: see the Status tab.`,
        ]
      : []),
  ];
}
