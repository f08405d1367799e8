/**
 * The executor: runs a compiled Plan over a snapshot in the spec's evaluation order
 * (scan + filter + running balance, group, HAVING, ORDER BY, DISTINCT, OFFSET/LIMIT, PIVOT).
 *
 * Shortcuts the spec promises (document 2 "LIMIT and OFFSET" 4, document 1 "Result size counting"):
 * - without ORDER BY and DISTINCT, rows before OFFSET are counted but their targets are not
 *   computed, and the scan stops after OFFSET + LIMIT rows unless the total is requested;
 * - with ORDER BY and LIMIT only OFFSET + LIMIT rows are kept while scanning (TopK); a row that
 *   cannot enter the window does not get its targets computed unless a target may fail;
 * - aggregate queries whose groups come consecutively in ledger order finish each group as the
 *   next starts, so LIMIT without ORDER BY builds only the groups it returns.
 */
import type { Snapshot } from '../../ledger/snapshot';
import type { DayNum } from '../../dates';
import type { TypeName } from '../types';
import { compareValues, valueKey } from '../values';
import { countValue } from '../encode';
import type { CExpr, EvalState, Plan } from '../compile/plan';
import { Deadline, ResultBudget } from './limits';
import { QueryError } from '../errors';
import { TopK, type Sortable } from './window';
import { pivot } from './pivot';
import { applyPeriodClauses } from '../periods';

export interface ExecOptions {
  snapshot: Snapshot;
  today: DayNum;
  countTotal: boolean;
  deadline: Deadline;
  budget: ResultBudget;
  /** Rows to scan instead of the table's own (period clauses). */
  source?: ArrayLike<unknown>;
}

export interface ExecResult {
  columns: { name: string; type: TypeName }[];
  rows: unknown[][];
  total?: number;
}

export interface OutRow extends Sortable {
  values: unknown[];
  size: number;
}

export function newState(snapshot: Snapshot, today: DayNum, source: ArrayLike<unknown> | null, table: Plan['table']): EvalState {
  const st: EvalState = {
    row: null,
    running: null,
    runningUnits: null,
    runningCost: null,
    source,
    aggs: [],
    snapshot,
    today,
    row_meta: {
      meta: () => (st.row === null ? null : table.meta(st.row)),
      entryMeta: () => (st.row === null ? null : table.entryMeta(st.row)),
    },
  };
  return st;
}

export function rowSize(types: TypeName[], values: unknown[]): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) n += countValue(types[i], values[i]);
  return n;
}

/**
 * A code unit at or above U+D800. Texts order by code point (compareStr); JavaScript's `<` orders
 * by UTF-16 code unit, which differs only where a surrogate meets a unit above the surrogates.
 */
const NOT_PLAIN = /[\uD800-\uFFFF]/;

/**
 * The ORDER BY comparison. `rows`, when all are known before the sort: a text key whose values
 * have no unit at or above U+D800 (one regular-expression test per row) is compared with `<`,
 * which for such texts is compareStr's order. compareStr's loop over the common prefix of account
 * names ran in the interpreter on a first query: sorting BALANCES' 1,965 accounts took 13 ms.
 */
export function makeCompare(plan: Plan, rows?: readonly Sortable[]) {
  const order = plan.order;
  const n = order.length;
  const plain = order.map((o, i) => {
    if (o.expr.type !== 'str' || rows === undefined) return false;
    for (let r = 0; r < rows.length; r++) {
      const v = rows[r].keys[i];
      if (v !== null && NOT_PLAIN.test(v as string)) return false;
    }
    return true;
  });
  return (a: Sortable, b: Sortable): number => {
    for (let i = 0; i < n; i++) {
      let c: number;
      if (plain[i]) {
        const x = a.keys[i] as string | null;
        const y = b.keys[i] as string | null;
        c = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      } else c = compareValues(order[i].expr.type, a.keys[i], b.keys[i]);
      if (c !== 0) return order[i].desc ? -c : c;
    }
    return a.seq - b.seq;
  };
}

export function evalAll(exprs: CExpr[], st: EvalState): unknown[] {
  const out = new Array(exprs.length);
  for (let i = 0; i < exprs.length; i++) out[i] = exprs[i].eval(st);
  return out;
}

export function toNumberBound(x: bigint): number {
  return x > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(x);
}

export function execute(plan: Plan, opts: ExecOptions): ExecResult {
  try {
    return executePlan(plan, opts);
  } catch (e) {
    throw explainTooLarge(plan, opts, e);
  }
}

/** A too-large error of a table that can say what made it large (#budgets) gets that appended. */
function explainTooLarge(plan: Plan, opts: ExecOptions, e: unknown): unknown {
  if (!plan.table.explainTooLarge || !(e instanceof QueryError) || e.line !== null || !e.message.startsWith('the result is too large')) return e;
  const why = plan.table.explainTooLarge({ snapshot: opts.snapshot, filter: plan.filter, today: opts.today });
  return why ? new QueryError(`${e.message} (${why})`, null, null) : e;
}

/** FILTER (cond) before the period clauses: the condition on an original posting row. */
function prefilterTest(plan: Plan, opts: ExecOptions): ((p: unknown) => boolean) | null {
  const pre = plan.period?.prefilter;
  if (!pre) return null;
  const st = newState(opts.snapshot, opts.today, opts.snapshot.postings, plan.table);
  return (p) => {
    st.row = p;
    return pre.eval(st) === true;
  };
}

function executePlan(plan: Plan, opts: ExecOptions): ExecResult {
  const { deadline, budget } = opts;
  const source =
    opts.source ??
    (plan.period ? applyPeriodClauses(opts.snapshot, plan.period, () => deadline.check(), prefilterTest(plan, opts)) : null) ??
    toArray(
      plan.table.rows({
        snapshot: opts.snapshot,
        filter: plan.filter,
        today: opts.today,
        checkTime: () => deadline.check(),
        onGenerated: () => {
          budget.add(1, 'generated rows');
          deadline.tick();
        },
      }),
    );
  const st = newState(opts.snapshot, opts.today, source, plan.table);
  const types = plan.targets.map((t) => t.type);
  const offset = toNumberBound(plan.offset);
  const limit = plan.limit === null ? null : toNumberBound(plan.limit);
  const end = limit === null ? Infinity : offset + limit;
  const window = { offset, limit, end };

  const produced = plan.aggregate ? groupRows(plan, source, st, opts, types, window) : scanRows(plan, source, st, opts, types, window);
  let rows = produced.rows;
  if (plan.distinct) rows = distinct(rows, types, deadline);
  const total = produced.total ?? rows.length + produced.skipped;
  const from = Math.max(0, offset - produced.skipped);
  let out = rows.slice(from, limit === null ? undefined : from + limit).map((r) => r.values);

  let columns = plan.columns;
  if (plan.pivot) {
    const p = pivot(plan, out, budget, deadline);
    columns = p.columns;
    out = p.rows;
  }
  const result: ExecResult = { columns, rows: out };
  if (opts.countTotal) result.total = total;
  return result;
}

function toArray<T>(rows: ArrayLike<T> | Iterable<T>): ArrayLike<T> {
  return typeof (rows as ArrayLike<T>).length === 'number' ? (rows as ArrayLike<T>) : Array.from(rows as Iterable<T>);
}

function distinct(rows: OutRow[], types: TypeName[], deadline: Deadline): OutRow[] {
  const seen = new Set<string>();
  const out: OutRow[] = [];
  for (const r of rows) {
    deadline.tick();
    let k = '';
    for (let i = 0; i < types.length; i++) {
      const part = valueKey(types[i], r.values[i]);
      k += part.length + ':' + part;
    }
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  return out;
}

export interface Window {
  offset: number;
  limit: number | null;
  /** offset + limit, or Infinity. */
  end: number;
}

/**
 * What a producer hands on: rows in final order still subject to DISTINCT/OFFSET/LIMIT, the
 * number of leading rows already dropped for OFFSET, and the total when rows were counted
 * without being kept.
 */
export interface Produced {
  rows: OutRow[];
  skipped: number;
  total?: number;
}

/** Plain (non-aggregate) queries: see plain.ts. */
function scanRows(plan: Plan, source: ArrayLike<unknown>, st: EvalState, opts: ExecOptions, types: TypeName[], w: Window): Produced {
  return plainRows(plan, source, st, opts, types, w);
}


export function sortRows(rows: OutRow[], cmp: (a: Sortable, b: Sortable) => number, deadline: Deadline): void {
  rows.sort((a, b) => {
    deadline.tick();
    return cmp(a, b);
  });
}

import { groupRows } from './group';
import { plainRows } from './plain';
