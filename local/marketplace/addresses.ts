// The listing's addresses, kept in one file the publisher fills (marketplace/addresses.json): the homepage,
// the hosted privacy policy and terms, the support page and the contact e-mail the two pages give. A release
// refuses while a placeholder remains, while a page gives another address, or while the listing's name is
// not the one the add-on shows itself by (docs/publishing.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT } from '../../src/core/base/phrases.ts';

export const ADDRESS_FIELDS = ['homepage', 'privacyPolicy', 'termsOfService', 'support'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type Addresses = Record<AddressField | 'contactEmail', string>;

/** The pages whose contact link is written from contactEmail. */
export const PAGES = ['privacy.html', 'terms.html'] as const;

/** Hosts that only ever stand in for a real one (RFC 2606 and RFC 6761 reserve them). */
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost)$/i;

export function readAddresses(kit: string): Partial<Addresses> {
  const file = path.join(kit, 'addresses.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Partial<Addresses>;
}

function hostOf(address: string): string | null {
  try {
    return new URL(address).hostname;
  } catch {
    return null;
  }
}

/** What keeps the addresses from a listing: each one missing, not https, or still a placeholder. */
export function addressProblems(addresses: Partial<Addresses>): string[] {
  const problems: string[] = [];
  for (const field of ADDRESS_FIELDS) {
    const value = addresses[field]?.trim() ?? '';
    const host = hostOf(value);
    if (!value) problems.push(`${field} is empty: write the address there.`);
    else if (!value.startsWith('https://') || host === null)
      problems.push(`${field} must be an https:// address, and is "${value}".`);
    else if (PLACEHOLDER_HOST.test(host))
      problems.push(`${field} is still the placeholder ${value}: write your own address there.`);
  }
  const email = addresses.contactEmail?.trim() ?? '';
  const domain = email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : '';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    problems.push(`contactEmail must be an e-mail address, and is "${email}".`);
  else if (PLACEHOLDER_HOST.test(domain))
    problems.push(`contactEmail is still the placeholder ${email}: write your own address there.`);
  return problems;
}

const MAILTO = /<a href="mailto:[^"]*">[^<]*<\/a>/g;

/** A page with every mailto link giving this address. */
export function pageWithContact(html: string, email: string): string {
  return html.replace(MAILTO, `<a href="mailto:${email}">${email}</a>`);
}

/** Each page whose contact link is not the addresses' contactEmail. */
export function pageProblems(kit: string, email: string): string[] {
  return PAGES.filter((page) => {
    const html = readFileSync(path.join(kit, page), 'utf8');
    return html !== pageWithContact(html, email);
  }).map(
    (page) =>
      `marketplace/${page} gives another contact address than ${email}: run npm run listing, which writes it there, and commit.`,
  );
}

/** Writes contactEmail into the pages (npm run listing). */
export function writeContactIntoPages(kit: string): void {
  const email = readAddresses(kit).contactEmail ?? '';
  for (const page of PAGES) {
    const file = path.join(kit, page);
    writeFileSync(file, pageWithContact(readFileSync(file, 'utf8'), email));
  }
}

/**
 * The listing's name must be the add-on's own (PRODUCT: the sidebar, the help page, the e-mail); Google
 * also wants it on the OAuth consent screen, which the publisher types from the listing.
 */
export function nameProblem(kit: string): string | null {
  const listing = JSON.parse(readFileSync(path.join(kit, 'listing.json'), 'utf8')) as { name?: string };
  return listing.name === PRODUCT
    ? null
    : `The listing's name "${listing.name ?? ''}" (marketplace/listing.json) is not the add-on's, "${PRODUCT}" (src/core/base/phrases.ts): make them the same, and the OAuth consent screen's app name too.`;
}

/** Everything about the kit's addresses and name that keeps a release back; empty when it may go. */
export function listingAddressProblems(kit: string): string[] {
  const addresses = readAddresses(kit);
  const problems = addressProblems(addresses).map((p) => `marketplace/addresses.json: ${p}`);
  if (problems.length === 0) problems.push(...pageProblems(kit, addresses.contactEmail ?? ''));
  const name = nameProblem(kit);
  return name ? [...problems, name] : problems;
}
