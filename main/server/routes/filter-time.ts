/**
 * GET /api/filter/time?time=EXPR[&today=YYYY-MM-DD]: the range a time filter stands for,
 * `{"data": {"begin", "end"}}` (end exclusive; null for an open side), or a 400 naming the bad part.
 * `today` pins the relative forms (`month-1`) for scripts and tests; default the ledger's today.
 */
import { parseDate } from '../../../engine/dates';
import { formatTimeRange, parseTimeFilter, FilterError } from '../../../engine/filters/index';
import type { FilterTimeBody } from '../../../engine/api-types';
import type { RouteModule } from '../app';
import { ApiError } from '../http-errors';
import { queryValue } from './page-params';
import { fiscalYearEndOf } from './filter-params';
import { todayIn } from '../../../engine/query/index';

export const FILTER_TIME_PATH = '/api/filter/time';

export const filterTimeRoutes: RouteModule = (routes) => {
  routes.get(FILTER_TIME_PATH, (c) => {
    const time = queryValue(c.event, 'time') ?? '';
    const todayText = queryValue(c.event, 'today');
    let today: number;
    if (todayText !== null) {
      const d = parseDate(todayText.trim());
      if (d === null) throw new ApiError(400, `today must be a date YYYY-MM-DD (got '${todayText.slice(0, 40)}')`);
      today = d;
    } else {
      today = todayIn(c.snapshot);
    }
    try {
      const range = parseTimeFilter(time, { today, fiscalYearEnd: fiscalYearEndOf(c.snapshot) });
      const body: FilterTimeBody = { data: formatTimeRange(range) };
      return body;
    } catch (e) {
      if (e instanceof FilterError) throw new ApiError(400, e.message);
      throw e;
    }
  });
};
