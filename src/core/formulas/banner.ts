// The truncation banner: the row above the header when the API says some rows could not be read
// (docs/api.md §1, truncation: the figures may be too low; the remedy is a shorter period).

/** `rows` under one banner row per line, every row padded to the widest. */
export function withBanners<T>(rows: readonly (readonly T[])[], lines: readonly T[], blank: T): T[][] {
  const all: (readonly T[])[] = [...lines.map((line) => [line]), ...rows];
  const width = Math.max(1, ...all.map((row) => row.length));
  return all.map((row) =>
    row.length === width ? [...row] : [...row, ...new Array<T>(width - row.length).fill(blank)],
  );
}
