// What read-excel-file does not tell: a cell's number format, bold, colours, and a sheet's frozen rows,
// read from the .xlsx XML itself.
import { strFromU8, unzipSync } from 'fflate';

export interface CellStyle {
  readonly numberFormat: string | null;
  readonly bold: boolean;
  readonly fontColor: string | null;
  readonly background: string | null;
}

export interface InspectedSheet {
  readonly name: string;
  readonly frozenRows: number;
  /** The style of a cell by A1 reference, or null when the cell is not in the file. */
  style(ref: string): CellStyle | null;
  /** The formula of a cell by A1 reference (without Excel's leading "="), or null. */
  formula(ref: string): string | null;
}

function attr(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

function elements(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*?)?(?:/>|>[\\s\\S]*?</${tag}>)`, 'g'))].map(
    (m) => m[0],
  );
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function rgb(xml: string | undefined, tag: string): string | null {
  const value = xml ? new RegExp(`<${tag}[^>]*\\srgb="([0-9A-Fa-f]{8})"`).exec(xml)?.[1] : undefined;
  return value ? `#${value.slice(2).toLowerCase()}` : null;
}

export function inspectXlsx(bytes: Uint8Array): { sheets: InspectedSheet[]; allText: string } {
  const files = unzipSync(bytes);
  const text = (name: string): string => {
    const file = files[name];
    if (!file) throw new Error(`${name} is missing from the workbook`);
    return strFromU8(file);
  };
  const styles = text('xl/styles.xml');
  const formats = new Map(
    elements(styles, 'numFmt').map((f) => [attr(f, 'numFmtId'), unescapeXml(attr(f, 'formatCode') ?? '')]),
  );
  const fonts = elements(styles, 'font');
  const fills = elements(styles, 'fill');
  const cellXfs = /<cellXfs[\s\S]*?<\/cellXfs>/.exec(styles)?.[0] ?? '';
  const xfs = elements(cellXfs, 'xf');
  const styleOf = (id: number): CellStyle => {
    const xf = xfs[id] ?? '';
    const font = fonts[Number(attr(xf, 'fontId') ?? 0)];
    return {
      numberFormat: formats.get(attr(xf, 'numFmtId')) ?? null,
      bold: /<b\/>/.test(font ?? ''),
      fontColor: rgb(font, 'color'),
      background: rgb(fills[Number(attr(xf, 'fillId') ?? 0)], 'fgColor'),
    };
  };

  const rels = text('xl/_rels/workbook.xml.rels');
  const targets = new Map(elements(rels, 'Relationship').map((r) => [attr(r, 'Id'), attr(r, 'Target')]));
  const sheets = elements(text('xl/workbook.xml'), 'sheet').map((tag): InspectedSheet => {
    const xml = text(`xl/${targets.get(attr(tag, 'r:id'))}`);
    const pane = elements(xml, 'pane').find((p) => attr(p, 'state') === 'frozen');
    return {
      name: unescapeXml(attr(tag, 'name') ?? ''),
      frozenRows: Number(pane ? (attr(pane, 'ySplit') ?? 0) : 0),
      style(ref) {
        const cell = new RegExp(`<c r="${ref}"[^>]*>`).exec(xml)?.[0];
        return cell === undefined ? null : styleOf(Number(attr(cell, 's') ?? 0));
      },
      formula(ref) {
        const f = new RegExp(`<c r="${ref}"[^>]*>\\s*<f>([^<]*)</f>`).exec(xml)?.[1];
        return f === undefined ? null : unescapeXml(f);
      },
    };
  });
  const allText = Object.values(files)
    .map((f) => strFromU8(f))
    .join('\n');
  return { sheets, allText };
}
