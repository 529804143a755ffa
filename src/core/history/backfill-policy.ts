// The backfill across refreshes: when the ledger asks for the longer periods, and which failures leave
// that backfill due for the next refresh. A period the API refused is its answer; one that got no answer
// in time (the refresh's budget spent, no answer, a server error) is asked for again next time.
import type { ApiErrorKind, ApiOutcome, ApiRequest } from '../api';
import { fetchedOf } from '../tabs';
import { BACKFILL_PERIODS, type BackfillTry, needsBackfill } from './backfill';
import { combineDays, type TimelineDays } from './timeline';
import { timelineAnswer } from './timeline-answer';

/** Failures that are no answer from the API, rather than its refusal: the backfill is tried again. */
const UNANSWERED: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>([
  'out-of-time',
  'timeout',
  'network',
  'server',
  'rate-limited',
  'preparing',
]);

/** Whether a backfill request failing so leaves the backfill due for the next refresh. */
export function leavesBackfillDue(kind: ApiErrorKind): boolean {
  return UNANSWERED.has(kind);
}

interface BackfillInput {
  /** Round 1's timeline, as the ledger takes it (timelineAnswer). */
  readonly timeline: TimelineDays;
  /** The ledger's column keys before this refresh. */
  readonly ledgerKeys: readonly string[];
  /** Currencies whose backfill an earlier refresh left due (TabMark.backfillDue; '' for none named). */
  readonly earlierDue: readonly string[];
}

interface BackfillStep {
  /** Round 1's timeline with the backfilled days before it (round 1's alone when none came). */
  readonly timeline: TimelineDays;
  /** The periods tried, longest first; null when the ledger needed no backfill. */
  readonly tries: readonly BackfillTry<TimelineDays>[] | null;
  /** Every currency whose backfill the next refresh tries again (the ledger's mark keeps them). */
  readonly due: readonly string[];
  /** Whether the timeline's own currency is among them. */
  readonly stillDue: boolean;
}

/**
 * The ledger's first refresh in a currency (or one whose backfill is still due) asks for the longer
 * periods, each one request through `fetchOne`; any other refresh asks nothing.
 */
export function backfillStep(
  input: BackfillInput,
  fetchOne: (request: ApiRequest) => ApiOutcome,
): BackfillStep {
  let timeline = input.timeline;
  const currency = timeline.currency;
  const currencyKey = currency ?? '';
  const due = input.earlierDue.filter((c) => c !== currencyKey);
  if (!needsBackfill(input.ledgerKeys, currency) && !input.earlierDue.includes(currencyKey))
    return { timeline, tries: null, due, stillDue: false };
  let unanswered = false;
  const tries: BackfillTry<TimelineDays>[] = [];
  for (const period of BACKFILL_PERIODS) {
    const outcome = fetchOne({ endpoint: 'timeline', period, ...(currency ? { currency } : {}) });
    if (!outcome.ok && leavesBackfillDue(outcome.error.kind)) unanswered = true;
    const answer = timelineAnswer(fetchedOf(outcome), currency);
    if ('result' in answer) {
      tries.push({ period, result: answer.result, reason: null });
      timeline = combineDays(answer.result, timeline);
      break;
    }
    // An answer passed over is not the API's refusal: the Status tab says why.
    tries.push({ period, result: null, reason: answer.reason, ...(outcome.ok ? { answered: true } : {}) });
  }
  // No answer in time and none kept: the next refresh tries again.
  const stillDue = unanswered && !tries.some((t) => t.result);
  return { timeline, tries, due: stillDue ? [...due, currencyKey] : due, stillDue };
}
