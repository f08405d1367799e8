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

export function inferTolerances(postings: readonly PostingAst[], options: LedgerOptions): Tolerances {
  let map: Map<string, Dec> | null = null;
  const defaults = options.inferredToleranceDefault;
  for (const p of postings) {
    if (p.number === null || p.currency === null || p.number.dp === 0) continue;
    const t = placeTolerance(p.number.dp, options.inferredToleranceMultiplier);
    if (!map) map = new Map(defaults);
    const prev = map.get(p.currency);
    if (!prev || t.cmp(prev) > 0) map.set(p.currency, t);
  }
  const m = map ?? defaults;
  const def = defaults.get('*') ?? Dec.ZERO;
  return { get: (c) => m.get(c) ?? def };
}

/**
 * Rounds an interpolated number to the tolerance's quantum (twice the tolerance), as Beancount
 * does, but only when the quantum looks user-given (fewer than 5 significant digits).
 */
export function quantize(tol: Dec, n: Dec): Dec {
  if (tol.isZero()) return n;
  const quantum = tol.times(Dec.of(2)).v;
  if (quantum.sd() >= 5) return n;
  const dp = quantum.decimalPlaces();
  // Places of the normalised quantum (0.010 -> 2). A quantum of 10 or more rounds to integers
  // here where Python would round to tens; tolerances that large are not realistic.
  return n.round(dp);
}
