/**
 * Verdicts of account-only conditions (scan.ts narrowedIndices: `account ~ '^Expenses'`), kept
 * across snapshots. Such a condition is evaluated once per account of the snapshot, on a sample
 * row; one whose value can depend on nothing but the account name (no function that reads the
 * snapshot or the clock: CExpr.readsSnapshot) gives the same verdict for the same name in every
 * snapshot, so a reload does not evaluate it again for the accounts it already judged. After a
 * save on the xlarge bench ledger the dashboard evaluated its conditions for its 1,965 accounts
 * anew (a regular expression or a prefix test each): about 6 ms of its 44 ms.
 *
 * Keyed by the condition's canonical text (CExpr.key: constants and parameters included), least
 * recently used dropped first. Bounded by conditions and by names over all of them (a ledger with
 * very many accounts keeps fewer conditions; a condition past the whole budget keeps no more).
 */
import { useKept } from '../../recently-used';

/** The verdicts kept for one condition. */
export interface Verdicts {
  readonly map: Map<string, boolean>;
  /** Dropped from the table: what it holds stays right, but nothing more is kept in it. */
  dropped: boolean;
}

const DEFAULT_LIMITS = { conditions: 64, names: 100_000 };
const limits = { ...DEFAULT_LIMITS };

const byCondition = new Map<string, Verdicts>();
/** Names kept over all conditions. */
let names = 0;

/** The verdicts kept for the condition with this key (the same object until it is dropped). */
export function accountVerdicts(key: string): Verdicts {
  let v = useKept(byCondition, key);
  if (v !== undefined) return v;
  v = { map: new Map(), dropped: false };
  byCondition.set(key, v);
  while (byCondition.size > limits.conditions) dropOldest();
  return v;
}

/** Keeps a verdict, dropping the least recently used other conditions when the names are at the bound. */
export function rememberVerdict(v: Verdicts, account: string, accepted: boolean): void {
  if (v.dropped || v.map.has(account)) return;
  while (names >= limits.names && byCondition.values().next().value !== v) dropOldest();
  if (names >= limits.names) return;
  v.map.set(account, accepted);
  names++;
}

function dropOldest(): void {
  const first = byCondition.entries().next().value;
  if (first === undefined) return;
  byCondition.delete(first[0]);
  first[1].dropped = true;
  names -= first[1].map.size;
}

/** Forgets every verdict; `set` changes the bounds until the next call (tests). */
export function clearAccountVerdicts(set: Partial<typeof DEFAULT_LIMITS> = {}): void {
  for (const v of byCondition.values()) v.dropped = true;
  byCondition.clear();
  names = 0;
  Object.assign(limits, DEFAULT_LIMITS, set);
}

/** Conditions and names kept (tests). */
export function keptVerdicts(): { conditions: number; names: number } {
  return { conditions: byCondition.size, names };
}
