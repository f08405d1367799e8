/** JSON parameter checks of POST /api/query/builtins/{name}/text (spec 1, "params of ..."). */
import { describe, expect, it } from 'vitest';
import { builtin } from '../../../engine/builtins/declare';
import { BuiltinParamError, bindParams, paramsFromJson } from '../../../engine/builtins/params';
import { Dec } from '../../../engine/decimal';
import { parseDate } from '../../../engine/dates';
import { TypedValue } from '../../../engine/query/index';

const all = builtin('test.all', 'd date, s str, t set, i int, x decimal, b bool', 'test', 'SELECT :d, :s, :t, :i, :x, :b');
const good = { d: '2024-02-29', s: 'Food', t: ['b', 'a', 'b'], i: -3, x: '1.50', b: true };

function errorOf(json: unknown): BuiltinParamError {
  try {
    paramsFromJson(all, json);
  } catch (e) {
    if (e instanceof BuiltinParamError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('paramsFromJson', () => {
  it('reads each type into its exact value', () => {
    const v = paramsFromJson(all, good);
    expect(v.d).toBe(parseDate('2024-02-29'));
    expect(v.s).toBe('Food');
    expect(v.t).toEqual(['a', 'b']);
    expect(v.i).toBe(-3n);
    expect((v.x as Dec).toString()).toBe('1.50');
    expect(v.b).toBe(true);
  });

  it('decimals: a number, or a string keeping its places', () => {
    expect((paramsFromJson(all, { ...good, x: 5 }).x as Dec).toString()).toBe('5');
    expect((paramsFromJson(all, { ...good, x: 0.1 }).x as Dec).toString()).toBe('0.1');
    expect((paramsFromJson(all, { ...good, x: 1e21 }).x as Dec).toString()).toBe('1000000000000000000000');
    expect((paramsFromJson(all, { ...good, x: '-2.500' }).x as Dec).toString()).toBe('-2.500');
    expect(errorOf({ ...good, x: '1e5' }).param).toBe('x');
    expect(errorOf({ ...good, x: '1,000' }).param).toBe('x');
  });

  it('null is no value for every type', () => {
    const v = paramsFromJson(all, { d: null, s: null, t: null, i: null, x: null, b: null });
    expect(Object.values(v)).toEqual([null, null, null, null, null, null]);
  });

  it('missing, unknown and mistyped parameters are named', () => {
    const { d: _d, ...noDate } = good;
    expect(errorOf(noDate).param).toBe('d');
    expect(errorOf(noDate).message).toMatch(/missing parameter 'd'/);
    expect(errorOf({ ...good, extra: 1 }).param).toBe('extra');
    expect(errorOf({ ...good, extra: 1 }).message).toMatch(/unknown parameter 'extra'/);
    expect(errorOf({ ...good, d: '2024-02-30' }).param).toBe('d');
    expect(errorOf({ ...good, d: '2024/02/01' }).param).toBe('d');
    expect(errorOf({ ...good, d: 20240201 }).param).toBe('d');
    expect(errorOf({ ...good, s: 5 }).param).toBe('s');
    expect(errorOf({ ...good, t: 'a' }).param).toBe('t');
    expect(errorOf({ ...good, t: ['a', 1] }).message).toMatch(/element 2/);
    expect(errorOf({ ...good, i: 1.5 }).param).toBe('i');
    expect(errorOf({ ...good, i: '3' }).param).toBe('i');
    expect(errorOf({ ...good, i: 2 ** 60 }).param).toBe('i');
    expect(errorOf({ ...good, b: 'true' }).param).toBe('b');
    expect(errorOf({ ...good, b: 1 }).message).toMatch(/parameter 'b' of test.all must be bool/);
  });

  it('params must be an object', () => {
    expect(errorOf(null).param).toBe('params');
    expect(errorOf([1]).param).toBe('params');
  });
});

describe('bindParams', () => {
  it('types every value by its declaration, NULL included', () => {
    const bound = bindParams(all, paramsFromJson(all, { ...good, s: null }));
    expect(bound.i).toBe(-3n);
    expect(bound.s).toBeInstanceOf(TypedValue);
    expect((bound.s as TypedValue).type).toBe('str');
    expect((bound.d as TypedValue).type).toBe('date');
    expect(() => bindParams(all, {})).toThrow(BuiltinParamError);
  });
});
