/**
 * The time filter: every form of Fava's date expressions, with today pinned to Friday 2024-03-15.
 * Week numbers were checked with Python's `strptime('%Y%W%w')`, which Fava uses
 * (2024-W10 -> 2024-03-04, 2023-W01 -> 2023-01-02, 2023-W00 -> 2022-12-26).
 */
import { describe, expect, it } from 'vitest';
import { formatDate, parseDate } from '../../../engine/dates';
import { parseTimeFilter, parseFiscalYearEnd, FilterError, type FiscalYearEnd } from '../../../engine/filters/index';

const today = parseDate('2024-03-15')!;

function range(text: string, fiscalYearEnd?: FiscalYearEnd): [string | null, string | null] {
  const r = parseTimeFilter(text, { today, fiscalYearEnd });
  return [r.begin === null ? null : formatDate(r.begin), r.end === null ? null : formatDate(r.end)];
}

function error(text: string, fiscalYearEnd?: FiscalYearEnd): FilterError {
  try {
    parseTimeFilter(text, { today, fiscalYearEnd });
  } catch (e) {
    if (e instanceof FilterError) return e;
    throw e;
  }
  throw new Error(`no error for ${text}`);
}

describe('absolute forms', () => {
  it('year, month, day', () => {
    expect(range('2024')).toEqual(['2024-01-01', '2025-01-01']);
    expect(range('2024-03')).toEqual(['2024-03-01', '2024-04-01']);
    expect(range('2023-12')).toEqual(['2023-12-01', '2024-01-01']);
    expect(range('2024-02-29')).toEqual(['2024-02-29', '2024-03-01']);
    expect(range('  2024-03-15 ')).toEqual(['2024-03-15', '2024-03-16']);
  });
  it('weeks as strftime %W (week 1 starts on the first Monday)', () => {
    expect(range('2024-W10')).toEqual(['2024-03-04', '2024-03-11']);
    expect(range('2024-w10')).toEqual(['2024-03-04', '2024-03-11']);
    expect(range('2023-W01')).toEqual(['2023-01-02', '2023-01-09']);
    expect(range('2023-W00')).toEqual(['2022-12-26', '2023-01-02']);
  });
  it('quarters', () => {
    expect(range('2024-Q1')).toEqual(['2024-01-01', '2024-04-01']);
    expect(range('2024-q4')).toEqual(['2024-10-01', '2025-01-01']);
  });
  it('the last year has an open end', () => {
    expect(range('9999')).toEqual(['9999-01-01', null]);
  });
  it('blank is no filter', () => {
    expect(range('  ')).toEqual([null, null]);
  });
});

describe('ranges', () => {
  it("joined by '-' or 'to': begin of the first, end of the second", () => {
    expect(range('2023-06 - 2024')).toEqual(['2023-06-01', '2025-01-01']);
    expect(range('2023-06 to 2024')).toEqual(['2023-06-01', '2025-01-01']);
    expect(range('2023-06-2024')).toEqual(['2023-06-01', '2025-01-01']);
    expect(range('2024-Q1 to 2024-03-20')).toEqual(['2024-01-01', '2024-03-21']);
    expect(range('year-1 to month')).toEqual(['2023-01-01', '2024-04-01']);
    expect(range('FY2023 - FY2024', { month: 3, day: 31 })).toEqual(['2022-04-01', '2024-04-01']);
  });
});

describe('relative forms count from today (2024-03-15)', () => {
  it('year, quarter, month, week, day', () => {
    expect(range('year')).toEqual(['2024-01-01', '2025-01-01']);
    expect(range('quarter')).toEqual(['2024-01-01', '2024-04-01']);
    expect(range('month')).toEqual(['2024-03-01', '2024-04-01']);
    expect(range('week')).toEqual(['2024-03-11', '2024-03-18']);
    expect(range('day')).toEqual(['2024-03-15', '2024-03-16']);
  });
  it('with +n / -n', () => {
    expect(range('year-1')).toEqual(['2023-01-01', '2024-01-01']);
    expect(range('month+1')).toEqual(['2024-04-01', '2024-05-01']);
    expect(range('month-3')).toEqual(['2023-12-01', '2024-01-01']);
    expect(range('quarter-1')).toEqual(['2023-10-01', '2024-01-01']);
    expect(range('quarter+4')).toEqual(['2025-01-01', '2025-04-01']);
    expect(range('week-1')).toEqual(['2024-03-04', '2024-03-11']);
    expect(range('day+17')).toEqual(['2024-04-01', '2024-04-02']);
    expect(range('YEAR')).toEqual(['2024-01-01', '2025-01-01']);
  });
});

describe('fiscal years', () => {
  const april: FiscalYearEnd = { month: 3, day: 31 };
  it('FY names the year the fiscal year ends in', () => {
    expect(range('FY2024')).toEqual(['2024-01-01', '2025-01-01']);
    expect(range('FY2024', april)).toEqual(['2023-04-01', '2024-04-01']);
    expect(range('fy2024', { month: 2, day: 28 })).toEqual(['2023-03-01', '2024-03-01']);
    expect(range('FY2024', { month: 4, day: 5 })).toEqual(['2023-04-06', '2024-04-06']);
    // A 02-29 end: the day after 2023-02-28, then after 2024-02-29.
    expect(range('FY2024', { month: 2, day: 29 })).toEqual(['2023-03-01', '2024-03-01']);
    expect(range('FY2025', { month: 2, day: 29 })).toEqual(['2024-03-01', '2025-03-01']);
  });
  it('fiscal quarters', () => {
    expect(range('FY2024-Q1', april)).toEqual(['2023-04-01', '2023-07-01']);
    expect(range('FY2024-Q4', april)).toEqual(['2024-01-01', '2024-04-01']);
    expect(range('FY2024-Q2')).toEqual(['2024-04-01', '2024-07-01']);
  });
  it('fiscal_year and fiscal_quarter from today', () => {
    expect(range('fiscal_year', april)).toEqual(['2023-04-01', '2024-04-01']);
    expect(range('fiscal_year+1', april)).toEqual(['2024-04-01', '2025-04-01']);
    expect(range('fiscal_quarter', april)).toEqual(['2024-01-01', '2024-04-01']);
    expect(range('fiscal_quarter+1', april)).toEqual(['2024-04-01', '2024-07-01']);
  });
  it('the option text', () => {
    expect(parseFiscalYearEnd('03-31')).toEqual({ month: 3, day: 31 });
    expect(parseFiscalYearEnd('02-29')).toBeNull();
    expect(parseFiscalYearEnd('13-01')).toBeNull();
    expect(parseFiscalYearEnd('march')).toBeNull();
  });
});

describe('errors name the filter and the column', () => {
  it('unreadable text', () => {
    const e = error('last year');
    expect(e.filter).toBe('time');
    expect(e.column).toBe(1);
    expect(e.message).toMatch(/^time filter at column 1: cannot read 'last year'/);
  });
  it('junk after a date, a range without an end, a reversed range', () => {
    expect(error('2024 x').column).toBe(6);
    expect(error('2024 x').message).toContain("unexpected 'x'");
    expect(error('2024 -').message).toContain('the range has no end');
    const rev = error('2025 - 2024');
    expect(rev.column).toBe(8);
    expect(rev.message).toContain('ends (2024-12-31) before it begins (2025-01-01)');
  });
  it('impossible months, days, weeks, quarters', () => {
    expect(error('2024-13').message).toContain('there is no month 13');
    expect(error('2023-02-29').message).toContain('2023-02-29 is not a date');
    expect(error('2024-W54').message).toContain('there is no week 54');
    expect(error('2024 - 2024-Q5').column).toBe(8);
    expect(error('2024 - 2024-Q5').message).toContain('there is no quarter 5');
    expect(error('0000').message).toContain('not a date');
  });
  it('fiscal quarters need a fiscal year starting on the first of a month', () => {
    expect(error('FY2024-Q1', { month: 6, day: 15 }).message).toContain('fiscal quarters need');
  });
});
