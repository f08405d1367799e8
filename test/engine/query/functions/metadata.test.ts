import { describe, expect, test } from 'vitest';
import { METADATA } from '../../../../engine/query/functions/metadata';
import { call, ctxOf, meta, type Arg } from './helpers';

const ctx = ctxOf({
  meta: meta(['a', '1'], ['b', 'x'], ['a', '2'], ['a', '1']),
  entryMeta: meta(['a', 'T'], ['c', 'z'], ['c', 'y']),
});
const bare = ctxOf({ meta: null, entryMeta: null });
const k = (v: string): Arg => ['str', v];

describe('metadata functions', () => {
  test('meta / entry_meta: first value of the key on posting / transaction; NULL if unset', () => {
    expect(call('meta', [k('a')], ctx)).toBe('1');
    expect(call('meta', [k('c')], ctx)).toBeNull();
    expect(call('entry_meta', [k('c')], ctx)).toBe('z');
    expect(call('entry_meta', [k('b')], ctx)).toBeNull();
  });
  test('any_meta: posting first, then transaction', () => {
    expect(call('any_meta', [k('a')], ctx)).toBe('1');
    expect(call('any_meta', [k('c')], ctx)).toBe('z');
    expect(call('any_meta', [k('q')], ctx)).toBeNull();
  });
  test('*_values: every value as a set; empty if unset', () => {
    expect(call('meta_values', [k('a')], ctx)).toEqual(['1', '2']);
    expect(call('meta_values', [k('q')], ctx)).toEqual([]);
    expect(call('entry_meta_values', [k('c')], ctx)).toEqual(['y', 'z']);
  });
  test('a row without metadata', () => {
    expect(call('meta', [k('a')], bare)).toBeNull();
    expect(call('any_meta', [k('a')], bare)).toBeNull();
    expect(call('meta_values', [k('a')], bare)).toEqual([]);
    expect(call('entry_meta_values', [k('a')], bare)).toEqual([]);
  });
  test('NULL key gives NULL', () => {
    for (const o of METADATA) expect(call(o.name, [['null', null]], ctx)).toBeNull();
  });
});
