/**
 * Dec.div is bigint arithmetic; this checks it against the same rule written with decimal.js
 * (Python Decimal division: 28 significant digits half to even when inexact, the scale closest to
 * dp(a) - dp(b) when exact), on random operands of many sizes and scales.
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, ExactDecimal } from '../../engine/decimal';

const Round28 = Decimal.clone({ precision: 28, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -9e15, toExpPos: 9e15 });
type DJ = InstanceType<typeof ExactDecimal>;

function reference(a: Dec, b: Dec): string | null {
  if (b.isZero()) return null;
  const q = new ExactDecimal(Round28.div(a.v, b.v)) as DJ;
  const exact = q.times(b.v).eq(a.v);
  let dp: number;
  if (!exact) dp = Math.max(0, 27 - q.e, q.decimalPlaces());
  else if (q.isZero()) dp = Math.max(0, a.dp - b.dp);
  else dp = Math.max(0, Math.min(Math.max(a.dp - b.dp, q.decimalPlaces()), Math.max(27 - q.e, q.decimalPlaces())));
  const s = q.toFixed(dp);
  return s.startsWith('-') && /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

const digits = fc.oneof(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.constantFrom(0n, 1n, -1n, 9999999999999999999999999999n));
const dec = fc.tuple(digits, fc.integer({ min: 0, max: 30 })).map(([m, dp]) => Dec.fromScaled(m, dp));

describe('Dec.div', () => {
  it('matches the decimal.js statement of the rule', () => {
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        expect(a.div(b)?.toString() ?? null).toBe(reference(a, b));
      }),
      { numRuns: 20000 },
    );
  });

  it('matches it on exact quotients too', () => {
    fc.assert(
      fc.property(dec, dec, (b, c) => {
        const a = b.times(c);
        expect(a.div(b)?.toString() ?? null).toBe(reference(a, b));
      }),
      { numRuns: 20000 },
    );
  });

  it('keeps the worked examples', () => {
    const q = (a: string, b: string) => Dec.of(a).div(Dec.of(b))?.toString() ?? null;
    expect(q('1', '3')).toBe('0.3333333333333333333333333333');
    expect(q('2', '3')).toBe('0.6666666666666666666666666667');
    expect(q('10', '4')).toBe('2.5');
    expect(q('1.00', '4')).toBe('0.25');
    expect(q('6.00', '2')).toBe('3.00');
    expect(q('100', '0.01')).toBe('10000');
    expect(q('-19.28', '17.53')).toBe('-1.099828864803194523673702225');
    expect(q('9999999999999999999999999999.5', '1')).toBe('10000000000000000000000000000');
    expect(q('1', '0')).toBeNull();
  });
});
