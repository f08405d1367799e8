/**
 * Builds the per-row columns the fast paths read over a snapshot's postings (account ids and
 * per-account positions, lot ids and scaled numbers, the date index of range filters and period
 * clauses, the #transactions rows and their dates, the period clauses' checkpoints) and the price
 * map (ledger/prices.ts LazyPriceMap), which the first query after a load would otherwise build.
 * For the engine worker to call right after a load, while the previous snapshot still answers:
 * the columns are cached per postings array (WeakMaps), so a later query finds them; nothing
 * changes a query's answer.
 */
import type { Snapshot } from '../../ledger/snapshot';
import { accountRows, knownAccountIds } from './account-index';
import { knownPositionColumns, positionColumns } from './position-sums';
import { knownSortedDates, sortedDates, tableDates } from './date-index';
import { offerRows, offerTransactionRows } from './carried-rows';
import { knownTransactionRows, transactionRows } from '../tables/transactions';
import { carryPeriodSums, recordCheckpoints } from '../periods/apply';
import { carryPriceMap, warmPriceMap } from '../../ledger/prices';

export function warmQueryCaches(snapshot: Snapshot): void {
  const postings = snapshot.postings;
  accountRows(postings);
  positionColumns(postings);
  sortedDates(postings);
  tableDates('transactions', transactionRows(snapshot));
  recordCheckpoints(postings);
  warmPriceMap(snapshot.priceMap);
}

/**
 * Offers what the previous snapshot's queries summed to `next`, the same ledger loaded again
 * (periods/carry.ts): the new snapshot takes the sums of the rows both have in common when a
 * query or the warm-up first needs them; the per-row columns of the rows a reload kept
 * (carried-rows.ts); and its price map, when the prices are the same rows (ledger/prices.ts
 * LazyPriceMap.adopt). For the engine worker to call when it swaps snapshots.
 */
export function carryQueryCaches(previous: Snapshot, next: Snapshot): void {
  const rows = previous.postings;
  offerRows(rows, next.postings, { accountIds: knownAccountIds(rows), columns: knownPositionColumns(rows), dates: knownSortedDates(rows) });
  const txns = knownTransactionRows(previous);
  const txnDates = txns === null ? null : knownSortedDates(txns);
  if (txns !== null && txnDates !== null) offerTransactionRows(next, { rows: txns, dates: txnDates });
  carryPeriodSums(previous, next);
  carryPriceMap(previous.priceMap, next.priceMap);
}
