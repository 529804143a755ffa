// Which timeline answer the ledger may merge: a complete one, of days, each day on one row, in the
// currency asked for.
// Anything else is the reason the history keeps the figures it had (round 1's timeline) or passes over
// a longer period (the backfill).

import { messageOf } from '../base/unknown';
import { type ReportTable, toReportTable } from '../report';
import type { Fetched } from '../tabs';
import { notDailyReason } from './not-daily';
import { KEEPS, type TimelineAnswer, timelineDays } from './timeline';

export const TRUNCATED_TIMELINE = `Some of the timeline's rows could not be read, ${KEEPS}`;

/** The days of a fetched timeline, or why the ledger takes none of them. `currency` null: any. */
export function timelineAnswer(fetched: Fetched | undefined, currency: string | null): TimelineAnswer {
  if (!fetched) return { reason: 'The timeline was not fetched.' };
  if (!fetched.ok) return { reason: fetched.error };
  let table: ReportTable;
  try {
    table = toReportTable(fetched.data, 'timeline', fetched.unread);
  } catch (err) {
    return { reason: messageOf(err) };
  }
  if (table.meta.truncated) return { reason: TRUNCATED_TIMELINE };
  const read = timelineDays(table);
  if ('reason' in read) return read;
  const days = read.result;
  const notDaily = notDailyReason(fetched.data, days);
  if (notDaily !== null) return { reason: notDaily };
  if (currency !== null && days.currency !== currency)
    return { reason: `The timeline answered in ${days.currency}, not ${currency}.` };
  return { result: days };
}
