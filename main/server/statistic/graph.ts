/**
 * GET /api/statistic/graph: net worth per day, week or month (spec 1, statistic rules 1-4).
 *
 * report.net_worth_trend gives one row per bucket with postings (the opening balance of the day
 * before `from` is such a row, possibly in a bucket before the first point). Every other point
 * carries the last balance before it, lots kept, valued at its own last day in the range. The
 * per-type changes of each bucket come from the change-per-type query.
 *
 * Work and memory grow with the number of points and of buckets with postings in the range; the
 * history before `from` is one opening balance per lot.
 */
import { formatDate, type DayNum } from '../../../engine/dates';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { Inventory } from '../../../engine/query/inventory';
import { DEFAULT_TIME_LIMIT_MS, defaultMaxResultValues, tooLargeError } from '../../../engine/query/execute/limits';
import type { AccountType, GraphInterval, GraphPoint, StatisticGraph, ValuedTotal } from '../../../engine/api-types';
import { ApiError } from '../http-errors';
import { columnIndex, requestRunner } from '../routes/builtin-call';
import type { Filter } from '../../../engine/filters/index';

import type { DayRange } from '../routes/page-params';
import { INTERVAL_TEXT, MAX_GRAPH_POINTS, binCount, binStarts, valuationDay } from './buckets';
import { operatingCurrency } from './currency';
import { convertBalance, valuedTotal } from './valued';

export interface GraphLimits {
  timeLimitMs?: number;
  maxResultValues?: number;
}

const INTERVALS: readonly GraphInterval[] = ['day', 'week', 'month'];

/** `interval` query parameter; default month (spec silent: the coarsest bins are the cheapest). */
export function parseInterval(text: string | null): GraphInterval {
  if (text === null || text.trim() === '') return 'month';
  const t = text.trim().toLowerCase() as GraphInterval;
  if (!INTERVALS.includes(t)) throw new ApiError(400, `interval must be day, week or month (got '${text.slice(0, 40)}')`);
  return t;
}

type Changes = Array<{ type: AccountType } & ValuedTotal>;

export function buildGraph(
  snapshot: Snapshot,
  range: DayRange,
  interval: GraphInterval,
  limits: GraphLimits = {},
  filter?: Filter,
): StatisticGraph {
  const { from, to } = range;
  const count = binCount(interval, from, to);
  if (count > MAX_GRAPH_POINTS) {
    throw new ApiError(
      400,
      `the graph would have ${count} points, more than the limit of ${MAX_GRAPH_POINTS}` +
        (interval === 'month' ? '; ask for a shorter range' : '; ask for weeks or months, or a shorter range'),
    );
  }
  const maxValues = limits.maxResultValues ?? defaultMaxResultValues();
  const run = requestRunner(snapshot, limits.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS, filter);

  const currency = operatingCurrency(snapshot);
  const params = { from, to, interval: INTERVAL_TEXT[interval], currency };
  const trend = run.call('report.net_worth_trend', params, { maxResultValues: maxValues });
  const changesResult = run.call('report.changes', params, { maxResultValues: maxValues });

  const changes = new Map<DayNum, Changes>();
  {
    const i = columnIndex(changesResult);
    for (const row of changesResult.rows) {
      const bucket = row[i.bucket] as DayNum;
      let list = changes.get(bucket);
      if (!list) changes.set(bucket, (list = []));
      const t = valuedTotal(currency, row[i.units] as Inventory | null, row[i.value] as Inventory | null);
      list.push({ type: row[i.type] as AccountType, ...t });
    }
  }

  const ti = columnIndex(trend);
  const rows = trend.rows;
  const starts = binStarts(interval, from, to);
  const points: GraphPoint[] = new Array(starts.length);
  let r = 0;
  let previous = new Inventory();

  let values = 0;
  for (let k = 0; k < starts.length; k++) {
    if ((k & 1023) === 1023) run.remaining();
    const start = starts[k];
    // Rows before this point only carry their balance forward: the opening balance (day before
    // `from`) lies in a bucket before the first point when `from` starts a bin.
    while (r < rows.length && (rows[r][ti.bucket] as DayNum) < start) previous = (rows[r++][ti.balance] as Inventory | null) ?? new Inventory();
    let total: ValuedTotal;
    if (r < rows.length && (rows[r][ti.bucket] as DayNum) === start) {
      const row = rows[r++];
      previous = (row[ti.balance] as Inventory | null) ?? new Inventory();
      total = valuedTotal(currency, row[ti.units] as Inventory | null, row[ti.value] as Inventory | null);
    } else {
      const value = convertBalance(snapshot.priceMap, previous, currency, valuationDay(interval, start, to));
      total = valuedTotal(currency, previous, value);
    }
    const pointChanges = changes.get(start) ?? [];
    // Spec "Limits": the points, with one value per currency, count against the result size.
    values += 2 + total.units.length + total.unconverted.length;
    for (const c of pointChanges) values += 2 + c.units.length + c.unconverted.length;
    if (values > maxValues) throw tooLargeError(maxValues, 'the graph points');
    points[k] = { date: formatDate(start), ...total, changes: pointChanges };
  }

  return { from: formatDate(from), to: formatDate(to), interval, currency, points };
}
