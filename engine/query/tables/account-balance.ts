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
import { accountIdTable, rowsOfAccount } from '../execute/account-index';
import { lowerBound } from '../execute/date-index';
import { sortedDates } from '../execute/date-index';
import { finishSum, knownPositionColumns } from '../execute/position-sums';
import { checkpointBefore } from '../periods/checkpoints';

const CHECKPOINT_EVERY = 64;

/**
 * A forward move longer than this many rows starts from the ledger's own checkpoints when there
 * are some (periods/checkpoints.ts: every account's sum every 65,536 rows, recorded by the
 * worker's warm-up): the dashboard's ten largest expenses read accounts with thousands of rows
 * over 275 years of the xlarge bench ledger, walked from their first row (about 6 ms).
 */
const JUMP_ROWS = 256;

/** Forward moves that started from a ledger checkpoint (tests). */
export const walkStats = { jumps: 0 };

/** The balance cursor of one account. */
interface AccountWalk {
  postings: readonly Posting[];
  account: string;
  /** Position of each of the account's rows in `postings` (ascending). */
  positions: Int32Array;
  /** Position of each row in `rows`, built when the rows cannot be searched by date. */
  index: Map<Posting, number> | null;
  /** Balance after the first `at` rows. */
  running: Inventory;
  at: number;
  /** checkpoints[j]: balance after the first j x CHECKPOINT_EVERY rows (holes where a jump skipped). */
  checkpoints: (Inventory | undefined)[];
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

const NO_POSITIONS = new Int32Array(0);

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
    const running = new Inventory();
    const positions = rowsOfAccount(postings, account)?.at ?? NO_POSITIONS;
    w = { postings, account, positions, index: null, running, at: 0, checkpoints: [running.clone()], read: new Array(positions.length) };
    c.walks.set(account, w);
  }
  return w;
}

/**
 * Index of `posting` among the account's rows, -1 if absent. Rows in date order (the snapshot's
 * postings) are searched by date, then by identity among that day's rows; other arrays get a
 * map of every row, once.
 */
function rowIndex(w: AccountWalk, posting: Posting): number {
  const { postings, positions } = w;
  const dates = w.index === null && posting.txn !== undefined ? sortedDates(w.postings) : null;
  if (dates !== null) {
    const d = posting.txn.date;
    let lo = 0;
    let hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (dates[positions[mid]] < d) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < positions.length && dates[positions[i]] === d; i++) if (postings[positions[i]] === posting) return i;
    return -1;
  }
  if (w.index === null) {
    w.index = new Map();
    for (let i = 0; i < positions.length; i++) w.index.set(postings[positions[i]], i);
  }
  return w.index.get(posting) ?? -1;
}

/**
 * Moves the cursor forward to the ledger checkpoint (periods/checkpoints.ts) before row
 * `target - 1` when that is past it: the account's sum there, as an inventory.
 */
function jumpForward(w: AccountWalk, target: number): void {
  const cols = knownPositionColumns(w.postings);
  if (cols === null) return;
  const cp = checkpointBefore(w.postings, w.positions[target - 1] + 1, false, true);
  if (cp === null) return;
  const j = lowerBound(w.positions, cp.at);
  if (j <= w.at) return;
  const id = accountIdTable(w.postings).idOf.get(w.account);
  if (id === undefined) return;
  const sum = cp.accounts![id];
  w.running = sum === undefined ? new Inventory() : finishSum(sum, cols);
  w.at = j;
  walkStats.jumps++;
}

/** Moves the cursor to just after row k (balance of the first k + 1 rows). */
function advanceTo(w: AccountWalk, k: number): void {
  const target = k + 1;
  if (w.at > target) {
    let j = Math.floor(target / CHECKPOINT_EVERY);
    while (w.checkpoints[j] === undefined) j--;
    w.running = w.checkpoints[j]!.clone();
    w.at = j * CHECKPOINT_EVERY;
  }
  if (target - w.at > JUMP_ROWS) jumpForward(w, target);
  const { postings, positions, checkpoints } = w;
  const running = w.running;
  let at = w.at;
  while (at < target) {
    running.add(postings[positions[at++]]);
    if (at % CHECKPOINT_EVERY === 0 && checkpoints[at / CHECKPOINT_EVERY] === undefined) checkpoints[at / CHECKPOINT_EVERY] = running.clone();
  }
  w.at = at;
}

export function accountBalanceAfter(postings: readonly Posting[], posting: Posting): Inventory {
  const w = walkFor(postings, posting.account);
  const k = rowIndex(w, posting);
  // A posting outside the array (should not happen) still gets a defined value.
  if (k < 0) return new Inventory();
  let inv = w.read[k];
  if (inv === undefined) {
    advanceTo(w, k);
    w.read[k] = inv = w.running.clone();
  }
  return inv;
}
