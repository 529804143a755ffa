// What keeps the listing kit from the Marketplace's rules (docs/publishing.md, "Store Listing"): each
// picture's PNG format and pixel size, each text's limit, and the scopes the same in the listing, the add-on
// build's manifest and, when present, the granular-consent table of features and scopes.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ADDRESS_FIELDS, readAddresses } from './addresses.ts';
import { ART, scopeDifference } from './kit.ts';

export const LIMITS = { name: 50, shortDescription: 200, detailedDescription: 16_000 } as const;
export const SCREENSHOT_SIZES = [
  [1280, 800],
  [640, 400],
  [2560, 1600],
] as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's pixel size from its IHDR chunk, or null when the file is not a PNG. */
export function pngSize(file: string): { width: number; height: number } | null {
  const head = readFileSync(file).subarray(0, 24);
  if (
    head.length < 24 ||
    !head.subarray(0, 8).equals(PNG_SIGNATURE) ||
    head.toString('latin1', 12, 16) !== 'IHDR'
  )
    return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

interface Listing {
  name: string;
  shortDescription: string;
  category: string;
  detailedDescription: string;
  screenshots: string[];
}

function pictureProblem(
  kit: string,
  file: string,
  sizes: readonly (readonly [number, number])[],
): string | null {
  const where = path.join(kit, file);
  if (!existsSync(where)) return `marketplace/${file} is missing.`;
  const size = pngSize(where);
  if (!size) return `marketplace/${file} is not a PNG.`;
  if (sizes.some(([w, h]) => size.width === w && size.height === h)) return null;
  return `marketplace/${file} is ${size.width}×${size.height}, not ${sizes.map(([w, h]) => `${w}×${h}`).join(' or ')}.`;
}

export function kitProblems(
  kit: string,
  manifestScopes: readonly string[],
  listing: readonly string[],
  consentTable?: string,
): string[] {
  const problems: string[] = [];
  const texts = JSON.parse(readFileSync(path.join(kit, 'listing.json'), 'utf8')) as Listing;
  const detailed = readFileSync(path.join(kit, texts.detailedDescription), 'utf8');
  const lengths = {
    name: texts.name,
    shortDescription: texts.shortDescription,
    detailedDescription: detailed,
  };
  for (const [field, text] of Object.entries(lengths) as [keyof typeof LIMITS, string][]) {
    const limit = LIMITS[field];
    // The detailed description must stay under its limit; the others may reach theirs.
    const over = field === 'detailedDescription' ? text.length >= limit : text.length > limit;
    if (over || text.trim() === '')
      problems.push(`The listing's ${field} is ${text.length} characters; the limit is ${limit}.`);
  }
  if (!texts.category?.trim()) problems.push('The listing names no category.');
  const addresses = readAddresses(kit);
  for (const field of ADDRESS_FIELDS)
    if (!addresses[field]?.startsWith('https://'))
      problems.push(`The listing's ${field} address (addresses.json) must be https://.`);
  for (const { file, width, height } of ART)
    problems.push(...[pictureProblem(kit, file, [[width, height]])].filter((p) => p !== null));
  if (texts.screenshots.length < 1 || texts.screenshots.length > 5)
    problems.push('The listing needs 1 to 5 screenshots.');
  for (const file of texts.screenshots)
    problems.push(...[pictureProblem(kit, file, SCREENSHOT_SIZES)].filter((p) => p !== null));
  const { onlyInManifest, onlyInListing } = scopeDifference(manifestScopes, listing);
  for (const scope of onlyInManifest)
    problems.push(`The add-on manifest asks for ${scope}, which the listing does not name.`);
  for (const scope of onlyInListing)
    problems.push(`The listing names ${scope}, which the add-on manifest does not ask for.`);
  if (consentTable !== undefined)
    for (const scope of listing) {
      const short = scope.replace('https://www.googleapis.com/auth/', '');
      if (!consentTable.includes(short))
        problems.push(`docs/permissions.md's table of features and scopes does not name ${short}.`);
    }
  return problems;
}
