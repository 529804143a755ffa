// The morning e-mail's three choices, in the author's words: off (the default), only when something is
// wrong, every morning. Kept per user and spreadsheet, beside the nightly hour: the e-mail goes to the
// user whose nightly trigger runs.

export type MorningEmailMode = 'off' | 'problems' | 'daily';
const MORNING_EMAIL_MODES: readonly MorningEmailMode[] = ['off', 'problems', 'daily'];
const DEFAULT_MORNING_EMAIL: MorningEmailMode = 'off';

/** One of the three choices; anything else is refused with what is accepted. */
export function morningEmailMode(value: unknown): MorningEmailMode {
  if (typeof value === 'string' && (MORNING_EMAIL_MODES as readonly string[]).includes(value))
    return value as MorningEmailMode;
  throw new Error(
    `"${String(value).slice(0, 20)}" is not a morning e-mail choice: choose off, "only when something is wrong" or "every morning".`,
  );
}

/** A stored choice that no longer reads (an older version, a hand edit) counts as off: never mail by mistake. */
export function storedMorningEmailMode(stored: string | null): MorningEmailMode {
  return (MORNING_EMAIL_MODES as readonly (string | null)[]).includes(stored)
    ? (stored as MorningEmailMode)
    : DEFAULT_MORNING_EMAIL;
}

/** Whether a night with `problems` things wrong sends its e-mail under `mode`. */
export function sendsTonight(mode: MorningEmailMode, problems: number): boolean {
  return mode === 'daily' || (mode === 'problems' && problems > 0);
}
