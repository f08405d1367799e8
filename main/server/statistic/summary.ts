/**
 * GET /api/statistic/summary: net worth and liabilities at the end of `to`, income and expenses
 * of the range (all valued at the prices of `to`), and the number of transactions of the range.
 * Each figure is one built-in query.
 */
import { formatDate } from '../../../engine/dates';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import type { Inventory } from '../../../engine/query/inventory';
import type { StatisticSummary, ValuedTotal } from '../../../engine/api-types';
import { columnIndex, requestRunner } from '../routes/builtin-call';
import type { Filter } from '../../../engine/filters/index';

import type { DayRange } from '../routes/page-params';
import { operatingCurrency } from './currency';
import { valuedTotal } from './valued';

export function buildSummary(snapshot: Snapshot, range: DayRange, filter?: Filter): StatisticSummary {
  const currency = operatingCurrency(snapshot);
  const { from, to } = range;
  const run = requestRunner(snapshot, undefined, filter);
  const empty = (): ValuedTotal => valuedTotal(currency, null, null);

  const oneRow = (name: string, values: Record<string, string | number>): ValuedTotal => {
    const r = run.call(name, values);
    const i = columnIndex(r);
    const row = r.rows[0];
    if (!row) return empty();
    return valuedTotal(currency, row[i.units] as Inventory | null, row[i.value] as Inventory | null);
  };

  const netWorth = oneRow('report.net_worth', { to, currency });
  const liabilities = oneRow('report.liabilities', { to, currency });

  let income = empty();
  let expenses = empty();
  const ie = run.call('report.income_expenses', { from, to, currency });
  const ii = columnIndex(ie);
  for (const row of ie.rows) {
    const t = valuedTotal(currency, row[ii.units] as Inventory | null, row[ii.value] as Inventory | null);
    if (row[ii.type] === 'Income') income = t;
    else if (row[ii.type] === 'Expenses') expenses = t;
  }

  const count = run.call('report.transaction_count', { from, to });
  const transactionCount = Number((count.rows[0]?.[0] as bigint | undefined) ?? 0n);

  return {
    from: formatDate(from),
    to: formatDate(to),
    currency,
    net_worth: netWorth,
    liabilities,
    income,
    expenses,
    transaction_count: transactionCount,
  };
}
