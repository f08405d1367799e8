/**
 * `account_balance`: the balance of a posting's own account right after it, independent of the
 * query's FROM/WHERE/LIMIT. Computed lazily per account (one walk over that account's rows in
 * ledger order) and cached per postings array, which is immutable for a snapshot (and for the
 * rewritten rows of a period clause), so a query reading one account pays for that account only.
 */
import type { Posting } from '../../ledger/snapshot';
import { Inventory } from '../inventory';

interface Cache {
  byAccount: Map<string, Posting[]> | null;
  balances: Map<Posting, Inventory>;
  done: Set<string>;
}

const caches = new WeakMap<readonly Posting[], Cache>();

function cacheFor(postings: readonly Posting[]): Cache {
  let c = caches.get(postings);
  if (!c) {
    c = { byAccount: null, balances: new Map(), done: new Set() };
    caches.set(postings, c);
  }
  return c;
}

/** Rows of each account in ledger order, built once per postings array. */
export function postingsByAccount(postings: readonly Posting[]): Map<string, Posting[]> {
  const c = cacheFor(postings);
  if (!c.byAccount) {
    const m = new Map<string, Posting[]>();
    for (let i = 0; i < postings.length; i++) {
      const p = postings[i];
      let list = m.get(p.account);
      if (!list) m.set(p.account, (list = []));
      list.push(p);
    }
    c.byAccount = m;
  }
  return c.byAccount;
}

export function accountBalanceAfter(postings: readonly Posting[], posting: Posting): Inventory {
  const c = cacheFor(postings);
  let inv = c.balances.get(posting);
  if (inv) return inv;
  if (!c.done.has(posting.account)) {
    c.done.add(posting.account);
    const running = new Inventory();
    for (const p of postingsByAccount(postings).get(posting.account) ?? []) {
      running.add(p);
      c.balances.set(p, running.clone());
    }
  }
  inv = c.balances.get(posting);
  // A posting outside the array (should not happen) still gets a defined value.
  return inv ?? new Inventory();
}
