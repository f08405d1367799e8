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
import { inferTolerances } from './tolerance';

export interface LotProblem {
  kind: 'ambiguous' | 'uncovered';
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
      /** Rows with a zero amount or a negative cost. */
      costProblems: { account: string; message: string }[];
    }
  | { ok: false; multipleAuto: boolean; message: string };

export interface BookingContext {
  options: LedgerOptions;
  holdingsOf(account: string): Holdings | undefined;
  methodOf(account: string): Method;
}

function postingText(units: Dec, currency: string, cost: { perUnit: Dec | null; total: Dec | null; currency: string } | null): string {
  if (!cost) return `${units} ${currency}`;
  const n = cost.perUnit !== null ? `${cost.perUnit} ${cost.currency}` : cost.total !== null ? `{${cost.total} ${cost.currency}}` : cost.currency;
  return `${units} ${currency} {${n}}`;
}

export function bookTransaction(txn: TransactionAst, ctx: BookingContext): BookedTxn {
  const cat = categorize(txn.postings, ctx.holdingsOf);
  if (!cat.ok) return { ok: false, multipleAuto: cat.multipleAuto, message: cat.message };
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
      const text = postingText(w.number, w.currency, w.cost);
      if (b.ambiguous) lotProblems.push({ kind: 'ambiguous', account, posting: text, detail: b.ambiguous });
      if (b.uncovered) lotProblems.push({ kind: 'uncovered', account, posting: text, detail: `${b.uncovered} ${w.currency}` });
      items.push({ w, rows: b.rows, missing: null });
    }
    const r = interpolateGroup(g.currency, items, tolerances, txn.date);
    if (!r.ok) return { ok: false, multipleAuto: r.tooMany, message: r.message };
    rows.push(...r.rows);
  }
  // Rows in written posting order; rows of one posting (lots, groups) keep their booking order.
  rows.sort((a, b) => a.w.index - b.w.index);

  const residuals = new Map<string, Dec>();
  const costProblems: { account: string; message: string }[] = [];
  for (const r of rows) {
    const prev = residuals.get(r.weightCurrency);
    residuals.set(r.weightCurrency, prev ? prev.plus(r.weight) : r.weight);
    if (r.cost) {
      if (r.units.isZero()) costProblems.push({ account: r.w.ast.account, message: `Amount is zero: "${r.units} ${r.w.currency}"` });
      if (r.cost.number.isNeg())
        costProblems.push({ account: r.w.ast.account, message: `Cost is negative: "${lotText(r.w.currency, r.units, r.cost)}"` });
    }
  }
  const off: string[] = [];
  for (const [cur, n] of [...residuals.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (n.abs().cmp(tolerances.get(cur)) > 0) off.push(`${n} ${cur}`);
  }
  return { ok: true, rows, balanced: off.length === 0, residual: off.length ? off.join(', ') : null, lotProblems, costProblems };
}
