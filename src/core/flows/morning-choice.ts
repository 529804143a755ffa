// The morning e-mail's choice and the last night mailed, both this user's for this spreadsheet, in user
// properties beside the nightly hour (the e-mail goes to the user whose trigger runs).
// platform/morning-email.ts hands in the user's properties.
import { type MorningEmailMode, morningEmailMode, storedMorningEmailMode } from '../morning';

const MODE_PREFIX = 'royalties.morning.mode.';
/** The instant of the last nightly e-mail, so a second run the same night (an hour changed) sends none. */
const SENT_PREFIX = 'royalties.morning.sent.';

interface Values {
  getProperty(key: string): string | null;
}

interface UserStore extends Values {
  setProperty(key: string, value: string): unknown;
}

export function morningEmailModeIn(user: Values, spreadsheetId: string): MorningEmailMode {
  return storedMorningEmailMode(user.getProperty(MODE_PREFIX + spreadsheetId));
}

/** Stores this user's choice (refused, storing nothing, unless it is one of the three). */
export function storeMorningEmailIn(
  mode: unknown,
  where: { user(): UserStore; spreadsheetId(): string },
): MorningEmailMode {
  const chosen = morningEmailMode(mode);
  where.user().setProperty(MODE_PREFIX + where.spreadsheetId(), chosen);
  return chosen;
}

/** The last nightly e-mail for the spreadsheet (its instant, null: none), and where the next is noted. */
export function lastSentIn(user: UserStore, spreadsheetId: string) {
  return {
    at: user.getProperty(SENT_PREFIX + spreadsheetId),
    note: (at: string) => user.setProperty(SENT_PREFIX + spreadsheetId, at),
  };
}
