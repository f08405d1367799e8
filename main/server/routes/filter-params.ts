/**
 * The filter parameters of the page endpoints (issue 16 §1): `time`, `account` and `filter` in the
 * query string, read into an engine Filter. A bad one is a 400 whose message names the filter and
 * the column (`time filter at column 6: ...`); the same texts in a POST body go through
 * `filterFromBody`.
 *
 *   routes.get('/api/thing', (c) => {
 *     const filter = readFilter(c.event, c.snapshot);
 *     return { data: callBuiltin(c.snapshot, 'thing.page', values, { filter }) };
 *   });
 */
import type { H3Event } from 'h3';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { todayIn } from '../../../engine/query/index';
import { FilterError, parseFilter, type Filter, type FilterParams, type FiscalYearEnd } from '../../../engine/filters/index';
import { favaOptions } from '../../../engine/ledger/fava-options';
import { ApiError } from '../http-errors';
import { queryValue } from './page-params';

export const FILTER_PARAMS = ['time', 'account', 'filter'] as const;

/** Fava's `fiscal-year-end` for this ledger (its `custom "fava-option"` lines; default 12-31). */
export function fiscalYearEndOf(snapshot: Snapshot): FiscalYearEnd {
  return favaOptions(snapshot).fiscalYearEnd;
}

/** Parses filter texts against the snapshot's today and fiscal year; FilterError -> ApiError 400. */
export function filterFor(snapshot: Snapshot, params: FilterParams, today?: number): Filter {
  try {
    return parseFilter(params, { today: today ?? todayIn(snapshot), fiscalYearEnd: fiscalYearEndOf(snapshot) });
  } catch (e) {
    if (e instanceof FilterError) throw new ApiError(400, e.message);
    throw e;
  }
}

/** The three query-string parameters (each at most once) as a Filter. */
export function readFilter(event: H3Event, snapshot: Snapshot): Filter {
  return filterFor(snapshot, readFilterParams(event));
}

export function readFilterParams(event: H3Event): FilterParams {
  return { time: queryValue(event, 'time'), account: queryValue(event, 'account'), filter: queryValue(event, 'filter') };
}

/**
 * The optional `time`, `account`, `filter` fields of a JSON body. A non-string is refused with
 * the field named (FilterError, so the query endpoints answer it with their 400 shape).
 */
export function filterParamsFromBody(body: Record<string, unknown>): FilterParams {
  const out: FilterParams = {};
  for (const name of FILTER_PARAMS) {
    const v = body[name];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw new FilterError(name, `'${name}' must be a string`, null);
    out[name] = v;
  }
  return out;
}
