// Utilities.formatDate: Java SimpleDateFormat patterns in a named time zone. Letters it does not know
// throw `not emulated`, rather than printing something plausible and wrong.
import { GasError, messages } from './messages.ts';
import { offsetMinutes, wallTime } from './zone.ts';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function offset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}${colon ? ':' : ''}${pad(abs % 60, 2)}`;
}

export function formatDate(ms: number, timeZone: string, pattern: string): string {
  const w = wallTime(ms, timeZone);
  const off = offsetMinutes(ms, timeZone);
  const field = (letter: string, n: number): string => {
    switch (letter) {
      case 'y':
        return n === 2 ? pad(w.year % 100, 2) : pad(w.year, n);
      case 'M':
        if (n >= 4) return MONTH_NAMES[w.month - 1] ?? '';
        if (n === 3) return (MONTH_NAMES[w.month - 1] ?? '').slice(0, 3);
        return pad(w.month, n);
      case 'd':
        return pad(w.day, n);
      case 'H':
        return pad(w.hour, n);
      case 'h':
        return pad(w.hour % 12 === 0 ? 12 : w.hour % 12, n);
      case 'm':
        return pad(w.minute, n);
      case 's':
        return pad(w.second, n);
      case 'S':
        return pad(w.millisecond, 3).slice(0, Math.max(n, 3));
      case 'a':
        return w.hour < 12 ? 'AM' : 'PM';
      case 'E':
        return n >= 4 ? (DAY_NAMES[w.weekday - 1] ?? '') : (DAY_NAMES[w.weekday - 1] ?? '').slice(0, 3);
      case 'u':
        return String(w.weekday);
      case 'Z':
        return offset(off, false);
      case 'X':
        if (off === 0) return 'Z';
        return n === 1 ? offset(off, false).slice(0, 3) : offset(off, n >= 3);
      case 'z':
        return off === 0 ? 'GMT' : `GMT${offset(off, true)}`;
      default:
        throw new GasError(messages.notEmulated(`Utilities.formatDate pattern letter "${letter}"`));
    }
  };
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const ch = pattern[i] ?? '';
    if (ch === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) {
        out += "'";
        i += 2;
        continue;
      }
      const stop = end < 0 ? pattern.length : end;
      out += pattern.slice(i + 1, stop);
      i = stop + 1;
      continue;
    }
    if (/[A-Za-z]/.test(ch)) {
      let n = 1;
      while (pattern[i + n] === ch) n++;
      out += field(ch, n);
      i += n;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}
