// Phrases that several messages share, written (and shipped in Code.js) once.

/** The add-on's name: the morning e-mail's sender and its first words, the help dialog's title. */
export const PRODUCT = 'Royalties for Sheets';

/** Where the sidebar is, from the spreadsheet's menu bar. */
export const OPEN_SIDEBAR = `Extensions ▸ ${PRODUCT} ▸ Open Royalties`;

/** Where an author finds a series id. */
export const LIST_SERIES = 'List the series with ROYALTIES_SERIES() and use one of their ids.';

export const TRY_LATER = 'Try again in a few minutes.';

/** Where a refused key's advice sends the author: the sidebar from a cell or a tab, the key field itself
 * when they are in the sidebar already. */
export const SAVE_KEY_IN_SIDEBAR = 'save it in the Royalties sidebar, or try the demo account.';
export const SAVE_KEY_HERE = 'paste it here, or try the demo account.';

export const WRONG_ADDRESS = 'the add-on may be pointing at the wrong API address.';

/** The truncation banner: above a formula's cells, in a tab's banner row, after the tabs a refresh names. */
export const TRUNCATION_WARNING =
  'Some rows could not be read, so these figures may be too low. Choose a shorter period.';

/** How a summary line counts the tabs the API cut: "8 truncated: figures may be too low". */
/** Figures written for people that could not be read as numbers with certainty (report/display-numbers.ts):
 * "Royalties, Ad spend: figures written as text that could not be read as numbers with certainty; kept as
 * sent, so sums will miss them." Null when there are none. */
export function textFiguresWarning(labels: readonly string[] | undefined): string | null {
  if (labels === undefined || labels.length === 0) return null;
  return `${labels.join(', ')}: figures written as text that could not be read as numbers with certainty; kept as sent, so sums will miss them.`;
}

export function truncatedTally(n: number): string {
  return `${n} truncated: figures may be too low`;
}

/** "1 tab", "3 tabs". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Text from elsewhere (an error message) ended as a sentence. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** An answer with nothing in it (`{}`, `[]`): said instead of showing an empty table or account. */
export function emptyAnswerText(title: string): string {
  return `The API answered the ${title} request with nothing in it. ${TRY_LATER} If it persists, ${WRONG_ADDRESS}`;
}
