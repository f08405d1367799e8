/**
 * Date functions (document 2 "Functions", Dates). Dates are years 1 to 9999; a result outside
 * is NULL, as are unknown fields and unreadable text.
 */
import { addMonths, civilFromDays, daysFromCivil, inRange, makeDate, weekday, type DayNum } from '../../dates';
import { dateBin, parseInterval } from '../interval';
import type { Interval } from '../types';
import { scalar } from './declare';
import type { ScalarOverload } from './registry';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const year = (d: DayNum): number => civilFromDays(d)[0];
const checked = (d: DayNum): DayNum | null => (inRange(d) ? d : null);

/** ISO 8601 week-numbering year and week: the week belongs to the year of its Thursday. */
export function isoWeek(d: DayNum): [number, number] {
  const thursday = d - weekday(d) + 3;
  const y = year(thursday);
  return [y, Math.floor((thursday - daysFromCivil(y, 1, 1)) / 7) + 1];
}

/**
 * date_trunc: week (Monday), month, quarter, year, decade, century (1901, 2001, ...),
 * millennium (1001, 2001, ...). Fields are matched as written in lower case ("field
 * lower-case"); any other text, 'Month' included, gives NULL.
 */
export function dateTrunc(field: string, d: DayNum): DayNum | null {
  const [y, m] = civilFromDays(d);
  switch (field) {
    case 'week':
      return checked(d - weekday(d));
    case 'month':
      return daysFromCivil(y, m, 1);
    case 'quarter':
      return daysFromCivil(y, m - ((m - 1) % 3), 1);
    case 'year':
      return daysFromCivil(y, 1, 1);
    case 'decade':
      return checked(daysFromCivil(y - (y % 10), 1, 1));
    case 'century':
      return daysFromCivil(Math.floor((y - 1) / 100) * 100 + 1, 1, 1);
    case 'millennium':
      return daysFromCivil(Math.floor((y - 1) / 1000) * 1000 + 1, 1, 1);
    default:
      return null;
  }
}

/** Months in each date_trunc field that has a fixed number of months. */
const FIELD_MONTHS: Record<string, number> = { month: 1, quarter: 3, year: 12, decade: 120, century: 1200, millennium: 12000 };

/**
 * date_end (beyond the spec, issue 16 follow-up): the last day of the date_trunc period holding
 * the date (Sunday for a week), so a statement can value each interval column at its last day in
 * one scan. Same fields as date_trunc; other text NULL; NULL past 9999-12-31.
 */
export function dateEnd(field: string, d: DayNum): DayNum | null {
  const start = dateTrunc(field, d);
  if (start === null) return null;
  if (field === 'week') return checked(start + 6);
  const next = addMonths(start, FIELD_MONTHS[field]);
  if (next !== null) return checked(next - 1);
  // addMonths stops at 9999: a period starting right after its end ends on 9999-12-31.
  const [y, m] = civilFromDays(start);
  return y * 12 + (m - 1) + FIELD_MONTHS[field] === 10000 * 12 ? daysFromCivil(9999, 12, 31) : null;
}

/**
 * date_part: weekday/dow (Monday 0), isoweekday/isodow (Monday 1), week (ISO), month, quarter,
 * year, isoyear, decade (year / 10), century and millennium (counted from year 1: 2000 is in the
 * 20th century and 2nd millennium, 2001 in the 21st and 3rd), epoch (seconds from 1970-01-01 to
 * the date's midnight, the date read without a timezone). No day field; others NULL.
 */
export function datePart(field: string, d: DayNum): bigint | null {
  const [y, m] = civilFromDays(d);
  switch (field) {
    case 'weekday':
    case 'dow':
      return BigInt(weekday(d));
    case 'isoweekday':
    case 'isodow':
      return BigInt(weekday(d) + 1);
    case 'week':
      return BigInt(isoWeek(d)[1]);
    case 'month':
      return BigInt(m);
    case 'quarter':
      return BigInt(Math.floor((m - 1) / 3) + 1);
    case 'year':
      return BigInt(y);
    case 'isoyear':
      return BigInt(isoWeek(d)[0]);
    case 'decade':
      return BigInt(Math.floor(y / 10));
    case 'century':
      return BigInt(Math.floor((y - 1) / 100) + 1);
    case 'millennium':
      return BigInt(Math.floor((y - 1) / 1000) + 1);
    case 'epoch':
      return BigInt(d) * 86400n;
    default:
      return null;
  }
}

/** date(str): YYYY-MM-DD, month and day with one or two digits. */
const DATE_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
export function dateFromText(s: string): DayNum | null {
  const m = DATE_TEXT.exec(s);
  return m ? makeDate(+m[1], +m[2], +m[3]) : null;
}

function dateFromParts(y: bigint, m: bigint, d: bigint): DayNum | null {
  // Out-of-range bigints cannot name a day; keep them away from Number().
  if (y < 1n || y > 9999n || m < 1n || m > 12n || d < 1n || d > 31n) return null;
  return makeDate(Number(y), Number(m), Number(d));
}

function dateAdd(d: DayNum, n: bigint): DayNum | null {
  if (n > 4_000_000n || n < -4_000_000n) return null;
  return checked(d + Number(n));
}

/**
 * parseInterval of the text seen last: date_bin with its stride as text runs once per row with
 * the same parameter (the dashboard's buckets over 300k postings parsed it 300k times).
 */
let lastIntervalText: string | null = null;
let lastInterval: Interval | null = null;
function parseIntervalOnce(text: string): Interval | null {
  if (text !== lastIntervalText) {
    lastInterval = parseInterval(text);
    lastIntervalText = text;
  }
  return lastInterval;
}

/**
 * dateBin of the arguments seen last: rows come in date order, many on one date (a period
 * clause's opening balances, thousands of rows, all on the day before OPEN ON), and the calendar
 * arithmetic of a month or week bin cost more per row than the rest of a graph's grouping.
 */
let binInterval: Interval | null = null;
let binDate = 0;
let binOrigin = 0;
let binResult: DayNum | null = null;
function dateBinOnce(i: Interval, d: DayNum, o: DayNum): DayNum | null {
  if (i !== binInterval || d !== binDate || o !== binOrigin) {
    binResult = dateBin(i, d, o);
    binInterval = i;
    binDate = d;
    binOrigin = o;
  }
  return binResult;
}

const DATE_BIN_DESC =
  "start of the bin holding the date; bins start at origin (third argument) + k x stride for every integer k, each computed from the origin (from 2024-01-31 a '1 month' stride starts on 02-29, 03-31, 04-30, ...); earlier dates fall in bins laid backwards; a date exactly on a boundary starts that bin; stride zero or negative, months and days with opposite signs, or unreadable text gives NULL";

export const DATES: readonly ScalarOverload[] = [
  scalar('year(date) -> int', 'parts (month 1 to 12)', ([d]: [DayNum]) => BigInt(year(d))),
  scalar('month(date) -> int', 'parts (month 1 to 12)', ([d]: [DayNum]) => BigInt(civilFromDays(d)[1])),
  scalar('day(date) -> int', 'parts (month 1 to 12)', ([d]: [DayNum]) => BigInt(civilFromDays(d)[2])),
  scalar("quarter(date) -> str", "year and quarter like '2024-Q2'", ([d]: [DayNum]) => {
    const [y, m] = civilFromDays(d);
    return String(y).padStart(4, '0') + '-Q' + (Math.floor((m - 1) / 3) + 1);
  }),
  scalar('weekday(date) -> str', 'three-letter English day name', ([d]: [DayNum]) => WEEKDAYS[weekday(d)]),
  scalar('yearmonth(date) -> date', 'first day of the month', ([d]: [DayNum]) => {
    const [y, m] = civilFromDays(d);
    return daysFromCivil(y, m, 1);
  }),
  scalar("today() -> date", "current date in the ledger's timezone (timezone option)", (_args, ctx) => ctx.today, false),
  scalar(
    'date(int, int, int) -> date',
    'NULL if no such day or year outside 1 to 9999',
    ([y, m, d]: [bigint, bigint, bigint]) => dateFromParts(y, m, d),
  ),
  scalar(
    'date(str) -> date',
    'date written YYYY-MM-DD (month and day may be one digit); NULL if not a date',
    ([s]: [string]) => dateFromText(s),
  ),
  scalar('date_add(date, int) -> date', 'moved by days (negative backwards)', ([d, n]: [DayNum, bigint]) => dateAdd(d, n)),
  scalar('date_diff(date, date) -> int', 'days from the second to the first', ([a, b]: [DayNum, DayNum]) => BigInt(a - b)),
  scalar(
    'date_trunc(str, date) -> date',
    'first day of the week (Monday), month, quarter, year, decade, century (1901, 2001, ...) or millennium (1001, 2001, ...); other field NULL; field lower-case',
    ([f, d]: [string, DayNum]) => dateTrunc(f, d),
  ),
  scalar(
    'date_end(str, date) -> date',
    'last day of the week (Sunday), month, quarter, year, decade, century or millennium holding the date (the period date_trunc starts); other field NULL',
    ([f, d]: [string, DayNum]) => dateEnd(f, d),
  ),
  scalar(
    'date_part(str, date) -> int',
    'weekday or dow (Monday 0), isoweekday or isodow (Monday 1), week (ISO), month, quarter, year, isoyear, decade, century, millennium, epoch (seconds since 1970-01-01); other field NULL; no day field',
    ([f, d]: [string, DayNum]) => datePart(f, d),
  ),
  scalar(
    'interval(str) -> interval',
    'number with optional sign and unit day, week, month or year (or plurals); other text NULL; a week is seven days',
    ([s]: [string]) => parseInterval(s),
  ),
  scalar('date_bin(interval, date, date) -> date', DATE_BIN_DESC, ([i, d, o]: [Interval, DayNum, DayNum]) =>
    dateBinOnce(i, d, o),
  ),
  scalar('date_bin(str, date, date) -> date', 'same, stride as text', ([s, d, o]: [string, DayNum, DayNum]) => {
    const i = parseIntervalOnce(s);
    return i === null ? null : dateBinOnce(i, d, o);
  }),
];
