// npm start's options: what is accepted, and that range and currency are refused with the add-on's words.
import { describe, expect, it } from 'vitest';
import { DEFAULT_OUT, KEY_ENV, parseArgs, parseTabs, UsageError } from '../../local/cli/options.ts';
import { terminalWords } from '../../local/cli/words.ts';
import { ENDPOINT_IDS, ENDPOINTS } from '../../src/core/endpoints.ts';
import { normaliseCurrency, normalisePeriod } from '../../src/core/settings.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';

function options(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const parsed = parseArgs(argv, env);
  if (parsed.help) throw new Error('expected options, got help');
  return parsed.options;
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseArgs', () => {
  it('defaults to the demo API, every tab, the default range and the account currency', () => {
    const o = options([]);
    expect(o).toEqual({
      apiUrl: null,
      key: null,
      period: 'last_30_days',
      currency: null,
      tabs: TAB_CHOICES,
      out: DEFAULT_OUT,
      json: false,
      emailPreview: null,
    });
  });

  it('reads every option in both --name value and --name=value forms', () => {
    const a = options(['--range', 'last_90_days', '--currency', 'eur', '--out', 'x.xlsx', '--json']);
    const b = options(['--range=last_90_days', '--currency=eur', '--out=x.xlsx', '--json']);
    expect(a).toEqual(b);
    expect(a.period).toBe('last_90_days');
    expect(a.currency).toBe('EUR');
    expect(a.out).toBe('x.xlsx');
    expect(a.json).toBe(true);
  });

  it('--period is the word all output uses; --range is kept as the same option', () => {
    expect(options(['--period', 'last_90_days']).period).toBe('last_90_days');
    expect(options(['--period=month_to_date']).period).toBe('month_to_date');
    expect(options(['--range', 'last_90_days'])).toEqual(options(['--period', 'last_90_days']));
    expect(messageOf(() => parseArgs(['--period', 'a b']))).toMatch(
      /^--period "a b" is not a period name.* --period /,
    );
  });

  it('--help wins over anything else', () => {
    expect(parseArgs(['--currency', '12', '--help'])).toEqual({ help: true });
    expect(parseArgs(['-h'])).toEqual({ help: true });
  });

  it('refuses an unknown option, a stray argument and a missing value', () => {
    expect(messageOf(() => parseArgs(['--frobnicate']))).toContain('Unknown option --frobnicate');
    expect(messageOf(() => parseArgs(['--colour=red']))).toContain('Unknown option --colour');
    expect(messageOf(() => parseArgs(['royalties.xlsx']))).toContain('Unexpected argument "royalties.xlsx"');
    expect(messageOf(() => parseArgs(['--range']))).toContain('--range needs a value');
    expect(messageOf(() => parseArgs(['--out', '--json']))).toContain('--out needs a value');
  });

  it('suggests the option a typo was near, and none when nothing is near', () => {
    expect(messageOf(() => parseArgs(['--tab', 'books']))).toBe('Unknown option --tab. Did you mean --tabs?');
    expect(messageOf(() => parseArgs(['--tasb=books']))).toBe('Unknown option --tasb. Did you mean --tabs?');
    expect(messageOf(() => parseArgs(['--preiod', 'last_90_days']))).toBe(
      'Unknown option --preiod. Did you mean --period?',
    );
    expect(messageOf(() => parseArgs(['--emial-preview', 'a.html']))).toContain(
      'Did you mean --email-preview?',
    );
    expect(messageOf(() => parseArgs(['--frobnicate']))).toBe('Unknown option --frobnicate.');
  });

  it('refuses a bad currency or range with the message the add-on gives', () => {
    for (const currency of ['12', 'EURO', '€']) {
      const expected = (() => {
        try {
          normaliseCurrency(currency);
        } catch (err) {
          return (err as Error).message;
        }
        throw new Error(`${currency} should be refused by the add-on too`);
      })();
      // The add-on's check, in the terminal's words (the option, not the sidebar field).
      expect(messageOf(() => parseArgs(['--currency', currency]))).toBe(terminalWords(expected));
    }
    const range = 'last 30 days; DROP';
    expect(() => normalisePeriod(range)).toThrow();
    expect(messageOf(() => parseArgs(['--range', range]))).toContain('is not a period name');
  });

  it('takes the key from --key, or from the environment only for the real API', () => {
    expect(options(['--key', ' abc '], {}).key).toBe('abc');
    // The demo API would refuse an author's real key, so the environment does not reach it.
    expect(options([], { [KEY_ENV]: 'from-env' }).key).toBeNull();
    const real = options(['--api-url', 'https://api.example.com/v1/'], { [KEY_ENV]: 'from-env' });
    expect(real).toMatchObject({ apiUrl: 'https://api.example.com/v1', key: 'from-env' });
    expect(options(['--api-url', 'https://api.example.com/v1', '--key', 'k'], { [KEY_ENV]: 'env' }).key).toBe(
      'k',
    );
    // An empty variable is no key at all.
    const empty = { [KEY_ENV]: '' };
    expect(messageOf(() => parseArgs(['--api-url', 'https://api.example.com/v1'], empty))).toContain(KEY_ENV);
  });

  it('refuses --api-url without a key, and an address that is not a plain http(s) base URL', () => {
    expect(messageOf(() => parseArgs(['--api-url', 'https://api.example.com/v1'], {}))).toContain(KEY_ENV);
    expect(messageOf(() => parseArgs(['--api-url', 'not a url', '--key', 'k']))).toContain('is not a URL');
    expect(messageOf(() => parseArgs(['--api-url', 'ftp://h/v1', '--key', 'k']))).toContain('http(s)');
    expect(messageOf(() => parseArgs(['--api-url', 'https://h/v1?key=x', '--key', 'k']))).toContain(
      'without a query',
    );
    expect(messageOf(() => parseArgs(['--key', '  ']))).toContain('--key is empty');
  });
});

describe('parseTabs', () => {
  it('accepts endpoint ids and tab names, in any case and order, and keeps the add-on order', () => {
    const typed = [...ENDPOINT_IDS]
      .reverse()
      .map((id, i) => (i % 2 ? id : ENDPOINTS[id].title.toUpperCase()));
    expect(parseTabs(typed.join(', '))).toEqual(ENDPOINT_IDS);
    expect(parseTabs('Books')).toEqual(['books-report']);
    expect(parseTabs('kenp by book,summary')).toEqual(['summary', 'kenp-books']);
  });

  it('names the known tabs when one is unknown', () => {
    const message = messageOf(() => parseTabs('summary,royalty'));
    expect(message).toContain('Unknown tab "royalty"');
    for (const id of ENDPOINT_IDS) expect(message).toContain(id);
    expect(messageOf(() => parseTabs(' , '))).toContain('at least one tab');
  });
});
