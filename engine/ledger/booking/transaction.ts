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
const byKey = (a: [string, Dec], b: [string, Dec]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
/** `number CURRENCY` texts by currency (numbers never contain a space). */
function byCurrencyOfResidual(a: string, b: string): number {
  const x = a.slice(a.indexOf(' ') + 1);
  const y = b.slice(b.indexOf(' ') + 1);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** No cost, no price, every amount either complete or absent: the common case, booked directly. */
function isSimple(txn: TransactionAst): boolean {
  for (const p of txn.postings) if (p.cost !== null || p.price !== null || (p.number === null) !== (p.currency === null)) return false;
  return true;
}

const NO_LOT_PROBLEMS: LotProblem[] = Object.freeze([]) as unknown as LotProblem[];
const NO_COST_PROBLEMS: CostProblem[] = Object.freeze([]) as unknown as CostProblem[];

/**
 * Same result as the general path for simple transactions (one group per currency in order of
 * first appearance, the auto posting filling each), without its intermediate structures.
 */
// Working lists of bookSimple, reused (it is not re-entrant): fresh ones per transaction were
// most of what loading a ledger allocates.
const currencies: string[] = [];
const sums: Dec[] = [];

function bookSimple(txn: TransactionAst, ctx: BookingContext): BookedTxn {
  currencies.length = 0;
  sums.length = 0;
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
    const k = currencies.indexOf(p.currency!);
    if (k < 0) {
      currencies.push(p.currency!);
      sums.push(p.number);
    } else sums[k] = sums[k].plus(p.number);
  }
  // Beancount places this error on the last auto posting.
  if (lastAuto !== auto) return { ok: false, multipleAuto: true, message: 'more than one posting without an amount', index: lastAuto };
  const tolerances = inferTolerances(ps, ctx.options);
  // Rows in posting order; the auto posting's rows (one per currency left unbalanced) at its place.
  let count = auto < 0 ? ps.length : ps.length - 1;
  if (auto >= 0) for (let k = 0; k < sums.length; k++) if (!sums[k].isZero()) count++;
  const rows: Row[] = new Array(count);
  let n = 0;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    if (i !== auto) {
      const currency = p.currency!;
      const w = { index: i, ast: p, number: p.number, currency, cost: null, price: null, auto: false };
      rows[n++] = { w, units: p.number!, cost: null, price: null, weight: p.number!, weightCurrency: currency, automatic: false, reduces: false, lot: undefined };
      continue;
    }
    for (let k = 0; k < currencies.length; k++) {
      if (sums[k].isZero()) continue;
      const currency = currencies[k];
      const units = quantize(tolerances.get(currency), sums[k].neg());
      const w = { index: auto, ast: p, number: null, currency, cost: null, price: null, auto: true };
      rows[n++] = { w, units, cost: null, price: null, weight: units, weightCurrency: currency, automatic: true, reduces: false, lot: undefined };
      sums[k] = sums[k].plus(units);
    }
  }
  let off: string[] | null = null;
  for (let k = 0; k < currencies.length; k++) {
    if (sums[k].abs().cmp(tolerances.get(currencies[k])) > 0) (off ??= []).push(`${sums[k]} ${currencies[k]}`);
  }
  // Residuals are listed by currency (rare: only unbalanced transactions get here).
  if (off !== null && off.length > 1) off.sort(byCurrencyOfResidual);
  return { ok: true, rows, balanced: off === null, residual: off ? off.join(', ') : null, lotProblems: NO_LOT_PROBLEMS, costProblems: NO_COST_PROBLEMS };
}

export function bookTransaction(txn: TransactionAst, ctx: BookingContext): BookedTxn {
  if (isSimple(txn)) return bookSimple(txn, ctx);
  const cat = categorize(txn.postings, ctx.holdingsOf);
  if (!cat.ok) return { ok: false, multipleAuto: cat.multipleAuto, message: cat.message, index: cat.index };
  const tolerances = inferTolerances(txn.postings, ctx.options);
  const pending: Pending = new Map();
  const lotProblems: LotProblem[] = [];
  const rows: Row[] = [];

  for (const g of cat.groups) {
    const items: Item[] = [];
    for (const w of g.postings) {
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
      const text = postingText(w.number, w.currency, w.cost, w.ast.cost?.currency ?? null);
      if (b.ambiguous) lotProblems.push({ kind: 'ambiguous', account, posting: text, detail: b.ambiguous });
      if (b.averageReduction) lotProblems.push({ kind: 'average', account, posting: text, detail: '' });
      if (b.uncovered) lotProblems.push({ kind: 'uncovered', account, posting: text, detail: `${b.uncovered} ${w.currency}` });
      items.push({ w, rows: b.rows, missing: null });
    }
    const r = interpolateGroup(g.currency, items, tolerances, txn.date);
    if (!r.ok) return { ok: false, multipleAuto: r.tooMany, message: r.message, index: r.index };
    rows.push(...r.rows);
  }
  // Rows in written posting order; rows of one posting (lots, groups) keep their booking order.
  sortSmall(rows, byPostingIndex);

  const residuals = new Map<string, Dec>();
  const costProblems: CostProblem[] = [];
  for (const r of rows) {
    const prev = residuals.get(r.weightCurrency);
    residuals.set(r.weightCurrency, prev ? prev.plus(r.weight) : r.weight);
    if (r.cost) {
      if (r.units.isZero()) costProblems.push({ account: r.w.ast.account, message: `Amount is zero: "${r.units} ${r.w.currency}"`, index: r.w.index });
      if (r.cost.number.isNeg())
        costProblems.push({ account: r.w.ast.account, message: `Cost is negative: "${lotText(r.w.currency, r.units, r.cost)}"`, index: r.w.index });
    }
  }
  const off: string[] = [];
  for (const [cur, n] of [...residuals.entries()].sort(byKey)) {
    if (n.abs().cmp(tolerances.get(cur)) > 0) off.push(`${n} ${cur}`);
  }
  return { ok: true, rows, balanced: off.length === 0, residual: off.length ? off.join(', ') : null, lotProblems, costProblems };
}
