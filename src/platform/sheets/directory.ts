// Which sheets are ours. A sheet is ours only if it carries our mark (developer metadata, which survives a
// rename); a sheet the author made under the same name is never written: ours takes another name. One
// search for our marks and a few reads per tab of ours, once per refresh: the author's own sheets cost
// nothing, except that creating a tab reads every sheet's name once (to pick a free one).
import {
  freeTabName,
  HEADER_ROWS,
  MARK_KEY,
  markText,
  parseMark,
  type TabId,
  type TabMark,
  tabTitle,
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
  /** Every sheet's name (unique in a spreadsheet, so also how many sheets there are), read when first needed. */
  private names: Set<string> | undefined;

  private constructor(readonly spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet) {}

  static open(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): TabDirectory {
    const directory = new TabDirectory(spreadsheet);
    const { owned } = directory;
    for (const metadata of spreadsheet.createDeveloperMetadataFinder().withKey(MARK_KEY).find()) {
      // Null unless the mark sits on a sheet (Google's rule), which is where we put it.
      const sheet = metadata.getLocation().getSheet();
      const mark = sheet && parseMark(metadata.getValue());
      if (!mark) continue;
      // A duplicated tab carries our mark too: the first in tab order is the one we write (the finder
      // promises no order, so a tie costs two getIndex calls).
      const held = owned.get(mark.tab);
      if (held && held.sheet.getIndex() < sheet.getIndex()) continue;
      owned.set(mark.tab, { sheet, name: sheet.getName(), mark, metadata });
    }
    return directory;
  }

  /** Our tab for `tab`, if there is one (nothing is created). */
  find(tab: TabId): OwnedTab | undefined {
    return this.owned.get(tab);
  }

  /** Our tab for `tab`, created at the end under a free name when there is none. */
  findOrCreate(tab: TabId): OwnedTab {
    const existing = this.owned.get(tab);
    if (existing) return existing;
    this.names ||= new Set(this.spreadsheet.getSheets().map((sheet) => sheet.getName()));
    const name = freeTabName(tabTitle(tab), this.names);
    const sheet = this.spreadsheet.insertSheet(name, this.names.size);
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
