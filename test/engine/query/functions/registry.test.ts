import { describe, expect, test } from 'vitest';
import { FUNCTIONS, functionSchema, overloadsOf, resolveOverload } from '../../../../engine/query/functions/registry';

describe('function registry', () => {
  test('lists exactly the overloads of the spec tables, aggregates first', () => {
    // Counted from document 2's tables, one per signature (combined rows split):
    // aggregates 11, valuation 16, amounts 20, accounts 6, directives 9, dates 16,
    // metadata 5, search 4, comparison 2 (least/greatest generic over T), strings 4;
    // plus 6 valuation overloads of issue 16 (market_value x4, unpriced, price_date) and
    // date_end (statement columns in one scan).
    expect(FUNCTIONS.length).toBe(11 + 16 + 6 + 20 + 6 + 9 + 16 + 1 + 5 + 4 + 2 + 4);
    const firstScalar = FUNCTIONS.findIndex((f) => !f.aggregate);
    expect(firstScalar).toBe(11);
    expect(FUNCTIONS.slice(firstScalar).every((f) => !f.aggregate)).toBe(true);
    const names = [...new Set(FUNCTIONS.map((f) => f.name))];
    expect(names.slice(0, 6)).toEqual(['count', 'sum', 'first', 'last', 'min', 'max']);
    expect(names.slice(6, 14)).toEqual(['units', 'cost', 'convert', 'value', 'market_value', 'unpriced', 'getprice', 'price_date']);
    expect(names.slice(-3)).toEqual(['str', 'length', 'maxwidth']);
    expect(names).toContain('account_sortkey');
  });

  test('signatures are unique and read back into name, params, returns', () => {
    const sigs = FUNCTIONS.map((f) => f.signature);
    expect(new Set(sigs).size).toBe(sigs.length);
    const conv = overloadsOf('CONVERT').find((o) => o.signature === 'convert(position, str, date) -> amount')!;
    expect(conv.params).toEqual(['position', 'str', 'date']);
    expect(conv.returns).toBe('amount');
    expect(conv.foldable).toBe(false);
    const set = overloadsOf('set')[0];
    expect(set.signature).toBe('set(str, ...) -> set');
    expect(set.params).toEqual([]);
    expect(set.variadic).toBe('str');
    const count = overloadsOf('count')[0];
    expect(count.signature).toBe('count(*) -> int');
    expect(count.star).toBe(true);
    expect(overloadsOf('least')[0].signature).toBe('least(T, T) -> T');
  });

  test('foldable is false exactly for ledger-, row- and date-dependent functions', () => {
    const notFoldable = new Set(FUNCTIONS.filter((f) => !f.aggregate && !f.foldable).map((f) => f.name));
    expect([...notFoldable].sort()).toEqual(
      [
        'today', 'convert', 'value', 'market_value', 'unpriced', 'getprice', 'price_date', 'meta', 'entry_meta', 'any_meta', 'meta_values', 'entry_meta_values',
        'open_date', 'close_date', 'open_meta', 'commodity_meta', 'currency_meta', 'account_budgets',
      ].sort(),
    );
  });

  test('schema entries carry name, signature, description, aggregate', () => {
    const s = functionSchema();
    expect(s.length).toBe(FUNCTIONS.length);
    expect(s[0]).toEqual({ name: 'count', signature: 'count(*) -> int', description: 'number of rows of the group', aggregate: true });
    expect(s.every((e) => e.description.length > 0)).toBe(true);
  });
});

describe('overload resolution', () => {
  test('exact type before widening', () => {
    expect(resolveOverload('abs', ['int'])!.overload.signature).toBe('abs(int) -> int');
    expect(resolveOverload('abs', ['decimal'])!.overload.signature).toBe('abs(decimal) -> decimal');
    expect(resolveOverload('sum', ['int'])!.returns).toBe('int');
  });

  test('int widens to decimal where only decimal is accepted', () => {
    const r = resolveOverload('possign', ['int', 'str'])!;
    expect(r.overload.signature).toBe('possign(decimal, str) -> decimal');
    expect(r.widen).toEqual([true, false]);
    expect(r.paramTypes).toEqual(['decimal', 'str']);
  });

  test('any binds the argument type', () => {
    expect(resolveOverload('min', ['date'])!.returns).toBe('date');
    expect(resolveOverload('first', ['inventory'])!.returns).toBe('inventory');
    expect(resolveOverload('count', ['str'])!.returns).toBe('int');
    expect(resolveOverload('str', ['amount'])!.returns).toBe('str');
  });

  test('count(*) only by star', () => {
    expect(resolveOverload('count', [], true)!.overload.signature).toBe('count(*) -> int');
    expect(resolveOverload('count', [])).toBeNull();
  });

  test('type variable T: same types, int+decimal -> decimal, other mixes fail', () => {
    expect(resolveOverload('least', ['date', 'date'])!.returns).toBe('date');
    const r = resolveOverload('greatest', ['int', 'decimal'])!;
    expect(r.returns).toBe('decimal');
    expect(r.widen).toEqual([true, false]);
    expect(resolveOverload('least', ['str', 'int'])).toBeNull();
    expect(resolveOverload('least', ['amount', 'amount'])).toBeNull();
    expect(resolveOverload('least', ['null', 'str'])!.returns).toBe('str');
    expect(resolveOverload('least', ['int'])).toBeNull();
  });

  test('variadic set accepts zero or more strings only', () => {
    expect(resolveOverload('set', [])!.returns).toBe('set');
    expect(resolveOverload('set', ['str', 'str', 'str'])!.returns).toBe('set');
    expect(resolveOverload('set', ['str', 'int'])).toBeNull();
  });

  test('wrong arity or types and unknown names give null', () => {
    expect(resolveOverload('root', ['str', 'str'])).toBeNull();
    expect(resolveOverload('units', ['amount'])).toBeNull();
    expect(resolveOverload('nosuch', ['str'])).toBeNull();
    expect(resolveOverload('convert', ['position', 'str', 'date', 'date'])).toBeNull();
  });

  test('a NULL argument matches any parameter (first declared overload)', () => {
    expect(resolveOverload('units', ['null'])!.overload.signature).toBe('units(position) -> amount');
    expect(resolveOverload('date', ['null'])!.overload.signature).toBe('date(str) -> date');
  });
});
