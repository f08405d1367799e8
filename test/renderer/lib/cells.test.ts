import { describe, expect, it } from 'vitest';
import { cellLineCount, cellLines, cellSign, cellText, formatPosition, isNumericType } from '../../../renderer/lib/cells';
import { formatDecimal, isNegativeDecimal } from '../../../renderer/lib/number-format';

describe('formatDecimal', () => {
  it('groups integer digits and keeps every decimal place', () => {
    expect(formatDecimal('1234567.50')).toBe('1,234,567.50');
    expect(formatDecimal('-1234.5000')).toBe('-1,234.5000');
    expect(formatDecimal('123')).toBe('123');
    expect(formatDecimal('1000')).toBe('1,000');
    expect(formatDecimal('100000')).toBe('100,000');
    expect(formatDecimal('0.000000000000000000000000001')).toBe('0.000000000000000000000000001');
  });
  it('keeps digits a float would lose', () => {
    expect(formatDecimal('12345678901234567890.123456789')).toBe('12,345,678,901,234,567,890.123456789');
  });
  it('writes a bare fraction with a leading zero and drops a plus sign', () => {
    expect(formatDecimal('.5')).toBe('0.5');
    expect(formatDecimal('+12')).toBe('12');
  });
  it('leaves text that is not a decimal unchanged', () => {
    expect(formatDecimal('abc')).toBe('abc');
    expect(formatDecimal('1e5')).toBe('1e5');
  });
  it('isNegativeDecimal ignores negative zero', () => {
    expect(isNegativeDecimal('-0.01')).toBe(true);
    expect(isNegativeDecimal('-0.00')).toBe(false);
    expect(isNegativeDecimal('3')).toBe(false);
  });
});

const pos = (number: string, currency: string, cost: null | { number: string; currency: string; date: string | null; label: string | null } = null) => ({
  units: { number, currency },
  cost,
});

describe('cellLines', () => {
  it('renders scalars by column type', () => {
    expect(cellLines(null, 'str')).toEqual(['NULL']);
    expect(cellLines(true, 'bool')).toEqual(['TRUE']);
    expect(cellLines(false, 'bool')).toEqual(['FALSE']);
    expect(cellLines(2024, 'int')).toEqual(['2024']);
    expect(cellLines('1234.50', 'decimal')).toEqual(['1,234.50']);
    expect(cellLines('1234.50', 'str')).toEqual(['1234.50']);
    expect(cellLines('2024-02-29', 'date')).toEqual(['2024-02-29']);
    expect(cellLines('1 year 2 months', 'interval')).toEqual(['1 year 2 months']);
    expect(cellLines(['a', 'b'], 'set')).toEqual(['a, b']);
    expect(cellLines([], 'set')).toEqual(['']);
  });
  it('renders amounts and positions with cost, date and label', () => {
    expect(cellLines({ number: '-1500.00', currency: 'USD' }, 'amount')).toEqual(['-1,500.00 USD']);
    expect(formatPosition(pos('10', 'HOOL', { number: '518.73', currency: 'USD', date: '2014-08-09', label: 'first' }))).toBe(
      '10 HOOL {518.73 USD, 2014-08-09, "first"}',
    );
    expect(formatPosition(pos('10', 'HOOL', { number: '1', currency: 'USD', date: null, label: null }))).toBe('10 HOOL {1 USD}');
    expect(cellLines(pos('5.00', 'EUR'), 'position')).toEqual(['5.00 EUR']);
  });
  it('renders an inventory one line per currency, lots of a currency on its line', () => {
    const inv = {
      positions: [
        pos('2', 'HOOL', { number: '500', currency: 'USD', date: '2024-01-01', label: null }),
        pos('3', 'HOOL', { number: '510', currency: 'USD', date: '2024-02-01', label: null }),
        pos('1200.00', 'USD'),
      ],
    };
    expect(cellLines(inv, 'inventory')).toEqual(['2 HOOL {500 USD, 2024-01-01}, 3 HOOL {510 USD, 2024-02-01}', '1,200.00 USD']);
    expect(cellLineCount(inv, 'inventory')).toBe(2);
    expect(cellLines({ positions: [] }, 'inventory')).toEqual([]);
    expect(cellLineCount({ positions: [] }, 'inventory')).toBe(1);
  });
  it('renders metas one pair per line', () => {
    const m = [{ key: 'note', value: 'x' }, { key: 'id', value: '7' }];
    expect(cellLines(m, 'metas')).toEqual(['note: x', 'id: 7']);
    expect(cellLineCount(m, 'metas')).toBe(2);
    expect(cellText(m, 'metas')).toBe('note: x\nid: 7');
  });
  it('counts one line for other cells, NULL included', () => {
    expect(cellLineCount(null, 'inventory')).toBe(1);
    expect(cellLineCount('x', 'str')).toBe(1);
  });
});

describe('alignment and sign', () => {
  it('right-aligns number-bearing types only', () => {
    expect(['int', 'decimal', 'amount', 'position', 'inventory'].every((t) => isNumericType(t as never))).toBe(true);
    expect(['str', 'date', 'set', 'bool', 'metas', 'interval', 'null'].some((t) => isNumericType(t as never))).toBe(false);
  });
  it('gives the sign of single-number cells', () => {
    expect(cellSign(-3, 'int')).toBe(-1);
    expect(cellSign('-0.00', 'decimal')).toBe(1);
    expect(cellSign({ number: '-2', currency: 'USD' }, 'amount')).toBe(-1);
    expect(cellSign(pos('-1', 'USD'), 'position')).toBe(-1);
    expect(cellSign({ positions: [] }, 'inventory')).toBeNull();
    expect(cellSign(null, 'int')).toBeNull();
  });
});
