/**
 * Inferred tolerances of a transaction, after Beancount's `interpolate.infer_tolerances`
 * (infer_tolerance_from_cost off, its default):
 * - each posting written with an amount whose number has decimal places contributes
 *   `10^-places x inferred_tolerance_multiplier` (0.5 by default: half a unit of the last place)
 *   to its units currency; the largest contribution wins;
 * - integers contribute nothing; option `inferred_tolerance_default` gives the starting values,
 *   its `*` entry the tolerance of every other currency (else zero: exact).
 * The same tolerance rounds interpolated amounts (`quantize_with_tolerance`).
 */
import { Dec } from '../../decimal';
import type { PostingAst } from '../ast';
import type { LedgerOptions } from '../snapshot';

export interface Tolerances {
  get(currency: string): Dec;
}

/** Half-units per number of decimal places, for the multiplier last used (options rarely change). */
let cachedMultiplier: Dec | null = null;
let tolCache: Dec[] = [];
function placeTolerance(dp: number, multiplier: Dec): Dec {
  if (cachedMultiplier !== multiplier) {
    cachedMultiplier = multiplier;
    tolCache = [];
  }
  let d = tolCache[dp];
  if (!d) tolCache[dp] = d = Dec.of('0.' + '0'.repeat(dp - 1) + '1').times(multiplier);
  return d;
}

/**
 * Per-transaction tolerances: a few currencies at most, so parallel arrays beat a Map copy. Only
 * the first `count` entries are this transaction's: the arrays are never truncated (`length = 0`
 * drops their storage, and every transaction allocated two arrays again).
 */
class TxnTolerances implements Tolerances {
  readonly currencies: string[] = [];
  readonly values: Dec[] = [];
  private count = 0;
  private defaults = new Map<string, Dec>();
  private def = Dec.ZERO;
  reset(defaults: Map<string, Dec>, def: Dec): this {
    this.count = 0;
    this.defaults = defaults;
    this.def = def;
    return this;
  }
  private indexOf(currency: string): number {
    const cs = this.currencies;
    for (let i = 0; i < this.count; i++) if (cs[i] === currency) return i;
    return -1;
  }
  raise(currency: string, t: Dec): void {
    const i = this.indexOf(currency);
    if (i >= 0) {
      if (t.cmp(this.values[i]) > 0) this.values[i] = t;
      return;
    }
    const d = this.defaults.get(currency);
    const k = this.count++;
    this.currencies[k] = currency;
    this.values[k] = d && d.cmp(t) > 0 ? d : t;
  }
  get(currency: string): Dec {
    const i = this.indexOf(currency);
    return i >= 0 ? this.values[i] : (this.defaults.get(currency) ?? this.def);
  }
}

const current = new TxnTolerances();

/** Tolerances of one transaction: valid until the next call (booking is one transaction at a time). */
export function inferTolerances(postings: readonly PostingAst[], options: LedgerOptions): Tolerances {
  const defaults = options.inferredToleranceDefault;
  const tols = current.reset(defaults, defaults.get('*') ?? Dec.ZERO);
  for (const p of postings) {
    if (p.number === null || p.currency === null || p.number.dp === 0) continue;
    tols.raise(p.currency, placeTolerance(p.number.dp, options.inferredToleranceMultiplier));
  }
  return tols;
}

/** Places to round to for a tolerance, or -1 when Beancount would not round (cached per value). */
const quantumPlaces = new WeakMap<Dec, number>();
function placesOf(tol: Dec): number {
  let dp = quantumPlaces.get(tol);
  if (dp === undefined) {
    const quantum = tol.times(Dec.of(2)).v;
    // Places of the normalised quantum (0.010 -> 2). A quantum of 10 or more rounds to integers
    // here where Python would round to tens; tolerances that large are not realistic.
    dp = tol.isZero() || quantum.sd() >= 5 ? -1 : quantum.decimalPlaces();
    quantumPlaces.set(tol, dp);
  }
  return dp;
}

/**
 * Rounds an interpolated number to the tolerance's quantum (twice the tolerance), as Beancount
 * does, but only when the quantum looks user-given (fewer than 5 significant digits).
 */
export function quantize(tol: Dec, n: Dec): Dec {
  const dp = placesOf(tol);
  if (dp < 0 || n.dp === dp) return n;
  return n.round(dp);
}
