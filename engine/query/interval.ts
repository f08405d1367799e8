/**
 * Calendar intervals (document 2 "Functions" interval() and date_bin(), "Operators" date +/-
 * interval): a count of months (a year is twelve) and a count of days (a week is seven).
 *
 * Months and days are held as JavaScript numbers. The spec lets them range over 64 bits; this
 * module accepts magnitudes up to 2^53 - 1 (exact in a double) and treats larger ones as
 * unreadable (interval() gives NULL; adding intervals past it is an integer overflow). Such an
 * interval moves any date out of years 1 to 9999 anyway, so no date result differs.
 */
import { civilFromDays, daysFromCivil, daysInMonth, inRange, type DayNum } from '../dates';
import { QueryError } from './errors';
import { INTEGER_OVERFLOW, type Interval } from './types';

const INTERVAL_RE = /^\s*([+-]?\d+)\s*(day|week|month|year)s?\s*$/i;

/**
 * interval(str): an integer with optional sign and a unit (day, week, month, year or plurals),
 * e.g. '1 month', '-2 weeks', '+10 days'. Case and surrounding spaces are not significant
 * (the spec is silent; PostgreSQL reads intervals so). Anything else gives null.
 */
export function parseInterval(text: string): Interval | null {
  const m = INTERVAL_RE.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2].toLowerCase();
  const factor = unit === 'year' ? 12 : unit === 'week' ? 7 : 1;
  const v = n * factor;
  if (!Number.isSafeInteger(v)) return null;
  const z = v === 0 ? 0 : v; // no -0
  return unit === 'year' || unit === 'month' ? { months: z, days: 0 } : { months: 0, days: z };
}

function part(n: number, unit: string): string {
  return n + ' ' + unit + (n === 1 || n === -1 ? '' : 's');
}

/**
 * Text form: `1 year 2 months`, `14 days`, `-1 year -2 months 3 days`; zero parts left out; the
 * zero interval is `0 days`. Weeks were turned into days when parsed, so they read as days.
 */
export function intervalText(iv: Interval): string {
  const years = Math.trunc(iv.months / 12);
  const months = iv.months - years * 12;
  const parts: string[] = [];
  if (years !== 0) parts.push(part(years, 'year'));
  if (months !== 0) parts.push(part(months, 'month'));
  if (iv.days !== 0) parts.push(part(iv.days, 'day'));
  return parts.length ? parts.join(' ') : '0 days';
}

function checked(v: number): number {
  if (!Number.isSafeInteger(v)) throw new QueryError(INTEGER_OVERFLOW);
  return v === 0 ? 0 : v;
}

export function addIntervals(a: Interval, b: Interval): Interval {
  return { months: checked(a.months + b.months), days: checked(a.days + b.days) };
}

export function subIntervals(a: Interval, b: Interval): Interval {
  return { months: checked(a.months - b.months), days: checked(a.days - b.days) };
}

/**
 * date + interval (sign 1) or date - interval (sign -1): months first, keeping the day of month
 * unless that month is shorter (then its last day), then days. Null outside years 1 to 9999.
 */
export function addInterval(day: DayNum, iv: Interval, sign: 1 | -1 = 1): DayNum | null {
  // The months step may leave 1..9999 and the days step come back (an interval made by
  // subtracting intervals can mix signs), so only the end result is range-checked. A shift of
  // more than 10,000 years of months gives null outright: the calendar arithmetic would lose
  // precision, and only an absurd opposite day count could bring such a date back.
  if (Math.abs(iv.months) > MAX_MONTHS_SHIFT) return null;
  const d = shiftMonths(day, sign * iv.months) + sign * iv.days;
  return inRange(d) ? d : null;
}

const MAX_MONTHS_SHIFT = 12 * 10_000;

/** Months shift without the 1..9999 range check (bin arithmetic may step outside on the way). */
function shiftMonths(day: DayNum, months: number): DayNum {
  if (months === 0) return day;
  const [y, m, d] = civilFromDays(day);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  return daysFromCivil(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/**
 * date_bin(stride, date, origin): start of the bin holding `date`, bins starting at
 * origin + k x stride for every integer k, each computed from the origin (from 2024-01-31 with
 * one month: 02-29, 03-31, 04-30, ...). A date on a boundary starts that bin. A zero or negative
 * stride, or months and days of opposite signs, gives null; so does a start outside 1..9999.
 *
 * k is estimated from the mean stride length and corrected by a step or two (month lengths
 * make bin starts deviate from k x mean by a few days at most), so the cost does not grow with
 * the distance between date and origin.
 */
export function dateBin(stride: Interval, date: DayNum, origin: DayNum): DayNum | null {
  const m = stride.months;
  const d = stride.days;
  if (m < 0 || d < 0 || (m === 0 && d === 0)) return null;
  const start = (k: number): DayNum => shiftMonths(origin, k * m) + k * d;
  const mean = m * 30.436875 + d; // 146097 days / 4800 months
  let k = Math.floor((date - origin) / mean);
  while (start(k) > date) k--;
  while (start(k + 1) <= date) k++;
  const s = start(k);
  return inRange(s) ? s : null;
}
