// Who sets the alert lines: the spreadsheet's owner, as Google reports it (the same person whose key the
// formula allowance guards; we hold no Drive scope to ask more). Every editor and the night read the lines,
// so one editor must not quiet another's alerts, or turn them off for all. Where Google is silent (it
// withholds the acting user's address, or a shared drive has no single owner), nobody is the owner: the
// lines stay as they are.

/** Why the acting user may not set the lines, or null when they own the spreadsheet. */
export function alertLinesRefusal(actingEmail: string, ownerEmail: string | null | undefined): string | null {
  if (!actingEmail)
    return "Google did not say who you are, so you cannot be checked as the spreadsheet's owner, who sets the alert lines.";
  if (!ownerEmail)
    return 'On a shared drive, with no single owner, nobody can be checked as the owner: the alert lines stay as they are.';
  return actingEmail.toLowerCase() === ownerEmail.toLowerCase()
    ? null
    : "Only the spreadsheet's owner sets the alert lines or turns alerts off.";
}
