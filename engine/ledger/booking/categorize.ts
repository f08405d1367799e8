/**
 * Splits a transaction's postings into currency groups that must each balance, and fills in
 * currencies left unwritten — a port of Beancount's `booking_full.categorize_by_currency` and
 * `replace_currencies`:
 * - a posting's group is its cost currency, else its price currency, else its units currency;
 * - a posting whose group cannot be told from itself takes the only other group, or the
 *   currencies its account holds;
 * - a posting without any amount (auto posting) joins every group; two of them are an error.
 */
import type { Dec } from '../../decimal';
import type { CostSpec, PostingAst } from '../ast';
import type { Holdings } from './holdings';
import { sortSmall } from '../shared';

export interface WorkCost {
  perUnit: Dec | null;
  total: Dec | null;
  currency: string;
  date: number | null;
  label: string | null;
  /** True when no number is written (`{}`, `{USD}`, `{2024-01-01}`). */
  noNumber: boolean;
}

export interface WorkPosting {
  /** Written position in the transaction. */
  index: number;
  ast: PostingAst;
  number: Dec | null;
  currency: string;
  cost: WorkCost | null;
  price: { number: Dec | null; currency: string; isTotal: boolean } | null;
  /** Written without an amount: its amount is inferred (automatic). */
  auto: boolean;
}

export interface Group {
  currency: string;
  postings: WorkPosting[];
}

/** A failure names the posting it is about (`index`), where bean-check reports it. */
export type Categorized = { ok: true; groups: Group[] } | { ok: false; multipleAuto: boolean; message: string; index: number };

const MISSING = Symbol('missing');
type Cur = string | null | typeof MISSING;

interface Refer {
  index: number;
  units: Cur;
  cost: Cur;
  price: Cur;
}

function bucket(r: Refer): string | null {
  if (typeof r.cost === 'string') return r.cost;
  if (typeof r.price === 'string') return r.price;
  if (r.cost === null && r.price === null && typeof r.units === 'string') return r.units;
  return null;
}

/** Groups by currency; `firstIndex` orders them (first posting of the group). */
class Groups extends Map<string, Refer[]> {
  readonly firstIndex = new Map<string, number>();
  put(currency: string, r: Refer): void {
    if (!this.firstIndex.has(currency)) this.firstIndex.set(currency, r.index);
    let g = this.get(currency);
    if (!g) this.set(currency, (g = []));
    g.push(r);
  }
}

const byIndex = (a: Refer, b: Refer) => a.index - b.index;

export function categorize(postings: readonly PostingAst[], holdingsOf: (account: string) => Holdings | undefined): Categorized {
  return oneGroup(postings) ?? categorizeAll(postings, holdingsOf);
}

/**
 * The common case without maps: every posting's currencies are written (or told by its cost or
 * price), all postings fall in one group, and at most one has no amount. Then categorizeAll gives
 * one group holding every posting in written order, the auto posting (if any) in the group's
 * currency: built here directly (two maps, their iterators and per-group lists per transaction
 * were a fifth of the garbage of loading the xlarge bench ledger). Null when any of that fails.
 */
function oneGroup(postings: readonly PostingAst[]): Categorized | null {
  let group: string | null = null;
  let autoIndex = -1;
  for (let index = 0; index < postings.length; index++) {
    const p = postings[index];
    if (p.number === null && p.currency === null) {
      if (p.price !== null || autoIndex >= 0) return null;
      autoIndex = index;
      continue;
    }
    if (p.currency === null) return null;
    let cost: Cur = p.cost ? (p.cost.currency ?? MISSING) : null;
    let price: Cur = p.price ? (p.price.currency ?? MISSING) : null;
    if (cost === MISSING && typeof price === 'string') cost = price;
    if (price === MISSING && typeof cost === 'string') price = cost;
    if (cost === MISSING || price === MISSING) return null;
    const c = cost ?? price ?? p.currency;
    if (group === null) group = c;
    else if (c !== group) return null;
  }
  if (group === null) return null;
  const ws: WorkPosting[] = new Array(postings.length);
  for (let index = 0; index < postings.length; index++) {
    const p = postings[index];
    const auto = index === autoIndex;
    let cost: Cur = null;
    let price: Cur = null;
    if (!auto) {
      cost = p.cost ? (p.cost.currency ?? MISSING) : null;
      price = p.price ? (p.price.currency ?? MISSING) : null;
      if (cost === MISSING) cost = price;
      if (price === MISSING) price = cost;
    }
    ws[index] = work(p, { index, units: auto ? group : p.currency!, cost, price }, auto);
  }
  return { ok: true, groups: [{ currency: group, postings: ws }] };
}

/** categorize without the one-group shortcut (exported for the test comparing the two). */
export function categorizeAll(postings: readonly PostingAst[], holdingsOf: (account: string) => Holdings | undefined): Categorized {
  const groups = new Groups();
  const firstIndex = groups.firstIndex;
  const autos: Refer[] = [];
  const unknown: Refer[] = [];

  for (let index = 0; index < postings.length; index++) {
    const p = postings[index];
    const hasUnits = p.number !== null || p.currency !== null;
    let units: Cur = hasUnits ? (p.currency ?? MISSING) : null;
    let cost: Cur = p.cost ? (p.cost.currency ?? MISSING) : null;
    let price: Cur = p.price ? (p.price.currency ?? MISSING) : null;
    if (cost === MISSING && typeof price === 'string') cost = price;
    if (price === MISSING && typeof cost === 'string') price = cost;
    if (!hasUnits) units = MISSING;
    const r: Refer = { index, units, cost, price };
    if (!hasUnits && price === null) autos.push(r);
    else {
      const c = bucket(r);
      if (c !== null) groups.put(c, r);
      else unknown.push(r);
    }
  }

  if (unknown.length === 1 && groups.size === 1) {
    const r = unknown.pop()!;
    const other = groups.keys().next().value as string;
    if (r.price === null && r.cost === null) r.units = other;
    else {
      if (r.price === MISSING) r.price = other;
      if (r.cost === MISSING) r.cost = other;
    }
    groups.put(bucket(r)!, r);
  }
  for (const r of unknown) {
    const h = holdingsOf(postings[r.index].account);
    if (r.units === MISSING && h) {
      const cs = h.currencies();
      if (cs.length === 1) r.units = cs[0];
    }
    if ((r.cost === MISSING || r.price === MISSING) && h) {
      const cc = h.costCurrencies();
      if (cc.length === 1) {
        if (r.price === MISSING) r.price = cc[0];
        if (r.cost === MISSING) r.cost = cc[0];
      }
    }
    const c = bucket(r);
    if (c === null) return { ok: false, multipleAuto: false, message: `failed to categorize posting ${r.index + 1} (${postings[r.index].account})`, index: r.index };
    groups.put(c, r);
  }
  for (const refs of groups.values()) {
    for (const r of refs) {
      if (r.units !== MISSING) continue;
      const h = holdingsOf(postings[r.index].account);
      const cs = h?.currencies() ?? [];
      if (cs.length === 1) r.units = cs[0];
    }
  }
  // Beancount places this error on the last auto posting.
  if (autos.length > 1) return { ok: false, multipleAuto: true, message: 'more than one posting without an amount', index: autos[autos.length - 1].index };
  for (const a of autos) {
    for (const c of groups.keys()) {
      groups.get(c)!.push({ index: a.index, units: c, cost: null, price: null });
    }
  }
  for (const refs of groups.values()) {
    for (const r of refs) {
      const name = r.units === MISSING ? 'units' : r.cost === MISSING ? 'cost' : r.price === MISSING ? 'price' : null;
      if (name !== null) return { ok: false, multipleAuto: false, message: `could not resolve the ${name} currency of posting ${r.index + 1} (${postings[r.index].account})`, index: r.index };
    }
  }

  const ordered = [...groups.entries()];
  if (ordered.length > 1) ordered.sort((a, b) => firstIndex.get(a[0])! - firstIndex.get(b[0])!);
  // At most one auto posting gets here.
  const autoIndex = autos.length > 0 ? autos[0].index : -1;
  const out: Group[] = [];
  for (const [currency, refs] of ordered) {
    const sorted = sortSmall(refs.slice(), byIndex);
    const ws: WorkPosting[] = [];
    for (const r of sorted) ws.push(work(postings[r.index], r, r.index === autoIndex));
    out.push({ currency, postings: ws });
  }
  return { ok: true, groups: out };
}

function work(p: PostingAst, r: Refer, auto: boolean): WorkPosting {
  const c: CostSpec | null = auto ? null : p.cost;
  return {
    index: r.index,
    ast: p,
    number: auto ? null : p.number,
    currency: r.units as string,
    cost: c
      ? {
          perUnit: c.perUnit,
          total: c.total,
          currency: r.cost as string,
          date: c.date,
          label: c.label,
          noNumber: c.perUnit === null && c.total === null,
        }
      : null,
    price: !auto && p.price ? { number: p.price.number, currency: r.price as string, isTotal: p.price.isTotal } : null,
    auto,
  };
}
