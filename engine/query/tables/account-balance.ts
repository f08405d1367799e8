/**
 * `account_balance`: the balance of a posting's own account right after it, independent of the
 * query's FROM/WHERE/LIMIT. Cached per postings array, which is immutable for a snapshot (and for
 * the rewritten rows of a period clause).
 *
 * Only rows actually read get a balance: a per-account cursor walks the account's rows forward
 * and hands out copy-on-write clones of its running inventory. Snapshotting every row of the
 * account instead would copy the account's whole inventory once per posting (slow for accounts
 * holding many lots), though most queries read a few of those rows.
 *
 * Reading backwards (ORDER BY date DESC) restarts the cursor from the nearest checkpoint before
 * the row: a clone kept every CHECKPOINT_EVERY rows during forward walks. So any read costs at
 * most CHECKPOINT_EVERY adds plus one clone, and the checkpoints one inventory copy per
 * CHECKPOINT_EVERY rows walked.
 */
import type { Posting } from '../../ledger/snapshot';
import { Inventory } from '../inventory';
import { rowsOfAccount } from '../execute/account-index';

const CHECKPOINT_EVERY = 64;

/** The balance cursor of one account. */
interface AccountWalk {
  rows: readonly Posting[];
  /** Position of each row in `rows`. */
  index: Map<Posting, number>;
  /** Balance after the first `at` rows. */
  running: Inventory;
  at: number;
  /** checkpoints[j]: balance after the first j x CHECKPOINT_EVERY rows. */
  checkpoints: Inventory[];
  /** Balances handed out, by row position (holes for rows never read). */
  read: (Inventory | undefined)[];
}

interface Cache {
  walks: Map<string, AccountWalk>;
}

const caches = new WeakMap<readonly Posting[], Cache>();

function cacheFor(postings: readonly Posting[]): Cache {
  let c = caches.get(postings);
  if (!c) {
    c = { walks: new Map() };
    caches.set(postings, c);
  }
  return c;
}

/** Rows of one account in ledger order (from the per-account positions of account-index.ts). */
export function accountPostings(postings: readonly Posting[], account: string): Posting[] {
  const at = rowsOfAccount(postings, account)?.at;
  if (at === undefined) return [];
  const rows: Posting[] = new Array(at.length);
  for (let i = 0; i < at.length; i++) rows[i] = postings[at[i]];
  return rows;
}

function walkFor(postings: readonly Posting[], account: string): AccountWalk {
  const c = cacheFor(postings);
  let w = c.walks.get(account);
  if (!w) {
    const rows = accountPostings(postings, account);
    const index = new Map<Posting, number>();
    for (let i = 0; i < rows.length; i++) index.set(rows[i], i);
    const running = new Inventory();
    w = { rows, index, running, at: 0, checkpoints: [running.clone()], read: new Array(rows.length) };
    c.walks.set(account, w);
  }
  return w;
}

/** Moves the cursor to just after row k (balance of the first k + 1 rows). */
function advanceTo(w: AccountWalk, k: number): void {
  const target = k + 1;
  if (w.at > target) {
    const j = Math.floor(target / CHECKPOINT_EVERY);
    w.running = w.checkpoints[j].clone();
    w.at = j * CHECKPOINT_EVERY;
  }
  const { rows, checkpoints } = w;
  const running = w.running;
  let at = w.at;
  while (at < target) {
    running.add(rows[at++]);
    if (at % CHECKPOINT_EVERY === 0 && checkpoints.length === at / CHECKPOINT_EVERY) checkpoints.push(running.clone());
  }
  w.at = at;
}

export function accountBalanceAfter(postings: readonly Posting[], posting: Posting): Inventory {
  const w = walkFor(postings, posting.account);
  const k = w.index.get(posting);
  // A posting outside the array (should not happen) still gets a defined value.
  if (k === undefined) return new Inventory();
  let inv = w.read[k];
  if (inv === undefined) {
    advanceTo(w, k);
    w.read[k] = inv = w.running.clone();
  }
  return inv;
}
