/**
 * The price map of one ledger, built once per load (spec "Price rules"):
 * - the last price of a pair on one day wins (ledger order);
 * - a quote of X in Y also converts Y to X at the reciprocal;
 * - a pair quoted both ways keeps the direction with more quotes and merges the other one into it
 *   inverted (as Beancount's build_price_map does; on a tie the direction quoted first is kept);
 * - look-ups take the latest price on or before a date (binary search), or the latest of all.
 * Reciprocals are computed to 28 significant digits, on first use of a reversed pair.
 */
import { Dec } from '../decimal';
import type { DayNum } from '../dates';
import type { PriceMap, PriceRow } from './snapshot';

interface Series {
  dates: DayNum[];
  rates: Dec[];
}

const pairKey = (base: string, quote: string) => base + '\u0000' + quote;

function upperBound(dates: DayNum[], day: DayNum): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid] <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function invert(s: Series): Series {
  const dates: DayNum[] = [];
  const rates: Dec[] = [];
  for (let i = 0; i < s.dates.length; i++) {
    const r = Dec.ONE.div(s.rates[i]);
    if (r) {
      dates.push(s.dates[i]);
      rates.push(r);
    }
  }
  return { dates, rates };
}

/** `rows` in ledger (processing) order. */
export function buildPriceMap(rows: readonly PriceRow[]): PriceMap {
  interface Quote { date: DayNum; ord: number; rate: Dec }
  const byPair = new Map<string, { base: string; quote: string; first: number; quotes: Quote[] }>();
  for (let ord = 0; ord < rows.length; ord++) {
    const row = rows[ord];
    const base = row.currency;
    const quote = row.amount.currency;
    if (base === quote) continue;
    const k = pairKey(base, quote);
    let p = byPair.get(k);
    if (!p) byPair.set(k, (p = { base, quote, first: ord, quotes: [] }));
    p.quotes.push({ date: row.date, ord, rate: row.amount.number });
  }

  // Merge the minor direction of pairs quoted both ways.
  for (const p of [...byPair.values()]) {
    const rk = pairKey(p.quote, p.base);
    const r = byPair.get(rk);
    if (!r || !byPair.has(pairKey(p.base, p.quote))) continue;
    const keepP = p.quotes.length > r.quotes.length || (p.quotes.length === r.quotes.length && p.first < r.first);
    const [keep, drop] = keepP ? [p, r] : [r, p];
    for (const q of drop.quotes) {
      const inv = Dec.ONE.div(q.rate);
      if (inv) keep.quotes.push({ date: q.date, ord: q.ord, rate: inv });
    }
    byPair.delete(pairKey(drop.base, drop.quote));
  }

  const direct = new Map<string, Series>();
  const against = new Map<string, Set<string>>();
  const note = (quote: string, base: string) => {
    let s = against.get(quote);
    if (!s) against.set(quote, (s = new Set()));
    s.add(base);
  };
  for (const p of byPair.values()) {
    const qs = p.quotes.sort((a, b) => a.date - b.date || a.ord - b.ord);
    const dates: DayNum[] = [];
    const rates: Dec[] = [];
    for (const q of qs) {
      if (dates.length && dates[dates.length - 1] === q.date) rates[rates.length - 1] = q.rate;
      else {
        dates.push(q.date);
        rates.push(q.rate);
      }
    }
    direct.set(pairKey(p.base, p.quote), { dates, rates });
    note(p.quote, p.base);
    note(p.base, p.quote);
  }
  // The quotes are in the series now: nothing that outlives the build may keep an object per
  // price directive (the look-up closures below keep this scope's captured variables alive).
  byPair.clear();
  const inverse = new Map<string, Series>();

  function series(base: string, quote: string): Series | null {
    const k = pairKey(base, quote);
    const d = direct.get(k);
    if (d) return d;
    let inv = inverse.get(k);
    if (!inv) {
      const other = direct.get(pairKey(quote, base));
      if (!other) return null;
      inv = invert(other);
      inverse.set(k, inv);
    }
    return inv;
  }

  function find(base: string, quote: string, date?: DayNum | null): [Series, number] | null {
    const s = series(base, quote);
    if (!s || s.dates.length === 0) return null;
    const i = date === undefined || date === null ? s.dates.length : upperBound(s.dates, date);
    return i === 0 ? null : [s, i - 1];
  }

  return {
    rate(base, quote, date) {
      if (base === quote) return Dec.ONE;
      const f = find(base, quote, date);
      return f ? f[0].rates[f[1]] : null;
    },
    rateDate(base, quote, date) {
      const f = find(base, quote, date);
      return f ? f[0].dates[f[1]] : null;
    },
    quotedAgainst(quote) {
      return [...(against.get(quote) ?? [])].sort();
    },
  };
}

/**
 * The price map of `rows`, built on its first look-up rather than while the ledger loads (10-20
 * ms of every load and reload of the 86k-price bench ledger, before the new snapshot can answer
 * anything): the engine worker's warm-up builds it (`warmPriceMap`) when no request waits, and a
 * query asked before that builds it then. Answers are buildPriceMap's.
 */
export class LazyPriceMap implements PriceMap {
  readonly #rows: readonly PriceRow[];
  #map: PriceMap | null = null;

  constructor(rows: readonly PriceRow[]) {
    this.#rows = rows;
  }

  get built(): boolean {
    return this.#map !== null;
  }

  build(): PriceMap {
    return (this.#map ??= buildPriceMap(this.#rows));
  }

  /**
   * Takes the map of the previous snapshot's prices when they are the same rows (the same
   * objects, in the same order), which a reload after a save keeps when the save added no price
   * (booking/resume.ts reuses the entries before it): no build at all. True when taken.
   */
  adopt(previous: PriceMap): boolean {
    if (this.#map !== null || !(previous instanceof LazyPriceMap) || previous.#map === null) return false;
    const a = this.#rows;
    const b = previous.#rows;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    this.#map = previous.#map;
    return true;
  }

  rate(base: string, quote: string, date?: DayNum | null): Dec | null {
    return this.build().rate(base, quote, date);
  }
  rateDate(base: string, quote: string, date?: DayNum | null): DayNum | null {
    return this.build().rateDate(base, quote, date);
  }
  quotedAgainst(quote: string): string[] {
    return this.build().quotedAgainst(quote);
  }
}

/** Builds a lazily built price map now (the worker's warm-up); any other map is left as it is. */
export function warmPriceMap(map: PriceMap): void {
  if (map instanceof LazyPriceMap) map.build();
}

/** Offers the previous snapshot's built price map to the next one's (LazyPriceMap.adopt). */
export function carryPriceMap(previous: PriceMap, next: PriceMap): boolean {
  return next instanceof LazyPriceMap && next.adopt(previous);
}
