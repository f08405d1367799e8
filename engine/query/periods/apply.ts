/**
 * OPEN ON / CLOSE [ON] / CLEAR (document 2 "Accounting-period clauses"): rewrites the posting
 * rows of the whole ledger, in that order, before FROM and WHERE choose rows.
 *
 * Follows Beancount 2.3.5's beancount/ops/summarize.py (open_opt, close_opt, clear_opt as
 * bean-query calls them) where the spec is silent:
 * - balances are lot inventories summed without booking (mixed-sign lots allowed);
 * - conversions are the total of all rows at cost, `compute_balance(...).reduce(get_cost)`, and
 *   the C transaction holds one posting per currency of it, negated, at price 0 in the
 *   conversion currency, narrated `Conversion for <str(inventory of all rows, with lots)>`;
 * - OPEN books the conversions before d (C, on the previous-conversions account) and moves the
 *   income/expense balances (T, to previous earnings) first, then summarizes everything before d
 *   into one S transaction per account, accounts sorted by name, lots in the order they first
 *   appeared, each lot followed by its counterpart at cost;
 * - CLEAR transfers every Income/Expenses account with a balance, accounts sorted by name.
 *
 * Choices where neither says anything (ledger order of the new rows follows Beancount):
 * - S rows come first (they are dated d - 1 and nothing before d remains); C and T rows come after
 *   every kept row. An S row has time 00:00:00; a C or T row takes the time and timestamp of the
 *   last kept row of its date (it is "the last transaction of that day"), midnight if there is none,
 *   so ordering by date and time agrees with ledger order.
 * - Rejected transactions (not in the postings table) do not count as entries of the period.
 *
 * Known differences from bean-query, where the spec decides: sums are exact here (Python adds
 * Decimals in a 28-digit context, visible only beyond 28 significant digits, e.g. in a C
 * narration after lot rounding); budget directives (`custom "budget" ...` in Beancount files)
 * never date the last entry; an invalid account option falls back to the default account.
 */
import type { DayNum } from '../../dates';
import type { Posting, Snapshot } from '../../ledger/snapshot';
import { makeClock, type Clock } from '../../ledger/time';
import { positionCost } from '../inventory';
import { LotBalance } from './lots';
import {
  addRow,
  copyPositionSum,
  DenseSum,
  knownPositionColumns,
  positionColumns,
  PositionSum,
  rememberDerivedColumns,
  rememberExtendedColumns,
} from '../execute/position-sums';
import { checkpointBefore, checkpointRows, checkpointsToCarry, record } from './checkpoints';
import { carriedFor, offerCarry, samePrefix, type Opening } from './carry';
import { sumsToCarry } from '../execute/kept-sums';
import { accountIdTable, deriveAccountIds } from '../execute/account-index';
import { addPosting, lotTransfer, negAmount, newTransaction, zeroPrice, type When } from './synthetic';

export interface PeriodClauses {
  /** OPEN ON date, or null. */
  open: DayNum | null;
  /** CLOSE: null when absent; `{ date: null }` for a bare CLOSE. */
  close: { date: DayNum | null } | null;
  clear: boolean;
  /**
   * FILTER (cond) (issue 16 extension): only the postings it keeps are rewritten, so the opening
   * balances, conversions and transfers come from them alone (Fava's filter order). `key` is
   * its text (the cache key); with bound parameters (`params`) the result is not cached.
   */
  prefilter?: { eval: (st: any) => unknown; key: string; params: boolean };
}

/** Calls `check` (the query's time limit) every this many rows. */
const CHECK_EVERY = 4096;

interface Ctx {
  snapshot: Snapshot;
  clauses: PeriodClauses;
  check: () => void;
  clock: Clock;
  /** Salt of the synthetic ids: the clause values. */
  salt: string;
}

/** Income statement accounts: the spec names the Income and Expenses roots. */
function isIncomeStatement(account: string): boolean {
  const i = account.indexOf(':');
  const root = i < 0 ? account : account.slice(0, i);
  return root === 'Income' || root === 'Expenses';
}

/** First row dated `day` or later (rows are in ledger order, so dates never decrease). */
function firstOnOrAfter(rows: readonly Posting[], day: DayNum): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid].txn.date < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Midnight of `date` for S rows. */
function atMidnight(ctx: Ctx, date: DayNum): When {
  return { date, time: 0, timestamp: ctx.clock.timestamp(date, 0) };
}

/** After every kept row: the time of the last row if it has the same date, else midnight. */
function atEndOf(ctx: Ctx, rows: readonly Posting[], date: DayNum): When {
  const last = rows.length > 0 ? rows[rows.length - 1].txn : null;
  if (last && last.date === date) return { date, time: last.time, timestamp: last.timestamp };
  return atMidnight(ctx, date);
}

/**
 * "Last entry of the period": the latest of the rows (synthetic ones included) and of the
 * ledger's other dated directives from the OPEN date to the day before the CLOSE date; budget
 * directives do not count.
 */
function lastEntryDate(ctx: Ctx, rows: readonly Posting[]): DayNum | null {
  let last: DayNum | null = rows.length > 0 ? rows[rows.length - 1].txn.date : null;
  const entries = ctx.snapshot.entries;
  const open = ctx.clauses.open;
  const closeDate = ctx.clauses.close?.date ?? null;
  // Entries are in processing order: by date first.
  let lo = 0;
  let hi = entries.length;
  if (closeDate !== null) {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (entries[mid].date < closeDate) lo = mid + 1;
      else hi = mid;
    }
  }
  for (let i = hi - 1; i >= 0; i--) {
    const e = entries[i];
    if (open !== null && e.date < open) break;
    if (e.type.startsWith('budget') || (e.type === 'transaction' && e.txn === null)) continue;
    if (last === null || e.date > last) last = e.date;
    break;
  }
  return last;
}

/** `accept` of balances when only the total is wanted (CLOSE). */
const NO_ACCOUNT = (): boolean => false;

/**
 * Lot balances per account of rows[0, to) (only accounts `accept` takes), and their total when
 * `withTotal`. Summed over the rows' flat columns (execute/position-sums.ts: a lot id and a safe
 * integer per row, built once per rows array) rather than a lot key text and a Dec per row: an
 * `OPEN ON` of the dashboard's graph sums the whole history before its range (300k rows on the
 * xlarge bench ledger) on the first request after every load.
 */
function balances(
  ctx: Ctx,
  rows: readonly Posting[],
  to: number,
  accept: ((account: string) => boolean) | null,
  withTotal: boolean,
): { byAccount: Map<string, LotBalance>; total: LotBalance } {
  const cols = positionColumns(rows);
  const { names } = accountIdTable(rows);
  const { sums, total } = sumRows(rows, to, accept, withTotal, ctx.check);
  // Ids number the accounts in the order they first appear, as a map filled row by row would.
  const byAccount = new Map<string, LotBalance>();
  for (let id = 0; id < sums.length; id++) {
    const b = sums[id];
    if (b) byAccount.set(names[id], LotBalance.ofSum(b, cols));
  }
  return { byAccount, total: total === null ? new LotBalance() : LotBalance.ofSum(total.toSum(), cols) };
}

/**
 * The sums of `balances` by account id (null: an account `accept` refuses; undefined: no row
 * yet), starting from the latest checkpoint before `to` (checkpoints.ts) and recording the ones
 * it passes.
 */
function sumRows(
  rows: readonly Posting[],
  to: number,
  accept: ((account: string) => boolean) | null,
  withTotal: boolean,
  check: () => void,
): { sums: (PositionSum | null | undefined)[]; total: DenseSum | null } {
  const cols = positionColumns(rows);
  const { ids, names } = accountIdTable(rows);
  const sums: (PositionSum | null | undefined)[] = new Array(names.length);
  const withAccounts = accept !== NO_ACCOUNT;
  const from = checkpointBefore(rows, to, withTotal, withAccounts);
  let start = 0;
  let total = withTotal ? new DenseSum(cols) : null;
  if (from !== null) {
    start = from.at;
    if (withTotal) total = DenseSum.resume(cols, from.total!);
    if (withAccounts) {
      const saved = from.accounts!;
      for (let id = 0; id < saved.length; id++) {
        const s = saved[id];
        if (s !== undefined) sums[id] = accept === null || accept(names[id]) ? copyPositionSum(s) : null;
      }
    }
  }
  // Only a sum of every account holds the accounts' part of a checkpoint.
  const everyAccount = accept === null ? sums : null;
  const every = checkpointRows();
  // A sum with neither part (CLEAR's income statement accounts alone) records nothing.
  let next = total === null && everyAccount === null ? -1 : (Math.floor(start / every) + 1) * every;
  for (let i = start; i < to; i++) {
    if (i % CHECK_EVERY === CHECK_EVERY - 1) check();
    if (total !== null) total.add(cols, rows, i);
    const id = ids[i];
    let b = sums[id];
    if (b === undefined) sums[id] = b = accept === null || accept(names[id]) ? new PositionSum() : null;
    if (b !== null) addRow(b, cols, rows, i);
    if (i + 1 === next) {
      record(rows, next, total, everyAccount);
      next += every;
    }
  }
  return { sums, total };
}

/**
 * Records the checkpoints of a rows array's sums (checkpoints.ts) ahead of the queries that
 * would record them: the engine worker's idle warm-up (execute/warm.ts), for the snapshot's postings.
 */
export function recordCheckpoints(rows: readonly Posting[]): void {
  sumRows(rows, rows.length - (rows.length % checkpointRows()), null, true, () => {});
}

function balanceOf(map: Map<string, LotBalance>, account: string): LotBalance {
  let b = map.get(account);
  if (!b) map.set(account, (b = new LotBalance()));
  return b;
}

/**
 * The opening rows of the OPEN ON dates asked of a snapshot's own postings, by openingKey (the
 * most recent few), for the next snapshot to take when the rows before the date are the same
 * (carry.ts): the dashboard's graphs open on January 1st after every save.
 */
const openings = new WeakMap<Snapshot, Map<string, Opening>>();
const OPENINGS_KEPT = 4;

/** What an opening depends on besides the rows before it: date, ids' salt, the options it reads. */
function openingKey(ctx: Ctx, d: DayNum): string {
  const o = ctx.snapshot.options;
  return JSON.stringify([d, ctx.salt, o.accountPreviousBalances, o.accountPreviousEarnings, o.accountPreviousConversions, o.timezone]);
}

function keepOpening(ctx: Ctx, key: string, opening: Opening): void {
  let m = openings.get(ctx.snapshot);
  if (m === undefined) openings.set(ctx.snapshot, (m = new Map()));
  m.delete(key);
  m.set(key, opening);
  if (m.size > OPENINGS_KEPT) m.delete(m.keys().next().value!);
}

/** The previous snapshot's opening rows for the same date when the rows before it are the same. */
function carriedOpening(ctx: Ctx, rows: readonly Posting[], key: string, cut: number): Posting[] | null {
  if (rows !== ctx.snapshot.postings) return null;
  const c = carriedFor(rows);
  const o = c?.openings.get(key);
  if (c === undefined || o === undefined || o.cut !== cut || samePrefix(rows, c) < cut) return null;
  const cols = positionColumns(rows);
  const lots = cols.lots;
  // The same lots have the same ids in both tables for the lots the common rows introduce
  // (carry.ts); an id made later (plainId of a currency seen only in costs) is looked up here.
  const common = c.prefixLots;
  // A loop rather than Int32Array.from with a mapping function (its generic path was most of this
  // function's 1-2 ms per dashboard visit after a save, over 11,600 opening lots on xlarge).
  const ids = o.lots;
  const head = o.head;
  const headLots = new Int32Array(ids.length);
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (id < common) headLots[k] = id;
    else {
      const p = head[k];
      headLots[k] = p.cost === null ? lots.plainId(p.units.currency) : lots.costId(p.units.currency, p.cost);
    }
  }
  const out = head.concat(rows.slice(cut));
  const columns = rememberDerivedColumns(out, headLots, cols, cut, o.columns, o.head);
  keepOpening(ctx, key, { cut, head: o.head, lots: headLots, columns });
  return out;
}

/**
 * Offers the period sums of `previous` (checkpoints, opening rows) to `next`, its reload: the
 * engine worker calls this when it swaps snapshots. Nothing is carried from a snapshot no query
 * summed (no columns).
 */
export function carryPeriodSums(previous: Snapshot, next: Snapshot): void {
  const rows = previous.postings;
  const cols = knownPositionColumns(rows);
  if (cols === null) return;
  const { ids, names } = accountIdTable(rows);
  const unsafe = new Map<number, bigint>();
  for (let i = 0; i < cols.safe.length; i++) if (cols.safe[i] === 0) unsafe.set(i, rows[i].units.number.scaled);
  offerCarry(next.postings, {
    cols,
    acctIds: ids,
    acctNames: names,
    rows: rows.length,
    unsafe,
    checkpoints: checkpointsToCarry(rows),
    every: checkpointRows(),
    openings: new Map(openings.get(previous) ?? []),
    sums: sumsToCarry(rows).slice(),
    prefix: null,
    prefixLots: 0,
  });
}

/** OPEN ON d: everything before d becomes one S transaction per account dated d - 1. */
function openPeriod(ctx: Ctx, rows: readonly Posting[], d: DayNum): readonly Posting[] {
  const o = ctx.snapshot.options;
  const cut = firstOnOrAfter(rows, d);
  // Nothing before d: no balance to open, no conversion, no earnings; the rows as they are, with
  // the columns and account ids already built for them (a balance sheet over the whole history
  // opens on the ledger's first day).
  if (cut === 0) return rows;
  const key = openingKey(ctx, d);
  const carried = carriedOpening(ctx, rows, key, cut);
  if (carried !== null) return carried;
  const { byAccount, total } = balances(ctx, rows, cut, null, true);

  // (a) Conversions before d, booked (as Beancount's C entry at d - 1) on previous conversions.
  const conversions = total.atCost().positions();
  if (conversions.length > 0) {
    const conv = balanceOf(byAccount, o.accountPreviousConversions);
    for (const c of conversions) conv.add(c.units.number.neg(), c.units.currency, null);
  }

  // (b) Income and expenses before d move to previous earnings (Beancount's T entries at d - 1):
  // each lot leaves its account and its cost arrives on the earnings account.
  const incomeAccounts = [...byAccount.keys()].filter(isIncomeStatement).sort(byName);
  for (const account of incomeAccounts) {
    const b = byAccount.get(account)!;
    if (b.isEmpty()) continue;
    const earnings = balanceOf(byAccount, o.accountPreviousEarnings);
    for (const pos of b.positions()) {
      const c = positionCost(pos);
      earnings.add(c.number, c.currency, null);
    }
    byAccount.delete(account);
  }

  // (c) One S transaction per account with a remaining balance.
  const out: Posting[] = [];
  // The lot id of each S row in the rows' lot table (each lot, then its counterpart at cost).
  const lots = positionColumns(rows).lots;
  const headLots: number[] = [];
  const when = atMidnight(ctx, d - 1);
  for (const account of [...byAccount.keys()].sort(byName)) {
    const b = byAccount.get(account)!;
    if (b.isEmpty()) continue;
    const txn = newTransaction('S', when, `Opening balance for '${account}' (Summarization)`, ctx.salt + account);
    const ids = b.lotIds(lots);
    lotTransfer(txn, account, b.positions(), o.accountPreviousBalances);
    const ps = txn.postings;
    for (let k = 0; k < ps.length; k += 2) {
      out.push(ps[k], ps[k + 1]);
      headLots.push(ids[k >> 1], lots.plainId(ps[k + 1].units.currency));
    }
  }
  // The S rows, as one array the next snapshot may take over (carriedOpening), then the kept rows.
  const head = out;
  const all = head.concat(rows.slice(cut));
  const columns = rememberDerivedColumns(all, headLots, positionColumns(rows), cut, null, head);
  deriveAccountIds(all, head.length, rows, cut, rows.length - cut);
  if (rows === ctx.snapshot.postings) keepOpening(ctx, key, { cut, head, lots: Int32Array.from(headLots), columns });
  return all;
}

/** CLOSE [ON d]: drops rows dated d or later, then books the remaining conversions (C). */
function closePeriod(ctx: Ctx, rows: readonly Posting[], d: DayNum | null): readonly Posting[] {
  const o = ctx.snapshot.options;
  const cut = d === null ? rows.length : firstOnOrAfter(rows, d);
  const { total } = balances(ctx, rows, cut, NO_ACCOUNT, true);
  const kept = cut === rows.length ? rows : rows.slice(0, cut);
  // The kept rows alone get their columns only when they are the answer (not before conversions join them).
  const keptAlone = () => (kept === rows ? rows : extended(rows, cut, kept as Posting[]));
  const conversions = total.atCost().positions();
  if (conversions.length === 0) return keptAlone();
  const date = d !== null ? d - 1 : lastEntryDate(ctx, kept);
  if (date === null) return keptAlone();
  const txn = newTransaction('C', atEndOf(ctx, kept, date), 'Conversion for ' + total.toString(), ctx.salt);
  const price = zeroPrice(o.conversionCurrency);
  for (const c of conversions) addPosting(txn, o.accountCurrentConversions, negAmount(c.units), null, price);
  return extended(rows, cut, [...kept, ...txn.postings]);
}

/**
 * `out`: the first `count` rows of `rows` and new rows after them; its columns and account ids
 * made from those of `rows` (built by the balances just summed) instead of from every row.
 */
function extended(rows: readonly Posting[], count: number, out: Posting[]): Posting[] {
  const cols = knownPositionColumns(rows);
  if (cols !== null) rememberExtendedColumns(out, cols, count);
  deriveAccountIds(out, 0, rows, 0, count);
  return out;
}

/** CLEAR: one T transaction per Income/Expenses account with a balance, to current earnings. */
function clearPeriod(ctx: Ctx, rows: readonly Posting[]): readonly Posting[] {
  const o = ctx.snapshot.options;
  const { byAccount } = balances(ctx, rows, rows.length, isIncomeStatement, false);
  const accounts = [...byAccount.keys()].filter((a) => !byAccount.get(a)!.isEmpty()).sort(byName);
  if (accounts.length === 0) return rows;
  const date = lastEntryDate(ctx, rows);
  if (date === null) return rows;
  const when = atEndOf(ctx, rows, date);
  const out = rows.slice();
  for (const account of accounts) {
    const txn = newTransaction('T', when, `Transfer balance for '${account}' (Transfer balance)`, ctx.salt + account);
    const negated = byAccount.get(account)!.positions().map((p) => ({ units: negAmount(p.units), cost: p.cost }));
    lotTransfer(txn, account, negated, o.accountCurrentEarnings);
    for (const p of txn.postings) out.push(p);
  }
  return extended(rows, rows.length, out);
}

function compute(snapshot: Snapshot, clauses: PeriodClauses, check: () => void, salt: string, keep: KeepRow | null): Posting[] {
  const ctx: Ctx = { snapshot, clauses, check, clock: makeClock(snapshot.options.timezone), salt };
  let rows: readonly Posting[] = snapshot.postings;
  if (keep && clauses.prefilter) rows = chosenRows(snapshot, clauses.prefilter, keep, check);
  if (clauses.open !== null) rows = openPeriod(ctx, rows, clauses.open);
  if (clauses.close) rows = closePeriod(ctx, rows, clauses.close.date);
  if (clauses.clear) rows = clearPeriod(ctx, rows);
  return rows as Posting[];
}

/**
 * The postings FILTER keeps, per snapshot and condition text (not with parameters): a statement's
 * interval columns run the same filter under a different CLOSE ON each, and evaluating it over
 * the whole ledger cost more than the rewrite (120 monthly columns of the 2000-2025 bean-example
 * ledger: 16 s of CPU, 1.6-2.0 s once kept).
 */
const chosenCache = new WeakMap<Snapshot, Map<string, Posting[]>>();

function chosenRows(snapshot: Snapshot, pre: NonNullable<PeriodClauses['prefilter']>, keep: KeepRow, check: () => void): Posting[] {
  const perSnapshot = pre.params ? null : chosenCache.get(snapshot);
  const hit = perSnapshot?.get(pre.key);
  if (hit) return hit;
  const all = snapshot.postings;
  const kept: Posting[] = [];
  for (let i = 0; i < all.length; i++) {
    if (i % CHECK_EVERY === CHECK_EVERY - 1) check();
    if (keep(all[i])) kept.push(all[i]);
  }
  if (!pre.params) {
    let m = chosenCache.get(snapshot);
    if (!m) chosenCache.set(snapshot, (m = new Map()));
    m.set(pre.key, kept);
    if (m.size > CACHE_SIZE) m.delete(m.keys().next().value!);
  }
  return kept;
}

/**
 * Rewritten rows per snapshot and clause values. Kept small (most recent first out) because
 * parameters can make many distinct periods and each entry holds a row array as long as the
 * ledger's.
 */
const CACHE_SIZE = 8;
const cache = new WeakMap<Snapshot, Map<string, Posting[]>>();

function clauseKey(c: PeriodClauses): string {
  return `${c.open ?? '-'}|${c.close === null ? 'none' : (c.close.date ?? 'end')}|${c.clear ? 'clear' : ''}`;
}

/**
 * The posting rows of the ledger rewritten by OPEN ON, CLOSE [ON] and CLEAR, in ledger order.
 * The result is shared between queries with the same clauses on the same snapshot: do not mutate.
 * `check` is called periodically (the query's time limit) and may throw.
 */
/** Whether a posting passes FILTER (cond): the executor evaluates the compiled condition. */
export type KeepRow = (p: Posting) => boolean;

export function applyPeriodClauses(snapshot: Snapshot, clauses: PeriodClauses, check: () => void, keep: KeepRow | null = null): Posting[] {
  const pre = clauses.prefilter && keep ? clauses.prefilter : null;
  const key = clauseKey(clauses) + (pre ? `|filter ${pre.key}` : '');
  if (pre?.params) return compute(snapshot, clauses, check, key, keep);
  let perSnapshot = cache.get(snapshot);
  const hit = perSnapshot?.get(key);
  if (hit) {
    // Refresh its place so the most used periods stay.
    perSnapshot!.delete(key);
    perSnapshot!.set(key, hit);
    return hit;
  }
  const rows = compute(snapshot, clauses, check, key, pre ? keep : null);
  if (!perSnapshot) cache.set(snapshot, (perSnapshot = new Map()));
  perSnapshot.set(key, rows);
  if (perSnapshot.size > CACHE_SIZE) perSnapshot.delete(perSnapshot.keys().next().value!);
  return rows;
}
