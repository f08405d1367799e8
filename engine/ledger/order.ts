/**
 * The two orders of the ledger (spec "Processing order (seq)").
 *
 * Processing order decides booking and `seq`:
 *  1. date and written time (no time = midnight);
 *  2. at one time: open and commodity first, then balance records (balance assertions and
 *     transactions flagged P), then everything else;
 *  3. file order;
 *  4. a `balance ... with pad` is checked after the other balance records of its time; its padding
 *     transaction is one of those balance records, in the file position of the directive;
 *  5. a `pad` sorts after every balance record of its day (taking the time of the last one when
 *     later than its own) and its padding transactions follow it directly (inserted while booking).
 *
 * Reference order is what directive tables keep without ORDER BY: by date, then open, commodity,
 * balance, other directives, document, close, then file order, regardless of time.
 *
 * Both sorts run once per load over precomputed numeric keys (no per-comparison allocation).
 */
import type { DirectiveAst } from './ast';

/** Longest run of one day's items sorted by insertion (longer ones by Array.prototype.sort). */
const INSERTION_MAX = 12;

/**
 * The indices 0..n-1 ordered by `day`, then by `tie` among items of one day: what
 * `indices.sort((a, b) => day[a] - day[b] || tie(a, b))` gives when `tie` ends with a unique key
 * (both orders below do), found by counting the items of each day (O(n + days)) and sorting each
 * day's few items alone. A comparison sort of the 200k directives of the bench's xlarge ledger
 * was 20-40 ms of every load, and again of every reload (the processing order is computed whole).
 * Days too spread out for a count per day (or not whole numbers) take the comparison sort.
 */
export function sortByDay(day: ArrayLike<number>, tie: (a: number, b: number) => number): number[] {
  const n = day.length;
  const out: number[] = new Array(n);
  if (n === 0) return out;
  let min = day[0];
  let max = day[0];
  let whole = true;
  for (let i = 0; i < n; i++) {
    const d = day[i];
    if (d < min) min = d;
    else if (d > max) max = d;
    if (!Number.isInteger(d)) whole = false;
  }
  const span = max - min + 1;
  if (!whole || span > 4 * n + 1024) {
    for (let i = 0; i < n; i++) out[i] = i;
    return out.sort((a, b) => day[a] - day[b] || tie(a, b));
  }
  // Start of each day's run in `out`, then the items placed in index order.
  const start = new Int32Array(span + 1);
  for (let i = 0; i < n; i++) start[day[i] - min + 1]++;
  for (let k = 1; k <= span; k++) start[k] += start[k - 1];
  const next = start.slice(0, span);
  for (let i = 0; i < n; i++) out[next[day[i] - min]++] = i;
  for (let k = 0; k < span; k++) {
    const lo = start[k];
    const hi = start[k + 1];
    if (hi - lo < 2) continue;
    if (hi - lo <= INSERTION_MAX) {
      for (let i = lo + 1; i < hi; i++) {
        const x = out[i];
        let j = i - 1;
        while (j >= lo && tie(out[j], x) > 0) {
          out[j + 1] = out[j];
          j--;
        }
        out[j + 1] = x;
      }
    } else {
      const run = out.slice(lo, hi).sort(tie);
      for (let i = 0; i < run.length; i++) out[lo + i] = run[i];
    }
  }
  return out;
}

/**
 * A processing slot: `directiveIndex * 2` for the directive itself, `directiveIndex * 2 + 1` for
 * the padding transaction of a `balance ... with pad` (which has its own place in the order).
 */
export type Slot = number;
export const slotDirective = (slot: Slot) => slot >> 1;
export const isPaddingSlot = (slot: Slot) => (slot & 1) === 1;

const enum Rank {
  OpenCommodity = 0,
  BalanceRecord = 1,
  Other = 2,
}

function isBalanceRecord(d: DirectiveAst): boolean {
  return d.type === 'balance' || (d.type === 'transaction' && d.flag === 'P');
}

/** Effective time of each `pad` (rule 5): its own time or the latest balance record of its day. */
export function padTimes(directives: readonly DirectiveAst[]): Map<number, number> {
  const lastBalance = new Map<number, number>();
  let anyPad = false;
  for (let i = 0; i < directives.length; i++) {
    const d = directives[i];
    if (d.type === 'pad') anyPad = true;
    else if (isBalanceRecord(d)) {
      const t = d.time ?? 0;
      const prev = lastBalance.get(d.date);
      if (prev === undefined || t > prev) lastBalance.set(d.date, t);
    }
  }
  const out = new Map<number, number>();
  if (!anyPad) return out;
  for (let i = 0; i < directives.length; i++) {
    const d = directives[i];
    if (d.type !== 'pad') continue;
    const own = d.time ?? 0;
    const last = lastBalance.get(d.date);
    out.set(i, last !== undefined && last > own ? last : own);
  }
  return out;
}

/** Slots of every directive in processing order (pads' own padding is not included: see rule 5). */
export function processingOrder(directives: readonly DirectiveAst[], padTime: Map<number, number> = padTimes(directives)): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < directives.length; i++) {
    const d = directives[i];
    slots.push(i * 2);
    if (d.type === 'balance' && d.padAccount) slots.push(i * 2 + 1);
  }
  const n = slots.length;
  const date = new Float64Array(n);
  const time = new Float64Array(n);
  const rank = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const slot = slots[k];
    const i = slot >> 1;
    const d = directives[i];
    date[k] = d.date;
    time[k] = d.type === 'pad' ? padTime.get(i)! : (d.time ?? 0);
    // Sub-order inside the balance records of one time: `balance ... with pad` checks come last
    // (rank 1.5 encoded as 2 with Other shifted to 3).
    let r: number;
    if (d.type === 'open' || d.type === 'commodity') r = Rank.OpenCommodity * 2;
    else if (d.type === 'balance') r = d.padAccount && !(slot & 1) ? Rank.BalanceRecord * 2 + 1 : Rank.BalanceRecord * 2;
    else if (isBalanceRecord(d)) r = Rank.BalanceRecord * 2;
    else r = Rank.Other * 2;
    rank[k] = r;
  }
  const idx = sortByDay(date, (a, b) => time[a] - time[b] || rank[a] - rank[b] || slots[a] - slots[b]);
  for (let k = 0; k < n; k++) idx[k] = slots[idx[k]];
  return idx;
}

/** Rank of a directive type in reference order. */
export function referenceRank(type: DirectiveAst['type']): number {
  switch (type) {
    case 'open':
      return 0;
    case 'commodity':
      return 1;
    case 'balance':
      return 2;
    case 'document':
      return 4;
    case 'close':
      return 5;
    default:
      return 3;
  }
}

/**
 * Indices of the entries in reference order, from their keys in parallel arrays (date, rank,
 * file position of the directive, and a tie-breaker among entries made from one directive:
 * padding before/after its directive).
 */
export function referenceOrder(date: Int32Array, rank: Uint8Array, file: Int32Array, sub: Int32Array): number[] {
  return sortByDay(date, (a, b) => rank[a] - rank[b] || file[a] - file[b] || sub[a] - sub[b]);
}
