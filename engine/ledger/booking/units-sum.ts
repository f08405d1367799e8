/**
 * Exact running sums of decimals without a Dec per addition (booking/holdings.ts, transaction.ts).
 */
import { Dec } from '../../decimal';

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * A running sum of decimals (units of one currency in one account while booking, a transaction's
 * residual): the value times 10^dp as a safe integer while it fits (every posting of most
 * ledgers), else an exact Dec from then on. Adding to an immutable Dec made a Dec and a bigint of
 * garbage per posting (640k objects, 25 MB on the xlarge bench ledger); the Dec is made only when
 * read. `dp` is the largest number of places added, as Dec.plus keeps it, so `value()` is exactly
 * what a fold of Dec.plus gives.
 */
export class UnitsSum {
  n = 0;
  dp = 0;
  exact: Dec | null = null;

  add(x: Dec): void {
    if (this.exact === null) {
      const xs = x.raw;
      const p = x.dp - this.dp;
      // A Dec's scaled value is a number exactly when it is a safe integer.
      if (typeof xs === 'number' && p < POW10.length && -p < POW10.length) {
        let n = this.n;
        let xn = xs;
        if (p > 0) n *= POW10[p];
        else if (p < 0) xn *= POW10[-p];
        const r = n + xn;
        // Products and sums of safe integers are exact when the result is a safe integer; one
        // that is not was rounded, and the exact form takes over.
        if (Number.isSafeInteger(n) && Number.isSafeInteger(xn) && Number.isSafeInteger(r)) {
          this.n = r;
          if (p > 0) this.dp = x.dp;
          return;
        }
      }
      this.exact = Dec.fromScaled(this.n, this.dp);
    }
    this.exact = this.exact.plus(x);
  }

  isZero(): boolean {
    return this.exact === null ? this.n === 0 : this.exact.isZero();
  }

  /** Back to zero, for reuse. */
  reset(): this {
    this.n = 0;
    this.dp = 0;
    this.exact = null;
    return this;
  }

  /** |sum| > tol (a tolerance: never negative). */
  absExceeds(tol: Dec): boolean {
    if (this.exact === null) {
      const p = tol.dp - this.dp;
      if (p < POW10.length && -p < POW10.length) {
        let a = Math.abs(this.n);
        const r = tol.raw;
        let t = typeof r === 'number' ? r : Infinity;
        if (p > 0) a *= POW10[p];
        else if (p < 0) t *= POW10[-p];
        if (Number.isSafeInteger(a) && Number.isSafeInteger(t)) return a > t;
      }
    }
    return this.value().abs().cmp(tol) > 0;
  }

  value(): Dec {
    return this.exact ?? Dec.fromScaled(this.n, this.dp);
  }

  copy(): UnitsSum {
    const c = new UnitsSum();
    c.n = this.n;
    c.dp = this.dp;
    c.exact = this.exact;
    return c;
  }
}
