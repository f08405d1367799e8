import { describe, expect, test } from 'vitest';
import { countValue, encodeCell, stringifyResult } from '../../../engine/query/encode';
import { Inventory } from '../../../engine/query/inventory';
import { parseInterval } from '../../../engine/query/interval';
import { makeSet, metasOf } from '../../../engine/query/values';
import { amt, cost, d, dec, meta, pos } from './functions/helpers';

describe('cell encoding', () => {
  test('scalars', () => {
    expect(encodeCell('str', null)).toBeNull();
    expect(encodeCell('bool', false)).toBe(false);
    expect(encodeCell('int', 5n)).toBe(5n);
    expect(encodeCell('decimal', dec('1.50'))).toBe('1.50');
    expect(encodeCell('decimal', dec('123456789012345678901234567890.000001'))).toBe('123456789012345678901234567890.000001');
    expect(encodeCell('decimal', dec('0.00000000000000000001'))).toBe('0.00000000000000000001');
    expect(encodeCell('str', 'x')).toBe('x');
    expect(encodeCell('date', d('2024-02-29'))).toBe('2024-02-29');
    expect(encodeCell('interval', parseInterval('14 months'))).toBe('1 year 2 months');
  });

  test('set, amount, position, inventory, metas', () => {
    expect(encodeCell('set', makeSet(['b', 'a']))).toEqual(['a', 'b']);
    expect(encodeCell('amount', amt('10.00', 'USD'))).toEqual({ number: '10.00', currency: 'USD' });
    expect(encodeCell('position', pos('1', 'USD'))).toEqual({ units: { number: '1', currency: 'USD' }, cost: null });
    expect(encodeCell('position', pos('2', 'HOOL', cost('500.00', 'USD', '2024-01-01', 'L')))).toEqual({
      units: { number: '2', currency: 'HOOL' },
      cost: { number: '500.00', currency: 'USD', date: '2024-01-01', label: 'L' },
    });
    const inv = new Inventory([pos('1', 'USD'), pos('2', 'HOOL', cost('5', 'USD', '2024-01-01')), pos('3', 'HOOL')]);
    expect(encodeCell('inventory', inv)).toEqual({
      positions: [
        { units: { number: '3', currency: 'HOOL' }, cost: null },
        { units: { number: '2', currency: 'HOOL' }, cost: { number: '5', currency: 'USD', date: '2024-01-01', label: null } },
        { units: { number: '1', currency: 'USD' }, cost: null },
      ],
    });
    expect(encodeCell('inventory', new Inventory())).toEqual({ positions: [] });
    expect(encodeCell('metas', metasOf(meta(['b', '1'], ['a', '2'])))).toEqual([
      { key: 'a', value: '2' },
      { key: 'b', value: '1' },
    ]);
  });

  test('stringifyResult writes 64-bit ints with all digits', () => {
    const row = [encodeCell('int', 9223372036854775807n), encodeCell('int', -9007199254740993n), encodeCell('decimal', dec('1.0'))];
    expect(stringifyResult({ data: { rows: [row], total: 1 } })).toBe(
      '{"data":{"rows":[[9223372036854775807,-9007199254740993,"1.0"]],"total":1}}',
    );
  });

  test('stringifyResult matches JSON.stringify on ordinary values', () => {
    const v = { a: 'q"\\\n\u0000é', b: [1, 2.5, null, true, { c: undefined, d: 'x' }], e: undefined, f: dec('3.10') };
    expect(stringifyResult(v)).toBe(JSON.stringify(v));
    // a string that looks like a number stays a string
    expect(stringifyResult(['123'])).toBe('["123"]');
  });
});

describe('result size counting', () => {
  test('one per cell; plus one per position, set element and metas pair', () => {
    expect(countValue('int', 1n)).toBe(1);
    expect(countValue('str', null)).toBe(1);
    expect(countValue('amount', amt('1', 'USD'))).toBe(1);
    expect(countValue('inventory', new Inventory([pos('1', 'USD'), pos('1', 'EUR')]))).toBe(3);
    expect(countValue('inventory', new Inventory())).toBe(1);
    expect(countValue('set', ['a', 'b', 'c'])).toBe(4);
    expect(countValue('metas', metasOf(meta(['a', '1'], ['b', '2'])))).toBe(3);
  });

  test('plus one per whole 64 bytes of UTF-8 text', () => {
    expect(countValue('str', 'x'.repeat(63))).toBe(1);
    expect(countValue('str', 'x'.repeat(64))).toBe(2);
    expect(countValue('str', 'x'.repeat(200))).toBe(4);
    expect(countValue('str', 'é'.repeat(32))).toBe(2); // 64 bytes in 32 characters
    // set: 2 elements of 40 bytes = 80 bytes -> 1 + 2 + 1
    expect(countValue('set', ['a'.repeat(40), 'b'.repeat(40)])).toBe(4);
    // metas: key 30 + value 40 = 70 bytes -> 1 + 1 + 1
    expect(countValue('metas', metasOf(meta(['k'.repeat(30), 'v'.repeat(40)])))).toBe(3);
  });
});
