/**
 * Extension (issue 16 follow-up): `any_posting(cond)` and `all_postings(cond)`, true when some /
 * every posting of the row's transaction satisfies `cond`, which reads postings columns. The page
 * filter's `any(...)` / `all(...)` are written with them, so a filter matching thousands of
 * transactions stays a short condition (it used to be an `id IN (...)` list, refused over the
 * 64 KiB query limit).
 *
 * The row's transaction: the posting's on the postings table, the row on #transactions, the
 * entry's on #entries; on other tables and directives without postings `any_posting` is FALSE and
 * `all_postings` TRUE (every posting of none), as Fava's any()/all(). A NULL `cond` counts as
 * false. Special forms rather than registry functions: the argument is evaluated once per posting
 * of the transaction, not once per row.
 */
import type * as A from '../ast';
import type { Posting, Transaction } from '../../ledger/snapshot';
import { postingsTable } from '../tables/postings';
import type { EvalState, Evaluator } from './plan';
import { errorAt, type Scope } from './scope';
import { compileExpr, type Node } from './expr';

export const QUANTIFIERS = new Set(['any_posting', 'all_postings']);

function transactionOf(table: string, row: any): Transaction | null {
  if (row === null || row === undefined) return null;
  if (table === 'postings') return (row as Posting).txn;
  if (table === 'transactions') return row as Transaction;
  if (table === 'entries') return row.e?.txn ?? null;
  return null;
}

/** The state the condition runs in: the same query state with a posting as its row. */
const inner = new WeakMap<EvalState, EvalState>();
function innerState(st: EvalState): EvalState {
  let s = inner.get(st);
  if (!s) {
    const created: EvalState = {
      ...st,
      row: null,
      aggs: [],
      row_meta: { meta: () => postingsTable.meta(created.row), entryMeta: () => postingsTable.entryMeta(created.row) },
    };
    inner.set(st, (s = created));
  }
  return s;
}

export function compileQuantifier(scope: Scope, e: A.Call): Node {
  const name = e.name.toLowerCase();
  if (e.star || e.args.length !== 1) throw errorAt(scope, e.start, `${name}(condition) takes one condition on a posting`);
  if (scope.inAgg) throw errorAt(scope, e.start, `${name} cannot be used inside an aggregate`);
  const cond = compileExpr({ ...scope, table: postingsTable, allowAgg: false }, e.args[0]);
  if (cond.type !== 'bool' && cond.type !== 'null') throw errorAt(scope, e.args[0].start, `the condition of ${name} must be boolean, not ${cond.type}`);
  if (cond.readsBalance) throw errorAt(scope, e.args[0].start, `balance cannot be used in ${name}`);
  const all = name === 'all_postings';
  const table = scope.table.name;
  const f = cond.eval;
  const ev: Evaluator = (st) => {
    const txn = transactionOf(table, st.row);
    if (!txn) return all;
    const s = innerState(st);
    for (const p of txn.postings) {
      s.row = p;
      if ((f(s) === true) !== all) return !all;
    }
    return all;
  };
  return {
    kind: 'op',
    type: 'bool',
    eval: ev,
    isConst: false,
    hasAgg: false,
    readsRow: true,
    readsBalance: false,
    readsMeta: false,
    readsSnapshot: cond.readsSnapshot,
    mayFail: cond.mayFail,
    columns: new Set(),
    key: `${name}(${cond.key})#${table}`,
    start: e.start,
    kids: [],
  };
}
