/**
 * Per-account row positions of a postings array, for narrowing a scan to the accounts an
 * account-only condition accepts. Built once per postings array (immutable for a snapshot, and
 * for the rewritten rows of a period clause) and cached by it.
 */
import type { Posting } from '../../ledger/snapshot';

export interface AccountRows {
  account: string;
  /** A posting of the account: the row the account-only condition is evaluated on. */
  sample: Posting;
  /** Positions in the postings array, ascending (ledger order). */
  at: Int32Array;
}

const cache = new WeakMap<readonly Posting[], AccountRows[]>();

export function accountRows(postings: readonly Posting[]): AccountRows[] {
  let out = cache.get(postings);
  if (out) return out;
  const lists = new Map<string, number[]>();
  for (let i = 0; i < postings.length; i++) {
    const a = postings[i].account;
    let l = lists.get(a);
    if (!l) lists.set(a, (l = []));
    l.push(i);
  }
  out = [];
  for (const [account, l] of lists) out.push({ account, sample: postings[l[0]], at: Int32Array.from(l) });
  cache.set(postings, out);
  return out;
}

const idCache = new WeakMap<readonly Posting[], Int32Array>();

/**
 * The account of each row as a small integer (its index in accountRows(postings), so accounts
 * are numbered in order of their first row): grouping by account indexes an array by it instead
 * of hashing and comparing the account text of every row (account strings are not interned, so
 * a map look-up compares their characters). Cached like accountRows.
 */
export function accountIds(postings: readonly Posting[]): Int32Array {
  let ids = idCache.get(postings);
  if (ids) return ids;
  ids = new Int32Array(postings.length);
  const lists = accountRows(postings);
  for (let k = 0; k < lists.length; k++) {
    const at = lists[k].at;
    for (let i = 0; i < at.length; i++) ids[at[i]] = k;
  }
  idCache.set(postings, ids);
  return ids;
}

/**
 * Positions of the rows of the chosen accounts in ascending order, or null when they are all
 * the rows. Merging costs a few nanoseconds per row, less than evaluating the account
 * condition on a row, so even a large part of the ledger is worth narrowing to.
 */
export function mergeRows(chosen: AccountRows[], total: number): Int32Array | null {
  let count = 0;
  for (const c of chosen) count += c.at.length;
  if (count === total) return null;
  if (chosen.length === 1) return chosen[0].at;
  // Mark and collect: linear in the rows, no sort.
  const mark = new Uint8Array(total);
  for (const c of chosen) {
    const at = c.at;
    for (let i = 0; i < at.length; i++) mark[at[i]] = 1;
  }
  const out = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < total; i++) if (mark[i] === 1) out[k++] = i;
  return out;
}
