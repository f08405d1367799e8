/**
 * Running sums without a Dec per addition (booking/units-sum.ts), as holdings and simple
 * transactions use them: a safe-integer sum while it fits, then exact. Against a fold of Dec.plus
 * over the same amounts: the same value and places after every step, across 2^53; holdings drop a
 * sum that reaches zero (and start again from the next amount's places); the comparison with a
 * tolerance agrees with Dec's.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dec } from '../../../../engine/decimal';
import { Holdings } from '../../../../engine/ledger/booking/holdings';
import { UnitsSum } from '../../../../engine/ledger/booking/units-sum';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
// Scaled integers from tiny to well past 2^53 (and exactly at its edges), at 0 to 20 places.
const scaled = fc.oneof(
  fc.bigInt({ min: -1000n, max: 1000n }),
  fc.bigInt({ min: -SAFE * 4n, max: SAFE * 4n }),
  fc.constantFrom(SAFE, -SAFE, SAFE - 1n, SAFE + 1n, -SAFE - 1n, 10n ** 15n, -(10n ** 16n)),
);
const dec = fc.tuple(scaled, fc.integer({ min: 0, max: 20 })).map(([s, dp]) => Dec.fromScaled(s, dp));
const step = fc.tuple(fc.constantFrom('USD', 'EUR'), dec);

describe('running units of holdings', () => {
  it('equal a fold of Dec.plus after every addition, per currency', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.boolean(), (steps, cancel) => {
        const h = new Holdings();
        const model = new Map<string, Dec>();
        // With `cancel`, every amount is taken back right after: the sums pass through zero.
        const all = cancel ? steps.flatMap(([c, d]) => [[c, d] as const, [c, d.neg()] as const]) : steps;
        for (const [c, d] of all) {
          h.add(c, d, null);
          const next = (model.get(c) ?? Dec.ZERO).plus(d);
          const had = model.get(c);
          if (next.isZero()) model.delete(c);
          else model.set(c, had === undefined ? d : next);
          for (const cur of ['USD', 'EUR']) {
            const want = model.get(cur);
            const got = h.unitsOf(cur);
            if (want === undefined) expect(got).toBeUndefined();
            else {
              expect(got!.scaled).toBe(want.scaled);
              expect(got!.dp).toBe(want.dp);
            }
          }
          expect(h.isEmpty()).toBe(model.size === 0);
        }
        // A copy keeps counting on its own.
        const copy = h.clone();
        h.add('USD', Dec.of('1.5'), null);
        expect(copy.unitsOf('USD')?.toString()).toBe(model.get('USD')?.toString());
      }),
      { numRuns: 300 },
    );
  });

  it('a sum reused after reset, and its comparison with a tolerance, agree with Dec', () => {
    const tolerance = fc.oneof(
      fc.tuple(fc.bigInt({ min: 0n, max: 100n }), fc.integer({ min: 0, max: 18 })),
      fc.tuple(fc.bigInt({ min: 0n, max: SAFE * 2n }), fc.integer({ min: 0, max: 4 })),
    ).map(([s, dp]) => Dec.fromScaled(s, dp));
    const sum = new UnitsSum();
    fc.assert(
      fc.property(fc.array(dec, { minLength: 1, maxLength: 12 }), tolerance, (xs, tol) => {
        sum.reset();
        let model = xs[0];
        sum.add(xs[0]);
        for (let i = 1; i < xs.length; i++) {
          sum.add(xs[i]);
          model = model.plus(xs[i]);
        }
        expect(sum.value().scaled).toBe(model.scaled);
        expect(sum.value().dp).toBe(model.dp);
        expect(sum.isZero()).toBe(model.isZero());
        expect(sum.absExceeds(tol)).toBe(model.abs().cmp(tol) > 0);
        // The residual of a balanced pair is zero and within any tolerance.
        sum.reset();
        sum.add(xs[0]);
        sum.add(xs[0].neg());
        expect(sum.isZero()).toBe(true);
        expect(sum.absExceeds(tol)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the places of the longest amount, and crosses 2^53 exactly', () => {
    const h = new Holdings();
    h.add('USD', Dec.of('10'), null);
    h.add('USD', Dec.of('0.125'), null);
    h.add('USD', Dec.of('-0.1'), null);
    expect(h.unitsOf('USD')!.toString()).toBe('10.025');
    h.add('USD', Dec.of('9007199254740.991'), null);
    h.add('USD', Dec.of('0.009'), null);
    // 9007199254751.025 scaled by 10^3 is past 2^53: exact from there on.
    expect(h.unitsOf('USD')!.toString()).toBe('9007199254751.025');
    h.add('USD', Dec.of('-9007199254751.025'), null);
    expect(h.unitsOf('USD')).toBeUndefined();
    expect(h.currencies()).toEqual([]);
  });
});
