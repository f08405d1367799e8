import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell, ColumnType, PositionJson } from '../../../engine/api-types';
import { Dec } from '../../../engine/decimal';
import { daysFromCivil } from '../../../engine/dates';
import type { Position } from '../../../engine/ledger/snapshot';
import { encodeCell } from '../../../engine/query/encode';
import { Inventory } from '../../../engine/query/inventory';
import type { TypeName } from '../../../engine/query/types';
import { compareValues, makeSet } from '../../../engine/query/values';
import { compareCells, decimalKey, isSortable, nextSort, sortRows } from '../../../renderer/lib/sort-rows';

/** Column cells in the order sortRows gives for a one-column result. */
function sorted(type: ColumnType, cells: Cell[], direction: 'ascending' | 'descending' = 'ascending'): Cell[] {
  const rows = cells.map((c) => [c]);
  return Array.from(sortRows(rows, 0, type, direction), (i) => cells[i]);
}

const pos = (number: string, currency: string, cost: PositionJson['cost'] = null): PositionJson => ({ units: { number, currency }, cost });
const cost = (number: string, currency: string, date: string | null = '2024-01-01', label: string | null = null) => ({ number, currency, date, label });

describe('decimal order', () => {
  it('orders signed decimals exactly', () => {
    expect(sorted('decimal', ['10.00', '-2', '0.001', '2', '-10.5'])).toEqual(['-10.5', '-2', '0.001', '2', '10.00']);
  });

  it('ignores decimal places and leading zeros when comparing, and reads -0 as 0', () => {
    expect(compareCells('decimal', '1.0', '1.000')).toBe(0);
    expect(compareCells('decimal', '007.50', '7.5')).toBe(0);
    expect(compareCells('decimal', '-0.00', '0')).toBe(0);
    expect(compareCells('decimal', '.5', '0.50')).toBe(0);
    expect(compareCells('decimal', '5.', '5')).toBe(0);
  });

  it('orders negatives with longer fractions lower', () => {
    expect(compareCells('decimal', '-1.55', '-1.5')).toBe(-1);
    expect(compareCells('decimal', '-1.5', '-1')).toBe(-1);
    expect(compareCells('decimal', '-0.001', '0')).toBe(-1);
    expect(compareCells('decimal', '-100', '-99.999')).toBe(-1);
  });

  it('separates values a double cannot tell apart (beyond 2^53, and tiny differences)', () => {
    // 2^53 = 9007199254740992; as doubles these two are equal.
    expect(Number('9007199254740993')).toBe(Number('9007199254740992'));
    expect(compareCells('decimal', '9007199254740992', '9007199254740993')).toBe(-1);
    expect(compareCells('decimal', '-9007199254740993', '-9007199254740992')).toBe(-1);
    expect(compareCells('decimal', '0.1000000000000000000000000001', '0.1')).toBe(1);
    expect(sorted('decimal', ['123456789012345678901234567890.5', '123456789012345678901234567890.25', '99999999999999999999999999999'])).toEqual([
      '99999999999999999999999999999',
      '123456789012345678901234567890.25',
      '123456789012345678901234567890.5',
    ]);
  });

  it('orders integer parts of more than nine digits by length, at any length', () => {
    const big = '1' + '0'.repeat(120);
    const bigger = '2' + '0'.repeat(120);
    const longer = '1' + '0'.repeat(1200);
    expect(sorted('decimal', [longer, bigger, big, '-' + longer, '-' + big])).toEqual(['-' + longer, '-' + big, big, bigger, longer]);
  });

  it('puts text that is not a decimal after every number instead of throwing', () => {
    expect(decimalKey('abc') > decimalKey('1' + '9'.repeat(50))).toBe(true);
    expect(sorted('decimal', ['x', '1', '1e5', '-3'])).toEqual(['-3', '1', '1e5', 'x']);
  });

  it('agrees with Dec on random decimals (keys compare like the values)', () => {
    const decimalText = fc
      .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,25}$/), fc.option(fc.stringMatching(/^[0-9]{0,12}$/)))
      .map(([neg, i, f]) => (neg ? '-' : '') + i + (f === null ? '' : '.' + f));
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const expected = Dec.of(a).cmp(Dec.of(b));
        const k = decimalKey(a) < decimalKey(b) ? -1 : decimalKey(a) > decimalKey(b) ? 1 : 0;
        expect(k).toBe(Math.sign(expected));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('order of the other types', () => {
  it('ints as numbers, and exactly when they arrive as digit strings', () => {
    expect(sorted('int', [3, -7, 0, 12])).toEqual([-7, 0, 3, 12]);
    // A lossless JSON reader could hand over digits beyond 2^53 as text.
    expect(sorted('int', ['9007199254740993', 5, '9007199254740992', '-9223372036854775808'])).toEqual([
      '-9223372036854775808',
      5,
      '9007199254740992',
      '9007199254740993',
    ]);
  });

  it('bool FALSE before TRUE; dates chronologically', () => {
    expect(sorted('bool', [true, false, true, false])).toEqual([false, false, true, true]);
    expect(sorted('date', ['2024-03-01', '0999-12-31', '2023-12-31', '2024-02-29'])).toEqual(['0999-12-31', '2023-12-31', '2024-02-29', '2024-03-01']);
  });

  it('strings by code point, not by locale or UTF-16 unit', () => {
    expect(sorted('str', ['b', 'B', 'a', 'É', 'ab', ''])).toEqual(['', 'B', 'a', 'ab', 'b', 'É']);
    // U+1F600 (a surrogate pair in UTF-16) is above U+FF5E although its first unit 0xD83D is below 0xFF5E.
    expect('\u{1F600}' < '\uFF5E').toBe(true);
    expect(compareCells('str', '\u{1F600}', '\uFF5E')).toBe(1);
    expect(sorted('str', ['\u{1F600}', '\uFF5E', '\u{1F601}', '\uD7FF', 'z'])).toEqual(['z', '\uD7FF', '\uFF5E', '\u{1F600}', '\u{1F601}']);
  });

  it('sets element by element, a prefix first', () => {
    expect(sorted('set', [['b'], ['a', 'c'], [], ['a'], ['a', 'b']])).toEqual([[], ['a'], ['a', 'b'], ['a', 'c'], ['b']]);
  });

  it('amounts by currency, then number', () => {
    const cells = [
      { number: '5', currency: 'USD' },
      { number: '-100', currency: 'USD' },
      { number: '1000', currency: 'EUR' },
      { number: '20.5', currency: 'USD' },
    ];
    expect(sorted('amount', cells)).toEqual([cells[2], cells[1], cells[0], cells[3]]);
  });

  it('positions: USD, EUR, JPY ... first, other currencies shorter names first, then cost, then units', () => {
    const hool = pos('1', 'HOOL', cost('500', 'USD'));
    const eur = pos('3', 'EUR');
    const usd = pos('10', 'USD');
    const usdLess = pos('-4', 'USD');
    const ab = pos('1', 'AB');
    const cheapHool = pos('9', 'HOOL', cost('400', 'USD'));
    const ivv = pos('2', 'IVV');
    // Ranks: USD 0, EUR 1; AB (length 2) before the 3-letter IVV, then HOOL; HOOL by cost number first.
    expect(sorted('position', [hool, eur, ivv, usd, cheapHool, ab, usdLess])).toEqual([usdLess, usd, eur, ab, ivv, cheapHool, hool]);
  });

  it('positions of one currency: no cost (read as cost 0) first, then cost number, cost currency, units, date, label', () => {
    const plain = pos('100', 'HOOL');
    const a = pos('1', 'HOOL', cost('10', 'EUR'));
    const b = pos('1', 'HOOL', cost('10', 'USD'));
    const c = pos('2', 'HOOL', cost('10', 'USD'));
    const d = pos('2', 'HOOL', cost('10.00', 'USD', '2024-05-01'));
    const e = pos('2', 'HOOL', cost('10', 'USD', '2024-05-01', 'lot'));
    expect(sorted('position', [e, d, c, b, a, plain])).toEqual([plain, a, b, c, d, e]);
  });

  it('inventories: positions put in position order, then compared one by one', () => {
    // JSON orders positions by currency name; the position order puts USD before CAD.
    const cadUsd = { positions: [pos('1', 'CAD'), pos('5', 'USD')] };
    const usd = { positions: [pos('5', 'USD')] };
    const usdMore = { positions: [pos('6', 'USD')] };
    const empty = { positions: [] };
    expect(sorted('inventory', [usdMore, cadUsd, usd, empty])).toEqual([empty, usd, cadUsd, usdMore]);
  });

  it('sets and metas: a field ending or holding control characters does not blur element borders', () => {
    expect(sorted('set', [['a\u0000'], ['a', 'b'], ['a'], ['a\u0001']])).toEqual([['a'], ['a', 'b'], ['a\u0000'], ['a\u0001']]);
    const m = (key: string, value: string) => [{ key, value }];
    expect(sorted('metas', [m('k', 'v\u0000'), m('k\u0000', ''), m('k', 'v'), m('k', '')])).toEqual([m('k', ''), m('k', 'v'), m('k', 'v\u0000'), m('k\u0000', '')]);
  });

  it('metas pair by pair, key then value', () => {
    const m = (...pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value }));
    const cells = [m(['b', '1']), m(['a', '2']), m(['a', '1'], ['z', '0']), m(['a', '1'])];
    expect(sorted('metas', cells)).toEqual([cells[3], cells[2], cells[1], cells[0]]);
  });
});

describe('same order as the engine (ORDER BY) on random values', () => {
  // The engine's own comparator (engine/query/values.ts) on engine values, against compareCells
  // on the JSON cells the server's encoder makes of them.
  const decimalText = fc
    .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,4}$/), fc.option(fc.stringMatching(/^[0-9]{0,3}$/)))
    .map(([neg, i, f]) => (neg ? '-' : '') + i + (f === null ? '' : '.' + f));
  const dec = decimalText.map((t) => Dec.of(t));
  const text = fc.oneof(fc.constantFrom('', 'a', 'b', 'ab', 'a\u0000', '\u0001', '\u{1F600}', '\uFF5E', 'É'), fc.string({ unit: 'binary', maxLength: 4 }));
  const currency = fc.constantFrom('USD', 'EUR', 'JPY', 'CHF', 'AB', 'ZZ', 'HOOL', 'IVV', 'VACHR');
  const cost = fc.option(
    fc.record({ number: dec, currency: fc.constantFrom('USD', 'EUR'), date: fc.integer({ min: daysFromCivil(2024, 1, 1), max: daysFromCivil(2024, 1, 5) }), label: fc.option(text) }),
  );
  const position = fc.record({ units: fc.record({ number: dec, currency }), cost });
  const values: Record<string, fc.Arbitrary<unknown>> = {
    decimal: dec,
    str: text,
    set: fc.array(text, { maxLength: 3 }).map((xs) => makeSet(xs)),
    amount: fc.record({ number: dec, currency }),
    position,
    inventory: fc.array(position, { maxLength: 3 }).map((ps) => new Inventory(ps as Position[])),
    metas: fc.array(fc.tuple(text, text), { maxLength: 3 }),
  };
  for (const [type, arb] of Object.entries(values)) {
    it(type, () => {
      const cell = (v: unknown) => encodeCell(type as TypeName, v) as Cell;
      fc.assert(
        fc.property(fc.option(arb, { freq: 8 }), fc.option(arb, { freq: 8 }), (a, b) => {
          expect(compareCells(type as ColumnType, cell(a), cell(b))).toBe(Math.sign(compareValues(type as TypeName, a, b)));
        }),
        { numRuns: 2000 },
      );
    });
  }
});

describe('sortRows', () => {
  it('puts NULL first ascending and last descending, keeping ties in server order', () => {
    const cells: Cell[] = ['2', null, '1', '2.0', null, '1.00'];
    expect(Array.from(sortRows(cells.map((c) => [c]), 0, 'decimal', 'ascending'))).toEqual([1, 4, 2, 5, 0, 3]);
    // Descending reverses the values, but equal values (and the NULLs) stay in server order.
    expect(Array.from(sortRows(cells.map((c) => [c]), 0, 'decimal', 'descending'))).toEqual([0, 3, 2, 5, 1, 4]);
  });

  it('sorts by the given column and leaves the rows untouched', () => {
    const rows: Cell[][] = [
      ['c', 1],
      ['a', 3],
      ['b', 2],
    ];
    const copy = JSON.parse(JSON.stringify(rows));
    expect(Array.from(sortRows(rows, 1, 'int', 'descending'))).toEqual([1, 2, 0]);
    expect(Array.from(sortRows(rows, 0, 'str', 'ascending'))).toEqual([1, 2, 0]);
    expect(rows).toEqual(copy);
  });

  it('keeps the server order for intervals (no order in the query language)', () => {
    expect(isSortable('interval')).toBe(false);
    expect(isSortable('inventory')).toBe(true);
    const rows: Cell[][] = [['2 months'], ['1 year'], ['3 days']];
    expect(Array.from(sortRows(rows, 0, 'interval', 'ascending'))).toEqual([0, 1, 2]);
  });

  it('handles an empty result', () => {
    expect(sortRows([], 0, 'decimal', 'ascending')).toHaveLength(0);
  });

  it('sorts 100k decimal rows quickly and correctly', () => {
    const n = 100_000;
    const rows: Cell[][] = new Array(n);
    // Deterministic spread of values with 0-4 decimal places and signs; every 97th is NULL.
    let x = 12345;
    for (let i = 0; i < n; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const v = i % 97 === 0 ? null : `${x % 3 === 0 ? '-' : ''}${Math.floor(x / 1000)}.${String(x % 10000).padStart(4, '0').slice(0, x % 5)}`;
      rows[i] = [v === null ? null : v.endsWith('.') ? v.slice(0, -1) : v];
    }
    const t0 = performance.now();
    const order = sortRows(rows, 0, 'decimal', 'ascending');
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(1000);
    const nulls = Math.ceil(n / 97);
    for (let k = 0; k < nulls; k++) expect(rows[order[k]][0]).toBeNull();
    for (let k = nulls + 1; k < n; k++) {
      const a = Dec.of(rows[order[k - 1]][0] as string);
      const b = Dec.of(rows[order[k]][0] as string);
      const c = a.cmp(b);
      if (c > 0 || (c === 0 && order[k - 1] > order[k])) throw new Error(`out of order at ${k}`);
    }
  });
});

describe('nextSort', () => {
  it('cycles ascending, descending, server order; a new column starts ascending', () => {
    const a = nextSort(null, 2);
    expect(a).toEqual({ column: 2, direction: 'ascending' });
    const d = nextSort(a, 2);
    expect(d).toEqual({ column: 2, direction: 'descending' });
    expect(nextSort(d, 2)).toBeNull();
    expect(nextSort(d, 0)).toEqual({ column: 0, direction: 'ascending' });
  });
});
