/**
 * How many decimal places the UI shows for each currency (the "display context").
 *
 * The commodity directive decides when it says so (`precision`, `rounding`, `prefix`, `suffix`
 * metadata, the service's own convention); otherwise the ledger's own habit does, as in Fava:
 * the number of places written most often in posting units and balance amounts of that currency
 * (ties go to more places, so nothing the user writes regularly is hidden). Computed values
 * (interpolated postings, conversions) do not vote: their places say nothing about the currency.
 * Only display text depends on this; values and exports stay exact.
 */
import type { CommodityDisplay, DisplayRounding } from '../api-types';
import { firstMeta } from './shared';
import type { Snapshot } from './snapshot';
import { numbersOf } from './booking/posting-numbers';

/** More places than this in a `precision` value is a typo, not a wish. */
export const MAX_DISPLAY_PRECISION = 20;

const cache = new WeakMap<Snapshot, CommodityDisplay[]>();

/** One entry per currency that has a commodity directive or appears in postings or balances, by name. */
export function commodityDisplays(snapshot: Snapshot): CommodityDisplay[] {
  let out = cache.get(snapshot);
  if (!out) {
    out = build(snapshot);
    cache.set(snapshot, out);
  }
  return out;
}

function build(snapshot: Snapshot): CommodityDisplay[] {
  // places -> count, per currency; a small array indexed by places (dp is bounded by the parser's input).
  // Consecutive postings mostly share a currency: the last one's counts are kept at hand, so the
  // scan over every posting (the first /api/commodities/display after each reload) does not look
  // up the map per posting (xlarge: 60-75 -> about 20 ms CPU).
  const votes = new Map<string, number[]>();
  let lastCurrency: string | null = null;
  let last: number[] = [];
  const vote = (currency: string, dp: number) => {
    if (currency !== lastCurrency) {
      let v = votes.get(currency);
      if (!v) votes.set(currency, (v = []));
      lastCurrency = currency;
      last = v;
    }
    countPlaces(last, dp);
  };
  const postings = snapshot.postings;
  // The walk's number columns (booking/posting-numbers.ts) hold each row's places and currency:
  // only the automatic flag is read from the row then (xlarge: 37-40 -> 13-27 ms). The postings
  // vote first, so each currency's counts start here.
  const nums = numbersOf(postings);
  if (nums !== undefined) {
    const byId: number[][] = [];
    for (let i = 0; i < postings.length; i++) {
      if (!postings[i].automatic) countPlaces((byId[nums.currency[i]] ??= []), nums.dp[i]);
    }
    byId.forEach((counts, id) => votes.set(nums.currencies[id], counts));
  } else {
    for (let i = 0; i < postings.length; i++) {
      const p = postings[i];
      if (!p.automatic) vote(p.units.currency, p.units.number.dp);
    }
  }
  for (const b of snapshot.balances) vote(b.amount.currency, b.amount.number.dp);

  // The last directive of a currency wins, as commodity_meta() reads it.
  const directives = new Map<string, readonly { key: string; text: string }[]>();
  for (const c of snapshot.commodities) directives.set(c.currency, c.meta);

  const names = new Set<string>([...votes.keys(), ...directives.keys()]);
  const out: CommodityDisplay[] = [];
  for (const currency of [...names].sort()) {
    const meta = directives.get(currency) ?? [];
    const written = parsePrecision(firstMeta(meta, 'precision'));
    out.push({
      currency,
      precision: written ?? mostWritten(votes.get(currency)),
      source: written === null ? 'inferred' : 'directive',
      rounding: parseRounding(firstMeta(meta, 'rounding')),
      prefix: firstMeta(meta, 'prefix'),
      suffix: firstMeta(meta, 'suffix'),
    });
  }
  return out;
}

/** One more amount written with `dp` places, in counts indexed by places. */
function countPlaces(counts: number[], dp: number): void {
  while (counts.length <= dp) counts.push(0);
  counts[dp]++;
}

/** `2` -> 2; anything but a whole number from 0 to MAX_DISPLAY_PRECISION -> null (ignored). */
export function parsePrecision(text: string | null): number | null {
  if (text === null || !/^\s*\d{1,2}\s*$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_DISPLAY_PRECISION ? n : null;
}

/** zhang writes RoundUp / RoundDown; the snake-case names are accepted too. Default half-even, as Beancount and Fava print. */
export function parseRounding(text: string | null): DisplayRounding {
  const t = (text ?? '').trim().toLowerCase().replace(/[_\s-]/g, '');
  if (t === 'roundup' || t === 'halfup') return 'half_up';
  if (t === 'rounddown' || t === 'halfdown') return 'half_down';
  return 'half_even';
}

/** Most frequent places; ties to the larger; no votes (only a directive) -> 2, the common case of money. */
function mostWritten(v: number[] | undefined): number {
  if (!v) return 2;
  let best = -1;
  let bestCount = 0;
  for (let dp = 0; dp < v.length; dp++) {
    const c = v[dp] ?? 0;
    if (c > 0 && c >= bestCount) {
      best = dp;
      bestCount = c;
    }
  }
  return best < 0 ? 2 : Math.min(best, MAX_DISPLAY_PRECISION);
}
