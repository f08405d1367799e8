/**
 * Books one transaction against the holdings before it: currency groups, lot booking,
 * interpolation, and the balance check with inferred tolerances (Beancount's booking_full order:
 * categorize, book reductions, interpolate, then check the residual).
 *
 * Outcomes: booked (possibly unbalanced, with lot errors), or rejected (cannot be completed).
 * Holdings are not touched here: the caller commits the rows of a booked transaction.
 */
import { Dec } from '../../decimal';
import type { TransactionAst } from '../ast';
import type { LedgerOptions } from '../snapshot';
import { categorize } from './categorize';
import type { Holdings } from './holdings';
import { interpolateGroup, type Item, type Row } from './interpolate';
import { bookAtCost, lotText, type Method, type Pending } from './lots';
import { inferTolerances, quantize } from './tolerance';
import { sortSmall } from '../shared';
import { UnitsSum } from './units-sum';

export interface LotProblem {
  kind: 'ambiguous' | 'uncovered' | 'average';
  account: string;
  posting: string;
  detail: string;
}

export type BookedTxn =
  | {
      ok: true;
      rows: Row[];
      balanced: boolean;
      /** Residual beyond tolerance, as text (`-0.01 USD, 2 EUR`), when unbalanced. */
      residual: string | null;
      lotProblems: LotProblem[];
      /** Rows with a zero amount or a negative cost (`index`: the posting, where bean-check reports it). */
      costProblems: CostProblem[];
    }
  /** `index`: the posting the failure is about (bean-check reports it on that posting's line). */
  | { ok: false; multipleAuto: boolean; message: string; index: number };

export interface CostProblem {
  account: string;
  message: string;
  index: number;
}

export interface BookingContext {
  options: LedgerOptions;
  holdingsOf(account: string): Holdings | undefined;
  methodOf(account: string): Method;
}

/**
 * The posting as bean-check quotes it in lot errors: the cost as written, so `{}` stays `{}`
 * (not the currency inferred from the lots).
 */
function postingText(units: Dec, currency: string, cost: { perUnit: Dec | null; total: Dec | null; currency: string } | null, written: string | null): string {
  if (!cost) return `${units} ${currency}`;
  const cur = written ?? '';
  const n = cost.perUnit !== null ? `${cost.perUnit} ${cur}` : cost.total !== null ? `{${cost.total} ${cur}}` : cur;
  return `${units} ${currency} {${n.trim()}}`;
}

// Comparators at module level: a closure made per transaction costs an allocation each time.
const byPostingIndex = (a: Row, b: Row) => a.w.index - b.w.index;
/** `number CURRENCY` texts by currency (numbers never contain a space). */
function byCurrencyOfResidual(a: string, b: string): number {
  const x = a.slice(a.indexOf(' ') + 1);
  const y = b.slice(b.indexOf(' ') + 1);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** No cost, no price, every amount either complete or absent: the common case, booked directly (SimpleRows.book). */
export function isSimple(txn: TransactionAst): boolean {
  const ps = txn.postings;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    if (p.cost !== null || p.price !== null || (p.number === null) !== (p.currency === null)) return false;
  }
  return true;
}

/** Why a transaction cannot be completed (it is then rejected). */
export type BookingFailure = Extract<BookedTxn, { ok: false }>;

/**
 * The rows of a simple transaction in posting order, as parallel lists refilled for every
 * transaction: the walk turns them into posting rows directly. A Row and a WorkPosting per posting
 * (what the general path needs) were a third of what booking a plain ledger allocated.
 */
export class SimpleRows {
  count = 0;
  /** Written position of the posting each row comes from (the auto posting gives one row per currency). */
  readonly posting: number[] = [];
  readonly units: Dec[] = [];
  readonly currency: string[] = [];
  readonly automatic: boolean[] = [];
  balanced = true;
  /** Residual beyond tolerance, as text (`-0.01 USD, 2 EUR`), when unbalanced. */
  residual: string | null = null;

  private push(posting: number, units: Dec, currency: string, automatic: boolean): void {
    const n = this.count++;
    this.posting[n] = posting;
    this.units[n] = units;
    this.currency[n] = currency;
    this.automatic[n] = automatic;
  }

  /**
   * Books a simple transaction (isSimple) into these lists: same result as the general path (one
   * group per currency in order of first appearance, the auto posting filling each), without its
   * intermediate structures. Null when booked, else why it is rejected.
   */
  book(txn: TransactionAst, ctx: BookingContext): BookingFailure | null {
    this.count = 0;
    let nCur = 0;
    let auto = -1;
    let lastAuto = -1;
    const ps = txn.postings;
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      if (p.number === null) {
        if (auto < 0) auto = i;
        lastAuto = i;
        continue;
      }
      const c = p.currency!;
      let k = 0;
      while (k < nCur && currencies[k] !== c) k++;
      if (k === nCur) {
        currencies[k] = c;
        (sums[k] ??= new UnitsSum()).reset();
        nCur++;
      }
      sums[k].add(p.number);
    }
    // Beancount places this error on the last auto posting.
    if (lastAuto !== auto) return { ok: false, multipleAuto: true, message: 'more than one posting without an amount', index: lastAuto };
    const tolerances = inferTolerances(ps, ctx.options);
    // The auto posting's rows (one per currency left unbalanced) at its place.
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      if (i !== auto) {
        this.push(i, p.number!, p.currency!, false);
        continue;
      }
      for (let k = 0; k < nCur; k++) {
        if (sums[k].isZero()) continue;
        const currency = currencies[k];
        const units = quantize(tolerances.get(currency), sums[k].value().neg());
        this.push(auto, units, currency, true);
        sums[k].add(units);
      }
    }
    let off: string[] | null = null;
    for (let k = 0; k < nCur; k++) {
      if (sums[k].absExceeds(tolerances.get(currencies[k]))) (off ??= []).push(`${sums[k].value()} ${currencies[k]}`);
    }
    // Residuals are listed by currency (rare: only unbalanced transactions get here).
    if (off !== null && off.length > 1) off.sort(byCurrencyOfResidual);
    this.balanced = off === null;
    this.residual = off ? off.join(', ') : null;
    return null;
  }
}

// Working lists of SimpleRows.book, reused (it is not re-entrant). Only the first `nCur` entries
// of a call are its own: never truncated, as `length = 0` drops an array's storage and the next
// push allocated it again (two arrays per transaction).
const currencies: string[] = [];
/** Per currency, a running sum reused from one transaction to the next (no Dec per posting). */
const sums: UnitsSum[] = [];

// bookTransaction's reused working state (never re-entered: the walk books one transaction at a
// time). Two maps and an entries array per transaction were garbage for every one at cost.
const PENDING: Pending = new Map();
const resCurrencies: string[] = [];
const resSums: Dec[] = [];

/**
 * Books any transaction by Beancount's full method (simple ones give the same rows as
 * SimpleRows.book, which the walk uses for them).
 */
export function bookTransaction(txn: TransactionAst, ctx: BookingContext): BookedTxn {
  const cat = categorize(txn.postings, ctx.holdingsOf);
  if (!cat.ok) return { ok: false, multipleAuto: cat.multipleAuto, message: cat.message, index: cat.index };
  const tolerances = inferTolerances(txn.postings, ctx.options);
  const pending = PENDING;
  if (pending.size > 0) pending.clear();
  const lotProblems: LotProblem[] = [];
  const rows: Row[] = [];

  const groups = cat.groups;
  for (let gi = 0; gi < groups.length; gi++) {
    const g = groups[gi];
    const items: Item[] = [];
    for (let wi = 0; wi < g.postings.length; wi++) {
      const w = g.postings[wi];
      if (w.number === null) {
        items.push({ w, rows: null, missing: 'units' });
        continue;
      }
      if (w.price && w.price.number === null) {
        items.push({ w, rows: null, missing: 'price' });
        continue;
      }
      if (!w.cost) {
        items.push({ w, rows: [{ units: w.number, cost: null }], missing: null });
        continue;
      }
      const account = w.ast.account;
      const b = bookAtCost(w, w.number, ctx.holdingsOf(account), ctx.methodOf(account), txn.date, pending);
      if (b.needsCostNumber) {
        items.push({ w, rows: null, missing: 'cost' });
        continue;
      }
      // The posting's text only for a problem: built for every posting at cost, it was two
      // decimal texts and four strings of garbage each (22,941 postings at cost on xlarge).
      if (b.ambiguous || b.averageReduction || b.uncovered) {
        const text = postingText(w.number, w.currency, w.cost, w.ast.cost?.currency ?? null);
        if (b.ambiguous) lotProblems.push({ kind: 'ambiguous', account, posting: text, detail: b.ambiguous });
        if (b.averageReduction) lotProblems.push({ kind: 'average', account, posting: text, detail: '' });
        if (b.uncovered) lotProblems.push({ kind: 'uncovered', account, posting: text, detail: `${b.uncovered} ${w.currency}` });
      }
      items.push({ w, rows: b.rows, missing: null });
    }
    const r = interpolateGroup(g.currency, items, tolerances, txn.date);
    if (!r.ok) return { ok: false, multipleAuto: r.tooMany, message: r.message, index: r.index };
    for (let k = 0; k < r.rows.length; k++) rows.push(r.rows[k]);
  }
  // Rows in written posting order; rows of one posting (lots, groups) keep their booking order.
  sortSmall(rows, byPostingIndex);

  // Residual per weight currency, in the reused lists (a transaction has one or two).
  let nCur = 0;
  const costProblems: CostProblem[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const c = r.weightCurrency;
    let k = 0;
    while (k < nCur && resCurrencies[k] !== c) k++;
    if (k === nCur) {
      resCurrencies[k] = c;
      resSums[k] = r.weight;
      nCur++;
    } else resSums[k] = resSums[k].plus(r.weight);
    if (r.cost) {
      if (r.units.isZero()) costProblems.push({ account: r.w.ast.account, message: `Amount is zero: "${r.units} ${r.w.currency}"`, index: r.w.index });
      if (r.cost.number.isNeg())
        costProblems.push({ account: r.w.ast.account, message: `Cost is negative: "${lotText(r.w.currency, r.units, r.cost)}"`, index: r.w.index });
    }
  }
  let off: string[] | null = null;
  for (let k = 0; k < nCur; k++) {
    if (resSums[k].abs().cmp(tolerances.get(resCurrencies[k])) > 0) (off ??= []).push(`${resSums[k]} ${resCurrencies[k]}`);
  }
  // Listed by currency (rare: only unbalanced transactions have any).
  if (off !== null && off.length > 1) off.sort(byCurrencyOfResidual);
  return { ok: true, rows, balanced: off === null, residual: off ? off.join(', ') : null, lotProblems, costProblems };
}
