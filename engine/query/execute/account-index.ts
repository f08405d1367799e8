/**
 * Per-account row positions of a postings array, for narrowing a scan to the accounts an
 * account-only condition accepts. Built once per postings array (immutable for a snapshot, and
 * for the rewritten rows of a period clause) and cached by it.
 */
import type { Posting } from '../../ledger/snapshot';
import { lowerBound } from './date-index';
import { takeCarried, type CarriedAccountIds } from './carried-rows';

export interface AccountRows {
  account: string;
  /** A posting of the account: the row the account-only condition is evaluated on. */
  sample: Posting;
  /** Positions in the postings array, ascending (ledger order). */
  at: Int32Array;
}

/** Account ids of a postings array and the first row of each account. */
interface AccountIds {
  ids: Int32Array;
  names: string[];
  first: number[];
  /** Id of each account name (the map the ids were numbered with). */
  idOf: Map<string, number>;
}

const idCache = new WeakMap<readonly Posting[], AccountIds>();
const cache = new WeakMap<readonly Posting[], AccountRows[]>();

/**
 * One pass over the rows: a map look-up per row (skipped when the row repeats the previous
 * row's account text), no per-account lists. The first query after a load pays for this, so
 * the per-account positions are derived from the ids only when narrowing asks for them.
 */
function idsOf(postings: readonly Posting[]): AccountIds {
  let out = idCache.get(postings);
  if (out) return out;
  const n = postings.length;
  const ids = new Int32Array(n);
  const byName = new Map<string, number>();
  const names: string[] = [];
  const first: number[] = [];
  let last: string | null = null;
  let lastId = -1;
  // The rows a reload kept (carried-rows.ts): their ids as the previous snapshot numbered them,
  // with the accounts they introduce (ids are in order of first row, so those are the first ones).
  let from = 0;
  const carried = takeCarried(postings, 'accountIds');
  if (carried !== null) {
    const c = carried.value;
    from = carried.n;
    ids.set(c.ids.subarray(0, from));
    for (let k = 0; k < c.names.length && c.first[k] < from; k++) {
      byName.set(c.names[k], k);
      names.push(c.names[k]);
      first.push(c.first[k]);
    }
    if (from > 0) {
      last = postings[from - 1].account;
      lastId = ids[from - 1];
    }
  }
  for (let i = from; i < n; i++) {
    const a = postings[i].account;
    if (a !== last) {
      let id = byName.get(a);
      if (id === undefined) {
        byName.set(a, (id = names.length));
        names.push(a);
        first.push(i);
      }
      last = a;
      lastId = id;
    }
    ids[i] = lastId;
  }
  out = { ids, names, first, idOf: byName };
  idCache.set(postings, out);
  return out;
}

/** The account ids of this postings array if built (a reload carries them: carried-rows.ts), else null. */
export function knownAccountIds(postings: readonly Posting[]): CarriedAccountIds | null {
  return idCache.get(postings) ?? null;
}

/** Whether the account ids of this postings array are built. */
export function hasAccountIds(postings: readonly Posting[]): boolean {
  return idCache.has(postings);
}

/**
 * Account ids built by another pass over the rows (position-sums.ts reads each posting once for
 * both): `ids[i]` numbers the accounts in order of their first row, `first[k]` is account k's
 * first row, `names[k]` its name, exactly as idsOf would make them.
 */
export function rememberAccountIds(postings: readonly Posting[], ids: Int32Array, names: string[], first: number[], idOf: Map<string, number>): void {
  if (!idCache.has(postings)) idCache.set(postings, { ids, names, first, idOf });
}

/**
 * The account ids of rows a period clause made from `base` (periods/apply.ts): `rows` are `head`
 * new rows, then `count` rows of `base` from `from`, then new rows to the end. Numbered exactly
 * as idsOf would number them, from the base's ids: only the new rows' objects are read, where a
 * pass over 320k rows reading each row's account cost 25-30 ms of every first balance sheet
 * (CLOSE and CLEAR make a new rows array each). Nothing when the base's ids are not built.
 */
export function deriveAccountIds(rows: readonly Posting[], head: number, base: readonly Posting[], from: number, count: number): void {
  const b = idCache.get(base);
  if (b === undefined || idCache.has(rows)) return;
  const n = rows.length;
  const ids = new Int32Array(n);
  const names: string[] = [];
  const first: number[] = [];
  const idOf = new Map<string, number>();
  const idFor = (account: string, i: number): number => {
    let id = idOf.get(account);
    if (id === undefined) {
      idOf.set(account, (id = names.length));
      names.push(account);
      first.push(i);
    }
    return id;
  };
  let i = 0;
  for (; i < head; i++) ids[i] = idFor(rows[i].account, i);
  // A base id's new id, -1 until its first row here.
  const renumbered = new Int32Array(b.names.length).fill(-1);
  const baseIds = b.ids;
  for (let k = from; k < from + count; k++, i++) {
    const old = baseIds[k];
    let id = renumbered[old];
    if (id < 0) renumbered[old] = id = idFor(b.names[old], i);
    ids[i] = id;
  }
  for (; i < n; i++) ids[i] = idFor(rows[i].account, i);
  idCache.set(rows, { ids, names, first, idOf });
}

export function accountRows(postings: readonly Posting[]): AccountRows[] {
  let out = cache.get(postings);
  if (out) return out;
  const { ids, names, first } = idsOf(postings);
  // Counting sort of the row positions by account id: ascending within each account.
  const counts = new Int32Array(names.length);
  for (let i = 0; i < ids.length; i++) counts[ids[i]]++;
  const at = names.map((_, k) => new Int32Array(counts[k]));
  counts.fill(0);
  for (let i = 0; i < ids.length; i++) {
    const k = ids[i];
    at[k][counts[k]++] = i;
  }
  out = names.map((account, k) => ({ account, sample: postings[first[k]], at: at[k] }));
  cache.set(postings, out);
  return out;
}

/**
 * The rows of one account (its positions in `postings`), undefined when it has none: an account
 * asked for alone reads the per-account positions the idle warm-up builds (execute/warm.ts),
 * found by the name-to-id map the ids were numbered with (a map of its own, filled with every
 * account name of the xlarge bench ledger, was 7 ms of the first top-postings after a load).
 */
export function rowsOfAccount(postings: readonly Posting[], account: string): AccountRows | undefined {
  const id = idsOf(postings).idOf.get(account);
  return id === undefined ? undefined : accountRows(postings)[id];
}

/**
 * The account of each row as a small integer (its index in accountRows(postings), so accounts
 * are numbered in order of their first row): grouping by account indexes an array by it instead
 * of hashing and comparing the account text of every row (account strings are not interned, so
 * a map look-up compares their characters). Cached like accountRows.
 */
export function accountIds(postings: readonly Posting[]): Int32Array {
  return idsOf(postings).ids;
}

/** The account id of every row and the name of every id (ids in order of first appearance). */
export function accountIdTable(postings: readonly Posting[]): { ids: Int32Array; names: readonly string[]; idOf: ReadonlyMap<string, number> } {
  return idsOf(postings);
}

/**
 * Positions in [lo, hi) of the rows of the chosen accounts, ascending, or null when they are all
 * the rows of [lo, hi). Merging costs a few nanoseconds per row, less than evaluating the account
 * condition on a row, so even a large part of the ledger is worth narrowing to. Only the range
 * is marked and read: the dashboard's queries of one year (a thirtieth of the xlarge bench
 * ledger) marked and read every row of the ledger, about 1 ms each.
 */
export function mergeRows(chosen: AccountRows[], lo: number, hi: number): Int32Array | null {
  const starts: number[] = new Array(chosen.length);
  const ends: number[] = new Array(chosen.length);
  let count = 0;
  for (let c = 0; c < chosen.length; c++) {
    const at = chosen[c].at;
    starts[c] = lo === 0 ? 0 : lowerBound(at, lo);
    ends[c] = at.length === 0 || hi > at[at.length - 1] ? at.length : lowerBound(at, hi);
    count += ends[c] - starts[c];
  }
  if (count === hi - lo) return null;
  if (chosen.length === 1) return chosen[0].at.subarray(starts[0], ends[0]);
  // Mark and collect: linear in the range, no sort.
  const mark = new Uint8Array(hi - lo);
  for (let c = 0; c < chosen.length; c++) {
    const at = chosen[c].at;
    for (let i = starts[c], e = ends[c]; i < e; i++) mark[at[i] - lo] = 1;
  }
  const out = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < mark.length; i++) if (mark[i] === 1) out[k++] = lo + i;
  return out;
}
