/**
 * Scan: reads the table's rows in table order, keeps those whose FROM/WHERE condition is TRUE
 * (NULL counts as false) and accumulates the running balance over exactly those rows, before any
 * grouping or sorting (spec "Evaluation order" 2-3).
 *
 * Narrowing: conjuncts that read only `account` (`account = 'X'`, `account ~ '^X'`,
 * `under(account, 'X')`, `account IN (...)`, ...) are evaluated once per distinct account; then
 * only the rows of accepted accounts are read, still in ledger order (account-index.ts). The
 * rest of the condition is still applied to every row read, so narrowing never changes a result.
 * Conjuncts `date <op> constant` narrow the same way to a range of rows when the rows are in date
 * order (date-index.ts); the rows of that range need not test them again. A conjunct `id IN
 * <constant set>` over the snapshot's postings reads only the named transactions' rows (id-rows.ts).
 */
import { Dec } from '../../decimal';
import type { Posting } from '../../ledger/snapshot';
import { Inventory, positionCost } from '../inventory';
import type { EvalState, Plan } from '../compile/plan';
import { accountRows, mergeRows, type AccountRows } from './account-index';
import type { Deadline } from './limits';
import { fastPaths } from './fast-paths';
import { dateRange, lowerBound, tableDates } from './date-index';
import { knownPositionColumns, positionColumns, type PositionColumns } from './position-sums';
import { postingRowsWithIdWords } from './id-rows';
import { accountVerdicts, rememberVerdict } from './account-verdicts';

/**
 * The flat columns for the full running balance: built for the snapshot's own postings, and
 * those a period clause remembered for its rows (position-sums.ts rememberDerivedColumns); any
 * other rows are added by lot key (building columns for them would cost more than it saves).
 */
function balanceColumns(plan: Plan, source: ArrayLike<unknown>, st: EvalState): PositionColumns | null {
  if (!plan.balance.full || !fastPaths.enabled || plan.table.name !== 'postings') return null;
  const rows = source as readonly Posting[];
  return source === st.snapshot.postings ? positionColumns(rows) : knownPositionColumns(rows);
}

/**
 * The accounts the account-only condition accepts and their rows' positions (ledger order) in
 * [lo, hi), `idx` null when those are all the rows of the range; null without such a condition.
 */
function narrowedIndices(plan: Plan, source: ArrayLike<unknown>, st: EvalState, deadline: Deadline, lo: number, hi: number): { idx: Int32Array | null; chosen: AccountRows[] } | null {
  const filter = plan.accountFilter;
  if (!filter || plan.table.name !== 'postings') return null;
  const accept = filter.eval;
  // A condition on the name alone judges a name the same way in every snapshot (account-verdicts.ts).
  const verdicts = filter.readsSnapshot ? null : accountVerdicts(filter.key);
  const chosen: AccountRows[] = [];
  for (const a of accountRows(source as readonly Posting[])) {
    deadline.tick();
    let ok = verdicts === null ? undefined : verdicts.map.get(a.account);
    if (ok === undefined) {
      st.row = a.sample;
      ok = accept(st) === true;
      if (verdicts !== null) rememberVerdict(verdicts, a.account, ok);
    }
    if (ok) chosen.push(a);
  }
  return { idx: mergeRows(chosen, lo, hi), chosen };
}

/** The rows a scan with no condition left reads (Scanner.plainRows). */
export interface PlainRows {
  /** Positions idx[0, n), or base .. base + n - 1 without idx. */
  idx: Int32Array | null;
  base: number;
  n: number;
  /** The row range [lo, hi) they are taken from: every row in it of the accounts `accounts` names. */
  lo: number;
  hi: number;
  /** The chosen accounts' names (one per line), or '*' for every account. */
  accounts: () => string;
}

/** Rows [lo, hi) the date conjuncts allow, or null when the scan cannot narrow by date. */
function dateNarrowing(plan: Plan, source: ArrayLike<unknown>, st: EvalState): [number, number] | null {
  if (!plan.dateBounds || !fastPaths.enabled) return null;
  const dates = tableDates(plan.table.name, source);
  return dates === null ? null : dateRange(dates, plan.dateBounds, st);
}

/**
 * A currency whose total reaches zero leaves the map, as a zero position leaves an inventory: the
 * next amount starts afresh with its own decimal places (0.00 USD then 5000 USD reads 5000 USD).
 */
function addTo(map: Map<string, Dec>, currency: string, n: Dec): void {
  const prev = map.get(currency);
  const sum = prev ? prev.plus(n) : n;
  if (sum.isZero()) map.delete(currency);
  else map.set(currency, sum);
}

/** Starts the running balances the plan reads, empty. */
export function resetRunning(plan: Plan, st: EvalState): void {
  const bal = plan.balance;
  st.running = bal.full ? new Inventory() : null;
  st.runningUnits = bal.units ? new Map() : null;
  st.runningCost = bal.cost ? new Map() : null;
}

/** The running balances at one row, kept aside (saveRunning) and put back (restoreRunning). */
export interface RunningState {
  running: Inventory | null;
  units: Map<string, Dec> | null;
  cost: Map<string, Dec> | null;
}

/** Copies of the running balances as they stand (the live ones go on changing). */
export function saveRunning(st: EvalState): RunningState {
  return {
    running: st.running ? (st.running as Inventory).clone() : null,
    units: st.runningUnits ? new Map(st.runningUnits) : null,
    cost: st.runningCost ? new Map(st.runningCost) : null,
  };
}

/** Makes `saved` the running balances the next evaluations read. */
export function restoreRunning(st: EvalState, saved: RunningState): void {
  st.running = saved.running;
  st.runningUnits = saved.units;
  st.runningCost = saved.cost;
}

/**
 * Adds a chosen row to the running balances the plan reads; with `cols` (the columns of the
 * snapshot's postings, position-sums.ts) the full balance reads the row's lot key and number from
 * them, at source position `at` (the number still from the posting: a bigint column would cost
 * a first query more to build than it saves a running balance).
 */
export function accumulate(plan: Plan, st: EvalState, p: Posting, cols: PositionColumns | null = null, at = 0): void {
  const bal = plan.balance;
  if (bal.full) {
    if (cols !== null) {
      const id = cols.lot[at];
      (st.running as Inventory).addById(cols.lots, id, cols.currency[id], p, p.units.number.scaled, cols.dp[at]);
    } else (st.running as Inventory).add(p);
  }
  if (bal.units) addTo(st.runningUnits!, p.units.currency, p.units.number);
  if (bal.cost) {
    const c = positionCost(p);
    addTo(st.runningCost!, c.currency, c.number);
  }
}

/**
 * Replays the running balance over the chosen rows (source positions in scan order) up to the
 * last wanted ordinal and calls `visit` for each wanted item with the state at its ordinal. Lets
 * values that read the balance be computed after the scan for the few rows or groups kept,
 * instead of copying the balance on every row. `wanted` must be sorted by `at`.
 */
export function replayRunning<T extends { at: number }>(
  plan: Plan,
  source: ArrayLike<unknown>,
  st: EvalState,
  deadline: Deadline,
  chosen: readonly number[],
  wanted: readonly T[],
  visit: (item: T) => void,
): void {
  if (wanted.length === 0) return;
  resetRunning(plan, st);
  const cols = balanceColumns(plan, source, st);
  let k = 0;
  let o = 0;
  const last = wanted[wanted.length - 1].at;
  // After a period clause's synthetic rows: the balance there, kept (balanceAfterHead).
  const head = cols !== null && cols.head !== undefined && !plan.balance.units && !plan.balance.cost ? cols.head : null;
  let m = 0;
  let keep = false;
  if (head !== null) {
    m = lowerBound(chosen, head.length);
    if (m > 0 && wanted[0].at >= m - 1 && last >= m - 1) {
      const kept = balanceAfterHead(head, chosen, m, cols!);
      if (kept !== null) {
        st.running = kept;
        o = m;
        st.row = source[chosen[m - 1]];
        while (k < wanted.length && wanted[k].at === m - 1) visit(wanted[k++]);
      } else keep = true;
    }
  }
  for (; o <= last; o++) {
    deadline.tick();
    const at = chosen[o];
    const row = source[at];
    st.row = row;
    accumulate(plan, st, row as Posting, cols, at);
    if (keep && o === m - 1) keepBalanceAfterHead(head!, chosen, m, cols!, st.running as Inventory);
    while (k < wanted.length && wanted[k].at === o) visit(wanted[k++]);
  }
}

/**
 * Running balances after the chosen rows of a period clause's synthetic rows (OPEN ON's opening
 * lots: 11,600 on the xlarge bench ledger), by head array: the weekly and monthly net-worth
 * graphs replay the same opening, in this snapshot and, when it is taken over, the next.
 * `positions` are the chosen head rows and `lots` their lot ids when kept.
 */
interface HeadBalance {
  positions: Int32Array;
  lots: Int32Array;
  table: PositionColumns['lots'];
  balance: Inventory;
}
const headBalances = new WeakMap<readonly Posting[], HeadBalance[]>();
const HEAD_BALANCES_KEPT = 4;

/** A copy of the balance after the first `m` chosen rows, all in `head`, if kept for the same rows. */
function balanceAfterHead(head: readonly Posting[], chosen: readonly number[], m: number, cols: PositionColumns): Inventory | null {
  for (const h of headBalances.get(head) ?? []) {
    if (h.positions.length !== m) continue;
    let same = true;
    for (let i = 0; i < m && same; i++) same = h.positions[i] === chosen[i];
    if (!same) continue;
    // Another snapshot's table: the ids must name the same rows' lots here.
    if (h.table !== cols.lots) for (let i = 0; i < m && same; i++) same = cols.lot[chosen[i]] === h.lots[i];
    if (same) return h.balance.copyWithIds(cols.lots);
  }
  return null;
}

function keepBalanceAfterHead(head: readonly Posting[], chosen: readonly number[], m: number, cols: PositionColumns, running: Inventory): void {
  let list = headBalances.get(head);
  if (list === undefined) headBalances.set(head, (list = []));
  const positions = Int32Array.from(chosen.slice(0, m));
  const lots = positions.map((p) => cols.lot[p]);
  list.push({ positions, lots, table: cols.lots, balance: running.copyWithIds() });
  if (list.length > HEAD_BALANCES_KEPT) list.shift();
}

/**
 * One pass over the rows of a query: `run` visits chosen rows from a position and can be stopped;
 * `countRest` then only counts the chosen rows after it (count_total past the LIMIT window,
 * where nothing is computed and no balance is accumulated).
 */
export class Scanner {
  private readonly idx: Int32Array | null;
  /** Without `idx`: the rows read are base .. base + n - 1. */
  private readonly base: number = 0;
  private readonly n: number;
  private readonly filter: ((st: EvalState) => unknown) | null;
  private readonly accumulates: boolean;
  private readonly cols: PositionColumns | null;
  /** Scan position after the last `run` (next row to read). */
  pos = 0;
  /** The row range read and the accounts chosen in it (null: every account). */
  private readonly lo: number;
  private readonly hi: number;
  private readonly chosen: AccountRows[] | null;

  constructor(
    private readonly plan: Plan,
    private readonly source: ArrayLike<unknown>,
    private readonly st: EvalState,
    private readonly deadline: Deadline,
    /** False when nothing reads the running balance during this pass (it is replayed later). */
    withBalance = true,
    /**
     * The positions to read, in this order, instead of the source's order (an ORDER BY the table
     * keeps: plain.ts orderedRows); only for a plan that narrows nothing.
     */
    order: Int32Array | null = null,
  ) {
    const bal = plan.balance;
    this.accumulates = withBalance && (bal.full || bal.units || bal.cost);
    this.cols = this.accumulates ? balanceColumns(plan, source, st) : null;
    resetRunning(plan, st);
    const range = dateNarrowing(plan, source, st);
    this.lo = range === null ? 0 : range[0];
    this.hi = range === null ? source.length : range[1];
    const narrowed = narrowedIndices(plan, source, st, deadline, this.lo, this.hi);
    this.chosen = narrowed === null ? null : narrowed.chosen;
    const byAccount = narrowed === null ? null : narrowed.idx;
    // The rows of a narrowed scan already satisfy the account-only conjuncts, and the date
    // conjuncts when read from their date range.
    let filter = byAccount ? plan.filterRest : plan.filter;
    if (order !== null && range === null && byAccount === null) {
      this.idx = order;
      this.n = order.length;
    } else if (range === null) {
      // No account or date narrowing: a conjunct `id IN <constant set>` may narrow the snapshot's
      // postings to the named transactions' rows (id-rows.ts); the whole filter still applies.
      const byId =
        byAccount === null && plan.idWords !== null && fastPaths.enabled && source === st.snapshot.postings
          ? postingRowsWithIdWords(st.snapshot, plan.idWords, deadline)
          : null;
      this.idx = byAccount ?? byId;
      this.n = this.idx ? this.idx.length : source.length;
    } else {
      const [lo, hi] = range;
      filter = byAccount ? plan.filterRestNoDate : plan.filterNoDate;
      if (byAccount) {
        this.idx = byAccount;
        this.n = byAccount.length;
      } else {
        this.idx = null;
        this.base = lo;
        this.n = hi - lo;
      }
    }
    this.filter = filter ? filter.eval : null;
  }

  /**
   * Calls `visit` for every chosen row, with `st.row` and the running balances set and the row's
   * index in the source. `visit` returns false to stop (the row it was called for is consumed).
   * `before`, if given, is called for a chosen row before it is added to the running balances
   * (which then still stand after the previous chosen row); it may stop the same way.
   */
  run(visit: (at: number) => boolean | void, before?: (at: number) => boolean | void): void {
    const { idx, base, n, filter, st, deadline, source } = this;
    for (let i = this.pos; i < n; i++) {
      deadline.tick();
      const at = idx ? idx[i] : base + i;
      const row = source[at];
      st.row = row;
      if (filter && filter(st) !== true) continue;
      if (before !== undefined && before(at) === false) {
        this.pos = i + 1;
        return;
      }
      if (this.accumulates) accumulate(this.plan, st, row as Posting, this.cols, at);
      if (visit(at) === false) {
        this.pos = i + 1;
        return;
      }
    }
    this.pos = n;
  }

  /**
   * The rows `run` would visit, when it would test nothing per row and add nothing to a running
   * balance: positions `idx[0, n)`, or `base .. base + n - 1` without `idx`; else null. Lets a
   * caller with a loop of its own (group.ts's sums by account) read them without a call per row.
   */
  plainRows(): PlainRows | null {
    if (this.filter !== null || this.accumulates || this.pos !== 0) return null;
    const chosen = this.chosen;
    return {
      idx: this.idx,
      base: this.base,
      n: this.n,
      lo: this.lo,
      hi: this.hi,
      accounts: () => (chosen === null ? '*' : chosen.map((a) => a.account).join('\n')),
    };
  }

  /** Number of chosen rows from the current position to the end. */
  countRest(): number {
    const { idx, base, n, filter, st, deadline, source } = this;
    if (!filter) {
      const c = n - this.pos;
      this.pos = n;
      return c;
    }
    let c = 0;
    for (let i = this.pos; i < n; i++) {
      deadline.tick();
      st.row = source[idx ? idx[i] : base + i];
      if (filter(st) === true) c++;
    }
    this.pos = n;
    return c;
  }
}
