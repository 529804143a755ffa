// Any JSON value, for any endpoint, gives a rectangular table with unique column keys and labels and valid
// cells, or a ReportShapeError: never another exception. (A previous layout is the sheet writer's:
// test/tabs/layout.unit.test.ts checks it keeps the table rectangular.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESPONSE_SHAPES, reshape } from '../../../local/demo-api/shapes.ts';
import { ENDPOINT_IDS } from '../../../src/core/endpoints.ts';
import {
  accountFacts,
  type CellValue,
  ReportShapeError,
  type ReportTable,
  toReportTable,
} from '../../../src/core/report/index.ts';
import { expectProperty } from '../../support/property.ts';

function isCell(value: CellValue | undefined): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  return (
    typeof value === 'object' && value.kind === 'calendar-date' && /^\d{4}-\d{2}(-\d{2})?$/.test(value.iso)
  );
}

function expectWellFormed(table: ReportTable): void {
  const width = table.columns.length;
  // Over the rows as a whole: a table with no rows is well formed, and a loop over them would assert nothing.
  expect(table.rows.map((row) => row.length).filter((length) => length !== width)).toEqual([]);
  expect(
    table.rows.flat().filter((cell) => !isCell(cell)),
    'cells a sheet cannot hold',
  ).toEqual([]);
  expect(new Set(table.columns.map((c) => c.key)).size).toBe(width);
  expect(new Set(table.columns.map((c) => c.label)).size).toBe(width);
  if (table.rowFormats !== undefined) expect(table.rowFormats.length).toBe(table.rows.length);
  expect(typeof table.meta.truncated).toBe('boolean');
}

function tableOrShapeError(run: () => ReportTable): void {
  let table: ReportTable;
  try {
    table = run();
  } catch (error) {
    expect(error).toBeInstanceOf(ReportShapeError);
    return;
  }
  expectWellFormed(table);
}

const endpoint = fc.constantFrom(...ENDPOINT_IDS);
// Report-like values: lists of records under usual and unusual names, with the envelope around them.
const record = fc.dictionary(
  fc.constantFrom(
    'book_id',
    'title',
    'date',
    'royalties',
    'isbn',
    'books',
    'totals',
    'a.b',
    '__proto__',
    'x',
  ),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 6 },
);
const reportLike = fc.record({
  period: fc.jsonValue({ maxDepth: 2 }),
  currency: fc.oneof(fc.constantFrom('USD', 'JPY'), fc.jsonValue({ maxDepth: 1 })),
  meta: fc.jsonValue({ maxDepth: 2 }),
  rows: fc.array(record, { maxLength: 6 }),
  other: fc.array(record, { maxLength: 6 }),
});

// Near the edges of the shape rules (src/core/report/shapes.ts): column-wise tables whose rows do not
// match their columns, named figures with repeated or missing names, attributes colliding with their
// resource's fields, records keyed by id beside other values.
const names = fc.constantFrom('royalties', 'date', 'id', 'name', 'value', '__proto__', 'a.b', '');
const columnWise = fc.record({
  columns: fc.array(fc.oneof(names, fc.record({ name: names }), fc.jsonValue({ maxDepth: 1 })), {
    maxLength: 5,
  }),
  rows: fc.array(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), { maxLength: 5 }),
});
const namedFigures = fc.array(
  fc.record(
    {
      name: names,
      value: fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom('412.37', '007', '1e5', '-0.5'),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      currency: fc.constantFrom('USD', 'JPY'),
      unit: fc.string(),
    },
    { requiredKeys: ['name'] },
  ),
  { maxLength: 5 },
);
const resource = fc.record(
  {
    id: fc.jsonValue({ maxDepth: 1 }),
    type: fc.string(),
    attributes: record,
    links: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: ['attributes'] },
);
const keyed = fc.dictionary(
  fc.constantFrom('b1', 'b2', '2026-11-01', '01', 'x'),
  fc.oneof(record, fc.jsonValue({ maxDepth: 1 })),
  {
    maxKeys: 4,
  },
);
const shapeLike = fc.record(
  {
    period: fc.jsonValue({ maxDepth: 1 }),
    currency: fc.constantFrom('USD', 'EUR'),
    meta: fc.record({ truncated: fc.boolean() }),
    table: columnWise,
    figures: namedFigures,
    data: fc.array(resource, { maxLength: 4 }),
    rows: fc.oneof(keyed, fc.array(record, { maxLength: 4 })),
    total: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('12', '0012')),
  },
  { requiredKeys: [] },
);

describe('any JSON value', () => {
  it('gives a rectangular table for responses near the edges of the shape rules, in any demo API shape', () => {
    expectProperty(
      fc.property(
        fc.oneof(shapeLike, reportLike),
        endpoint,
        fc.constantFrom(...RESPONSE_SHAPES),
        (value, id, shape) => {
          tableOrShapeError(() => toReportTable(reshape(value, shape), id));
          tableOrShapeError(() => toReportTable(value, id));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives a rectangular table or a ReportShapeError', () => {
    expectProperty(
      fc.property(fc.jsonValue({ maxDepth: 6 }), endpoint, (value, id) => {
        tableOrShapeError(() => toReportTable(value, id));
      }),
      { numRuns: 400 },
    );
  });

  it('gives a rectangular table for report-like responses', () => {
    fc.assert(
      fc.property(reportLike, endpoint, (value, id) => {
        let table: ReportTable;
        try {
          table = toReportTable(value, id);
        } catch (error) {
          // The one refusal a report-like value may meet: every list and field empty (docs/api.md, "a 200 answer
          // with nothing in it"), as `{period: [], rows: [], other: []}` for the account is.
          expect(error).toBeInstanceOf(ReportShapeError);
          expect((error as Error).message).toMatch(/with nothing in it/);
          return;
        }
        expectWellFormed(table);
      }),
      { numRuns: 400 },
    );
  });

  it('survives JSON text parsed with odd keys (__proto__, constructor, dotted, empty)', () => {
    const text = '{"rows":[{"__proto__":{"x":1},"constructor":2,"":3,"a.b":4,"a":{"b":5},"toString":"s"}]}';
    expectWellFormed(toReportTable(JSON.parse(text), 'books-report'));
    tableOrShapeError(() => accountFacts(JSON.parse(text)));
  });

  it('keeps the account facts well formed', () => {
    expectProperty(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        tableOrShapeError(() => accountFacts(value));
      }),
      { numRuns: 200 },
    );
  });
});
