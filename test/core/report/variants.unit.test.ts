// The same data, arranged seven ways, gives the same figures: compared field by field (by key or label,
// the way a formula names them), with the demo shape's table as the reference.
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS } from '../../../src/core/endpoints.ts';
import {
  type FormatHint,
  findColumn,
  findFigure,
  type ReportTable,
  toReportTable,
} from '../../../src/core/report/index.ts';
import { lastSegment } from '../../../src/core/report/keys.ts';
import { demoResponse } from '../../support/demo-shapes.ts';
import { VARIANTS, type Variant } from '../../support/report-variants.ts';

/** Without the envelope there is no currency to name, so money reads as a plain decimal. */
function expectedFormat(format: FormatHint, variant: Variant): FormatHint {
  return !variant.keepsEnvelope && format.kind === 'money' ? { kind: 'decimal' } : format;
}

function compareRows(base: ReportTable, table: ReportTable, variant: Variant): void {
  expect(table.rows.length).toBe(base.rows.length);
  expect(base.columns.length).toBeGreaterThan(0);
  base.columns.forEach((column, c) => {
    const field = lastSegment(column.key);
    let j = findColumn(table, field);
    // Rows keyed by id: the field they were keyed by came back as the `id` column.
    if (j < 0 && variant.idColumn) j = findColumn(table, 'id');
    if (variant.dropped.has(field)) {
      expect(j, field).toBe(-1);
      return;
    }
    expect(j, field).toBeGreaterThanOrEqual(0);
    expect(
      table.rows.map((row) => row[j]),
      field,
    ).toEqual(base.rows.map((row) => row[c]));
    expect(table.columns[j]?.format, field).toEqual(expectedFormat(column.format, variant));
  });
  if (!variant.keepsFacts) return;
  // The figures beside the rows as one list (some reports send none): each found by its label, or gone
  // when the variant dropped its field.
  const facts = base.facts ?? [];
  expect(facts.map((fact) => [fact.key, findFigure(table, fact.label)])).toEqual(
    facts.map((fact) => [fact.key, variant.dropped.has(lastSegment(fact.key)) ? undefined : fact.value]),
  );
}

function compareFigures(base: ReportTable, table: ReportTable, variant: Variant): void {
  expect(table.layout).toBe('metric-value');
  expect(base.rows.length).toBeGreaterThan(0);
  base.rows.forEach((row, i) => {
    const [label, value, key] = row;
    if (variant.dropped.has(lastSegment(String(key)))) {
      expect(findFigure(table, String(label)), String(key)).toBeUndefined();
      return;
    }
    expect(findFigure(table, String(label)), String(key)).toEqual(value);
    const j = table.rows.findIndex((other) => other[0] === label);
    const format = base.rowFormats?.[i] ?? { kind: 'text' };
    expect(table.rowFormats?.[j], String(key)).toEqual(expectedFormat(format, variant));
  });
}

describe.each(ENDPOINT_IDS)('%s', (endpoint) => {
  const demo = demoResponse(endpoint);
  const base = toReportTable(demo, endpoint);

  it('reads the demo shape into a non-empty table', () => {
    expect(base.rows.length).toBeGreaterThan(0);
    expect(base.columns.length).toBeGreaterThan(endpoint === 'summary' ? 2 : 1);
  });

  it.each(VARIANTS)('$name gives the same figures', (variant) => {
    const table = toReportTable(variant.apply(demo, endpoint), endpoint);
    if (base.layout === 'metric-value') compareFigures(base, table, variant);
    else compareRows(base, table, variant);
  });
});
