import { describe, expect, test } from 'vitest';
import { formatDate } from '../../../engine/dates';
import { addInterval, addIntervals, dateBin, intervalText, parseInterval, subIntervals } from '../../../engine/query/interval';
import { d } from './functions/helpers';

const iv = (s: string) => {
  const v = parseInterval(s);
  if (!v) throw new Error('unreadable ' + s);
  return v;
};
const bin = (stride: string, date: string, origin: string) => {
  const r = dateBin(iv(stride), d(date), d(origin));
  return r === null ? null : formatDate(r);
};

describe('interval()', () => {
  test('units, plurals, signs; a week is seven days, a year twelve months', () => {
    expect(parseInterval('1 day')).toEqual({ months: 0, days: 1 });
    expect(parseInterval('3 days')).toEqual({ months: 0, days: 3 });
    expect(parseInterval('2 weeks')).toEqual({ months: 0, days: 14 });
    expect(parseInterval('-1 week')).toEqual({ months: 0, days: -7 });
    expect(parseInterval('+5 months')).toEqual({ months: 5, days: 0 });
    expect(parseInterval('1 month')).toEqual({ months: 1, days: 0 });
    expect(parseInterval('2 years')).toEqual({ months: 24, days: 0 });
    expect(parseInterval('0 days')).toEqual({ months: 0, days: 0 });
  });

  test('unreadable text gives null', () => {
    for (const s of ['', 'day', '1', '1.5 days', '1 fortnight', '1 day 2 months', 'one day', '1 dayss', '99999999999999999999 days']) {
      expect(parseInterval(s)).toBeNull();
    }
  });

  test('text form', () => {
    expect(intervalText(iv('14 months'))).toBe('1 year 2 months');
    expect(intervalText(iv('1 year'))).toBe('1 year');
    expect(intervalText(iv('2 weeks'))).toBe('14 days');
    expect(intervalText(iv('1 day'))).toBe('1 day');
    expect(intervalText(iv('-13 months'))).toBe('-1 year -1 month');
    expect(intervalText(iv('0 months'))).toBe('0 days');
    expect(intervalText(addIntervals(iv('1 month'), iv('3 days')))).toBe('1 month 3 days');
  });

  test('interval arithmetic', () => {
    expect(addIntervals(iv('1 year'), iv('2 months'))).toEqual({ months: 14, days: 0 });
    expect(subIntervals(iv('1 week'), iv('10 days'))).toEqual({ months: 0, days: -3 });
    expect(() => addIntervals({ months: Number.MAX_SAFE_INTEGER, days: 0 }, iv('1 month'))).toThrow('integer overflow');
  });
});

describe('date +/- interval', () => {
  const add = (date: string, s: string, sign: 1 | -1 = 1) => {
    const r = addInterval(d(date), iv(s), sign);
    return r === null ? null : formatDate(r);
  };
  test('months first keeping the day unless the month is shorter, then days', () => {
    expect(add('2024-01-31', '1 month')).toBe('2024-02-29');
    expect(add('2023-01-31', '1 month')).toBe('2023-02-28');
    expect(add('2024-03-31', '1 month', -1)).toBe('2024-02-29');
    expect(add('2024-02-29', '1 year')).toBe('2025-02-28');
    expect(add('2024-01-01', '10 days')).toBe('2024-01-11');
    expect(add('2024-01-01', '2 weeks', -1)).toBe('2023-12-18');
    const mixed = addIntervals(iv('1 month'), iv('1 day'));
    // 2024-01-31 + 1 month = 2024-02-29, + 1 day = 2024-03-01
    expect(formatDate(addInterval(d('2024-01-31'), mixed)!)).toBe('2024-03-01');
  });
  test('outside years 1 to 9999 gives null', () => {
    expect(add('9999-12-01', '1 month')).toBeNull();
    expect(add('0001-01-15', '1 month', -1)).toBeNull();
    expect(add('2024-01-01', '100000 years')).toBeNull();
  });
});

describe('date_bin', () => {
  test('spec example: from 2024-01-31 a 1 month stride starts 02-29, 03-31, 04-30', () => {
    expect(bin('1 month', '2024-02-29', '2024-01-31')).toBe('2024-02-29');
    expect(bin('1 month', '2024-03-30', '2024-01-31')).toBe('2024-02-29');
    expect(bin('1 month', '2024-03-31', '2024-01-31')).toBe('2024-03-31');
    expect(bin('1 month', '2024-04-29', '2024-01-31')).toBe('2024-03-31');
    expect(bin('1 month', '2024-04-30', '2024-01-31')).toBe('2024-04-30');
    expect(bin('1 month', '2024-05-30', '2024-01-31')).toBe('2024-04-30');
    expect(bin('1 month', '2024-05-31', '2024-01-31')).toBe('2024-05-31');
  });

  test('boundaries start a bin; earlier dates fall in bins laid backwards', () => {
    expect(bin('1 month', '2024-01-31', '2024-01-31')).toBe('2024-01-31');
    expect(bin('1 month', '2024-01-30', '2024-01-31')).toBe('2023-12-31');
    // k = -2: 2024-01-31 - 2 months = 2023-11-30
    expect(bin('1 month', '2023-12-30', '2024-01-31')).toBe('2023-11-30');
    expect(bin('7 days', '2024-01-10', '2024-01-01')).toBe('2024-01-08');
    expect(bin('7 days', '2023-12-31', '2024-01-01')).toBe('2023-12-25');
    expect(bin('1 week', '2024-01-08', '2024-01-01')).toBe('2024-01-08');
  });

  test('years, quarters and mixed strides far from the origin', () => {
    expect(bin('1 year', '2031-06-01', '2020-03-01')).toBe('2031-03-01');
    expect(bin('1 year', '1990-02-28', '2020-03-01')).toBe('1989-03-01');
    expect(bin('3 months', '2024-08-15', '2000-01-01')).toBe('2024-07-01');
    const mixed = addIntervals(iv('1 month'), iv('1 day'));
    // starts: 2024-01-01, 2024-02-02, 2024-03-03, 2024-04-04 (each origin + k months + k days)
    expect(formatDate(dateBin(mixed, d('2024-03-10'), d('2024-01-01'))!)).toBe('2024-03-03');
    expect(formatDate(dateBin(mixed, d('2024-04-03'), d('2024-01-01'))!)).toBe('2024-03-03');
    expect(formatDate(dateBin(mixed, d('2024-04-04'), d('2024-01-01'))!)).toBe('2024-04-04');
    // a day stride over 9,000 years still lands exactly (k from the mean length, not a loop)
    expect(bin('1 day', '9999-12-31', '0001-01-01')).toBe('9999-12-31');
    // 0001-01-01 to 9999-12-31 is 3,652,058 days = 365,205 x 10 + 8
    expect(bin('10 days', '9999-12-31', '0001-01-01')).toBe('9999-12-23');
  });

  test('zero or negative stride, mixed signs, a start before year 1 give null', () => {
    expect(dateBin(iv('0 days'), d('2024-01-01'), d('2024-01-01'))).toBeNull();
    expect(dateBin(iv('-1 month'), d('2024-01-01'), d('2024-01-01'))).toBeNull();
    expect(dateBin({ months: 1, days: -1 }, d('2024-01-01'), d('2024-01-01'))).toBeNull();
    expect(bin('1 year', '0001-03-01', '2020-06-01')).toBeNull();
  });
});
