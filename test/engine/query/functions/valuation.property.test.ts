/**
 * convert/value/market_value of an inventory value its lots on their scaled integers, with the
 * route of each currency pair found once (valuation.ts valueLots). They must give exactly what
 * adding the per-position function's amount for every position gives: the same sums, decimal
 * places (a sum passing through zero restarts at the next amount's places) and 28-digit rounding
 * of products too long to be exact.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Dec } from '../../../../engine/decimal';
import type { Position, PriceMap } from '../../../../engine/ledger/snapshot';
import { Inventory } from '../../../../engine/query/inventory';
import { convertPosition, marketValuePosition, valuePosition } from '../../../../engine/query/functions/valuation';
import { toText } from '../../../../engine/query/values';
import { call, cost, ctxOf, d, fakePrices, fakeSnapshot, pos } from './helpers';

const UNITS = ['HOOL', 'GOOG', 'GOLD', 'USD', 'EUR'];
const COST = ['USD', 'EUR', 'CAD'];
const DATES = ['2024-01-05', '2024-02-10', '2024-03-15'];

/** A decimal text: up to 30 integer digits (products past 28 digits), 0-8 places, either sign. */
const number = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 8 }), fc.boolean())
  .map(([n, dp, small]) => {
    const v = small ? n % 100000n : n;
    return Dec.fromScaled(v, dp).toString();
  });

const position = fc
  .record({
    n: number,
    currency: fc.constantFrom(...UNITS),
    cost: fc.option(fc.record({ n: number.map((t) => Dec.of(t).abs().toString()), c: fc.constantFrom(...COST), day: fc.constantFrom(...DATES) }), { nil: null }),
  })
  .map(({ n, currency, cost: k }): Position => pos(n, currency, k === null ? null : cost(k.n, k.c, k.day)));

/** Positions that cancel earlier ones: sums of a converted currency pass through zero. */
const positions = fc.array(position, { minLength: 0, maxLength: 40 }).chain((ps) =>
  fc.array(fc.nat({ max: Math.max(0, ps.length - 1) }), { maxLength: ps.length === 0 ? 0 : 10 }).map((back) => [
    ...ps,
    ...back.map((i) => ({ units: { number: ps[i].units.number.neg(), currency: ps[i].units.currency }, cost: ps[i].cost })),
  ]),
);

const rateText = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
  .map(([n, dp]) => Dec.fromScaled(n, dp).toString());
const quotes = fc.array(fc.tuple(fc.constantFrom(...DATES), fc.constantFrom(...UNITS, ...COST), fc.constantFrom(...COST, 'USD'), rateText), {
  maxLength: 10,
});

function reference(inv: Inventory, value: (p: Position) => { number: Dec; currency: string }): string {
  const out = new Inventory();
  inv.forEachPosition((p) => out.add(value(p)));
  return toText('inventory', out);
}

describe('valuing an inventory lot by lot equals adding each position valued alone', () => {
  test('convert, value and market_value, at a date and without', () => {
    fc.assert(
      fc.property(positions, quotes, fc.constantFrom('USD', 'EUR', 'CAD'), fc.option(fc.constantFrom(...DATES, '2023-12-31'), { nil: null }), (ps, qs, target, day) => {
        const prices: PriceMap = fakePrices(qs.filter(([, b, q]) => b !== q));
        const ctx = ctxOf({ snapshot: fakeSnapshot({ prices }) });
        const inv = new Inventory(ps);
        const at = day === null ? null : d(day);
        const dateArg = at === null ? [] : [['date', at] as ['date', number]];
        const text = (name: string, args: Parameters<typeof call>[1]) => toText('inventory', call(name, args, ctx) as Inventory);
        expect(text('convert', [['inventory', inv], ['str', target], ...dateArg])).toBe(reference(inv, (p) => convertPosition(prices, p, target, at)));
        expect(text('value', [['inventory', inv], ...dateArg])).toBe(reference(inv, (p) => valuePosition(prices, p, at)));
        expect(text('market_value', [['inventory', inv], ...dateArg])).toBe(reference(inv, (p) => marketValuePosition(prices, p, at)));
      }),
      { numRuns: 400 },
    );
  });

  test('a product past 28 digits is rounded as timesRounded rounds it; a sum through zero keeps the later places', () => {
    const prices = fakePrices([['2024-01-01', 'HOOL', 'USD', '1.123456789012345678901234567']]);
    const ctx = ctxOf({ snapshot: fakeSnapshot({ prices }) });
    const lots = [pos('12345.6789', 'HOOL'), pos('1', 'USD'), pos('-1.00', 'USD'), pos('2.5', 'USD'), pos('1', 'EUR'), pos('2', 'EUR'), pos('3', 'GBP')];
    const inv = new Inventory(lots);
    // 12345.6789 x 1.123456789012345678901234567 has 37 digits: 13869.83677517146788751714678
    // (28 kept, Python's Decimal agrees); 1 - 1.00 USD leaves no lot, then + 2.5.
    const got = toText('inventory', call('convert', [['inventory', inv], ['str', 'USD']], ctx) as Inventory);
    expect(got).toBe(reference(inv, (p) => convertPosition(prices, p, 'USD', null)));
    expect(got).toBe('(3 EUR, 3 GBP, 13872.33677517146788751714678 USD)');
  });
});
