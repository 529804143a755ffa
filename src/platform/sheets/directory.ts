// Which sheets are ours. A sheet is ours only if it carries our mark (developer metadata, which survives a
// rename); a sheet the author made under the same name is never written: ours takes another name. One
// getSheets() and a few reads per sheet, once per refresh.
import {
  freeTabName,
  HEADER_ROWS,
  MARK_KEY,
  markText,
  parseMark,
  type TabId,
  type TabMark,
} from '../../core/tabs';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Metadata = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

export interface OwnedTab {
  readonly sheet: Sheet;
  /** The current name (the author may have renamed it). */
  readonly name: string;
  readonly mark: TabMark;
  /** Null until the first write of a tab created in this refresh. */
  readonly metadata: Metadata | null;
}

export class TabDirectory {
  private readonly owned = new Map<TabId, OwnedTab>();
  private readonly names = new Set<string>();
  private sheetCount = 0;

  private constructor(readonly spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet) {}

  static open(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): TabDirectory {
    const directory = new TabDirectory(spreadsheet);
    const sheets = spreadsheet.getSheets();
    directory.sheetCount = sheets.length;
    for (const sheet of sheets) {
      const name = sheet.getName();
      directory.names.add(name);
      for (const metadata of sheet.getDeveloperMetadata()) {
        if (metadata.getKey() !== MARK_KEY) continue;
        const mark = parseMark(metadata.getValue() ?? '');
        // A duplicated tab carries our mark too: the first in tab order is the one we write.
        if (mark && !directory.owned.has(mark.tab))
          directory.owned.set(mark.tab, { sheet, name, mark, metadata });
        break;
      }
    }
    return directory;
  }

  find(tab: TabId): OwnedTab | undefined {
    return this.owned.get(tab);
  }

  /** Our tab for `tab`, created at the end under a free name when there is none. */
  findOrCreate(tab: TabId, title: string): OwnedTab {
    const existing = this.owned.get(tab);
    if (existing) return existing;
    const name = freeTabName(title, this.names);
    const sheet = this.spreadsheet.insertSheet(name, this.sheetCount);
    this.sheetCount += 1;
    this.names.add(name);
    // Banner and headers stay in view; set once, so an author who changes it keeps their choice.
    sheet.setFrozenRows(HEADER_ROWS);
    const created: OwnedTab = {
      sheet,
      name,
      mark: { tab, columns: [], blockRows: 0, dataAt: null },
      metadata: null,
    };
    this.owned.set(tab, created);
    return created;
  }

  /** Records what was written; a tab created in this refresh gets its mark here. */
  remember(owned: OwnedTab, mark: TabMark): void {
    const text = markText(mark);
    if (owned.metadata) owned.metadata.setValue(text);
    else owned.sheet.addDeveloperMetadata(MARK_KEY, text);
    this.owned.set(mark.tab, { ...owned, mark });
  }
}
