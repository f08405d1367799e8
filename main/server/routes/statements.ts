/**
 * Financial statements (issue 16 §2):
 *   GET /api/statements/balance-sheet | income-statement | trial-balance
 *     ?time&account&filter (the page filter) or from&to (days, both included)
 *     &interval=year|quarter|month|week &conversion=units|at_cost|at_value|<CURRENCY> &invert=0|1
 *     &prices=end|latest (values at each column's last day, default, or at the latest price)
 * Interval columns come from one scan (engine/reports/columns.ts), with or without an account or
 * entry filter; each column's text is still its own run of the statement's built-in with the
 * filter written in (engine/reports/statements.ts), so "Open query" reproduces it.
 */
import type { H3Event } from 'h3';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { favaOptions } from '../../../engine/ledger/fava-options';
import { operatingCurrency } from '../statistic/currency';
import type { StatementBody, StatementKind } from '../../../engine/api-types';
import { runQuery, todayIn } from '../../../engine/query/index';
import { INTERVALS, MAX_COLUMNS, type Interval } from '../../../engine/reports/intervals';
import { buildStatement, type PriceChoice } from '../../../engine/reports/statements';
import type { Filter } from '../../../engine/filters/index';
import type { DayNum } from '../../../engine/dates';
import type { RouteModule } from '../app';
import { ApiError } from '../http-errors';
import { parseDayOrInstant, queryValue } from './page-params';
import { readFilter } from './filter-params';
import { requestRunner } from './builtin-call';
import type { QueryResult } from '../../../engine/query/index';

export const STATEMENT_PATHS: Record<StatementKind, string> = {
  'balance-sheet': '/api/statements/balance-sheet',
  'income-statement': '/api/statements/income-statement',
  'trial-balance': '/api/statements/trial-balance',
};

export interface ReportRange {
  begin: DayNum;
  end: DayNum;
  filter: Filter;
}

/**
 * The time of a report: the time filter's range, else `from`/`to` (days, both included). An open
 * side is the ledger's first entry, and the later of today and its last entry (so with no time
 * at all the whole ledger counts and values are today's, as in Fava).
 */
export function readReportRange(event: H3Event, snapshot: Snapshot): ReportRange {
  const filter = readFilter(event, snapshot);
  const day = (name: string): DayNum | null => {
    const t = queryValue(event, name);
    if (t === null || t.trim() === '') return null;
    const d = parseDayOrInstant(t.trim(), snapshot.options.timezone);
    if (d === null) throw new ApiError(400, `${name} must be a date YYYY-MM-DD or an ISO 8601 instant (got '${t.slice(0, 40)}')`);
    return d;
  };
  const from = day('from');
  const to = day('to');
  // Entries are in processing order, dated first: the first and last are the earliest and latest
  // (two passes over 200k entries were 20 ms of every statement of the xlarge bench ledger).
  const entries = snapshot.entries;
  const first = entries.length ? entries[0].date : todayIn(snapshot);
  const last = entries.length ? entries[entries.length - 1].date : todayIn(snapshot);
  const begin = filter.time?.begin ?? from ?? first;
  const end = filter.time?.end ?? (to !== null ? to + 1 : Math.max(todayIn(snapshot), last) + 1);
  if (end <= begin) throw new ApiError(400, 'the time range is empty: its end is not after its beginning');
  return { begin, end, filter };
}

/** A runner whose queries share one request time limit (as the other page endpoints). */
export function limitedRun(snapshot: Snapshot): (text: string) => QueryResult {
  const runner = requestRunner(snapshot);
  return (text) => runQuery(snapshot, text, { timeLimitMs: runner.remaining() });
}

function readInterval(event: H3Event): Interval | null {
  const v = queryValue(event, 'interval');
  if (v === null || v === '') return null;
  if (!(INTERVALS as readonly string[]).includes(v)) throw new ApiError(400, `interval must be one of ${INTERVALS.join(', ')} (got '${v.slice(0, 40)}')`);
  return v as Interval;
}

/** units | at_cost | at_value | a currency name as Beancount writes one (Fava's conversion switch); default at_cost as Fava. */
export function readConversion(event: H3Event): string {
  const v = queryValue(event, 'conversion');
  if (v === null || v === '') return 'at_cost';
  if (v === 'units' || v === 'at_cost' || v === 'at_value' || /^[A-Z]([A-Z0-9'._-]{0,22}[A-Z0-9])?$/.test(v)) return v;
  throw new ApiError(400, `conversion must be units, at_cost, at_value or a currency (got '${v.slice(0, 40)}')`);
}

/** `invert=1|true|0|false`; absent: the ledger's fava-option `invert-income-liabilities-equity` (default false). */
function readInvert(event: H3Event, snapshot: Snapshot): boolean {
  const v = queryValue(event, 'invert');
  if (v === null || v === '') return favaOptions(snapshot).invertIncomeLiabilitiesEquity;
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new ApiError(400, `invert must be 1, true, 0 or false (got '${v.slice(0, 40)}')`);
}

function readPrices(event: H3Event): PriceChoice {
  const v = queryValue(event, 'prices');
  if (v === null || v === '' || v === 'end') return 'end';
  if (v === 'latest') return 'latest';
  throw new ApiError(400, `prices must be end or latest (got '${v.slice(0, 40)}')`);
}

/** Operating currencies (or the inferred one), then Fava's conversion-currencies, each once. */
function conversionCurrencies(snapshot: Snapshot): string[] {
  const declared = snapshot.options.operatingCurrencies;
  const list = [...(declared.length ? declared : [operatingCurrency(snapshot)]), ...favaOptions(snapshot).conversionCurrencies];
  return [...new Set(list)];
}

export const statementRoutes: RouteModule = (routes) => {
  for (const [kind, path] of Object.entries(STATEMENT_PATHS) as [StatementKind, string][]) {
    routes.get(path, (c) => {
      const snapshot = c.snapshot;
      const range = readReportRange(c.event, snapshot);
      const req = {
        kind,
        begin: range.begin,
        end: range.end,
        interval: readInterval(c.event),
        conversion: readConversion(c.event),
        invert: readInvert(c.event, snapshot),
        prices: readPrices(c.event),
        currencies: conversionCurrencies(snapshot),
        filter: range.filter,
      };
      const statement = buildStatement(snapshot, req, limitedRun(snapshot));
      if (statement === null) {
        throw new ApiError(400, `the ${req.interval} interval cuts this time into more than ${MAX_COLUMNS} columns; choose a longer interval or a shorter time`);
      }
      const body: StatementBody = { data: statement };
      return body;
    });
  }
};
