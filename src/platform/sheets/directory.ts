// Which sheets are ours. A sheet is ours only if it carries our mark (developer metadata, which survives a
// rename); a sheet the author made under the same name is never written: ours takes another name. One
// search for our marks and one read of each mark's value, once per refresh; a mark's sheet and the sheet's
// name are read only for a tab this refresh writes, so a refresh of a few tabs does not pay for the others.
// The author's own sheets cost nothing, except that creating a tab reads every sheet's name once.

import { type TabId, tabTitle } from '../../core/tab-ids';
import { freeTabName, HEADER_ROWS, MARK_KEY, markText, parseMark, type TabMark } from '../../core/tabs';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Metadata = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

export interface OwnedTab {
  readonly sheet: Sheet;
  /** The current name (the author may have renamed it), read when first asked. */
  readonly name: string;
  /** What the tab holds; remember replaces it with what was written. */
  mark: TabMark;
  /** Null until the first write of a tab created in this refresh. */
  readonly metadata: Metadata | null;
}

/** Every sheet's name: unique in a spreadsheet, so also how many sheets there are. */
export function sheetNames(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): Set<string> {
  return new Set(spreadsheet.getSheets().map((sheet) => sheet.getName()));
}

/** A tab of ours whose name is read when first asked (`name`: already known, for a tab just created). */
function ownedAt(sheet: Sheet, mark: TabMark, metadata: Metadata | null, name?: string): OwnedTab {
  return {
    sheet,
    mark,
    metadata,
    get name() {
      name ||= sheet.getName();
      return name;
    },
  };
}

/** One search for our marks; each resolved to its sheet when its tab is first asked for. */
function open(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet) {
  /** Each tab asked for: ours, or undefined (none, or one set aside), so its marks are resolved once. */
  const owned = new Map<TabId, OwnedTab | undefined>();
  /** Marks found, by tab (a duplicated tab carries ours too). */
  const marks = new Map<TabId, Array<{ metadata: Metadata; mark: TabMark }>>();
  /** sheetNames, read when first needed. */
  let names: Set<string> | undefined;
  const allNames = () => (names ||= sheetNames(spreadsheet));
  for (const metadata of spreadsheet.createDeveloperMetadataFinder().withKey(MARK_KEY).find()) {
    const mark = parseMark(metadata.getValue());
    if (mark) marks.set(mark.tab, [...(marks.get(mark.tab) || []), { metadata, mark }]);
  }

  /** Our tab for `tab`, if there is one (nothing is created). The first time a tab is asked for, its marks
   * are resolved: none of ours unless a mark sits on a sheet (Google's rule, and where we put it). A
   * duplicated tab carries our mark too: the sheet the mark was written on is ours, the copy the author's
   * (a tie costs a getSheetId each). */
  const find = (tab: TabId): OwnedTab | undefined => {
    if (!owned.has(tab)) {
      const found = (marks.get(tab) || []).flatMap(({ metadata, mark }) => {
        const sheet = metadata.getLocation().getSheet();
        return sheet ? [ownedAt(sheet, mark, metadata)] : [];
      });
      owned.set(
        tab,
        found.length > 1 ? found.find((o) => o.sheet.getSheetId() === o.mark.sheetId) : found[0],
      );
    }
    return owned.get(tab);
  };

  return {
    find,

    /** Our tab for `tab`, created at the end under a free name when there is none. */
    findOrCreate(tab: TabId): OwnedTab {
      const existing = find(tab);
      if (existing) return existing;
      const name = freeTabName(tabTitle(tab), allNames());
      const sheet = spreadsheet.insertSheet(name, allNames().size);
      allNames().add(name);
      // Banner and headers stay in view; set once, so an author who changes it keeps their choice.
      sheet.setFrozenRows(HEADER_ROWS);
      const created = ownedAt(sheet, { tab, columns: [], blockRows: 0, dataAt: null }, null, name);
      owned.set(tab, created);
      return created;
    },

    /** Hands a tab of ours over to the author under a new name ("Royalties history (demo)"): its mark goes,
     * so it is never written again, and the next findOrCreate makes a new tab. Returns the new name. */
    setAside(tab: OwnedTab, label: string): string {
      const old = tab.name;
      allNames().delete(old);
      const name = freeTabName(`${old} (${label})`, allNames());
      tab.sheet.setName(name);
      allNames().add(name);
      tab.metadata?.remove();
      // None of ours until findOrCreate makes one: the marks found at the start are not looked at again.
      owned.set(tab.mark.tab, undefined);
      return name;
    },

    /** Records what was written; a tab created in this refresh gets its mark here. The tab (the one find
     * and findOrCreate hand out for it) holds the new mark from then on; its name stays unread unless someone
     * asks (the Status tab's never is). */
    remember(tab: OwnedTab, given: TabMark): void {
      // The sheet id is read once, on a new tab's first write.
      tab.mark = { ...given, sheetId: tab.mark.sheetId ?? tab.sheet.getSheetId() };
      const text = markText(tab.mark);
      if (tab.metadata) tab.metadata.setValue(text);
      else tab.sheet.addDeveloperMetadata(MARK_KEY, text);
    },
  };
}

/** Which tabs are ours in one spreadsheet, for one refresh: TabDirectory.open(spreadsheet). */
export const TabDirectory = { open };
export type TabDirectory = ReturnType<typeof open>;
