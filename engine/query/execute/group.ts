/**
 * Grouping for aggregate queries (spec "GROUP BY rules", "HAVING"): one row per group, groups in
 * the order of their first posting; every aggregate accumulates every row of its group; then
 * HAVING drops groups and the targets and ORDER BY keys are computed once per group, with the
 * group's first row standing for the group (non-aggregate parts only read group keys, whose
 * value is the same on every row of the group).
 */
import type { TypeName } from '../types';
import { GroupIndex } from './group-keys';
import { accountIds } from './account-index';
import { fastPaths } from './fast-paths';
import { addRow, DenseSum, finishSum, knownPositionColumns, positionColumns, PositionSum, type PositionColumns } from './position-sums';
import type { Posting } from '../../ledger/snapshot';
import type { EvalState, Plan } from '../compile/plan';
import { evalAll, makeCompare, rowSize, sortRows, type ExecOptions, type OutRow, type Produced, type Window } from './run';
import { replayRunning, restoreRunning, saveRunning, Scanner, type PlainRows, type RunningState } from './scan';
import { keepSum, startingSum } from './kept-sums';
import { Inventory } from '../inventory';
import { addSafeScaled, type DecSum } from '../functions/aggregates';
import { lowerBound } from './date-index';
import type { Deadline } from './limits';

interface Group {
  row: unknown;
  states: unknown[];
  /** Values of deferred aggregates (last of the running balance), filled after the scan. */
  late: unknown[] | null;
  /** Aggregates were not accumulated (group outside the LIMIT window, only counted). */
  hollow: boolean;
  /** The running balances at the group's first row, when a key reads them (see newGroup). */
  balance: RunningState | null;
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
  const consecutive = keys.length > 0 && agg.consecutive && plan.order.length === 0 && !plan.distinct && w.end !== Infinity;
  // last() of the running balance: a snapshot per row would copy the whole inventory on every
  // row; only the ordinal of the group's last row is kept and the value computed by a replay
  // after the scan. Consecutive groups are finished during the scan when HAVING decides their
  // fate, so then the value is needed at once and not deferred.
  const lastOfRunning = slots.map((s) => s.name === 'last' && s.args.length === 1 && RUNNING.has(s.args[0].key));
  const deferred = lastOfRunning.map((l) => l && !(consecutive && agg.having));
  const anyDeferred = deferred.some((d) => d);
  // Consecutive groups with HAVING: last() of the running balance is read when the group closes,
  // which happens before the next group's first row is added to the balance (Scanner's `before`
  // hook), so it is still the balance after the group's last row: one snapshot per group instead
  // of one per row (each of which made the next add copy the whole inventory). Not when a group
  // key reads the balance: the keys must then be computed after the row is added.
  const closeEarly = consecutive && !!agg.having && lastOfRunning.some((l) => l) && keys.every((k) => !k.readsBalance);
  const atClose = lastOfRunning.map((l) => l && closeEarly);
  // The bare balance column as an aggregate argument is handed over live: aggregates snapshot
  // what they keep (functions/aggregates.ts), so no copy is made for rows they only read.
  const live = slots.map((s) => s.args.map((a) => a.key === 'col:balance'));
  // A booked posting row is its own position value (tables/postings.ts): sum(position) is handed
  // the row without a call through the compiled column.
  const postings = plan.table.name === 'postings' && fastPaths.enabled;
  const rowItself = slots.map((s) => s.args.map((a) => postings && a.key === 'col:position'));
  // sum(position) reads flat columns by row position (position-sums.ts) over the snapshot's own
  // postings and over rows that already have them (a period clause's rows, made with their
  // columns and kept per snapshot: periods/apply.ts); other rows would need a pass to build them.
  const withColumns = source === opts.snapshot.postings || knownPositionColumns(source as readonly Posting[]) !== null;
  const flat = slots.map((s) => postings && withColumns && s.name === 'sum' && !s.star && s.args.length === 1 && s.args[0].key === 'col:position');
  // sum(number) from the same columns' scaled numbers (holdings sums the units of every Assets and
  // Liabilities row per group: reading each posting's units and Dec was most of its first visit).
  const flatNumber = slots.map((s) => postings && withColumns && s.name === 'sum' && !s.star && s.args.length === 1 && s.args[0].key === 'col:number');
  // last() of a group key (holdings reads its keys through last(): a target may not name a column
  // bare beside aggregates) has the key's value on every row of the group: read once when the
  // group finishes, from its first row, instead of on every row.
  const keyLast = slots.map((s) => s.name === 'last' && s.args.length === 1 && !s.args[0].readsBalance && keys.some((k) => k.key === s.args[0].key));
  const cols: PositionColumns | null = flat.some((f) => f) || flatNumber.some((f) => f) ? positionColumns(source as readonly Posting[]) : null;
  /** Source positions of the chosen rows (for the replay) and the current row's ordinal. */
  const chosen: number[] = [];
  let ordinal = -1;
  const scanWith = (scanner: Scanner, visit: (at: number) => boolean | void, before?: () => boolean | void) =>
    scanner.run((at) => {
      ordinal++;
      if (anyDeferred) chosen.push(at);
      return visit(at);
    }, before);
  // A key that reads the balance is evaluated again by the targets and ORDER BY when the group
  // finishes, after the scan: with the balance of the group's first row (the key's value), not
  // the balance the scan ended with.
  const keysReadBalance = keys.some((k) => k.readsBalance);
  // The scan keeps the running balance only when something reads it during the scan: a key, or an
  // aggregate not deferred to the replay (grouped targets, ORDER BY and HAVING read the balance
  // only through keys and aggregates: the compiler refuses it elsewhere). A net-worth graph's
  // last(balance) over an OPEN ON's thousands of opening lots added every row twice.
  const balanceWhileScanning =
    keysReadBalance || slots.some((s, i) => !deferred[i] && s.args.some((a) => a.readsBalance));
  const newScanner = () => new Scanner(plan, source, st, deadline, balanceWhileScanning);
  const scanAll = (visit: (at: number) => boolean | void, before?: () => boolean | void) => scanWith(newScanner(), visit, before);

  const newGroup = (hollow: boolean): Group => {
    budget.add(width, 'groups');
    return {
      row: st.row,
      states: hollow ? [] : slots.map((s, i) => (flat[i] ? new PositionSum() : s.init())),
      late: null,
      hollow,
      balance: keysReadBalance && !hollow ? saveRunning(st) : null,
    };
  };
  const step = (g: Group, at: number) => {
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i];
      if (flat[i]) {
        addRow(g.states[i] as PositionSum, cols!, source as readonly Posting[], at);
        continue;
      }
      // A number that is not a safe integer at its places, or a sum past 2^53, takes the general step.
      if (flatNumber[i] && cols!.safe[at] === 1 && addSafeScaled(g.states[i] as DecSum, cols!.scaled[at], cols!.dp[at])) continue;
      if (deferred[i]) {
        g.states[i] = ordinal;
        continue;
      }
      if (keyLast[i]) continue;
      if (atClose[i]) {
        g.states[i] = true; // the group has a row: read the balance when it closes
        continue;
      }
      let args: unknown[] = NO_ARGS;
      if (!s.star) {
        args = argBufs[i];
        let hasNull = false;
        for (let j = 0; j < s.args.length; j++) {
          const v = live[i][j] ? st.running : rowItself[i][j] ? st.row : s.args[j].eval(st);
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
    if (g.balance !== null) restoreRunning(st, g.balance);
    const values = new Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      values[i] =
        deferred[i] || atClose[i]
          ? (g.late?.[i] ?? null)
          : flat[i]
            ? finishFlat(g.states[i], cols!)
            : keyLast[i]
              ? slots[i].args[0].eval(st)
              : slots[i].finish(g.states[i]);
    }
    st.aggs = values;
    if (agg.having && agg.having.eval(st) !== true) return null;
    const out = evalAll(plan.targets, st);
    return { keys: orderExprs.length ? evalAll(orderExprs, st) : NO_ARGS, seq: seq++, values: out, size: rowSize(types, out) };
  };
  // Not for consecutive grouping, which compares each row's keys with the previous row's.
  const byAccount = postings && !consecutive && keys.some((k) => k.key === 'col:account');
  const index = new GroupIndex<Group>(keys, byAccount ? accountIds(source as readonly Posting[]) : null);
  /** Replays the running balance and fills the deferred values of these groups. */
  const fillDeferred = (groups: Group[]) => {
    if (!anyDeferred) return;
    const wanted: { at: number; g: Group; i: number }[] = [];
    for (const g of groups) {
      if (g.hollow) continue;
      for (let i = 0; i < slots.length; i++) {
        // A group without rows (no keys, nothing chosen) keeps the initial state: last gives NULL.
        if (deferred[i] && typeof g.states[i] === 'number') wanted.push({ at: g.states[i] as number, g, i });
      }
    }
    wanted.sort((a, b) => a.at - b.at);
    replayRunning(plan, source, st, deadline, chosen, wanted, ({ g, i }) => {
      (g.late ??= new Array(slots.length))[i] = slots[i].args[0].eval(st);
    });
  };

  if (keys.length === 0) {
    // All targets are aggregates: every row forms one group, which exists even without rows.
    st.row = null;
    const g = newGroup(false);
    const scanner = newScanner();
    // Only sums of positions from flat columns and no condition left to test (the net worth and
    // liabilities of the dashboard's summary): a loop of its own, as for BALANCES below.
    const range = flat.every((f) => f) ? scanner.plainRows() : null;
    if (range !== null) sumRows(range, g.states, cols!, source as readonly Posting[], deadline);
    else scanWith(scanner, (at) => step(g, at));
    fillDeferred([g]);
    const r = finish(g);
    return { rows: r ? [r] : [], skipped: 0 };
  }

  if (consecutive) {
    // Groups come one after another in ledger order: each is complete when the next starts.
    const rows: OutRow[] = [];
    let started = 0; // groups seen
    let passed = 0; // groups kept by HAVING
    let cur: Group | null = null;
    /** Groups of the window whose deferred values come after the scan (no HAVING then). */
    const pending: Group[] = [];
    const close = (g: Group): void => {
      if (g.hollow) {
        passed++;
        return;
      }
      if (closeEarly) {
        // The running balance stands after this group's last row (see atClose).
        for (let i = 0; i < slots.length; i++) {
          if (atClose[i] && g.states[i] === true) (g.late ??= new Array(slots.length))[i] = slots[i].args[0].eval(st);
        }
      }
      if (anyDeferred) {
        pending.push(g);
        passed++;
        return;
      }
      const r = finish(g);
      if (!r) return;
      if (passed >= w.offset && passed < w.end) rows.push(r);
      passed++;
    };
    let stop = false;
    const boundary = (): boolean | void => {
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
    };
    if (closeEarly) {
      scanAll((at) => {
        if (!cur!.hollow) step(cur!, at);
      }, boundary);
    } else {
      scanAll((at) => {
        if (boundary() === false) return false;
        if (!cur!.hollow) step(cur!, at);
      });
    }
    if (cur && !stop) close(cur);
    if (anyDeferred) {
      fillDeferred(pending);
      for (const g of pending) rows.push(finish(g)!);
    }
    return { rows, skipped: Math.min(w.offset, passed), total: passed };
  }

  const makeGroup = () => newGroup(false);
  const scanner = newScanner();
  // BALANCES, `SELECT account, sum(position) GROUP BY account`: groups by account id and the one
  // aggregate a flat sum, no condition per row: a loop of its own (sumsByAccount).
  const range = index.byAccountOnly && slots.length === 1 && flat[0] ? scanner.plainRows() : null;
  let groups: Group[];
  if (range !== null) {
    groups = sumsByAccount(range, accountIds(source as readonly Posting[]), cols!, source as readonly Posting[], st, deadline, makeGroup);
  } else {
    scanWith(scanner, (at) => {
      step(index.findAt(st, at, makeGroup), at);
    });
    groups = index.groups;
  }
  fillDeferred(groups);
  const rows: OutRow[] = [];
  for (const g of groups) {
    deadline.tick();
    const r = finish(g);
    if (r) rows.push(r);
  }
  if (plan.order.length) sortRows(rows, makeCompare(plan, rows), deadline);
  return { rows, skipped: 0 };
}

/**
 * The groups of a query grouped by account alone whose one aggregate is sum(position) from flat
 * columns, over the rows of `range` (no condition to test): in order of their first row, as
 * GroupIndex.findAt makes them. The general loop calls a visitor, looks the group up and loops
 * over the aggregates for every row; over 320k postings that was about half of BALANCES.
 */
function sumsByAccount(
  range: { idx: Int32Array | null; base: number; n: number },
  ids: Int32Array,
  cols: PositionColumns,
  postings: readonly Posting[],
  st: EvalState,
  deadline: Deadline,
  make: () => Group,
): Group[] {
  const { idx, base, n } = range;
  const groups: Group[] = [];
  /** The sum of each account id's group. */
  const sums: (PositionSum | undefined)[] = [];
  for (let k = 0; k < n; k++) {
    deadline.tick();
    const at = idx === null ? base + k : idx[k];
    const a = ids[at];
    let sum = sums[a];
    if (sum === undefined) {
      // The group's row is its first row (finish evaluates the targets on it).
      st.row = postings[at];
      const g = make();
      groups.push(g);
      sums[a] = sum = g.states[0] as PositionSum;
    }
    addRow(sum, cols, postings, at);
  }
  return groups;
}

/**
 * The sums of `states` (one PositionSum per aggregate, each replaced) over the rows of `range`
 * (no condition to test), summed by lot id in an array (DenseSum: no map look-up when the rows
 * switch lots, as a net worth's rows do from account to account).
 */
function sumRows(range: PlainRows, states: unknown[], cols: PositionColumns, postings: readonly Posting[], deadline: Deadline): void {
  const { idx, base, n, lo, hi } = range;
  // A sum from the first row starts from one kept earlier (kept-sums.ts), and is kept in turn.
  const accounts = lo === 0 ? range.accounts() : null;
  const start = accounts === null ? null : startingSum(postings, cols.lots, hi, accounts);
  let inv: Inventory;
  if (start !== null) {
    inv = start.inventory;
    const lots = cols.lots;
    for (let k = idx === null ? Math.max(0, start.at - base) : lowerBound(idx, start.at); k < n; k++) {
      deadline.tick();
      const at = idx === null ? base + k : idx[k];
      const id = cols.lot[at];
      const p = postings[at];
      inv.addById(lots, id, cols.currency[id], p, p.units.number.scaled, cols.dp[at]);
    }
  } else {
    const sum = new DenseSum(cols);
    for (let k = 0; k < n; k++) {
      deadline.tick();
      sum.add(cols, postings, idx === null ? base + k : idx[k]);
    }
    inv = finishSum(sum.toSum(), cols);
  }
  // Kept also when it is a carried sum as it was (a save that added no row up to `hi`: a price,
  // a note, a later date, the file saved unchanged): the next save carries only this snapshot's
  // own sums, so every other save summed the whole history again.
  if (accounts !== null && (start === null || start.at < hi || start.carried)) keepSum(postings, accounts, hi, inv);
  // Every aggregate here is the same sum(position), finished: one inventory serves all.
  states.fill(inv);
}

/** A flat sum's state finished: a PositionSum's inventory, or the inventory sumRows made. */
function finishFlat(state: unknown, cols: PositionColumns): Inventory {
  return state instanceof Inventory ? state : finishSum(state as PositionSum, cols);
}

const NO_ARGS: unknown[] = [];
/** Keys of the running balance forms read by the scan (never NULL). */
const RUNNING = new Set(['col:balance', 'call:units(col:balance)#running', 'call:cost(col:balance)#running']);
