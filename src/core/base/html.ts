// Text put into HTML we write (the morning e-mail, the installation check's dialog): escaped, so API text
// or anything else never becomes markup.

/** Each character that could start markup or end an attribute, as its numeric character reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
