/**
 * Grouping for aggregate queries (spec "GROUP BY rules", "HAVING"): one row per group, groups in
 * the order of their first posting; every aggregate accumulates every row of its group; then
 * HAVING drops groups and the targets and ORDER BY keys are computed once per group, with the
 * group's first row standing for the group (non-aggregate parts only read group keys, whose
 * value is the same on every row of the group).
 */
import type { TypeName } from '../types';
import { GroupIndex } from './group-keys';
import type { EvalState, Plan } from '../compile/plan';
import { evalAll, makeCompare, rowSize, sortRows, type ExecOptions, type OutRow, type Produced, type Window } from './run';
import { scan } from './scan';

interface Group {
  row: unknown;
  states: unknown[];
  /** Aggregates were not accumulated (group outside the LIMIT window, only counted). */
  hollow: boolean;
}

export function groupRows(plan: Plan, source: ArrayLike<unknown>, st: EvalState, opts: ExecOptions, types: TypeName[], w: Window): Produced {
  const agg = plan.aggregate!;
  const { deadline, budget } = opts;
  const keys = agg.keys;
  const slots = agg.aggs;
  // One argument array per aggregate, reused on every row: no aggregate keeps the array itself.
  const argBufs = slots.map((s) => new Array(s.args.length));
  const orderExprs = plan.order.map((o) => o.expr);
  const width = Math.max(1, plan.targets.length);

  const newGroup = (hollow: boolean): Group => {
    budget.add(width, 'groups');
    return { row: st.row, states: hollow ? [] : slots.map((s) => s.init()), hollow };
  };
  const step = (g: Group) => {
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i];
      let args: unknown[] = NO_ARGS;
      if (!s.star) {
        args = argBufs[i];
        let hasNull = false;
        for (let j = 0; j < s.args.length; j++) {
          const v = s.args[j].eval(st);
          if (v === null) hasNull = true;
          args[j] = v;
        }
        // Aggregates skip NULL values.
        if (hasNull) continue;
      }
      const next = s.step(g.states[i], args, st);
      if (next !== undefined) g.states[i] = next;
    }
  };
  let seq = 0;
  /** Finishes a group: null when HAVING drops it. */
  const finish = (g: Group): OutRow | null => {
    st.row = g.row;
    const values = new Array(slots.length);
    for (let i = 0; i < slots.length; i++) values[i] = slots[i].finish(g.states[i]);
    st.aggs = values;
    if (agg.having && agg.having.eval(st) !== true) return null;
    const out = evalAll(plan.targets, st);
    return { keys: orderExprs.length ? evalAll(orderExprs, st) : NO_ARGS, seq: seq++, values: out, size: rowSize(types, out) };
  };
  const index = new GroupIndex<Group>(keys);

  if (keys.length === 0) {
    // All targets are aggregates: every row forms one group, which exists even without rows.
    st.row = null;
    const g = newGroup(false);
    scan(plan, source, st, deadline, () => step(g));
    const r = finish(g);
    return { rows: r ? [r] : [], skipped: 0 };
  }

  if (agg.consecutive && plan.order.length === 0 && !plan.distinct && w.end !== Infinity) {
    // Groups come one after another in ledger order: each is complete when the next starts.
    const rows: OutRow[] = [];
    let started = 0; // groups seen
    let passed = 0; // groups kept by HAVING
    let cur: Group | null = null;
    const close = (g: Group): void => {
      if (g.hollow) {
        passed++;
        return;
      }
      const r = finish(g);
      if (!r) return;
      if (passed >= w.offset && passed < w.end) rows.push(r);
      passed++;
    };
    let stop = false;
    scan(plan, source, st, deadline, () => {
      if (index.startsNew(st) || cur === null) {
        if (cur) {
          // finish() points st.row at the closed group's row: the new group starts at this row.
          const row = st.row;
          close(cur);
          st.row = row;
        }
        if (passed >= w.end && !opts.countTotal) {
          stop = true;
          return false;
        }
        // Without HAVING a group's fate is known from its rank: only the window is built.
        const hollow = !agg.having && (started < w.offset || started >= w.end);
        started++;
        cur = newGroup(hollow);
      }
      if (!cur.hollow) step(cur);
    });
    if (cur && !stop) close(cur);
    return { rows, skipped: Math.min(w.offset, passed), total: passed };
  }

  const makeGroup = () => newGroup(false);
  scan(plan, source, st, deadline, () => {
    step(index.find(st, makeGroup));
  });
  const rows: OutRow[] = [];
  for (const g of index.groups) {
    deadline.tick();
    const r = finish(g);
    if (r) rows.push(r);
  }
  if (plan.order.length) sortRows(rows, makeCompare(plan), deadline);
  return { rows, skipped: 0 };
}

const NO_ARGS: unknown[] = [];
