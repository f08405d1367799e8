/**
 * The time filter: Fava's date expressions read into a half-open range [begin, end) of days.
 *
 * Forms (case-insensitive, as Fava's `parse_date`): `2024`, `2024-03`, `2024-03-15`, `2024-W10`
 * (weeks counted as strftime's %W: week 1 starts on the year's first Monday, week 0 is the days
 * before it), `2024-Q1`, fiscal years `FY2024` and `FY2024-Q1` (the fiscal year named by the year
 * it ends in, after Fava's `fiscal-year-end` option), the relative forms `year`, `quarter`,
 * `month`, `week`, `day`, `fiscal_year`, `fiscal_quarter` with an optional `+n` / `-n`, and a
 * range of two of these joined by `-` or `to` (the begin of the first to the end of the second).
 *
 * Unlike Fava, which substitutes the relative words by regular expressions and answers "no
 * range" for anything it cannot read, this reads the text left to right as atoms so a mistake is
 * reported with the column where it starts. An end past 9999-12-31 is open (null).
 */
import { addMonths, civilFromDays, daysFromCivil, daysInMonth, formatDate, makeDate, MAX_DAY, weekday, type DayNum } from '../dates';
import { columnOf, FilterError } from './errors';

export interface TimeRange {
  /** First day in the range, or null for no lower bound. */
  begin: DayNum | null;
  /** First day after the range (exclusive), or null for no upper bound. */
  end: DayNum | null;
}

/** Month and day the fiscal year ends on (Fava's `fiscal-year-end`, default 12-31). */
export interface FiscalYearEnd {
  month: number;
  day: number;
}

export const CALENDAR_YEAR_END: FiscalYearEnd = { month: 12, day: 31 };

export interface TimeContext {
  /** Today in the ledger's timezone: the relative forms count from it. */
  today: DayNum;
  fiscalYearEnd?: FiscalYearEnd;
}

/**
 * `MM-DD` as Fava reads its `fiscal-year-end` option: a day of a non-leap year (so `02-29` is
 * refused, as in Fava); null when unreadable (the caller then keeps the calendar year).
 */
export function parseFiscalYearEnd(text: string): FiscalYearEnd | null {
  const m = /^\s*(\d{1,2})-(\d{1,2})\s*$/.exec(text);
  if (!m) return null;
  const month = +m[1];
  const day = +m[2];
  return makeDate(2001, month, day) === null ? null : { month, day };
}

const HELP =
  'write a year (2024), a month (2024-03), a day (2024-03-15), a week (2024-W10), a quarter (2024-Q1), ' +
  'a fiscal year (FY2024, FY2024-Q1), year, quarter, month, week or day with an optional +n or -n, ' +
  "or a range of two of these joined by '-' or 'to'";

/** Parses a time filter; an empty text is no filter (both bounds null). */
export function parseTimeFilter(text: string, ctx: TimeContext): TimeRange {
  const reader = new Reader(text, ctx);
  return reader.read();
}

/** The range as the API writes it (end exclusive). */
export function formatTimeRange(range: TimeRange): { begin: string | null; end: string | null } {
  return {
    begin: range.begin === null ? null : formatDate(range.begin),
    end: range.end === null ? null : formatDate(range.end),
  };
}

// ---------------------------------------------------------------------------------------------

/** Atom patterns, tried in this order at a position (longer forms before their prefixes). */
const ATOMS: { re: RegExp; kind: string }[] = [
  { re: /fy(\d{4})-q(\d+)/y, kind: 'fyq' },
  { re: /fy(\d{4})/y, kind: 'fy' },
  { re: /(\d{4})-(\d{2})-(\d{2})/y, kind: 'day' },
  { re: /(\d{4})-w(\d{1,2})/y, kind: 'week' },
  { re: /(\d{4})-q(\d+)/y, kind: 'quarter' },
  { re: /(\d{4})-(\d{2})/y, kind: 'month' },
  { re: /(\d{4})/y, kind: 'year' },
  { re: /(fiscal_year|fiscal_quarter|year|quarter|month|week|day)(?:([-+])(\d{1,6}))?/y, kind: 'relative' },
];

/** An atom must end at a word boundary: `2024-0` or `20245` is not a year followed by junk. */
const WORD_CHAR = /[0-9a-z_]/;

class Reader {
  private readonly lower: string;
  constructor(
    private readonly text: string,
    private readonly ctx: TimeContext,
  ) {
    this.lower = text.toLowerCase();
  }

  private fail(offset: number, reason: string): never {
    throw new FilterError('time', reason, columnOf(this.text, offset));
  }

  private skipSpaces(pos: number): number {
    while (pos < this.lower.length && /\s/.test(this.lower[pos])) pos++;
    return pos;
  }

  read(): TimeRange {
    let pos = this.skipSpaces(0);
    if (pos === this.lower.length) return { begin: null, end: null };
    const first = this.atom(pos);
    pos = this.skipSpaces(first.next);
    if (pos === this.lower.length) return first.range;
    let sep = 0;
    if (this.lower[pos] === '-') sep = 1;
    else if (this.lower.startsWith('to', pos) && !WORD_CHAR.test(this.lower[pos + 2] ?? ' ')) sep = 2;
    if (sep === 0) this.fail(pos, `unexpected '${this.snippet(pos)}' after the date (a range is joined by '-' or 'to')`);
    const secondStart = this.skipSpaces(pos + sep);
    if (secondStart === this.lower.length) this.fail(secondStart, `the range has no end after '${this.text.slice(pos, pos + sep)}'`);
    const second = this.atom(secondStart);
    const after = this.skipSpaces(second.next);
    if (after !== this.lower.length) this.fail(after, `unexpected '${this.snippet(after)}' after the end of the range`);
    const begin = first.range.begin;
    const end = second.range.end;
    if (begin !== null && end !== null && end <= begin) {
      this.fail(secondStart, `the range ends (${formatDate(end - 1)}) before it begins (${formatDate(begin)})`);
    }
    return { begin, end };
  }

  private snippet(pos: number): string {
    const rest = this.text.slice(pos);
    return rest.length > 20 ? rest.slice(0, 20) + '…' : rest;
  }

  private atom(pos: number): { range: TimeRange; next: number } {
    for (const { re, kind } of ATOMS) {
      re.lastIndex = pos;
      const m = re.exec(this.lower);
      if (!m) continue;
      const next = pos + m[0].length;
      if (WORD_CHAR.test(this.lower[next] ?? ' ')) continue;
      return { range: this.meaning(kind, m, pos), next };
    }
    this.fail(pos, `cannot read '${this.snippet(pos)}': ${HELP}`);
  }

  private meaning(kind: string, m: RegExpExecArray, pos: number): TimeRange {
    const n = (i: number) => Number(m[i]);
    switch (kind) {
      case 'year':
        return this.span(pos, this.date(pos, n(1), 1, 1), (d) => addMonths(d, 12));
      case 'month': {
        if (n(2) < 1 || n(2) > 12) this.fail(pos, `there is no month ${m[2]} (months are 01 to 12)`);
        return this.span(pos, this.date(pos, n(1), n(2), 1), (d) => addMonths(d, 1));
      }
      case 'day':
        return this.span(pos, this.date(pos, n(1), n(2), n(3)), (d) => d + 1);
      case 'week': {
        if (n(2) > 53) this.fail(pos, `there is no week ${m[2]} (weeks are 00 to 53)`);
        return this.week(pos, n(1), n(2));
      }
      case 'quarter':
        return this.quarter(pos, n(1), n(2));
      case 'fy':
        return this.fiscalYear(pos, n(1));
      case 'fyq':
        return this.fiscalQuarter(pos, n(1), n(2));
      default:
        return this.relative(pos, m[1], m[2] === '-' ? -Number(m[3]) : m[2] === '+' ? Number(m[3]) : 0);
    }
  }

  private date(pos: number, y: number, mo: number, d: number): DayNum {
    const day = makeDate(y, mo, d);
    if (day === null) this.fail(pos, `${this.text.slice(pos).split(/\s/)[0]} is not a date (years 0001 to 9999)`);
    return day;
  }

  /** [begin, next(begin)); an end past 9999 is open. */
  private span(_pos: number, begin: DayNum, next: (d: DayNum) => DayNum | null): TimeRange {
    const end = next(begin);
    return { begin, end: end === null || end > MAX_DAY ? null : end };
  }

  /** strftime %W: week 1 begins on the year's first Monday; week 0 is the days before it. */
  private week(pos: number, y: number, w: number): TimeRange {
    const jan1 = this.date(pos, y, 1, 1);
    const firstMonday = jan1 + ((7 - weekday(jan1)) % 7);
    const monday = firstMonday + 7 * (w - 1);
    if (monday < daysFromCivil(1, 1, 1)) this.fail(pos, 'the week begins before 0001-01-01');
    return this.span(pos, monday, (d) => d + 7);
  }

  private quarter(pos: number, y: number, q: number): TimeRange {
    if (q < 1 || q > 4) this.fail(pos, `there is no quarter ${q} (quarters are Q1 to Q4)`);
    return this.span(pos, this.date(pos, y, (q - 1) * 3 + 1, 1), (d) => addMonths(d, 3));
  }

  /** First day of fiscal year `y` (the one that ends in year y). */
  private fiscalStart(pos: number, y: number): DayNum {
    const fye = this.ctx.fiscalYearEnd ?? CALENDAR_YEAR_END;
    if (fye.month === 12 && fye.day === 31) return this.date(pos, y, 1, 1);
    // The day after the end in year y - 1; Fava special-cases 02-28 so leap years start on 03-01.
    if (fye.month === 2 && fye.day === 28) return this.date(pos, y - 1, 3, 1);
    // A 02-29 end falls on 02-28 in other years (the year then starts on 03-01).
    return this.date(pos, y - 1, fye.month, Math.min(fye.day, daysInMonth(y - 1, fye.month))) + 1;
  }

  private fiscalYear(pos: number, y: number): TimeRange {
    const start = this.fiscalStart(pos, y);
    return this.span(pos, start, (d) => {
      const [sy, sm, sd] = civilFromDays(d);
      return makeDate(sy + 1, sm, sd);
    });
  }

  private fiscalQuarter(pos: number, y: number, q: number): TimeRange {
    if (q < 1 || q > 4) this.fail(pos, `there is no quarter ${q} (quarters are Q1 to Q4)`);
    const start = this.fiscalStart(pos, y);
    if (civilFromDays(start)[2] !== 1) {
      this.fail(pos, 'fiscal quarters need a fiscal year that starts on the first of a month (fiscal-year-end is the last day of a month)');
    }
    const begin = addMonths(start, (q - 1) * 3);
    if (begin === null) this.fail(pos, 'the quarter is outside years 0001 to 9999');
    return this.span(pos, begin, (d) => addMonths(d, 3));
  }

  /** The period of `word` that holds today, moved by `delta` such periods. */
  private relative(pos: number, word: string, delta: number): TimeRange {
    const today = this.ctx.today;
    const [ty, tm] = civilFromDays(today);
    switch (word) {
      case 'year':
        return this.span(pos, this.date(pos, ty + delta, 1, 1), (d) => addMonths(d, 12));
      case 'quarter': {
        const q0 = Math.floor((tm - 1) / 3) + delta; // quarters since the start of year ty, 0-based
        const y = ty + Math.floor(q0 / 4);
        return this.quarter(pos, y, (((q0 % 4) + 4) % 4) + 1);
      }
      case 'month': {
        const first = this.date(pos, ty, tm, 1);
        const begin = addMonths(first, delta);
        if (begin === null) this.fail(pos, 'the month is outside years 0001 to 9999');
        return this.span(pos, begin, (d) => addMonths(d, 1));
      }
      case 'week': {
        // Fava formats today + 7n as %Y-W%W and reads it back: the Monday-to-Sunday week holding it.
        const day = today + 7 * delta;
        return this.span(pos, this.inDays(pos, day - weekday(day)), (d) => d + 7);
      }
      case 'day':
        return this.span(pos, this.inDays(pos, today + delta), (d) => d + 1);
      case 'fiscal_year': {
        let y = ty;
        const current = this.fiscalYear(pos, y);
        if (current.end !== null && today >= current.end) y += 1;
        return this.fiscalYear(pos, y + delta);
      }
      default: {
        // fiscal_quarter: the fiscal quarter holding the first of the month `delta` quarters away.
        const target = addMonths(this.date(pos, ty, tm, 1), 3 * delta);
        if (target === null) this.fail(pos, 'the quarter is outside years 0001 to 9999');
        const [gy, gm] = civilFromDays(target);
        let fy = gy;
        let range = this.fiscalYear(pos, fy);
        if (range.begin !== null && target < range.begin) range = this.fiscalYear(pos, --fy);
        if (range.end !== null && target >= range.end) range = this.fiscalYear(pos, ++fy);
        const startMonth = civilFromDays(range.begin!)[1];
        const q = Math.floor((((gm - startMonth) % 12) + 12) % 12 / 3) + 1;
        return this.fiscalQuarter(pos, fy, q);
      }
    }
  }

  private inDays(pos: number, day: DayNum): DayNum {
    if (day < daysFromCivil(1, 1, 1) || day > MAX_DAY) this.fail(pos, 'the date is outside years 0001 to 9999');
    return day;
  }
}
