/**
 * Scan: reads the table's rows in table order, keeps those whose FROM/WHERE condition is TRUE
 * (NULL counts as false) and accumulates the running balance over exactly those rows, before any
 * grouping or sorting (spec "Evaluation order" 2-3).
 *
 * Narrowing: conjuncts that read only `account` are evaluated once per distinct account; then
 * only the rows of matching accounts are read, still in ledger order. The full condition is
 * still applied to every row read, so narrowing never changes a result.
 */
import { Dec } from '../../decimal';
import type { Posting } from '../../ledger/snapshot';
import { Inventory, positionCost } from '../inventory';
import type { EvalState, Plan } from '../compile/plan';
import { postingsByAccount } from '../tables/account-balance';
import type { Deadline } from './limits';

/** Row indices (ledger order) of the accounts the account-only condition accepts, or null for all rows. */
function narrowedIndices(plan: Plan, source: ArrayLike<unknown>, st: EvalState, deadline: Deadline): number[] | null {
  if (!plan.accountFilter || plan.table.name !== 'postings') return null;
  const posts = source as readonly Posting[];
  const byAccount = postingsByAccount(posts);
  const chosen: Posting[][] = [];
  let total = 0;
  for (const [account, list] of byAccount) {
    deadline.tick();
    st.row = list[0];
    if (plan.accountFilter.eval(st) === true) {
      chosen.push(list);
      total += list.length;
    }
  }
  if (total === posts.length) return null;
  // Ledger order: positions in the source array. Built through one map from row to index.
  const indexOf = rowIndex(posts);
  const out: number[] = new Array(total);
  let k = 0;
  for (const list of chosen) for (const p of list) out[k++] = indexOf.get(p)!;
  out.sort((a, b) => a - b);
  return out;
}

const rowIndexes = new WeakMap<readonly Posting[], Map<Posting, number>>();
function rowIndex(posts: readonly Posting[]): Map<Posting, number> {
  let m = rowIndexes.get(posts);
  if (!m) {
    m = new Map();
    for (let i = 0; i < posts.length; i++) m.set(posts[i], i);
    rowIndexes.set(posts, m);
  }
  return m;
}

function addTo(map: Map<string, Dec>, currency: string, n: Dec): void {
  const prev = map.get(currency);
  map.set(currency, prev ? prev.plus(n) : n);
}

/**
 * Calls `visit` for every row passing the condition, with `st.row` and the running balances set.
 * `visit` returns false to stop the scan early.
 */
export function scan(plan: Plan, source: ArrayLike<unknown>, st: EvalState, deadline: Deadline, visit: () => boolean | void): void {
  const filter = plan.filter ? plan.filter.eval : null;
  const bal = plan.balance;
  if (bal.full) st.running = new Inventory();
  if (bal.units) st.runningUnits = new Map();
  if (bal.cost) st.runningCost = new Map();
  const accumulate = bal.full || bal.units || bal.cost;
  const idx = narrowedIndices(plan, source, st, deadline);
  const n = idx ? idx.length : source.length;
  for (let i = 0; i < n; i++) {
    deadline.tick();
    const row = source[idx ? idx[i] : i];
    st.row = row;
    if (filter && filter(st) !== true) continue;
    if (accumulate) {
      const p = row as Posting;
      if (bal.full) (st.running as Inventory).add(p);
      if (bal.units) addTo(st.runningUnits!, p.units.currency, p.units.number);
      if (bal.cost) {
        const c = positionCost(p);
        addTo(st.runningCost!, c.currency, c.number);
      }
    }
    if (visit() === false) return;
  }
}
