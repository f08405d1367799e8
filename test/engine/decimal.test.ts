import { describe, expect, it } from 'vitest';
import { Dec } from '../../engine/decimal';
import { formatDate, parseDate, addMonths, weekday, makeDate } from '../../engine/dates';

const d = (s: string) => Dec.of(s);

describe('Dec', () => {
  it('keeps written decimal places', () => {
    expect(d('1.50').toString()).toBe('1.50');
    expect(d('-1,234.50').toString()).toBe('-1234.50');
    expect(d('.5').toString()).toBe('0.5');
    expect(d('0.00').toString()).toBe('0.00');
    expect(d('-0.00').toString()).toBe('0.00');
  });
  it('adds with the larger scale and multiplies with the sum of scales', () => {
    expect(d('1.5').plus(d('2.25')).toString()).toBe('3.75');
    expect(d('1.50').plus(d('2')).toString()).toBe('3.50');
    expect(d('1.50').minus(d('1.50')).toString()).toBe('0.00');
    expect(d('1.5').times(d('2.25')).toString()).toBe('3.375');
    expect(d('2.0').times(d('3.00')).toString()).toBe('6.000');
  });
  it('divides like Python Decimal with 28 significant digits, half even', () => {
    expect(d('7').div(d('2'))!.toString()).toBe('3.5');
    expect(d('1').div(d('3'))!.toString()).toBe('0.3333333333333333333333333333');
    expect(d('2').div(d('3'))!.toString()).toBe('0.6666666666666666666666666667');
    expect(d('10').div(d('3'))!.toString()).toBe('3.333333333333333333333333333');
    expect(d('1.00').div(d('2'))!.toString()).toBe('0.50');
    expect(d('6').div(d('2'))!.toString()).toBe('3');
    expect(d('1').div(d('0.5'))!.toString()).toBe('2');
    expect(d('100').div(d('0.25'))!.toString()).toBe('400');
    expect(d('1').div(d('0'))).toBeNull();
  });
  it('is exact far beyond 28 digits for + and *', () => {
    const big = d('12345678901234567890123456789.123456789');
    expect(big.plus(big).toString()).toBe('24691357802469135780246913578.246913578');
    expect(big.times(d('10')).toString()).toBe('123456789012345678901234567891.234567890');
  });
  it('rounds price products to 28 significant digits', () => {
    expect(d('1.000000000000000000000000001').timesRounded(d('3')).toString()).toBe('3.000000000000000000000000003');
    expect(d('0.3333333333333333333333333333').timesRounded(d('3.5')).toString()).toBe('1.166666666666666666666666667');
  });
});

describe('dates', () => {
  it('round-trips and validates', () => {
    expect(formatDate(parseDate('2024-02-29')!)).toBe('2024-02-29');
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('2024-13-01')).toBeNull();
    expect(formatDate(makeDate(1, 1, 1)!)).toBe('0001-01-01');
    expect(parseDate('1970-01-01')).toBe(0);
  });
  it('moves by months keeping the day unless the month is shorter', () => {
    expect(formatDate(addMonths(parseDate('2024-01-31')!, 1)!)).toBe('2024-02-29');
    expect(formatDate(addMonths(parseDate('2024-03-31')!, -1)!)).toBe('2024-02-29');
    expect(addMonths(parseDate('9999-12-01')!, 1)).toBeNull();
  });
  it('knows weekdays (Monday 0)', () => {
    expect(weekday(parseDate('2024-01-01')!)).toBe(0);
    expect(weekday(parseDate('2026-11-21')!)).toBe(5);
  });
});

describe('Dec scaled-integer representation', () => {
  it('compares, tests and converts across scales exactly', () => {
    expect(d('1.5').cmp(d('1.50'))).toBe(0);
    expect(d('1.5').eq(d('1.500'))).toBe(true);
    expect(d('-0.01').cmp(d('0'))).toBe(-1);
    expect(d('10').cmp(d('9.999'))).toBe(1);
    expect(d('3.00').isInteger()).toBe(true);
    expect(d('3.01').isInteger()).toBe(false);
    expect(d('12.000').toBigInt()).toBe(12n);
    expect(d('9223372036854775808').toBigInt()).toBeNull();
    expect(d('-5').withDp(2).toString()).toBe('-5.00');
    expect(d('-0.05').toString()).toBe('-0.05');
    expect(d('0.05').neg().neg().toString()).toBe('0.05');
    expect(d('0.00').neg().toString()).toBe('0.00');
    expect(d('-1.25').abs().toString()).toBe('1.25');
    expect(d('-1.25').sign()).toBe(-1);
  });
  it('keeps every digit of long sums and products (no float anywhere)', () => {
    expect(d('0.1').plus(d('0.2')).toString()).toBe('0.3');
    expect(d('12345678901234567890.123').plus(d('0.877')).toString()).toBe('12345678901234567891.000');
    expect(d('99999999999999999.99').times(d('99999999999999999.99')).toString()).toBe('9999999999999999998000000000000000.0001');
  });
  it('structural equality compares values and places (tests compare Decs with toEqual)', () => {
    expect(d('1.50')).toEqual(d('1.5').withDp(2));
    expect(d('1.50')).not.toEqual(d('1.51'));
    expect(d('1.50')).not.toEqual(d('1.5'));
  });
  it('rounds price products over 28 significant digits and keeps shorter ones exact', () => {
    expect(d('1.5').timesRounded(d('2.25')).toString()).toBe('3.375');
    expect(d('1.234567890123456789012345678').timesRounded(d('3')).toString()).toBe('3.703703670370370367037037034');
    expect(d('0.3333333333333333333333333333').timesRounded(d('3.3')).toString()).toBe('1.100000000000000000000000000');
  });
  it('the decimal.js form agrees with the text form', () => {
    expect(d('-1234.5600').v.toFixed()).toBe('-1234.56');
    expect(d('7').div(d('4'))!.plus(d('0.001')).toString()).toBe('1.751');
  });
});
