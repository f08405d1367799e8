/**
 * Dashboard and report endpoints (spec 1, "Dashboard and report endpoints (statistic)"):
 *   GET /api/statistic/summary?from&to
 *   GET /api/statistic/graph?from&to&interval=day|week|month
 *   GET /api/statistic/{account_type}?from&to
 * Each also takes the page filter's `time`, `account` and `filter` parameters (issue 16 §1).
 * The range is two ledger days, both included; an instant stands for its day in the ledger's
 * timezone. The figures are computed in main/server/statistic from built-in queries.
 */
import type { RouteModule } from '../app';
import { buildSummary } from '../statistic/summary';
import { buildGraph, parseInterval } from '../statistic/graph';
import { buildAccountType, parseAccountType } from '../statistic/account-type';
import { pathParam, queryValue, readRange } from './page-params';
import { readFilter } from './filter-params';

export const statisticRoutes: RouteModule = (routes) => {
  routes.get('/api/statistic/summary', (c) => {
    const snapshot = c.snapshot;
    return { data: buildSummary(snapshot, readRange(c.event, snapshot), readFilter(c.event, snapshot)) };
  });

  routes.get('/api/statistic/graph', (c) => {
    const snapshot = c.snapshot;
    const interval = parseInterval(queryValue(c.event, 'interval'));
    return { data: buildGraph(snapshot, readRange(c.event, snapshot), interval, {}, readFilter(c.event, snapshot)) };
  });

  routes.get('/api/statistic/:account_type', (c) => {
    const type = parseAccountType(pathParam(c.event, 'account_type'));
    const snapshot = c.snapshot;
    return { data: buildAccountType(snapshot, type, readRange(c.event, snapshot), readFilter(c.event, snapshot)) };
  });
};
