import { describe, expect, test } from 'vitest';
import { Dec } from '../../../../engine/decimal';
import { Inventory } from '../../../../engine/query/inventory';
import type { Value } from '../../../../engine/query/types';
import { toText } from '../../../../engine/query/values';
import { resolveOverload, type AggregateOverload } from '../../../../engine/query/functions/registry';
import { aggregate, amt, cost, ctxOf, d, dec, pos } from './helpers';

const inv = (v: unknown) => toText('inventory', v as Inventory);

describe('count', () => {
  test('count(*) counts rows, NULLs included; no rows gives 0', () => {
    expect(aggregate('count', [], [[], [], []], true)).toBe(3n);
    expect(aggregate('count', [], [], true)).toBe(0n);
  });
  test('count(any) counts non-NULL arguments', () => {
    expect(aggregate('count', ['str'], [['a'], [null], ['b']])).toBe(2n);
    expect(aggregate('count', ['str'], [[null]])).toBe(0n);
  });
});

describe('sum', () => {
  test('sum(int) skips NULL; all NULL or empty gives 0; overflow is an error', () => {
    expect(aggregate('sum', ['int'], [[1n], [null], [2n]])).toBe(3n);
    expect(aggregate('sum', ['int'], [[null]])).toBe(0n);
    expect(aggregate('sum', ['int'], [])).toBe(0n);
    expect(() => aggregate('sum', ['int'], [[9223372036854775807n], [1n]])).toThrow('integer overflow');
  });
  test('sum(decimal) keeps the largest number of places', () => {
    expect(toText('decimal', aggregate('sum', ['decimal'], [[dec('1.5')], [dec('2.25')], [null]]))).toBe('3.75');
    expect(toText('decimal', aggregate('sum', ['decimal'], [[null]]))).toBe('0');
  });
  test('sum(decimal) equals chained Dec.plus from 0 (number and places) on random values around the safe-integer edge', () => {
    // The sum keeps a safe-integer scaled number while it can and a bigint beyond (see DecSum).
    const pieces = ['0', '1', '-1', '0.001', '-2.50', '9007199254740991', '-9007199254740991', '9007199254740.993',
      '12345678901234567890.12', '0.0000000000000000001', '-0.00', '99999999999999.99', '5', '1e0'];
    let seed = 11;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
    for (let k = 0; k < 400; k++) {
      const rows: Value[][] = [];
      let expected = Dec.ZERO;
      const len = next(8);
      for (let i = 0; i < len; i++) {
        const text = pieces[next(pieces.length)];
        if (text === '1e0') {
          rows.push([null]);
          continue;
        }
        const v = dec(text);
        rows.push([v]);
        expected = expected.plus(v);
      }
      const got = aggregate('sum', ['decimal'], rows) as Dec;
      expect([got.scaled, got.dp]).toEqual([expected.scaled, expected.dp]);
    }
    // An int argument (sum(decimal) over ints promoted) adds at scale 0.
    expect(toText('decimal', aggregate('sum', ['decimal'], [[dec('1.25')], [2n]]))).toBe('3.25');
  });
  test('sum(amount) per currency', () => {
    expect(inv(aggregate('sum', ['amount'], [[amt('1.50', 'USD')], [amt('2', 'EUR')], [amt('3', 'USD')], [null]]))).toBe(
      '(2 EUR, 4.50 USD)',
    );
    expect(inv(aggregate('sum', ['amount'], []))).toBe('()');
  });
  test('sum(position): same lot merges, different lots stay apart, zero positions removed', () => {
    const lotA = cost('500', 'USD', '2024-01-01');
    const lotB = cost('510', 'USD', '2024-02-01');
    const r = aggregate('sum', ['position'], [
      [pos('10', 'HOOL', lotA)],
      [pos('5', 'HOOL', lotB)],
      [pos('-10', 'HOOL', lotA)],
      [pos('3', 'HOOL', lotB)],
      [pos('100', 'USD')],
      [null],
    ]);
    expect(inv(r)).toBe('(8 HOOL {510 USD, 2024-02-01}, 100 USD)');
  });
  test('sum(inventory) adds inventories', () => {
    const a = new Inventory([pos('1', 'USD')]);
    const b = new Inventory([pos('2', 'USD'), pos('1', 'EUR')]);
    expect(inv(aggregate('sum', ['inventory'], [[a], [b], [null]]))).toBe('(1 EUR, 3 USD)');
    expect(inv(a)).toBe('(1 USD)'); // arguments are not modified
  });
});

describe('first, last, min, max', () => {
  test('first and last skip NULLs, in row order', () => {
    expect(aggregate('first', ['str'], [[null], ['a'], ['b'], [null]])).toBe('a');
    expect(aggregate('last', ['str'], [[null], ['a'], ['b'], [null]])).toBe('b');
    expect(aggregate('first', ['str'], [[null]])).toBeNull();
    expect(aggregate('last', ['date'], [])).toBeNull();
  });
  test('min and max in the value order, NULLs skipped', () => {
    expect(aggregate('min', ['date'], [[d('2024-03-01')], [null], [d('2024-01-05')]])).toBe(d('2024-01-05'));
    expect(aggregate('max', ['str'], [['B'], ['a'], [null]])).toBe('a');
    expect(toText('position', aggregate('min', ['position'], [[pos('1', 'EUR')], [pos('9', 'USD')]]))).toBe('9 USD');
    expect(toText('decimal', aggregate('max', ['decimal'], [[dec('2')], [dec('10.5')], [dec('-3')]]))).toBe('10.5');
    expect(aggregate('min', ['int'], [[null], [null]])).toBeNull();
  });
  test('an inventory argument is kept as it was at its row (the live running balance changes later)', () => {
    const running = new Inventory();
    const r = resolveOverload('last', ['inventory'])!;
    const impl = (r.overload as AggregateOverload).impl;
    const st = impl.init();
    running.add(amt('1', 'USD'));
    impl.step(st, [running], ctxOf());
    running.add(amt('5', 'USD'));
    expect(inv(impl.finish(st))).toBe('(1 USD)');
    expect(inv(running)).toBe('(6 USD)');
  });
  test('min/max keep the first of equal values', () => {
    expect(toText('decimal', aggregate('min', ['decimal'], [[dec('1.0')], [dec('1.00')]]))).toBe('1.0');
    expect(toText('decimal', aggregate('max', ['decimal'], [[dec('1.0')], [dec('1.00')]]))).toBe('1.0');
  });
});
