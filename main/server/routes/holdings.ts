/**
 * GET /api/holdings?time&account&filter (or from&to)&group=account|currency|cost_currency&stale_days=N&commodity=CUR
 * (issue 16 §3): holdings at the end of the filtered time, valued on its last day
 * (engine/reports/holdings.ts). Values and weights are in the first operating currency; totals in each.
 */
import type { H3Event } from 'h3';
import type { HoldingsBody, HoldingsGroup } from '../../../engine/api-types';
import { buildHoldings, DEFAULT_STALE_DAYS } from '../../../engine/reports/holdings';
import type { RouteModule } from '../app';
import { ApiError } from '../http-errors';
import { operatingCurrency } from '../statistic/currency';
import { queryValue } from './page-params';
import { limitedRun, readReportRange } from './statements';

export const HOLDINGS_PATH = '/api/holdings';

const GROUPS: readonly HoldingsGroup[] = ['account', 'currency', 'cost_currency'];

function readGroup(event: H3Event): HoldingsGroup {
  const v = queryValue(event, 'group');
  if (v === null || v === '') return 'account';
  if (!(GROUPS as readonly string[]).includes(v)) throw new ApiError(400, `group must be one of ${GROUPS.join(', ')} (got '${v.slice(0, 40)}')`);
  return v as HoldingsGroup;
}

function readStaleDays(event: H3Event): number {
  const v = queryValue(event, 'stale_days');
  if (v === null || v === '') return DEFAULT_STALE_DAYS;
  if (!/^\d{1,5}$/.test(v)) throw new ApiError(400, `stale_days must be a whole number of days from 0 to 99999 (got '${v.slice(0, 40)}')`);
  return Number(v);
}

/** `commodity=CUR`: only that commodity's rows (the commodity page's section and its Open query). */
function readCommodity(event: H3Event): string | null {
  const v = queryValue(event, 'commodity');
  if (v === null || v === '') return null;
  if (!/^[A-Z]([A-Z0-9'._-]{0,22}[A-Z0-9])?$/.test(v)) throw new ApiError(400, `commodity must be a currency name (got '${v.slice(0, 40)}')`);
  return v;
}

export const holdingsRoutes: RouteModule = (routes) => {
  routes.get(HOLDINGS_PATH, (c) => {
    const snapshot = c.snapshot;
    const range = readReportRange(c.event, snapshot);
    const declared = snapshot.options.operatingCurrencies;
    const currencies = declared.length ? [...declared] : [operatingCurrency(snapshot)];
    const data = buildHoldings(
      snapshot,
      { end: range.end, group: readGroup(c.event), currencies, staleDays: readStaleDays(c.event), filter: range.filter, commodity: readCommodity(c.event) },
      limitedRun(snapshot),
    );
    const body: HoldingsBody = { data };
    return body;
  });
};
