// npm run bench [--quick] [--json PATH] [--markdown PATH] [--no-page] [--cost [PROFILE.]NAME=MS]…
//                [--ms-per-call N] [--ms-per-request N]
import {
  DEFAULT_PROFILES,
  DEFAULT_UNIFORM,
  type Profiles,
  type UniformModel,
  withFigures,
} from './cost-model.ts';

/** Where a full run writes its figures, from the repository root. */
export const PERFORMANCE_PAGE = 'docs/performance.md';

interface BenchOptions {
  /** CI: fewer repetitions; the counts (and so the targets) are the same, the times less steady. */
  readonly quick: boolean;
  readonly jsonPath: string | null;
  /** The performance block, as markdown, in a file of its own. */
  readonly markdownPath: string | null;
  /** The page whose bench block a full run rewrites (docs/performance.md); none with --quick or --no-page. */
  readonly pagePath: string | null;
  /** The sourced model's low, central and high figures, as --cost changed them. */
  readonly profiles: Profiles;
  /** The earlier uniform model, printed as a comparison (--ms-per-call, --ms-per-request). */
  readonly uniform: UniformModel;
}

export interface Repetitions {
  readonly refresh: number;
  readonly formulas: number;
  readonly load: number;
  readonly reportTable: number;
  readonly cache: number;
}

const USAGE =
  'Usage: npm run bench -- [--quick] [--json PATH] [--markdown PATH] [--no-page] [--cost [low.|central.|high.]NAME=MS]... [--ms-per-call N] [--ms-per-request N]';

export function parseOptions(argv: readonly string[]): BenchOptions {
  let quick = false;
  let jsonPath: string | null = null;
  let markdownPath: string | null = null;
  let page = true;
  let { msPerCall, msPerRequest } = DEFAULT_UNIFORM;
  const costs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = (what: string): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} takes ${what}. ${USAGE}`);
      return next;
    };
    const milliseconds = (): number => {
      const n = Number(argv[++i]);
      if (argv[i] === undefined || !Number.isFinite(n) || n < 0)
        throw new Error(`${flag} takes a number of milliseconds (0 or more). ${USAGE}`);
      return n;
    };
    if (flag === '--quick') quick = true;
    else if (flag === '--json') jsonPath = value('a path');
    else if (flag === '--markdown') markdownPath = value('a path');
    else if (flag === '--no-page') page = false;
    else if (flag === '--cost') costs.push(value('NAME=MS'));
    else if (flag === '--ms-per-call') msPerCall = milliseconds();
    else if (flag === '--ms-per-request') msPerRequest = milliseconds();
    else throw new Error(`Unknown option ${flag}. ${USAGE}`);
  }
  return {
    quick,
    jsonPath,
    markdownPath,
    // Only a full run's medians belong on the page: --quick's times are less steady.
    pagePath: page && !quick ? PERFORMANCE_PAGE : null,
    profiles: withFigures(DEFAULT_PROFILES, costs),
    uniform: { msPerCall, msPerRequest },
  };
}

/** Times are medians of at least five runs; --quick takes fewer. */
export function repetitions(quick: boolean): Repetitions {
  return quick
    ? { refresh: 2, formulas: 1, load: 20, reportTable: 2, cache: 2 }
    : { refresh: 5, formulas: 5, load: 20, reportTable: 5, cache: 9 };
}
