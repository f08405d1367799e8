/**
 * The one decimal number type of the engine.
 *
 * decimal.js normalises away trailing zeros, but the spec requires decimal places to be kept
 * (`1.50 USD` stays `1.50`, sums keep the largest scale, products the sum of scales), the way
 * Python's Decimal behaves in Beancount. So a `Dec` is a decimal.js value plus the number of
 * decimal places it is written with.
 *
 * Addition, subtraction and multiplication are exact (the arithmetic context has the maximum
 * precision decimal.js allows, and decimal.js only spends time on digits that exist). Division
 * and price products round to 28 significant digits, half to even, in a separate context.
 */
import { Decimal } from 'decimal.js';

const EXP = { toExpNeg: -9e15, toExpPos: 9e15 } as const;
/** Exact context: never rounds for +, -, * (precision is the decimal.js maximum). */
export const ExactDecimal = Decimal.clone({ precision: 1e9, rounding: Decimal.ROUND_HALF_EVEN, ...EXP });
/** Division / price-product context: 28 significant digits, half to even. */
const Round28 = Decimal.clone({ precision: 28, rounding: Decimal.ROUND_HALF_EVEN, ...EXP });

type DJ = InstanceType<typeof ExactDecimal>;

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export class Dec {
  /** `v` is the value; `dp` the decimal places it is displayed with (always >= v's own places). */
  private constructor(
    readonly v: DJ,
    readonly dp: number,
  ) {}

  static readonly ZERO = new Dec(new ExactDecimal(0), 0);
  static readonly ONE = new Dec(new ExactDecimal(1), 0);

  /** Parses `-1234.50`, `.5`, `+3`, `1,234.5` (commas are grouping). Returns null if not a number. */
  static parse(text: string): Dec | null {
    let t = text.indexOf(',') >= 0 ? text.replace(/,/g, '') : text;
    if (!NUMBER_RE.test(t)) return null;
    if (t.endsWith('.')) t = t.slice(0, -1);
    const dot = t.indexOf('.');
    const dp = dot < 0 ? 0 : t.length - dot - 1;
    return new Dec(new ExactDecimal(t), dp);
  }

  /** Like parse but throws; for literals known to be valid. */
  static of(text: string | number | bigint): Dec {
    if (typeof text === 'number') {
      if (!Number.isInteger(text)) throw new Error(`Dec.of: ${text} is not an integer`);
      return new Dec(new ExactDecimal(text), 0);
    }
    if (typeof text === 'bigint') return new Dec(new ExactDecimal(text.toString()), 0);
    const d = Dec.parse(text);
    if (!d) throw new Error(`not a decimal: ${text}`);
    return d;
  }

  static fromDecimal(v: Decimal, dp?: number): Dec {
    const x = v instanceof ExactDecimal ? (v as DJ) : new ExactDecimal(v);
    return new Dec(x, Math.max(dp ?? 0, x.decimalPlaces()));
  }

  plus(o: Dec): Dec {
    return new Dec(this.v.plus(o.v), this.dp > o.dp ? this.dp : o.dp);
  }
  minus(o: Dec): Dec {
    return new Dec(this.v.minus(o.v), this.dp > o.dp ? this.dp : o.dp);
  }
  times(o: Dec): Dec {
    return new Dec(this.v.times(o.v), this.dp + o.dp);
  }
  /**
   * Python-Decimal division: exact results keep the scale closest to the ideal one
   * (dp(a) - dp(b), never negative since the spec forbids exponent notation);
   * inexact results have 28 significant digits. Division by zero gives null.
   */
  div(o: Dec): Dec | null {
    if (o.v.isZero()) return null;
    const q = Round28.div(this.v, o.v);
    const exact = new ExactDecimal(q).times(o.v).eq(this.v);
    const qq = new ExactDecimal(q);
    if (!exact) return new Dec(qq, Math.max(0, 27 - qq.e, qq.decimalPlaces()));
    if (qq.isZero()) return new Dec(qq, Math.max(0, this.dp - o.dp));
    const maxDp = 27 - qq.e; // more places would exceed 28 significant digits
    const dp = Math.max(0, Math.min(Math.max(this.dp - o.dp, qq.decimalPlaces()), Math.max(maxDp, qq.decimalPlaces())));
    return new Dec(qq, dp);
  }
  /** Multiplication rounded to 28 significant digits (price products, spec "Limits"). */
  timesRounded(o: Dec): Dec {
    const exact = this.v.times(o.v);
    if (exact.isZero() || exact.sd() <= 28) return new Dec(exact, this.dp + o.dp);
    const r = new ExactDecimal(Round28.mul(this.v, o.v));
    return new Dec(r, Math.max(0, 27 - r.e, r.decimalPlaces()));
  }
  neg(): Dec {
    return new Dec(this.v.neg(), this.dp);
  }
  abs(): Dec {
    return this.v.isNeg() ? new Dec(this.v.neg(), this.dp) : this;
  }
  cmp(o: Dec): number {
    return this.v.cmp(o.v);
  }
  eq(o: Dec): boolean {
    return this.v.eq(o.v);
  }
  isZero(): boolean {
    return this.v.isZero();
  }
  isNeg(): boolean {
    return !this.v.isZero() && this.v.isNeg();
  }
  isPos(): boolean {
    return !this.v.isZero() && !this.v.isNeg();
  }
  sign(): -1 | 0 | 1 {
    return this.v.isZero() ? 0 : this.v.isNeg() ? -1 : 1;
  }
  isInteger(): boolean {
    return this.v.isInteger();
  }
  /** Same value shown with at least `dp` places. */
  withDp(dp: number): Dec {
    return dp <= this.dp ? this : new Dec(this.v, dp);
  }
  /** Rounds (half even) to `dp` places. */
  round(dp: number): Dec {
    return new Dec(this.v.toDecimalPlaces(dp, Decimal.ROUND_HALF_EVEN) as DJ, dp);
  }
  /** Fixed notation with the kept decimal places; never an exponent, never `-0`. */
  toString(): string {
    if (this.v.isZero()) return this.dp > 0 ? '0.' + '0'.repeat(this.dp) : '0';
    return this.v.toFixed(this.dp);
  }
  toJSON(): string {
    return this.toString();
  }
  /** The integer value if integral and within 64 bits, else null. */
  toBigInt(): bigint | null {
    if (!this.v.isInteger()) return null;
    const b = BigInt(this.v.toFixed(0));
    return b > 0x7fffffffffffffffn || b < -0x8000000000000000n ? null : b;
  }
  /** For charts and layout only, never for money arithmetic. */
  toNumberForDisplay(): number {
    return this.v.toNumber();
  }
}

export function decSum(values: Iterable<Dec>): Dec {
  let s = Dec.ZERO;
  for (const v of values) s = s.plus(v);
  return s;
}
