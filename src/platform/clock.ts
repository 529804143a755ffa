// ClockPort: Apps Script's clock, and Utilities.sleep (which counts toward the execution's time limit).
import type { ClockPort } from '../core/ports';

export const platformClock: ClockPort = {
  now: () => Date.now(),
  sleep: (ms) => {
    if (ms > 0) Utilities.sleep(Math.ceil(ms));
  },
};
