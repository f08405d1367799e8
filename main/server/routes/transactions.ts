/**
 * GET /api/for-new-transaction: what the new-transaction form suggests (spec 1, journal rule 6):
 * every payee of transactions once, sorted, without padding payees and empty ones, and the open
 * accounts (open directive, no close) sorted by name. Takes no parameters.
 */
import type { Snapshot } from '../../../engine/ledger/snapshot';
import type { ForNewTransaction } from '../../../engine/api-types';
import type { RouteModule } from '../app';
import { requestRunner } from './builtin-call';

export function forNewTransaction(snapshot: Snapshot): ForNewTransaction {
  const run = requestRunner(snapshot);
  const payees = run.call('payees.all', {}).rows.map((r) => r[0] as string);
  const accounts = run.call('accounts.open', {}).rows.map((r) => r[0] as string);
  return { payees, accounts };
}

export const transactionRoutes: RouteModule = (routes) => {
  routes.get('/api/for-new-transaction', (c) => ({ data: forNewTransaction(c.snapshot) }));
};
