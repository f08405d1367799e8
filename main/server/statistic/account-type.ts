/**
 * GET /api/statistic/{account_type}: the breakdown of one account type over the range per account
 * and its ten largest postings, valued at the prices of `to`.
 */
import { formatDate } from '../../../engine/dates';
import type { Amount, Snapshot } from '../../../engine/ledger/snapshot';
import type { Inventory } from '../../../engine/query/inventory';
import type { AccountType, AccountTypeBreakdownRow, StatisticAccountType, TopPosting } from '../../../engine/api-types';
import { ApiError } from '../http-errors';
import { columnIndex, requestRunner } from '../routes/builtin-call';
import type { Filter } from '../../../engine/filters/index';

import type { DayRange } from '../routes/page-params';
import { operatingCurrency } from './currency';
import { amountJson, sumTotals, valuedTotal } from './valued';

const TYPES: readonly AccountType[] = ['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses'];

/** The path segment, case-insensitive (`expenses` = `Expenses`); anything else is a 404. */
export function parseAccountType(segment: string): AccountType {
  const t = TYPES.find((x) => x.toLowerCase() === segment.toLowerCase());
  if (!t) throw new ApiError(404, `no statistic for '${segment.slice(0, 60)}': the account type must be one of ${TYPES.join(', ')}`);
  return t;
}

export function buildAccountType(snapshot: Snapshot, type: AccountType, range: DayRange, filter?: Filter): StatisticAccountType {
  const currency = operatingCurrency(snapshot);
  const params = { type, from: range.from, to: range.to, currency };

  const run = requestRunner(snapshot, undefined, filter);
  const b = run.call('report.breakdown', params);
  const bi = columnIndex(b);
  const breakdown: AccountTypeBreakdownRow[] = b.rows.map((row) => ({
    account: row[bi.account] as string,
    ...valuedTotal(currency, row[bi.units] as Inventory | null, row[bi.value] as Inventory | null),
  }));

  const t = run.call('report.top_postings', params);
  const ti = columnIndex(t);
  const top: TopPosting[] = t.rows.map((row) => {
    const value = row[ti.value] as Amount | null;
    const balance = row[ti.account_balance] as Amount;
    return {
      date: formatDate(row[ti.date] as number),
      time: row[ti.time] as string,
      timestamp: Number(row[ti.timestamp] as bigint),
      account: row[ti.account] as string,
      trx_id: row[ti.id] as string,
      payee: row[ti.payee] as string | null,
      narration: row[ti.narration] as string,
      units: amountJson(row[ti.units] as Amount),
      account_balance: amountJson(balance),
      value: value !== null && value.currency === currency ? amountJson(value) : null,
    };
  });

  return {
    type,
    from: formatDate(range.from),
    to: formatDate(range.to),
    currency,
    total: sumTotals(currency, breakdown),
    breakdown,
    top,
  };
}
