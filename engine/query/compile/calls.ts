/**
 * Function calls: overload resolution against the function registry (int widens to decimal where
 * decimal is expected; NULL fits any parameter; `any` and the generic T of least/greatest),
 * aggregate slots (nesting and placement rules), the NULL rule of scalar functions, and folding
 * of foldable calls with constant arguments.
 */
import { Dec } from '../../decimal';
import type * as A from '../ast';
import { QueryError } from '../errors';
import { Inventory } from '../inventory';
import type { TypeName } from '../types';
import type { Evaluator } from './plan';
import { errorAt, type Scope } from './scope';
import { compileExpr, fold, opNode, widenInt, type Node } from './expr';
import { overloadsOf, resolveOverload } from '../functions/registry';
import { QUANTIFIERS, compileQuantifier } from './posting-quantifier';

/**
 * Functions that never raise an error on a row (valuation and amount functions, the ones the
 * running balance flows through; abs/neg of an int can overflow). Any other call is taken as
 * possibly failing, so ORDER BY ... LIMIT computes it on every row (document 2 "LIMIT and
 * OFFSET" 4) instead of only for the kept rows.
 */
const NEVER_FAIL = new Set(['units', 'cost', 'convert', 'value', 'getprice', 'only', 'possign', 'number', 'currency', 'commodity', 'abs', 'neg']);

const META_FUNCTIONS = new Set(['meta', 'entry_meta', 'any_meta', 'meta_values', 'entry_meta_values']);

export function compileCall(scope: Scope, e: A.Call): Node {
  if (QUANTIFIERS.has(e.name.toLowerCase())) return compileQuantifier(scope, e);
  const special = runningBalanceForm(scope, e);
  if (special) return special;
  const cands = overloadsOf(e.name);
  if (cands.length === 0) throw errorAt(scope, e.start, `unknown function '${e.name}'`);
  const isAgg = cands[0].aggregate;
  if (isAgg) {
    if (scope.inAgg) throw errorAt(scope, e.start, `aggregate functions cannot be nested ('${e.name}' inside another aggregate)`);
    if (!scope.allowAgg) {
      throw errorAt(scope, e.start, `aggregate function '${e.name}' is not allowed in ${scope.clause === 'GROUP BY' ? 'a group key' : scope.clause}`);
    }
  }
  const argScope: Scope = isAgg ? { ...scope, inAgg: true } : scope;
  const args = e.args.map((a) => compileExpr(argScope, a));
  const types = args.map((a) => a.type);
  const chosen = resolveOverload(e.name, types, e.star);
  if (!chosen) {
    const shown = `${e.name}(${e.star ? '*' : types.join(', ')})`;
    throw errorAt(scope, e.start, `no function matches ${shown}; expected ${cands.map((c) => c.signature).join(' or ')}`);
  }
  const { overload: ov, returns, widen } = chosen;
  const fs = args.map((a, i) => (widen[i] ? widenInt(a.eval) : a.eval));
  const key = `call:${e.name}(${e.star ? '*' : args.map((a) => a.key).join(',')})`;

  if (ov.aggregate) {
    // The same aggregate written twice (`sum(position)` and `convert(sum(position), ...)`, as the
    // dashboard's queries do) is one slot: aggregates depend only on the rows, so it is
    // accumulated once over the scan instead of once per occurrence.
    const same = scope.aggs.find((a) => a.key === key);
    let index: number;
    if (same) index = same.index;
    else {
      index = scope.aggs.length;
      const argNodes = args.map((a, i) => ({ ...a, eval: fs[i] }));
      const impl = ov.impl;
      scope.aggs.push({ index, key, name: e.name.toLowerCase(), init: impl.init, step: impl.step as (s: unknown, args: unknown[], st: unknown) => unknown, finish: impl.finish, star: e.star, args: argNodes });
    }
    const n = opNode(returns, (st) => st.aggs[index], args, 'agg:' + key, e.start);
    return { ...n, kind: 'agg', hasAgg: true, readsRow: false, readsMeta: false, columns: new Set(), isConst: false };
  }

  const fn = ov.fn;
  const n = fs.length;
  // Scalar functions return NULL when any argument is NULL, without being called.
  const ev: Evaluator = (st) => {
    const vals = new Array(n);
    for (let i = 0; i < n; i++) {
      const v = fs[i](st);
      if (v === null) return null;
      vals[i] = v;
    }
    return fn(vals, st as never);
  };
  const name = e.name.toLowerCase();
  const mayFail = !NEVER_FAIL.has(name) || (returns === 'int' && (name === 'abs' || name === 'neg'));
  const overAggs = args.some((a) => a.hasAgg) && !args.some((a) => a.readsBalance || a.readsMeta);
  const node = opNode(returns, overAggs ? perGroup(scope, key, ev) : ev, args, key, e.start, mayFail);
  if (META_FUNCTIONS.has(e.name)) return { ...node, kind: 'meta', readsRow: true, readsMeta: true, isConst: false };
  if (!ov.foldable) return { ...node, isConst: false, readsSnapshot: true };
  return fold(scope, node);
}

/** The per-group evaluators of one SELECT (keyed by its aggregate slots, which its clauses share). */
const groupMemos = new WeakMap<object, Map<string, Evaluator>>();

/**
 * A call over aggregates has one value per group: the group's aggregate values and key row stay
 * fixed while its HAVING, targets and ORDER BY keys are computed (execute/group.ts sets a new
 * `st.aggs` array for each group). The same call written several times (holdings' `cost(sum(
 * position))` six times per group, each a pass over the group's lots) is computed once per group:
 * every occurrence of a key gets one evaluator, which recomputes only when `st.aggs` changed.
 */
function perGroup(scope: Scope, key: string, ev: Evaluator): Evaluator {
  let memos = groupMemos.get(scope.aggs);
  if (memos === undefined) groupMemos.set(scope.aggs, (memos = new Map()));
  const known = memos.get(key);
  if (known !== undefined) return known;
  let at: unknown[] | null = null;
  let value: unknown = null;
  const memo: Evaluator = (st) => {
    if (st.aggs !== at) {
      value = ev(st);
      at = st.aggs;
    }
    return value;
  };
  memos.set(key, memo);
  return memo;
}

/**
 * units(balance) and cost(balance) on postings read per-currency totals kept while scanning, so
 * the executor does not keep lots for them (document 1 "Result size counting").
 */
function runningBalanceForm(scope: Scope, e: A.Call): Node | null {
  if ((e.name !== 'units' && e.name !== 'cost') || e.args.length !== 1 || scope.table.name !== 'postings') return null;
  const a = e.args[0];
  if (a.kind !== 'Column' || a.name !== 'balance' || a.field) return null;
  const units = e.name === 'units';
  const ev: Evaluator = (st) => {
    const m = (units ? st.runningUnits : st.runningCost) as Map<string, Dec> | null;
    const inv = new Inventory();
    if (m) for (const [currency, number] of m) inv.add({ number, currency });
    return inv;
  };
  // Kind 'col': like the balance column it must not be read outside aggregates of a grouped query.
  return {
    kind: 'col',
    type: 'inventory',
    eval: ev,
    isConst: false,
    hasAgg: false,
    readsRow: true,
    readsBalance: true,
    readsMeta: false,
    readsSnapshot: false,
    mayFail: false,
    columns: new Set(['balance']),
    key: `call:${e.name}(col:balance)#running`,
    start: e.start,
    kids: [],
  };
}

export { QueryError };
