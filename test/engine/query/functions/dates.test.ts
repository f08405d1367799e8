import { describe, expect, test } from 'vitest';
import { formatDate } from '../../../../engine/dates';
import { DATES } from '../../../../engine/query/functions/dates';
import { parseInterval } from '../../../../engine/query/interval';
import { call, ctxOf, d, type Arg } from './helpers';

const dt = (s: string): Arg => ['date', d(s)];
const s = (v: string): Arg => ['str', v];
const i = (v: bigint): Arg => ['int', v];
const asDate = (v: unknown) => (v === null ? null : formatDate(v as number));

describe('parts', () => {
  test('year, month, day, quarter, weekday, yearmonth', () => {
    expect(call('year', [dt('2024-05-15')])).toBe(2024n);
    expect(call('month', [dt('2024-05-15')])).toBe(5n);
    expect(call('day', [dt('2024-05-15')])).toBe(15n);
    expect(call('quarter', [dt('2024-05-15')])).toBe('2024-Q2');
    expect(call('quarter', [dt('2024-12-31')])).toBe('2024-Q4');
    expect(call('quarter', [dt('0987-01-01')])).toBe('0987-Q1');
    expect(call('weekday', [dt('2024-05-15')])).toBe('Wed');
    expect(call('weekday', [dt('2024-05-19')])).toBe('Sun');
    expect(asDate(call('yearmonth', [dt('2024-05-15')]))).toBe('2024-05-01');
  });
  test('today reads the context date', () => {
    expect(asDate(call('today', [], ctxOf({ today: '2030-02-03' })))).toBe('2030-02-03');
  });
});

describe('date constructors and arithmetic', () => {
  test('date(int, int, int): NULL for no such day or year outside 1..9999', () => {
    expect(asDate(call('date', [i(2024n), i(2n), i(29n)]))).toBe('2024-02-29');
    expect(call('date', [i(2023n), i(2n), i(29n)])).toBeNull();
    expect(call('date', [i(10000n), i(1n), i(1n)])).toBeNull();
    expect(call('date', [i(0n), i(1n), i(1n)])).toBeNull();
    expect(call('date', [i(2024n), i(13n), i(1n)])).toBeNull();
    expect(call('date', [i(2024n), i(1n), i(9223372036854775807n)])).toBeNull();
  });
  test('date(str): YYYY-MM-DD with one-digit month and day allowed', () => {
    expect(asDate(call('date', [s('2024-01-05')]))).toBe('2024-01-05');
    expect(asDate(call('date', [s('2024-1-5')]))).toBe('2024-01-05');
    expect(call('date', [s('2024/01/05')])).toBeNull();
    expect(call('date', [s('2024-02-30')])).toBeNull();
    expect(call('date', [s('24-01-05')])).toBeNull();
    expect(call('date', [s(' 2024-01-05')])).toBeNull();
  });
  test('date_add and date_diff', () => {
    expect(asDate(call('date_add', [dt('2024-02-28'), i(2n)]))).toBe('2024-03-01');
    expect(asDate(call('date_add', [dt('2024-01-01'), i(-1n)]))).toBe('2023-12-31');
    expect(call('date_add', [dt('9999-12-31'), i(1n)])).toBeNull();
    expect(call('date_add', [dt('2024-01-01'), i(-9223372036854775807n)])).toBeNull();
    expect(call('date_diff', [dt('2024-03-01'), dt('2024-02-01')])).toBe(29n);
    expect(call('date_diff', [dt('2024-02-01'), dt('2024-03-01')])).toBe(-29n);
  });
});

describe('date_trunc', () => {
  const tr = (f: string, v: string) => asDate(call('date_trunc', [s(f), dt(v)]));
  test('every field', () => {
    expect(tr('week', '2024-05-15')).toBe('2024-05-13');
    expect(tr('week', '2024-05-13')).toBe('2024-05-13');
    expect(tr('week', '2024-05-19')).toBe('2024-05-13');
    expect(tr('month', '2024-05-15')).toBe('2024-05-01');
    expect(tr('quarter', '2024-05-15')).toBe('2024-04-01');
    expect(tr('quarter', '2024-12-31')).toBe('2024-10-01');
    expect(tr('year', '2024-05-15')).toBe('2024-01-01');
    expect(tr('decade', '2024-05-15')).toBe('2020-01-01');
    expect(tr('century', '2024-05-15')).toBe('2001-01-01');
    expect(tr('century', '2000-12-31')).toBe('1901-01-01');
    expect(tr('millennium', '2024-05-15')).toBe('2001-01-01');
    expect(tr('millennium', '2000-05-15')).toBe('1001-01-01');
  });
  test('unknown or not lower-case field, or a start before year 1: NULL', () => {
    expect(tr('day', '2024-05-15')).toBeNull();
    expect(tr('Month', '2024-05-15')).toBeNull();
    expect(tr('decade', '0005-05-15')).toBeNull();
  });
});

describe('date_end', () => {
  const en = (f: string, v: string) => asDate(call('date_end', [s(f), dt(v)]));
  test('the last day of the period date_trunc starts', () => {
    // 2024-05-15 is a Wednesday: its week runs Monday 05-13 to Sunday 05-19.
    expect(en('week', '2024-05-15')).toBe('2024-05-19');
    expect(en('week', '2024-05-19')).toBe('2024-05-19');
    expect(en('month', '2024-02-10')).toBe('2024-02-29');
    expect(en('month', '2023-02-10')).toBe('2023-02-28');
    expect(en('month', '2024-12-31')).toBe('2024-12-31');
    expect(en('quarter', '2024-05-15')).toBe('2024-06-30');
    expect(en('quarter', '2024-11-01')).toBe('2024-12-31');
    expect(en('year', '2024-05-15')).toBe('2024-12-31');
    expect(en('decade', '2024-05-15')).toBe('2029-12-31');
    expect(en('century', '2000-12-31')).toBe('2000-12-31');
    expect(en('millennium', '2024-05-15')).toBe('3000-12-31');
  });
  test('the last representable periods and other fields', () => {
    expect(en('month', '9999-12-05')).toBe('9999-12-31');
    expect(en('year', '9999-03-05')).toBe('9999-12-31');
    expect(en('week', '9999-12-31')).toBeNull(); // a Friday: its Sunday is past 9999
    expect(en('century', '9999-03-05')).toBeNull();
    expect(en('day', '2024-05-15')).toBeNull();
    expect(en('Month', '2024-05-15')).toBeNull();
  });
});

describe('date_part', () => {
  const p = (f: string, v: string) => call('date_part', [s(f), dt(v)]);
  test('weekday fields', () => {
    expect(p('weekday', '2024-05-13')).toBe(0n);
    expect(p('dow', '2024-05-19')).toBe(6n);
    expect(p('isoweekday', '2024-05-13')).toBe(1n);
    expect(p('isodow', '2024-05-19')).toBe(7n);
  });
  test('ISO week and year', () => {
    expect(p('week', '2024-01-01')).toBe(1n);
    expect(p('week', '2024-12-30')).toBe(1n);
    expect(p('isoyear', '2024-12-30')).toBe(2025n);
    expect(p('week', '2021-01-03')).toBe(53n);
    expect(p('isoyear', '2021-01-03')).toBe(2020n);
    expect(p('year', '2021-01-03')).toBe(2021n);
  });
  test('month, quarter, decade, century, millennium, epoch; no day field', () => {
    expect(p('month', '2024-05-15')).toBe(5n);
    expect(p('quarter', '2024-05-15')).toBe(2n);
    expect(p('decade', '2024-05-15')).toBe(202n);
    expect(p('century', '2024-05-15')).toBe(21n);
    expect(p('century', '2000-05-15')).toBe(20n);
    expect(p('millennium', '2000-05-15')).toBe(2n);
    expect(p('millennium', '2001-01-01')).toBe(3n);
    expect(p('epoch', '1970-01-02')).toBe(86400n);
    expect(p('epoch', '1969-12-31')).toBe(-86400n);
    expect(p('epoch', '2024-01-01')).toBe(1704067200n);
    expect(p('day', '2024-05-15')).toBeNull();
    expect(p('hour', '2024-05-15')).toBeNull();
  });
});

describe('interval and date_bin', () => {
  test('interval(str)', () => {
    expect(call('interval', [s('2 weeks')])).toEqual({ months: 0, days: 14 });
    expect(call('interval', [s('-1 year')])).toEqual({ months: -12, days: 0 });
    expect(call('interval', [s('soon')])).toBeNull();
  });
  test('date_bin with an interval or text stride', () => {
    expect(asDate(call('date_bin', [['interval', parseInterval('1 month')], dt('2024-03-30'), dt('2024-01-31')]))).toBe(
      '2024-02-29',
    );
    expect(asDate(call('date_bin', [s('1 month'), dt('2024-04-30'), dt('2024-01-31')]))).toBe('2024-04-30');
    expect(call('date_bin', [s('bad'), dt('2024-04-30'), dt('2024-01-31')])).toBeNull();
    expect(call('date_bin', [s('0 days'), dt('2024-04-30'), dt('2024-01-31')])).toBeNull();
    expect(call('date_bin', [s('-1 week'), dt('2024-04-30'), dt('2024-01-31')])).toBeNull();
  });
  test('date_bin with a text stride follows each call\'s text (the last one is remembered, not fixed)', () => {
    // 2024-04-30 is a Tuesday; bins of one week from Monday 2001-01-01 start on Mondays.
    const bin = (text: string) => asDate(call('date_bin', [s(text), dt('2024-04-30'), dt('2001-01-01')]));
    expect([bin('1 week'), bin('1 month'), bin('1 week'), bin('bad'), bin('1 week'), bin('1 year')]).toEqual([
      '2024-04-29',
      '2024-04-01',
      '2024-04-29',
      null,
      '2024-04-29',
      '2024-01-01',
    ]);
  });
  test('date_bin remembers its last bin only while the stride, date and origin all repeat', () => {
    const bin = (text: string, d: string, o: string) => asDate(call('date_bin', [s(text), dt(d), dt(o)]));
    expect([
      bin('1 month', '2024-04-30', '2001-01-01'),
      bin('1 month', '2024-04-30', '2001-01-01'),
      // Same stride and date, another origin: bins of a month from the 15th.
      bin('1 month', '2024-04-30', '2001-01-15'),
      // Same stride and origin, another date.
      bin('1 month', '2024-05-02', '2001-01-15'),
      // Same date and origin, another stride (2001-01-15 is a Monday: weeks from Mondays).
      bin('1 week', '2024-05-02', '2001-01-15'),
    ]).toEqual(['2024-04-01', '2024-04-01', '2024-04-15', '2024-04-15', '2024-04-29']);
  });
});

test('every date overload gives NULL for a NULL argument', () => {
  for (const o of DATES) if (o.params.length) expect(call(o.name, o.params.map((): Arg => ['null', null]))).toBeNull();
});
