/**
 * Dec holds its scaled value as a number while it is a safe integer and as a bigint beyond
 * (engine/decimal.ts). These check every operation with a number fast path against the same
 * operation written in bigints only, on random operands around the boundary (2^53) and far from
 * it, and that every result is in normal form (a number exactly when the value is safe, never -0),
 * which structural equality of Decs relies on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, pow10 } from '../../engine/decimal';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const mantissa = fc.oneof(
  fc.bigInt({ min: -10000n, max: 10000n }),
  fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  // Around the boundary, on both sides and both signs.
  fc.bigInt({ min: SAFE - 1000n, max: SAFE + 1000n }),
  fc.bigInt({ min: -SAFE - 1000n, max: -SAFE + 1000n }),
  fc.bigInt({ min: -(2n ** 27n), max: 2n ** 27n }).map((x) => x * 2n ** 26n),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  fc.constantFrom(0n, 1n, -1n, SAFE, -SAFE, SAFE + 1n, -SAFE - 1n, 2n ** 53n, 10n ** 15n, 10n ** 16n),
);
const places = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 20 }));
const operand = fc.tuple(mantissa, places);

/** The reference: value = m / 10^dp, in bigints only. */
type Ref = { m: bigint; dp: number };
const align = (a: Ref, b: Ref): [bigint, bigint, number] => {
  const dp = Math.max(a.dp, b.dp);
  return [a.m * pow10(dp - a.dp), b.m * pow10(dp - b.dp), dp];
};
const refText = (r: Ref): string => {
  const neg = r.m < 0n;
  let s = (neg ? -r.m : r.m).toString();
  if (r.dp > 0) {
    s = s.padStart(r.dp + 1, '0');
    s = s.slice(0, s.length - r.dp) + '.' + s.slice(s.length - r.dp);
  }
  return neg ? '-' + s : s;
};

function expectNormal(d: Dec, m: bigint, dp: number): void {
  expect(d.dp).toBe(dp);
  expect(d.scaled).toBe(m);
  const safe = m <= SAFE && m >= -SAFE;
  expect(typeof d.raw).toBe(safe ? 'number' : 'bigint');
  if (safe) expect(Object.is(d.raw, -0)).toBe(false);
}

const dec = ([m, dp]: [bigint, number]) => Dec.fromScaled(m, dp);

describe('Dec, number and bigint forms', () => {
  it('builds the normal form from either input', () => {
    fc.assert(
      fc.property(operand, ([m, dp]) => {
        expectNormal(Dec.fromScaled(m, dp), m, dp);
        if (m <= SAFE && m >= -SAFE) expectNormal(Dec.fromScaled(Number(m), dp), m, dp);
        expectNormal(Dec.of(refText({ m, dp })), m, dp);
      }),
      { numRuns: 2000 },
    );
    expectNormal(Dec.fromScaled(-0, 2), 0n, 2);
    expect(() => Dec.fromScaled(1.5, 0)).toThrow();
    // An unsafe integer number is taken as the integer it is.
    expectNormal(Dec.fromScaled(2 ** 60, 0), 2n ** 60n, 0);
  });

  it('adds, subtracts and multiplies exactly, in normal form', () => {
    fc.assert(
      fc.property(operand, operand, (x, y) => {
        const a = dec(x);
        const b = dec(y);
        const ra = { m: x[0], dp: x[1] };
        const rb = { m: y[0], dp: y[1] };
        const [p, q, dp] = align(ra, rb);
        expectNormal(a.plus(b), p + q, dp);
        expectNormal(a.minus(b), p - q, dp);
        expectNormal(a.times(b), ra.m * rb.m, ra.dp + rb.dp);
        expectNormal(a.neg(), -ra.m, ra.dp);
        expectNormal(a.abs(), ra.m < 0n ? -ra.m : ra.m, ra.dp);
      }),
      { numRuns: 3000 },
    );
  });

  it('compares, tests and prints like the bigint statement', () => {
    fc.assert(
      fc.property(operand, operand, fc.integer({ min: 0, max: 24 }), (x, y, wider) => {
        const a = dec(x);
        const b = dec(y);
        const ra = { m: x[0], dp: x[1] };
        const [p, q] = align(ra, { m: y[0], dp: y[1] });
        const c = p < q ? -1 : p > q ? 1 : 0;
        expect(a.cmp(b)).toBe(c);
        expect(b.cmp(a)).toBe(c === 0 ? 0 : -c);
        expect(a.eq(b)).toBe(c === 0);
        expect(a.sign()).toBe(ra.m < 0n ? -1 : ra.m > 0n ? 1 : 0);
        expect(a.isZero()).toBe(ra.m === 0n);
        expect(a.isNeg()).toBe(ra.m < 0n);
        expect(a.isPos()).toBe(ra.m > 0n);
        expect(a.isInteger()).toBe(ra.m % pow10(ra.dp) === 0n);
        expect(a.toString()).toBe(refText(ra));
        const w = a.withDp(ra.dp + wider);
        expectNormal(w, ra.m * pow10(wider), ra.dp + wider);
        expect(w.eq(a)).toBe(true);
        // Structural equality (what toEqual compares) follows value and places.
        expect(Dec.fromScaled(x[0], x[1])).toEqual(a);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps products inside 28 digits exact and divides with either form', () => {
    fc.assert(
      fc.property(operand, operand, (x, y) => {
        const a = dec(x);
        const b = dec(y);
        const exact = x[0] * y[0];
        const digits = (exact < 0n ? -exact : exact).toString().length;
        if (digits <= 28) expectNormal(a.timesRounded(b), exact, x[1] + y[1]);
        // Division reads the bigint form: the same quotient whichever form the operands have.
        const viaBig = Dec.fromScaled(x[0], x[1]).div(Dec.fromScaled(y[0], y[1]));
        const q = a.div(b);
        expect(q === null ? null : q.toString()).toBe(viaBig === null ? null : viaBig.toString());
        if (q !== null) expectNormal(q, q.scaled, q.dp);
      }),
      { numRuns: 1500 },
    );
  });
});
