/**
 * Rows of plain (non-aggregate) queries, with the shortcuts of document 2 "LIMIT and OFFSET" 4:
 * - ledger order (no ORDER BY, no DISTINCT): rows before OFFSET are counted, not computed; after
 *   OFFSET + LIMIT the scan stops, or with count_total only counts the rest (no targets, no
 *   running balance);
 * - DISTINCT without ORDER BY stops once OFFSET + LIMIT distinct rows are found (unless the
 *   total is asked for, which needs every distinct row);
 * - ORDER BY with LIMIT keeps OFFSET + LIMIT rows while scanning (TopK). Targets that cannot fail
 *   are computed after the scan for the kept rows only (an ORDER BY against ledger order, as
 *   `ORDER BY seq DESC` or `date DESC`, admits every scanned row into the window for a while, and
 *   computing and sizing targets for each of them was most of such a query's time). Targets
 *   that read the running balance are computed by replaying the balance over the chosen rows: a
 *   balance value per scanned row would copy the whole inventory (thousands of lots) for every
 *   row. Results are the same: a target's value depends only on its row (and, for the balance,
 *   the chosen rows up to it). Choice: the result-size limit is then applied to the kept rows
 *   once they are complete, never to rows a later row pushed out of the window.
 */
import type { TypeName } from '../types';
import { valueKey } from '../values';
import type { EvalState, Plan } from '../compile/plan';
import { evalAll, makeCompare, rowSize, sortRows, type ExecOptions, type OutRow, type Produced, type Window } from './run';
import { replayRunning, Scanner } from './scan';
import { TopK } from './window';
import { fastPaths } from './fast-paths';

const EMPTY: unknown[] = [];

/** DISTINCT key of a result row: length-prefixed parts, so different tuples never share one. */
export function rowKey(types: TypeName[], values: unknown[]): string {
  let k = '';
  for (let i = 0; i < types.length; i++) {
    const part = valueKey(types[i], values[i]);
    k += part.length + ':' + part;
  }
  return k;
}

interface KeptRow extends OutRow {
  /** Position among the chosen rows (for computing deferred targets after the scan). */
  at: number;
  /** Position in the source. */
  src: number;
}

export function plainRows(plan: Plan, source: ArrayLike<unknown>, st: EvalState, opts: ExecOptions, types: TypeName[], w: Window): Produced {
  const { deadline, budget } = opts;
  const targets = plan.targets;
  const order = plan.order;

  if (order.length === 0 && !plan.distinct) return windowRows(plan, new Scanner(plan, source, st, deadline), st, opts, types, w);

  if (order.length === 0 && plan.distinct && w.end !== Infinity && !opts.countTotal) {
    const rows: OutRow[] = [];
    const seen = new Set<string>();
    if (w.end > 0) {
      new Scanner(plan, source, st, deadline).run(() => {
        const values = evalAll(targets, st);
        const k = rowKey(types, values);
        if (seen.has(k)) return;
        seen.add(k);
        const size = rowSize(types, values);
        budget.add(size);
        rows.push({ keys: EMPTY, seq: rows.length, values, size });
        if (rows.length >= w.end) return false;
      });
    }
    return { rows, skipped: 0 };
  }

  if (order.length > 0 && !plan.distinct && w.end !== Infinity) {
    const presorted = tableOrder(plan, source, st);
    if (presorted !== null) return orderedRows(plan, source, st, opts, types, w, presorted);
    return topRows(plan, source, st, opts, types, w);
  }

  // Everything else keeps every row: sorted (ORDER BY), then DISTINCT/OFFSET/LIMIT by the caller.
  const orderExprs = order.map((o) => o.expr);
  // DISTINCT whose ORDER BY reads only its targets drops duplicates while scanning, before the
  // sort (payees.all: a few hundred payees among 100k transactions were sorted as 100k rows).
  // The first of equal rows is kept, as the stable sort would keep it: equal targets have equal
  // sort keys. Every row still counts toward the result size, as collected.
  const dedupe = plan.distinct && order.length > 0 && fastPaths.enabled && orderExprs.every((o) => targets.some((t) => t.key === o.key));
  const oneText = types.length === 1 && types[0] === 'str';
  const seen = new Set<unknown>();
  let seq = 0;
  const rows: OutRow[] = [];
  new Scanner(plan, source, st, deadline).run(() => {
    const values = evalAll(targets, st);
    const size = rowSize(types, values);
    budget.add(size);
    if (dedupe) {
      const k = oneText ? values[0] : rowKey(types, values);
      if (seen.has(k)) return;
      seen.add(k);
    }
    const keys = order.length ? evalAll(orderExprs, st) : EMPTY;
    rows.push({ keys, seq: seq++, values, size });
  });
  if (order.length) sortRows(rows, makeCompare(plan, rows), deadline);
  return { rows, skipped: 0 };
}

/**
 * The positions of the rows in the order of the query's ORDER BY when the table keeps that order
 * (one column with unique values: #entries by seq, TableDef.orderedBy), reversed for DESC; null
 * otherwise. Only where reading in another order changes nothing else: no running balance, no
 * target that may raise an error (which rows are evaluated would differ), nothing narrowed.
 */
function tableOrder(plan: Plan, source: ArrayLike<unknown>, st: EvalState): Int32Array | null {
  if (!fastPaths.enabled || plan.order.length !== 1 || !plan.table.orderedBy) return null;
  const o = plan.order[0];
  if (!o.expr.key.startsWith('col:') || o.expr.readsBalance || o.expr.mayFail) return null;
  if (plan.balance.full || plan.balance.units || plan.balance.cost) return null;
  if (plan.targets.some((t) => t.mayFail || t.readsBalance)) return null;
  if (plan.dateBounds !== null || plan.accountFilter !== null || plan.idWords !== null) return null;
  const asc = plan.table.orderedBy(o.expr.key.slice(4), source, st);
  if (asc === null || asc.length !== source.length) return null;
  return o.desc ? asc.slice().reverse() : asc;
}

/**
 * The rows of the window as the scan chooses them (no sort), then the rest only counted when the
 * total is asked for: a query without ORDER BY, or one ordered by a column the table keeps in
 * order (`orderedRows`), whose rows carry their sort keys.
 */
function windowRows(plan: Plan, scanner: Scanner, st: EvalState, opts: ExecOptions, types: TypeName[], w: Window): Produced {
  const { budget } = opts;
  const targets = plan.targets;
  const orderExprs = plan.order.map((o) => o.expr);
  const rows: OutRow[] = [];
  let count = 0;
  if (w.end > 0) {
    scanner.run(() => {
      if (count >= w.offset) {
        const values = evalAll(targets, st);
        const size = rowSize(types, values);
        budget.add(size);
        rows.push({ keys: orderExprs.length ? evalAll(orderExprs, st) : EMPTY, seq: count, values, size });
      }
      count++;
      if (count >= w.end) return false;
    });
  }
  if (opts.countTotal) count += scanner.countRest();
  return { rows, skipped: Math.min(w.offset, count), total: count };
}

/**
 * ORDER BY a column the table keeps in order, with a LIMIT: the rows read in that order, the
 * window's taken as they come, the rest only counted. The same rows as the sort, which breaks no
 * ties here (the column's values are unique).
 */
function orderedRows(plan: Plan, source: ArrayLike<unknown>, st: EvalState, opts: ExecOptions, types: TypeName[], w: Window, order: Int32Array): Produced {
  return windowRows(plan, new Scanner(plan, source, st, opts.deadline, true, order), st, opts, types, w);
}

/** ORDER BY ... LIMIT: the first OFFSET + LIMIT rows of the sort, kept while scanning. */
function topRows(plan: Plan, source: ArrayLike<unknown>, st: EvalState, opts: ExecOptions, types: TypeName[], w: Window): Produced {
  const { deadline, budget } = opts;
  const targets = plan.targets;
  const orderExprs = plan.order.map((o) => o.expr);
  // Without the fast path only the balance targets wait (the straightforward path computes the
  // others for every row that enters the window).
  const deferred = targets.map((t) => !t.mayFail && (t.readsBalance || fastPaths.enabled));
  const anyDeferred = deferred.some((d) => d);
  const replay = targets.some((t, i) => deferred[i] && t.readsBalance);
  const mayFail = targets.some((t) => t.mayFail);
  const top = new TopK<KeptRow>(w.end, makeCompare(plan), (r) => budget.release(r.size));
  const allDeferred = deferred.every((d) => d) && !replay;
  const nullSize = rowSize(types, new Array(targets.length).fill(null));
  /** Source positions of the chosen rows, for the replay of deferred targets. */
  const chosen: number[] = [];
  let count = 0;
  const balanceWhileScanning = orderExprs.some((o) => o.readsBalance) || targets.some((t, i) => t.readsBalance && !deferred[i]);
  new Scanner(plan, source, st, deadline, balanceWhileScanning).run((at) => {
    if (replay) chosen.push(at);
    const keys = evalAll(orderExprs, st);
    const s = count++;
    const admitted = top.admits(keys, s);
    if (!admitted && !mayFail) return;
    if (allDeferred) {
      // Nothing to compute now: the row's values are made if it is kept (its size until then is
      // that of a row of NULLs, the same for every row).
      budget.add(nullSize);
      top.push({ keys, seq: s, values: EMPTY, size: nullSize, at: s, src: at });
      return;
    }
    const values = new Array(targets.length);
    for (let i = 0; i < targets.length; i++) values[i] = deferred[i] ? null : targets[i].eval(st);
    if (!admitted) return;
    const size = rowSize(types, values);
    budget.add(size);
    top.push({ keys, seq: s, values, size, at: s, src: at });
  });
  const rows = top.result();
  if (replay && rows.length > 0) computeDeferred(plan, source, st, opts, types, deferred, chosen, rows);
  else if (anyDeferred) {
    for (const r of rows) {
      deadline.tick();
      st.row = source[r.src];
      if (r.values === EMPTY) r.values = new Array(targets.length).fill(null);
      for (let i = 0; i < deferred.length; i++) if (deferred[i]) r.values[i] = targets[i].eval(st);
      const size = rowSize(types, r.values);
      budget.add(size - r.size);
      r.size = size;
    }
  }
  return { rows, skipped: 0, total: count };
}

/** Replays the running balance over the chosen rows and computes the deferred targets of the kept rows. */
function computeDeferred(
  plan: Plan,
  source: ArrayLike<unknown>,
  st: EvalState,
  opts: ExecOptions,
  types: TypeName[],
  deferred: boolean[],
  chosen: number[],
  rows: KeptRow[],
): void {
  const { deadline, budget } = opts;
  const wanted = rows.slice().sort((a, b) => a.at - b.at);
  replayRunning(plan, source, st, deadline, chosen, wanted, (r) => {
    for (let i = 0; i < deferred.length; i++) if (deferred[i]) r.values[i] = plan.targets[i].eval(st);
    const size = rowSize(types, r.values);
    budget.add(size - r.size);
    r.size = size;
  });
}
