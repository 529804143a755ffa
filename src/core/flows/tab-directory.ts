// Which sheets are ours. A sheet is ours only if it carries our mark (developer metadata, which survives a
// rename); a sheet the author made under the same name is never written: ours takes another name. One
// search for our marks and one read of each mark's value, once per refresh; a mark's sheet and the sheet's
// name are read only for a tab this refresh writes, so a refresh of a few tabs does not pay for the others.
// The author's own sheets cost nothing, except that creating a tab reads every sheet's name once.
// platform/sheets/directory.ts builds the ports over the Spreadsheet service.

import { type TabId, tabTitle } from '../tab-ids';
import { freeTabName, HEADER_ROWS, MARK_KEY, markText, parseMark, type TabMark } from '../tabs';

/** What the directory asks of one spreadsheet: `S` a sheet, `M` a developer metadata entry. */
export interface SpreadsheetMarksPort<S, M> {
  /** Every developer metadata entry under `key`, wherever it sits (one search). */
  findMarks(key: string): readonly M[];
  markValue(metadata: M): string | null;
  /** The sheet a mark sits on; null for one on the spreadsheet, a row or a column. */
  sheetOf(metadata: M): S | null;
  sheetId(sheet: S): number;
  sheetName(sheet: S): string;
  /** Every sheet's name: unique in a spreadsheet, so also how many sheets there are. */
  sheetNames(): Set<string>;
  /** A new sheet named `name` at position `index`. */
  insertSheet(name: string, index: number): S;
  freezeRows(sheet: S, rows: number): void;
  rename(sheet: S, name: string): void;
  removeMark(metadata: M): void;
  setMarkValue(metadata: M, text: string): void;
  addMark(sheet: S, key: string, text: string): void;
}

export interface OwnedTabOf<S, M> {
  readonly sheet: S;
  /** The current name (the author may have renamed it), read when first asked. */
  readonly name: string;
  /** What the tab holds; remember replaces it with what was written. */
  mark: TabMark;
  /** Null until the first write of a tab created in this refresh. */
  readonly metadata: M | null;
}

export interface TabDirectoryOf<S, M> {
  /** Our tab for `tab`, if there is one (nothing is created). */
  find(tab: TabId): OwnedTabOf<S, M> | undefined;
  /** Our tab for `tab`, created at the end under a free name when there is none. */
  findOrCreate(tab: TabId): OwnedTabOf<S, M>;
  /** Hands a tab of ours over to the author under a new name ("Royalties history (demo)"): its mark goes,
   * so it is never written again, and the next findOrCreate makes a new tab. Returns the new name. */
  setAside(tab: OwnedTabOf<S, M>, label: string): string;
  /** Records what was written; a tab created in this refresh gets its mark here. The tab (the one find
   * and findOrCreate hand out for it) holds the new mark from then on; its name stays unread unless someone
   * asks (the Status tab's never is). */
  remember(tab: OwnedTabOf<S, M>, given: TabMark): void;
}

/** One search for our marks; each resolved to its sheet when its tab is first asked for. */
export function openTabDirectory<S, M>(port: SpreadsheetMarksPort<S, M>): TabDirectoryOf<S, M> {
  /** A tab of ours whose name is read when first asked (`name`: already known, for a tab just created). */
  const ownedAt = (sheet: S, mark: TabMark, metadata: M | null, name?: string): OwnedTabOf<S, M> => ({
    sheet,
    mark,
    metadata,
    get name() {
      name ||= port.sheetName(sheet);
      return name;
    },
  });
  /** Each tab asked for: ours, or undefined (none, or one set aside), so its marks are resolved once. */
  const owned = new Map<TabId, OwnedTabOf<S, M> | undefined>();
  /** Marks found, by tab (a duplicated tab carries ours too). */
  const marks = new Map<TabId, Array<{ metadata: M; mark: TabMark }>>();
  /** Every sheet's name, read when first needed. */
  let names: Set<string> | undefined;
  const allNames = () => (names ||= port.sheetNames());
  for (const metadata of port.findMarks(MARK_KEY)) {
    const mark = parseMark(port.markValue(metadata));
    if (mark) marks.set(mark.tab, [...(marks.get(mark.tab) || []), { metadata, mark }]);
  }

  /** The first time a tab is asked for, its marks are resolved: none of ours unless a mark sits on a sheet
   * (Google's rule, and where we put it). A duplicated tab carries our mark too: the sheet the mark was
   * written on is ours, the copy the author's (a tie costs a sheet id each). */
  const find = (tab: TabId): OwnedTabOf<S, M> | undefined => {
    if (!owned.has(tab)) {
      const found = (marks.get(tab) || []).flatMap(({ metadata, mark }) => {
        const sheet = port.sheetOf(metadata);
        return sheet ? [ownedAt(sheet, mark, metadata)] : [];
      });
      owned.set(
        tab,
        found.length > 1 ? found.find((o) => port.sheetId(o.sheet) === o.mark.sheetId) : found[0],
      );
    }
    return owned.get(tab);
  };

  return {
    find,
    findOrCreate(tab) {
      const existing = find(tab);
      if (existing) return existing;
      const name = freeTabName(tabTitle(tab), allNames());
      const sheet = port.insertSheet(name, allNames().size);
      allNames().add(name);
      // Banner and headers stay in view; set once, so an author who changes it keeps their choice.
      port.freezeRows(sheet, HEADER_ROWS);
      const created = ownedAt(sheet, { tab, columns: [], blockRows: 0, dataAt: null }, null, name);
      owned.set(tab, created);
      return created;
    },
    setAside(tab, label) {
      const old = tab.name;
      allNames().delete(old);
      const name = freeTabName(`${old} (${label})`, allNames());
      port.rename(tab.sheet, name);
      allNames().add(name);
      if (tab.metadata) port.removeMark(tab.metadata);
      // None of ours until findOrCreate makes one: the marks found at the start are not looked at again.
      owned.set(tab.mark.tab, undefined);
      return name;
    },
    remember(tab, given) {
      // The sheet id is read once, on a new tab's first write.
      tab.mark = { ...given, sheetId: tab.mark.sheetId ?? port.sheetId(tab.sheet) };
      const text = markText(tab.mark);
      if (tab.metadata) port.setMarkValue(tab.metadata, text);
      else port.addMark(tab.sheet, MARK_KEY, text);
    },
  };
}
