// The entry points' last net over a plain log: Google's refusals leave as the author's sentence, Google's
// own text reaches the log only, and errors of ours pass as they are.
import { describe, expect, it } from 'vitest';
import { FORMULA_ASKS_AGAIN, plainEntryPoints } from '../../../src/core/flows/plain-refusals.ts';
import { plainMessageOf } from '../../../src/core/google-faults.ts';

const SHEETS_TIMEOUT = 'Service Spreadsheets timed out while accessing document with id 1AbC.';
const URLFETCH_DAY = 'Service invoked too many times for one day: urlfetch.';

function logged() {
  const lines: string[] = [];
  return { lines, log: (text: string) => void lines.push(text) };
}

describe('the entry points behind the net', () => {
  it('answer as they did when nothing is refused', () => {
    const { lines, log } = logged();
    const group = plainEntryPoints({ add: (a: number, b: number) => a + b }, log);
    expect(group.add(2, 3)).toBe(5);
    expect(lines).toEqual([]);
  });

  it("leave Google's refusal as the author's sentence, with what comes after, its text to the log", () => {
    const { lines, log } = logged();
    const group = plainEntryPoints(
      {
        ROYALTIES: () => {
          throw new Error(SHEETS_TIMEOUT);
        },
      },
      log,
      FORMULA_ASKS_AGAIN,
    );
    let thrown: unknown;
    try {
      group.ROYALTIES();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    const message = (thrown as Error).message;
    expect(message).toMatch(/^Google took too long to answer while working on this spreadsheet\./);
    expect(message.endsWith(` ${FORMULA_ASKS_AGAIN}`)).toBe(true);
    expect(message).not.toContain('Service Spreadsheets');
    expect(lines).toEqual([`ROYALTIES: Google refused: ${SHEETS_TIMEOUT}`]);
  });

  it('say a refusal without anything after when none is given', () => {
    const { log } = logged();
    const group = plainEntryPoints(
      {
        refresh: () => {
          throw new Error(URLFETCH_DAY);
        },
      },
      log,
    );
    expect(() => group.refresh()).toThrow(/daily allowance of requests to the internet.*tries again then\.$/);
  });

  it('let errors of ours pass unchanged', () => {
    const { lines, log } = logged();
    const ours = new Error('Choose a period first.');
    const group = plainEntryPoints(
      {
        refresh: () => {
          throw ours;
        },
      },
      log,
    );
    expect(() => group.refresh()).toThrow(ours);
    expect(lines).toEqual([]);
  });

  it("send Google's words said plainly inside the run to the same log", () => {
    const { lines, log } = logged();
    const group = plainEntryPoints({ status: () => plainMessageOf(new Error(SHEETS_TIMEOUT)) }, log);
    expect(group.status()).toMatch(/^Google took too long/);
    expect(lines).toEqual([`Google refused: ${SHEETS_TIMEOUT}`]);
  });
});
