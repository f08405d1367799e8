/**
 * One filter for every page and query: Fava's time, account and entry filters, applied to a
 * query by rewriting its text (filters are query text, never a second engine).
 *
 *   const filter = parseFilter({ time: '2024-Q1', account: 'Expenses', filter: '#trip' }, { today });
 *   const text = filterQuery('BALANCES', filter, snapshot);  // the filtered query text
 *   runQuery(snapshot, text);
 *
 * What a filter does to a query (see apply.ts for where it is written):
 * - on the postings (SELECT without a #table, BALANCES, JOURNAL): the time filter becomes the
 *   period clauses `OPEN ON begin CLOSE ON end` (balances before the range become opening
 *   balances, income and expenses moved to equity; nothing after the range counts, as Fava's time
 *   filter), combined with the query's own period clauses (the later OPEN, the earlier CLOSE); the
 *   account and entry filters are ANDed before the FROM expression;
 * - on another table (`FROM #entries` ...): all three become a condition ANDed before WHERE
 *   (the time filter as `date >= begin AND date < end`).
 */
import type { Snapshot } from '../ledger/snapshot';
import { parseAccountFilter, type AccountFilter } from './account';
import { parseEntryFilter, type EntryNode } from './entry';
import { FilterError } from './errors';
import { filterQuery as filterQueryText } from './apply';
import { parseTimeFilter, type FiscalYearEnd, type TimeRange } from './time';

export { FilterError, type FilterName } from './errors';
export { parseTimeFilter, formatTimeRange, parseFiscalYearEnd, CALENDAR_YEAR_END, type TimeRange, type FiscalYearEnd } from './time';
export { parseAccountFilter, type AccountFilter } from './account';
export { parseEntryFilter, type EntryNode } from './entry';
export { filterQuery } from './apply';

/** The three filters as the URL and the API carry them (absent or blank: no filter). */
export interface FilterParams {
  time?: string | null;
  account?: string | null;
  filter?: string | null;
}

export interface Filter {
  /** null when no time filter is given. */
  time: TimeRange | null;
  account: AccountFilter | null;
  entry: EntryNode | null;
  /** The texts as given (trimmed), to echo back or to write into links. */
  params: { time: string | null; account: string | null; filter: string | null };
}

export interface FilterContext {
  /** Today in the ledger's timezone (todayIn(snapshot) from engine/query). */
  today: number;
  /** Fava's `fiscal-year-end`; default 12-31. */
  fiscalYearEnd?: FiscalYearEnd;
}

export const NO_FILTER: Filter = { time: null, account: null, entry: null, params: { time: null, account: null, filter: null } };

/** Reads the three filters; throws FilterError (naming the filter and the column) on a bad one. */
export function parseFilter(params: FilterParams, ctx: FilterContext): Filter {
  const clean = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  const time = clean(params.time);
  const account = clean(params.account);
  const filter = clean(params.filter);
  for (const [name, v] of [['time', params.time], ['account', params.account], ['filter', params.filter]] as const) {
    if (v != null && typeof v !== 'string') throw new FilterError(name, 'must be a string', null);
  }
  return {
    time: time === null ? null : parseTimeFilter(time, ctx),
    account: account === null ? null : parseAccountFilter(account),
    entry: filter === null ? null : parseEntryFilter(filter),
    params: { time, account, filter },
  };
}

export function isEmptyFilter(f: Filter): boolean {
  return (f.time === null || (f.time.begin === null && f.time.end === null)) && f.account === null && f.entry === null;
}

/** Convenience for callers holding a snapshot: parse, then rewrite (throws FilterError or QueryError). */
export function applyFilterParams(text: string, params: FilterParams, snapshot: Snapshot, ctx: FilterContext): string {
  const filter = parseFilter(params, ctx);
  return isEmptyFilter(filter) ? text : filterQueryText(text, filter, snapshot);
}
