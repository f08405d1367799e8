/**
 * The built-in query catalogue (spec 1, "Built-in query catalogue"): every figure of the pages
 * comes from one of these. Listed in the spec's order: the named queries, then the others.
 */
import type { Builtin } from '../declare';
import * as postings from './postings';
import * as report from './report';
import * as accounts from './accounts';
import * as journals from './journals';
import * as budgets from './budgets';
import * as commodities from './commodities';
import * as lists from './lists';
import * as statements from './statements';
import * as holdings from './holdings';

export type { Builtin } from '../declare';

export const BUILTINS: readonly Builtin[] = Object.freeze([
  // Named by the spec.
  postings.postingsBetween,
  report.netWorth,
  report.netWorthTrend,
  accounts.balances,
  accounts.subtreeBalances,
  accounts.journal,
  accounts.journalPage,
  accounts.balanceAssertions,
  journals.page,
  journals.balanceChecks,
  budgets.month,
  budgets.budget,
  budgets.events,
  // Named here (the spec describes them by purpose).
  postings.postingsByPayeeTags,
  report.liabilities,
  report.incomeExpenses,
  report.transactionCount,
  report.changes,
  report.breakdown,
  report.topPostings,
  accounts.list,
  accounts.subtreeDirectives,
  accounts.balanceHistory,
  accounts.documents,
  lists.allDocuments,
  lists.payees,
  accounts.open,
  lists.errorsPage,
  budgets.postings,
  budgets.one,
  commodities.holdings,
  commodities.holding,
  commodities.latestPrices,
  commodities.latestPrice,
  commodities.lots,
  commodities.prices,
  journals.transactionPostings,
  journals.pageOfTypes,
  journals.sources,
  statements.balanceSheet,
  statements.incomeStatement,
  statements.trialBalance,
  statements.incomeStatementColumns,
  statements.balancesByColumn,
  holdings.holdings,
  holdings.totals,
]);

const BY_NAME: ReadonlyMap<string, Builtin> = new Map(BUILTINS.map((b) => [b.name, b]));

/** The built-in of that name, or undefined. */
export function findBuiltin(name: string): Builtin | undefined {
  return BY_NAME.get(name);
}
