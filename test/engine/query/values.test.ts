import { describe, expect, test } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { Inventory } from '../../../engine/query/inventory';
import { parseInterval } from '../../../engine/query/interval';
import type { TypeName } from '../../../engine/query/types';
import { typeOfValue } from '../../../engine/query/types';
import { compareStr, compareValues, makeSet, metasOf, toText, valueKey, valuesEqual } from '../../../engine/query/values';
import { amt, cost, d, dec, meta, pos } from './functions/helpers';

/** Sorts with compareValues and returns the text forms. */
function sorted(type: TypeName, values: unknown[]): string[] {
  return [...values].sort((a, b) => compareValues(type, a, b)).map((v) => (v === null ? 'NULL' : toText(type, v)));
}

describe('ordering', () => {
  test('NULL is lowest for every type', () => {
    expect(sorted('int', [3n, null, -1n])).toEqual(['NULL', '-1', '3']);
    expect(sorted('str', ['a', null])).toEqual(['NULL', 'a']);
    expect(compareValues('date', null, null)).toBe(0);
  });

  test('bool FALSE before TRUE', () => {
    expect(sorted('bool', [true, false])).toEqual(['FALSE', 'TRUE']);
  });

  test('int and decimal compare numerically, also mixed', () => {
    expect(sorted('decimal', [dec('2.50'), dec('-1'), dec('2.4999')])).toEqual(['-1', '2.4999', '2.50']);
    expect(compareValues('decimal', 1n, dec('1.5'))).toBeLessThan(0);
    expect(compareValues('int', dec('1.00'), 1n)).toBe(0);
    expect(sorted('int', [10n, 9n, -10n])).toEqual(['-10', '9', '10']);
  });

  test('strings by character code: upper case before lower, astral after BMP', () => {
    expect(sorted('str', ['a', 'B', 'A', 'b'])).toEqual(['A', 'B', 'a', 'b']);
    expect(compareStr('\uffff', '😀')).toBeLessThan(0); // U+FFFF < U+1F600, although UTF-16 says otherwise
    expect(compareStr('ab', 'a')).toBeGreaterThan(0);
  });

  test('dates chronologically', () => {
    expect(sorted('date', [d('2024-02-01'), d('2023-12-31')])).toEqual(['2023-12-31', '2024-02-01']);
  });

  test('sets element by element in sorted order, prefix first', () => {
    expect(sorted('set', [['a', 'c'], ['a', 'b'], ['a'], []])).toEqual(['', 'a', 'a,b', 'a,c']);
  });

  test('amounts by currency, then number', () => {
    expect(sorted('amount', [amt('1', 'USD'), amt('5', 'EUR'), amt('2', 'EUR')])).toEqual(['2 EUR', '5 EUR', '1 USD']);
  });

  test('positions: the eight well-known currencies in order, then shorter names first', () => {
    const cur = ['HOOL', 'CHF', 'EUR', 'AB', 'USD', 'AAA', 'NZD', 'GBP', 'AUD', 'CAD', 'JPY'];
    expect(sorted('position', cur.map((c) => pos('1', c)))).toEqual(
      ['USD', 'EUR', 'JPY', 'CAD', 'GBP', 'AUD', 'NZD', 'CHF', 'AB', 'AAA', 'HOOL'].map((c) => '1 ' + c),
    );
  });

  test('positions of one currency: cost number, cost currency, then units', () => {
    const a = pos('10', 'HOOL', cost('500', 'USD', '2024-01-01'));
    const b = pos('1', 'HOOL', cost('600', 'USD', '2023-01-01'));
    const c = pos('5', 'HOOL', cost('500', 'EUR', '2024-01-01'));
    const e = pos('2', 'HOOL', cost('500', 'EUR', '2024-01-01'));
    const none = pos('100', 'HOOL');
    expect(sorted('position', [a, b, c, none, e])).toEqual([
      '100 HOOL', // no cost reads as cost 0
      '2 HOOL {500 EUR, 2024-01-01}',
      '5 HOOL {500 EUR, 2024-01-01}',
      '10 HOOL {500 USD, 2024-01-01}',
      '1 HOOL {600 USD, 2023-01-01}',
    ]);
  });

  test('same-length unknown currencies are ordered by cost and units before name (spec key), name breaks ties', () => {
    expect(compareValues('position', pos('5', 'ZZZZ'), pos('7', 'AAAA'))).toBeLessThan(0);
    expect(compareValues('position', pos('5', 'ZZZZ'), pos('5', 'AAAA'))).toBeGreaterThan(0);
  });

  test('inventories position by position in position order; one currency sorts by its number', () => {
    const i = (...ps: ReturnType<typeof pos>[]) => new Inventory(ps);
    expect(sorted('inventory', [i(pos('10', 'USD')), i(pos('-3', 'USD')), i(pos('5', 'USD'))])).toEqual([
      '(-3 USD)',
      '(5 USD)',
      '(10 USD)',
    ]);
    // [USD 1] is a prefix of [USD 1, EUR 1] (position order puts USD before EUR).
    expect(compareValues('inventory', i(pos('1', 'USD')), i(pos('1', 'EUR'), pos('1', 'USD')))).toBeLessThan(0);
    expect(compareValues('inventory', i(pos('1', 'EUR')), i(pos('1', 'USD')))).toBeGreaterThan(0);
    expect(compareValues('inventory', new Inventory(), i(pos('1', 'USD')))).toBeLessThan(0);
  });

  test('metas pair by pair, key then value', () => {
    const m = (...p: [string, string][]) => metasOf(meta(...p));
    expect(sorted('metas', [m(['b', '0']), m(['a', '2']), m(['a', '1'], ['z', 'z']), m(['a', '1'])])).toEqual([
      'a: 1',
      'a: 1; z: z',
      'a: 2',
      'b: 0',
    ]);
  });

  test('intervals have no order', () => {
    expect(() => compareValues('interval', parseInterval('1 day'), parseInterval('2 days'))).toThrow(/no order/);
  });
});

describe('equality and hash keys', () => {
  const cases: [TypeName, unknown, unknown, boolean][] = [
    ['decimal', dec('1.00'), 1n, true],
    ['decimal', dec('1.00'), dec('1'), true],
    ['decimal', dec('1.01'), dec('1'), false],
    ['int', 3n, 3n, true],
    ['str', 'a', 'A', false],
    ['str', '', null, false],
    ['str', '\u0000', null, false],
    ['bool', true, true, true],
    ['date', d('2024-01-01'), d('2024-01-01'), true],
    ['set', ['a', 'b'], ['a', 'b'], true],
    ['set', ['a', 'b'], ['a'], false],
    ['amount', amt('10.0', 'USD'), amt('10', 'USD'), true],
    ['amount', amt('10', 'USD'), amt('10', 'EUR'), false],
    ['position', pos('1', 'HOOL', cost('5', 'USD', '2024-01-01')), pos('1.0', 'HOOL', cost('5.00', 'USD', '2024-01-01')), true],
    ['position', pos('1', 'HOOL', cost('5', 'USD', '2024-01-01')), pos('1', 'HOOL', cost('5', 'USD', '2024-01-02')), false],
    ['position', pos('1', 'HOOL', cost('5', 'USD', '2024-01-01', 'x')), pos('1', 'HOOL', cost('5', 'USD', '2024-01-01')), false],
    ['position', pos('1', 'HOOL'), pos('1', 'HOOL', cost('5', 'USD', '2024-01-01')), false],
    ['interval', parseInterval('1 year'), parseInterval('12 months'), true],
    ['interval', parseInterval('1 week'), parseInterval('7 days'), true],
    ['interval', parseInterval('1 month'), parseInterval('30 days'), false],
    ['metas', metasOf(meta(['a', '1'])), metasOf(meta(['a', '1'])), true],
    ['metas', metasOf(meta(['a', '1'])), metasOf(meta(['a', '2'])), false],
    ['null', null, null, true],
  ];
  test.each(cases)('%s case %#', (type, a, b, eq) => {
    expect(valuesEqual(type, a, b)).toBe(eq);
    expect(valueKey(type, a) === valueKey(type, b)).toBe(eq);
  });

  test('inventories built in different orders are equal and hash alike', () => {
    const a = new Inventory([pos('1', 'USD'), pos('2', 'HOOL', cost('5', 'USD', '2024-01-01')), pos('3', 'EUR')]);
    const b = new Inventory([pos('3.0', 'EUR'), pos('2', 'HOOL', cost('5.0', 'USD', '2024-01-01')), pos('1', 'USD')]);
    expect(valuesEqual('inventory', a, b)).toBe(true);
    expect(valueKey('inventory', a)).toBe(valueKey('inventory', b));
    const c = new Inventory([pos('1', 'USD'), pos('2', 'HOOL', cost('5', 'USD', '2024-01-02')), pos('3', 'EUR')]);
    expect(valuesEqual('inventory', a, c)).toBe(false);
    expect(valueKey('inventory', a)).not.toBe(valueKey('inventory', c));
  });

  test('keys of int and decimal agree for IN lookups; strings pass through unchanged', () => {
    expect(valueKey('int', 100n)).toBe(valueKey('decimal', dec('100.000')));
    expect(valueKey('decimal', dec('-0.50'))).toBe(valueKey('decimal', dec('-0.5')));
    expect(valueKey('str', 'Assets:Cash')).toBe('Assets:Cash');
    expect(valueKey('bool', true)).not.toBe(valueKey('bool', false));
  });
});

describe('text forms (str)', () => {
  test('scalars', () => {
    expect(toText('bool', true)).toBe('TRUE');
    expect(toText('bool', false)).toBe('FALSE');
    expect(toText('int', -42n)).toBe('-42');
    expect(toText('decimal', dec('1.50'))).toBe('1.50');
    expect(toText('decimal', Dec.of('0.000'))).toBe('0.000');
    expect(toText('date', d('0099-03-04'))).toBe('0099-03-04');
    expect(toText('str', 'x')).toBe('x');
    expect(toText('null', null)).toBe('');
  });

  test('set joined with a comma, metas key: value joined by "; "', () => {
    expect(toText('set', makeSet(['b', 'a', 'b']))).toBe('a,b');
    expect(toText('set', [])).toBe('');
    expect(toText('metas', metasOf(meta(['z', '1'], ['a', 'x y'], ['z', '0'])))).toBe('a: x y; z: 1; z: 0');
  });

  test('amount, position (Beancount form), inventory in parentheses', () => {
    expect(toText('amount', amt('-3.10', 'EUR'))).toBe('-3.10 EUR');
    expect(toText('position', pos('5', 'HOOL', cost('500.00', 'USD', '2024-01-01')))).toBe('5 HOOL {500.00 USD, 2024-01-01}');
    expect(toText('position', pos('5', 'HOOL', cost('500.00', 'USD', '2024-01-01', 'lot1')))).toBe(
      '5 HOOL {500.00 USD, 2024-01-01, "lot1"}',
    );
    const inv = new Inventory([pos('5', 'HOOL', cost('500.00', 'USD', '2024-01-01')), pos('10', 'USD')]);
    expect(toText('inventory', inv)).toBe('(5 HOOL {500.00 USD, 2024-01-01}, 10 USD)');
    expect(toText('inventory', new Inventory())).toBe('()');
  });

  test('interval', () => {
    expect(toText('interval', { months: 14, days: 0 })).toBe('1 year 2 months');
  });

  test('typeOfValue tells the runtime representations apart', () => {
    expect(typeOfValue(1n)).toBe('int');
    expect(typeOfValue(dec('1'))).toBe('decimal');
    expect(typeOfValue(d('2024-01-01'))).toBe('date');
    expect(typeOfValue(['a'])).toBe('set');
    expect(typeOfValue(metasOf(meta(['a', 'b'])))).toBe('metas');
    expect(typeOfValue(amt('1', 'USD'))).toBe('amount');
    expect(typeOfValue(pos('1', 'USD'))).toBe('position');
    expect(typeOfValue(new Inventory())).toBe('inventory');
    expect(typeOfValue({ months: 1, days: 0 })).toBe('interval');
    expect(typeOfValue(false)).toBe('bool');
    expect(typeOfValue(null)).toBe('null');
  });
});
