/**
 * Totals of a large inventory's lots per units currency and cost currency, kept up to date beside
 * the inventory (issue 15: the dashboard's net-worth graph values a balance of ~11,600 lots at
 * each of 53 weekly points; valuing lot by lot was 2 ms a point).
 *
 * Valuing an inventory (convert, value, units) adds each lot's value into a sum per resulting
 * currency, in lot order (Beancount's Inventory.reduce). The totals give the same sum with one
 * product per group instead of one per lot when three things hold, each checked by sumGroups:
 * - every lot's product is exact (the largest |number| in the group times each rate stays under
 *   28 digits), so the sum of products is the product of the sum;
 * - no prefix of a resulting currency's sum can be zero: all its addends have one sign (the
 *   per-lot sum restarts at the next addend's decimal places after passing through zero);
 * - no rate is zero (adding a zero can still raise a sum's decimal places).
 * The decimal places then are the largest of the addends', as the per-lot sum keeps them. When a
 * check fails, the caller values lot by lot. Only the order of the resulting currencies may
 * differ (first group seen rather than first lot seen): inventories are read in encoding order.
 */
import { EXACT_PRODUCT_BELOW, pow10, type Dec } from '../decimal';

/**
 * Inventories with at least this many lots keep totals once something values or copies them. A
 * smaller one is valued lot by lot about as fast as its totals would be built, and the cells of
 * grouped queries (a few lots each) never pay for the upkeep.
 */
export const LOT_GROUPS_MIN_LOTS = 128;

export interface LotGroup {
  readonly currency: string;
  /** The cost currency of the group's lots; null for lots without cost. */
  readonly via: string | null;
  /**
   * Sum of the current lots' numbers, scaled by 10^sumDp (sumDp >= every lot's places): `sum`
   * plus `pending`, a safe integer the lots that fit one are added to (a bigint per add was most
   * of a replayed running balance's upkeep: two adds per row); read through settle().
   */
  sum: bigint;
  pending: number;
  sumDp: number;
  /** Current lots by sign. */
  positive: number;
  negative: number;
  /**
   * At least the |scaled number| of every current lot (raised, never lowered): the larger of
   * `maxAbs` and `maxAbsSafe` (the lots whose number is a safe integer).
   */
  maxAbs: bigint;
  maxAbsSafe: number;
  /** Current lots per number of decimal places. */
  dpCounts: number[];
}

/** 10^k as a double, exact for k <= 22. */
const POW10_NUMBER: number[] = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** Moves a group's pending sum into its bigint sum. */
function settleGroup(g: LotGroup): void {
  if (g.pending !== 0) {
    g.sum += BigInt(g.pending);
    g.pending = 0;
  }
}

/** Adds `sign` x scaled x 10^-dp to the group's sum (dp <= sumDp). */
function addToSum(g: LotGroup, scaled: bigint, x: number, dp: number, sign: 1 | -1): void {
  const k = g.sumDp - dp;
  if (k < POW10_NUMBER.length && Number.isSafeInteger(x)) {
    // Exact: a product or sum of safe integers that is itself safe is the exact result.
    const v = k === 0 ? x : x * POW10_NUMBER[k];
    if (Number.isSafeInteger(v)) {
      const a = sign === 1 ? g.pending + v : g.pending - v;
      if (Number.isSafeInteger(a)) {
        g.pending = a;
        return;
      }
    }
  }
  const big = k === 0 ? scaled : scaled * pow10(k);
  if (sign === 1) g.sum += big;
  else g.sum -= big;
}

export class LotGroups {
  /** Groups in the order first seen (a group whose lots are all gone stays, empty). */
  readonly list: LotGroup[] = [];
  private readonly byCurrency = new Map<string, LotGroup[]>();

  private group(currency: string, via: string | null): LotGroup {
    let same = this.byCurrency.get(currency);
    if (same === undefined) this.byCurrency.set(currency, (same = []));
    for (let i = 0; i < same.length; i++) if (same[i].via === via) return same[i];
    const g: LotGroup = { currency, via, sum: 0n, pending: 0, sumDp: 0, positive: 0, negative: 0, maxAbs: 0n, maxAbsSafe: 0, dpCounts: [] };
    same.push(g);
    this.list.push(g);
    return g;
  }

  /** A lot of `scaled` x 10^-dp (never zero) now exists. */
  enter(currency: string, via: string | null, scaled: bigint, dp: number): void {
    const g = this.group(currency, via);
    if (dp > g.sumDp) {
      settleGroup(g);
      g.sum *= pow10(dp - g.sumDp);
      g.sumDp = dp;
    }
    const x = Number(scaled);
    addToSum(g, scaled, x, dp, 1);
    if (x > 0) g.positive++;
    else g.negative++;
    if (Number.isSafeInteger(x)) {
      const ax = x < 0 ? -x : x;
      if (ax > g.maxAbsSafe) g.maxAbsSafe = ax;
    } else {
      const abs = scaled < 0n ? -scaled : scaled;
      if (abs > g.maxAbs) g.maxAbs = abs;
    }
    const c = g.dpCounts;
    while (c.length <= dp) c.push(0);
    c[dp]++;
  }

  /** A lot entered with these parts is gone (or about to be entered again with a new number). */
  leave(currency: string, via: string | null, scaled: bigint, dp: number): void {
    const g = this.group(currency, via);
    const x = Number(scaled);
    addToSum(g, scaled, x, dp, -1);
    if (x > 0) g.positive--;
    else g.negative--;
    g.dpCounts[dp]--;
  }

  /** Every group's sum in `sum` (pending parts moved in), for readers of the totals. */
  settle(): void {
    for (const g of this.list) settleGroup(g);
  }

  clone(): LotGroups {
    const c = new LotGroups();
    for (const g of this.list) {
      const copy: LotGroup = { ...g, dpCounts: g.dpCounts.slice() };
      let same = c.byCurrency.get(g.currency);
      if (same === undefined) c.byCurrency.set(g.currency, (same = []));
      same.push(copy);
      c.list.push(copy);
    }
    return c;
  }
}

/** The rates of a route that keeps the units as they are. */
export const NO_RATES: readonly Dec[] = [];

/** How a group's lots are valued: each rate applied in turn, into `into`; null: only lot by lot. */
export type GroupRoute = { readonly into: string; readonly rates: readonly Dec[] } | null;

/** A resulting amount of sumGroups: a lot without cost of an Inventory. */
export interface GroupSum {
  currency: string;
  cost: null;
  scaled: bigint;
  dp: number;
}

interface Acc extends GroupSum {
  sign: number;
}

/**
 * The sum per resulting currency of every lot valued by its group's route, exactly as adding the
 * lots' values one by one gives it; null when that cannot be assured without the lots (header).
 */
export function sumGroups(groups: LotGroups, routeOf: (currency: string, via: string | null) => GroupRoute): GroupSum[] | null {
  groups.settle();
  const out: Acc[] = [];
  const byCurrency = new Map<string, Acc>();
  for (const g of groups.list) {
    if (g.positive + g.negative === 0) continue;
    if (g.positive > 0 && g.negative > 0) return null;
    const route = routeOf(g.currency, g.via);
    if (route === null) return null;
    let sign = g.positive > 0 ? 1 : -1;
    let bound = BigInt(g.maxAbsSafe) > g.maxAbs ? BigInt(g.maxAbsSafe) : g.maxAbs;
    let rateDp = 0;
    for (const r of route.rates) {
      if (r.scaled === 0n) return null;
      if (r.scaled < 0n) sign = -sign;
      bound *= r.scaled < 0n ? -r.scaled : r.scaled;
      if (bound >= EXACT_PRODUCT_BELOW) return null;
      rateDp += r.dp;
    }
    let lotDp = g.dpCounts.length - 1;
    while (g.dpCounts[lotDp] === 0) lotDp--;
    // Every lot has at most lotDp places, so the sum is a whole number of 10^-lotDp.
    let scaled = g.sumDp === lotDp ? g.sum : g.sum / pow10(g.sumDp - lotDp);
    for (const r of route.rates) scaled *= r.scaled;
    const dp = lotDp + rateDp;
    const acc = byCurrency.get(route.into);
    if (acc === undefined) {
      const a: Acc = { currency: route.into, cost: null, scaled, dp, sign };
      byCurrency.set(route.into, a);
      out.push(a);
    } else {
      if (acc.sign !== sign) return null;
      if (dp > acc.dp) {
        acc.scaled = acc.scaled * pow10(dp - acc.dp) + scaled;
        acc.dp = dp;
      } else acc.scaled += dp === acc.dp ? scaled : scaled * pow10(acc.dp - dp);
    }
  }
  return out;
}
