// npm run bench [--quick] [--json PATH] [--markdown PATH]
export interface BenchOptions {
  /** CI: fewer repetitions; the counts (and so the targets) are the same, the times less steady. */
  readonly quick: boolean;
  readonly jsonPath: string | null;
  /** The README's Performance block, as markdown. */
  readonly markdownPath: string | null;
}

export interface Repetitions {
  readonly refresh: number;
  readonly formulas: number;
  readonly load: number;
  readonly reportTable: number;
  readonly cache: number;
}

export const USAGE = 'Usage: npm run bench -- [--quick] [--json PATH] [--markdown PATH]';

export function parseOptions(argv: readonly string[]): BenchOptions {
  let quick = false;
  let jsonPath: string | null = null;
  let markdownPath: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} takes a path. ${USAGE}`);
      return next;
    };
    if (flag === '--quick') quick = true;
    else if (flag === '--json') jsonPath = value();
    else if (flag === '--markdown') markdownPath = value();
    else throw new Error(`Unknown option ${flag}. ${USAGE}`);
  }
  return { quick, jsonPath, markdownPath };
}

/** Times are medians of at least five runs; --quick takes fewer. */
export function repetitions(quick: boolean): Repetitions {
  return quick
    ? { refresh: 2, formulas: 1, load: 5, reportTable: 2, cache: 2 }
    : { refresh: 5, formulas: 5, load: 20, reportTable: 5, cache: 9 };
}
