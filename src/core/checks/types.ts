// What a reconciliation check says (reconcile.ts).
import type { EndpointId } from '../endpoints';

export type CheckResult = 'agrees' | 'differs' | 'unchecked';

/** Plain JSON: kept in the refresh summary, the nightly record and the CLI's `--json`. */
export interface Check {
  /** What is compared, in the author's words: "Royalties: Summary against Books". */
  readonly subject: string;
  readonly result: CheckResult;
  /** One sentence with both figures and the gap, or why it cannot be checked (the result is shown beside
   * it wherever it is: the Status tab's Checks, `--json`). */
  readonly text: string;
  /** The tabs whose figures are compared: their banners carry a check that does not add up. */
  readonly tabs: readonly EndpointId[];
}
