import { describe, expect, test } from 'vitest';
import { SEARCH } from '../../../../engine/query/functions/search';
import { call, type Arg } from './helpers';

const s = (v: string): Arg => ['str', v];
const set = (...v: string[]): Arg => ['set', v];

describe('search functions', () => {
  test('icontains: plain text, Unicode case-insensitive', () => {
    expect(call('icontains', [s('Café Latte'), s('CAFÉ')])).toBe(true);
    expect(call('icontains', [s('Expenses:Food'), s('food')])).toBe(true);
    expect(call('icontains', [s('Expenses:Food'), s('f.od')])).toBe(false); // not a regex
    expect(call('icontains', [s('abc'), s('')])).toBe(true);
    // the remembered needle is replaced when another one comes
    expect(call('icontains', [s('Expenses:Food'), s('drink')])).toBe(false);
  });
  test('any_icontains', () => {
    expect(call('any_icontains', [set('b', 'Trip-Paris'), s('paris')])).toBe(true);
    expect(call('any_icontains', [set('b', 'c'), s('paris')])).toBe(false);
    expect(call('any_icontains', [set(), s('')])).toBe(false);
  });
  test('intersects', () => {
    expect(call('intersects', [set('a', 'b'), set('b', 'c')])).toBe(true);
    expect(call('intersects', [set('a', 'c'), set('b', 'd')])).toBe(false);
    expect(call('intersects', [set(), set()])).toBe(false);
  });
  test('set: sorted, unique; set() empty', () => {
    expect(call('set', [s('b'), s('a'), s('b')])).toEqual(['a', 'b']);
    expect(call('set', [])).toEqual([]);
    expect(call('set', [s('b'), ['null', null]])).toBeNull();
  });
  test('NULL argument gives NULL', () => {
    for (const o of SEARCH) if (o.params.length) expect(call(o.name, o.params.map((): Arg => ['null', null]))).toBeNull();
  });
});
