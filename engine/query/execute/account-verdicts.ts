/**
 * Verdicts of account-only conditions (scan.ts narrowedIndices: `account ~ '^Expenses'`), kept
 * across snapshots. Such a condition is evaluated once per account of the snapshot, on a sample
 * row; one whose value can depend on nothing but the account name (no function that reads the
 * snapshot or the clock: CExpr.readsSnapshot) gives the same verdict for the same name in every
 * snapshot, so a reload does not evaluate it again for the accounts it already judged. After a
 * save on the xlarge bench ledger the dashboard evaluated its conditions for its 1,965 accounts
 * anew (a regular expression each through re2): about 12 ms of its 45 ms.
 *
 * Keyed by the condition's canonical text (CExpr.key: constants and parameters included), in a
 * small least-recently-used table; each condition keeps at most MAX_ACCOUNTS names.
 */

/** Conditions remembered. */
const MAX_CONDITIONS = 64;
/** Names remembered per condition (a ledger with more accounts evaluates the rest each time). */
const MAX_ACCOUNTS = 50_000;

const byCondition = new Map<string, Map<string, boolean>>();

/** The verdicts known for the condition with this key (the same map until it is dropped). */
export function accountVerdicts(key: string): Map<string, boolean> {
  let m = byCondition.get(key);
  if (m !== undefined) {
    // Most recently used last: the first key is the one to drop.
    byCondition.delete(key);
    byCondition.set(key, m);
    return m;
  }
  m = new Map();
  byCondition.set(key, m);
  if (byCondition.size > MAX_CONDITIONS) byCondition.delete(byCondition.keys().next().value!);
  return m;
}

/** Records a verdict unless the condition's map is full. */
export function rememberVerdict(verdicts: Map<string, boolean>, account: string, accepted: boolean): void {
  if (verdicts.size < MAX_ACCOUNTS) verdicts.set(account, accepted);
}

/** Forgets every verdict (tests). */
export function clearAccountVerdicts(): void {
  byCondition.clear();
}
