// When a time-based trigger fires: `atHour(h)` is an hour of the day in the trigger's time zone, which is
// `inTimezone(tz)` when given and the script's (the manifest's timeZone) otherwise
// (reference/script/clock-trigger-builder: inTimezone "Specifies the timezone for the specified
// dates/time when the trigger runs"; by default the script's). Google picks a minute within the hour;
// the emulator takes the hour's start.
import type { TriggerModel } from './state.ts';
import { wallTime } from './zone.ts';

const QUARTER_HOUR = 15 * 60_000;
const HOUR = 60 * 60_000;

/** What runTrigger says for a test deployment (workspace/add-ons/how-tos/testing-editor-addons). */
export const TEST_DEPLOYMENT_NEVER_FIRES =
  "Installable triggers aren't supported when testing: in a test deployment of an Editor add-on this trigger never fires.";

/** The first instant after `now` at which the trigger fires. */
export function nextRun(trigger: TriggerModel, now: number): number {
  if (trigger.everyHours !== undefined) return now + trigger.everyHours * HOUR;
  if (trigger.atHour === undefined) return now + (trigger.everyDays ?? 1) * 24 * HOUR;
  // Every zone's offset is a whole number of quarter hours, so stepping by quarter hours meets the hour's start.
  let t = Math.floor(now / QUARTER_HOUR) * QUARTER_HOUR + QUARTER_HOUR;
  for (let i = 0; i < 4 * 49; i++, t += QUARTER_HOUR) {
    const wall = wallTime(t, trigger.timeZone);
    if (wall.hour === trigger.atHour && wall.minute === 0) return t;
  }
  throw new Error(`Trigger ${trigger.id}: no ${trigger.atHour}:00 in ${trigger.timeZone} within two days.`);
}
