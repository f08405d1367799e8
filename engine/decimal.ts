/**
 * The one decimal number type of the engine.
 *
 * decimal.js normalises away trailing zeros, but the spec requires decimal places to be kept
 * (`1.50 USD` stays `1.50`, sums keep the largest scale, products the sum of scales), the way
 * Python's Decimal behaves in Beancount. So a `Dec` is a number of decimal places plus the value
 * scaled by 10^places as an exact integer (a safe-integer number or a bigint: see the class); the
 * decimal.js form is built on demand.
 *
 * Addition, subtraction, multiplication and comparison are exact integer arithmetic on the scaled
 * integers. Division and price products round to 28 significant digits, half to even, in a
 * separate decimal.js context.
 */
import { Decimal } from 'decimal.js';

const EXP = { toExpNeg: -9e15, toExpPos: 9e15 } as const;
/** Exact context: never rounds for +, -, * (precision is the decimal.js maximum). */
export const ExactDecimal = Decimal.clone({ precision: 1e9, rounding: Decimal.ROUND_HALF_EVEN, ...EXP });
/** Division / price-product context: 28 significant digits, half to even. */
const Round28 = Decimal.clone({ precision: 28, rounding: Decimal.ROUND_HALF_EVEN, ...EXP });

type DJ = InstanceType<typeof ExactDecimal>;

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Powers of ten as bigints, grown on demand (scale alignment; shared by the engine's scaled sums). */
const POW10: bigint[] = [1n];
export function pow10(n: number): bigint {
  while (POW10.length <= n) POW10.push(POW10[POW10.length - 1] * 10n);
  return POW10[n];
}

/** value x 10^dp of a decimal.js value with at most dp places (exact). */
function scaledOf(v: DJ, dp: number): bigint {
  const t = v.toFixed(dp);
  return BigInt(dp === 0 ? t : t.replace('.', ''));
}

/**
 * Why two representations: the engine mostly adds, subtracts, multiplies and compares numbers
 * written with a few decimal places (sums over hundreds of thousands of postings), where integer
 * arithmetic on the scaled value is exact and several times faster than decimal.js. The
 * decimal.js value is built on demand, for division rounding and price products.
 *
 * The scaled value is held as a JS number while it is a safe integer (every amount of most
 * ledgers), else as a bigint: a bigint is an object of its own (24 bytes) that the
 * young-generation collector copies twice while a ledger loads, one per Dec. The representation
 * is normal (a number exactly when the value is a safe integer), so two Decs of the same value
 * and places have equal fields. Arithmetic on numbers is exact while its result is a safe
 * integer: for integers below 2^53 in magnitude, + - * round only when the exact result is past
 * 2^53 (rounding is monotone and 2^53 is a double), so a safe result was not rounded; anything
 * else is done again in bigints.
 */
export class Dec {
  private constructor(
    /** The value times 10^dp: a number when a safe integer, else a bigint (normal: see above). */
    readonly raw: number | bigint,
    /** Decimal places the value is displayed with (always >= the value's own places). */
    readonly dp: number,
  ) {}

  /** A Dec of raw / 10^dp, in normal form. */
  private static make(raw: number | bigint, dp: number): Dec {
    if (typeof raw === 'number') return new Dec(raw === 0 ? 0 : raw, dp);
    if (raw <= MAX_SAFE_BIG && raw >= MIN_SAFE_BIG) return new Dec(Number(raw), dp);
    return new Dec(raw, dp);
  }

  private static fromV(v: DJ, dp: number): Dec {
    return Dec.make(scaledOf(v, dp), dp);
  }

  static readonly ZERO = new Dec(0, 0);
  static readonly ONE = new Dec(1, 0);

  /** The value times 10^dp as a bigint (made on each read when it is held as a number). */
  get scaled(): bigint {
    const r = this.raw;
    return typeof r === 'number' ? BigInt(r) : r;
  }

  /** The value as a decimal.js number (exact context), made on each read (division, rounding). */
  get v(): DJ {
    return new ExactDecimal(this.toString());
  }

  /** Parses `-1234.50`, `.5`, `+3`, `1,234.5` (commas are grouping). Returns null if not a number. */
  static parse(text: string): Dec | null {
    let t = text.indexOf(',') >= 0 ? text.replace(/,/g, '') : text;
    if (!NUMBER_RE.test(t)) return null;
    if (t.endsWith('.')) t = t.slice(0, -1);
    const dot = t.indexOf('.');
    if (dot < 0) return Dec.make(BigInt(t), 0);
    return Dec.make(BigInt(t.slice(0, dot) + t.slice(dot + 1)), t.length - dot - 1);
  }

  /**
   * The value scaled / 10^dp (dp >= 0): for readers that computed the scaled integer themselves.
   * A number must be an integer, exact (a safe integer, or one a bigint has been checked to equal).
   */
  static fromScaled(scaled: bigint | number, dp: number): Dec {
    if (typeof scaled === 'number' && !Number.isSafeInteger(scaled)) {
      if (!Number.isInteger(scaled)) throw new Error(`Dec.fromScaled: ${scaled} is not an integer`);
      return new Dec(BigInt(scaled), dp);
    }
    return Dec.make(scaled, dp);
  }

  /** Like parse but throws; for literals known to be valid. */
  static of(text: string | number | bigint): Dec {
    if (typeof text === 'number') {
      if (!Number.isInteger(text)) throw new Error(`Dec.of: ${text} is not an integer`);
      return Dec.fromScaled(text, 0);
    }
    if (typeof text === 'bigint') return Dec.make(text, 0);
    const d = Dec.parse(text);
    if (!d) throw new Error(`not a decimal: ${text}`);
    return d;
  }

  static fromDecimal(v: Decimal, dp?: number): Dec {
    const x = v instanceof ExactDecimal ? (v as DJ) : new ExactDecimal(v);
    return Dec.fromV(x, Math.max(dp ?? 0, x.decimalPlaces()));
  }

  plus(o: Dec): Dec {
    const a = this.dp;
    const b = o.dp;
    const x = this.raw;
    const y = o.raw;
    if (typeof x === 'number' && typeof y === 'number') {
      if (a === b) {
        const r = x + y;
        if (Number.isSafeInteger(r)) return new Dec(r, a);
      } else if (a > b) {
        if (a - b < POW10_NUM.length) {
          const ys = y * POW10_NUM[a - b];
          const r = x + ys;
          if (Number.isSafeInteger(ys) && Number.isSafeInteger(r)) return new Dec(r, a);
        }
      } else if (b - a < POW10_NUM.length) {
        const xs = x * POW10_NUM[b - a];
        const r = xs + y;
        if (Number.isSafeInteger(xs) && Number.isSafeInteger(r)) return new Dec(r, b);
      }
    }
    if (a === b) return Dec.make(this.scaled + o.scaled, a);
    if (a > b) return Dec.make(this.scaled + o.scaled * pow10(a - b), a);
    return Dec.make(this.scaled * pow10(b - a) + o.scaled, b);
  }
  minus(o: Dec): Dec {
    const a = this.dp;
    const b = o.dp;
    const x = this.raw;
    const y = o.raw;
    if (typeof x === 'number' && typeof y === 'number') {
      if (a === b) {
        const r = x - y;
        if (Number.isSafeInteger(r)) return new Dec(r === 0 ? 0 : r, a);
      } else if (a > b) {
        if (a - b < POW10_NUM.length) {
          const ys = y * POW10_NUM[a - b];
          const r = x - ys;
          if (Number.isSafeInteger(ys) && Number.isSafeInteger(r)) return new Dec(r === 0 ? 0 : r, a);
        }
      } else if (b - a < POW10_NUM.length) {
        const xs = x * POW10_NUM[b - a];
        const r = xs - y;
        if (Number.isSafeInteger(xs) && Number.isSafeInteger(r)) return new Dec(r === 0 ? 0 : r, b);
      }
    }
    if (a === b) return Dec.make(this.scaled - o.scaled, a);
    if (a > b) return Dec.make(this.scaled - o.scaled * pow10(a - b), a);
    return Dec.make(this.scaled * pow10(b - a) - o.scaled, b);
  }
  times(o: Dec): Dec {
    const x = this.raw;
    const y = o.raw;
    if (typeof x === 'number' && typeof y === 'number') {
      const r = x * y;
      // -0 (a zero times a negative) is the number 0 here: the value has no sign.
      if (Number.isSafeInteger(r)) return new Dec(r === 0 ? 0 : r, this.dp + o.dp);
    }
    return Dec.make(this.scaled * o.scaled, this.dp + o.dp);
  }
  /**
   * Python-Decimal division: exact results keep the scale closest to the ideal one
   * (dp(a) - dp(b), never negative since the spec forbids exponent notation);
   * inexact results have 28 significant digits, rounded half to even. Division by zero gives null.
   *
   * Done in bigint arithmetic on the scaled integers (prices and costs divide a lot while a
   * ledger is booked; decimal.js objects per division cost ten times more):
   * |a / b| = N / D with N = |A| x 10^dp(b) and D = |B| x 10^dp(a).
   */
  div(o: Dec): Dec | null {
    const B = o.scaled;
    if (B === 0n) return null;
    const A = this.scaled;
    if (A === 0n) return new Dec(0, Math.max(0, this.dp - o.dp));
    const neg = A < 0n !== B < 0n;
    const N = (A < 0n ? -A : A) * pow10(o.dp);
    const D = (B < 0n ? -B : B) * pow10(this.dp);
    // e: exponent of the quotient's leading digit (N / D in [10^e, 10^(e+1))).
    let e = digitCount(N) - digitCount(D);
    if (e >= 0 ? N < D * pow10(e) : N * pow10(-e) < D) e--;
    // Quotient to 28 significant digits: `places` decimal places (negative: tens, hundreds...).
    let places = 27 - e;
    const num = places >= 0 ? N * pow10(places) : N;
    const den = places >= 0 ? D : D * pow10(-places);
    let q = num / den;
    const r = num - q * den;
    if (r !== 0n) {
      const twice = r * 2n;
      if (twice > den || (twice === den && (q & 1n) === 1n)) q += 1n;
      // Rounding up 99..9 carries into a 29th digit: one place less (the last digit is a zero).
      if (q === pow10(28)) {
        q = pow10(27);
        places--;
      }
      const dp = Math.max(0, places);
      const m = places >= 0 ? q : q * pow10(-places);
      return Dec.make(neg ? -m : m, dp);
    }
    // Exact: the places of the value itself (trailing zeros dropped), the ideal scale when it
    // needs no more digits than 28 significant ones allow.
    let qdp = 0;
    if (places > 0) {
      let t = q;
      qdp = places;
      while (qdp > 0 && t % 10n === 0n) {
        t /= 10n;
        qdp--;
      }
    }
    const dp = Math.max(0, Math.min(Math.max(this.dp - o.dp, qdp), Math.max(places, qdp)));
    const m = dp >= places ? q * pow10(dp - places) : q / pow10(places - dp);
    return Dec.make(neg ? -m : m, dp);
  }
  /** Multiplication rounded to 28 significant digits (price products, spec "Limits"). */
  timesRounded(o: Dec): Dec {
    const exact = this.times(o);
    // A safe integer has at most 16 digits; under 10^28 the product has at most 28: no need to count them.
    if (typeof exact.raw === 'number') return exact;
    const m = exact.raw;
    if ((m < DIGITS_28 && m > -DIGITS_28) || significantDigits(m) <= 28) return exact;
    const r = new ExactDecimal(Round28.mul(this.v, o.v));
    return Dec.fromV(r, Math.max(0, 27 - r.e, r.decimalPlaces()));
  }
  neg(): Dec {
    const r = this.raw;
    // 0 stays the number 0 (never -0: the value has no sign).
    return typeof r === 'number' ? new Dec(r === 0 ? 0 : -r, this.dp) : Dec.make(-r, this.dp);
  }
  abs(): Dec {
    return this.raw < 0 ? this.neg() : this;
  }
  cmp(o: Dec): number {
    const a = this.dp;
    const b = o.dp;
    const rx = this.raw;
    const ry = o.raw;
    if (a === b) return rx < ry ? -1 : rx > ry ? 1 : 0;
    if (typeof rx === 'number' && typeof ry === 'number') {
      // Signs first: scaling never changes one.
      if (rx === 0 || ry === 0 || rx < 0 !== ry < 0) return Math.sign(rx - ry);
      if (Math.abs(a - b) < POW10_NUM.length) {
        const x = a >= b ? rx : rx * POW10_NUM[b - a];
        const y = b >= a ? ry : ry * POW10_NUM[a - b];
        if (Number.isSafeInteger(x) && Number.isSafeInteger(y)) return x < y ? -1 : x > y ? 1 : 0;
      }
    }
    const x = a >= b ? this.scaled : this.scaled * pow10(b - a);
    const y = b >= a ? o.scaled : o.scaled * pow10(a - b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  eq(o: Dec): boolean {
    return this.dp === o.dp ? this.raw === o.raw : this.cmp(o) === 0;
  }
  isZero(): boolean {
    return this.raw === 0;
  }
  isNeg(): boolean {
    return this.raw < 0;
  }
  isPos(): boolean {
    return this.raw > 0;
  }
  sign(): -1 | 0 | 1 {
    const r = this.raw;
    return r === 0 ? 0 : r < 0 ? -1 : 1;
  }
  isInteger(): boolean {
    if (this.dp === 0) return true;
    const r = this.raw;
    if (typeof r === 'number' && this.dp < POW10_NUM.length) return r % POW10_NUM[this.dp] === 0;
    return this.scaled % pow10(this.dp) === 0n;
  }
  /** Same value shown with at least `dp` places. */
  withDp(dp: number): Dec {
    if (dp <= this.dp) return this;
    const r = this.raw;
    if (typeof r === 'number' && dp - this.dp < POW10_NUM.length) {
      const x = r * POW10_NUM[dp - this.dp];
      if (Number.isSafeInteger(x)) return new Dec(x, dp);
    }
    return Dec.make(this.scaled * pow10(dp - this.dp), dp);
  }
  /** Rounds (half even) to `dp` places. */
  round(dp: number): Dec {
    return Dec.fromV(this.v.toDecimalPlaces(dp, Decimal.ROUND_HALF_EVEN) as DJ, dp);
  }
  /** Fixed notation with the kept decimal places; never an exponent, never `-0`. */
  toString(): string {
    const m = this.raw;
    const dp = this.dp;
    if (m === 0) return dp > 0 ? '0.' + '0'.repeat(dp) : '0';
    const neg = m < 0;
    let s = (neg ? -m : m).toString();
    if (dp > 0) {
      if (s.length <= dp) s = '0'.repeat(dp - s.length + 1) + s;
      s = s.slice(0, s.length - dp) + '.' + s.slice(s.length - dp);
    }
    return neg ? '-' + s : s;
  }
  toJSON(): string {
    return this.toString();
  }
  /** The integer value if integral and within 64 bits, else null. */
  toBigInt(): bigint | null {
    if (!this.isInteger()) return null;
    const b = this.dp === 0 ? this.scaled : this.scaled / pow10(this.dp);
    return b > 0x7fffffffffffffffn || b < -0x8000000000000000n ? null : b;
  }
  /** For charts and layout only, never for money arithmetic. */
  toNumberForDisplay(): number {
    return Number(this.toString());
  }
}

const MAX_SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE_BIG = -MAX_SAFE_BIG;
/** Powers of ten that are exact doubles and safe integers (10^15 < 2^53). */
const POW10_NUM = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** Decimal digits of a positive integer. */
function digitCount(m: bigint): number {
  return m.toString().length;
}

const DIGITS_28 = 10n ** 28n;

/**
 * Scaled products strictly inside (-EXACT_PRODUCT_BELOW, EXACT_PRODUCT_BELOW) have at most 28
 * digits, so timesRounded keeps them exact: loops over raw scaled integers (valuing thousands
 * of lots) test this bound and take timesRounded only beyond it.
 */
export const EXACT_PRODUCT_BELOW = DIGITS_28;

/** Significant digits of a non-zero integer (trailing zeros do not count). */
function significantDigits(m: bigint): number {
  let s = (m < 0n ? -m : m).toString();
  let end = s.length;
  while (end > 1 && s.charCodeAt(end - 1) === 48) end--;
  return end;
}

export function decSum(values: Iterable<Dec>): Dec {
  let s = Dec.ZERO;
  for (const v of values) s = s.plus(v);
  return s;
}
