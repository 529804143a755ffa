// What became of a night's morning e-mail, in one sentence for the nightly record: the sidebar shows it under
// the last run, and at the top when the e-mail went wrong (sent neither tonight nor earlier tonight).

/** How every sentence of an e-mail that did not go starts. */
const NOT_SENT = 'No morning e-mail was sent: ';

export const NO_ADDRESS = `${NOT_SENT}Google did not give the add-on your e-mail address.`;
export const NO_QUOTA = `${NOT_SENT}your Google account's daily quota of e-mails is used up.`;
export const ALREADY_SENT = 'The morning e-mail had already been sent tonight.';

const SENT = 'The morning e-mail was sent to ';

export function emailSent(to: string): string {
  return `${SENT}${to}.`;
}

export function emailFailed(reason: string): string {
  return NOT_SENT + reason;
}

/** Whether the sentence says the e-mail the author chose did not reach them. */
export function emailWentWrong(outcome: string | undefined): boolean {
  return outcome !== undefined && outcome !== ALREADY_SENT && !outcome.startsWith(SENT);
}
