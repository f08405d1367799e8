/**
 * GET /api/budgets/fava?account&from&to&interval: Fava's `custom "budget"` lines as budgeted,
 * actual and remaining per period for an account and its children (engine/ledger/budgets/fava.ts).
 * Without `account`, no periods: only `accounts`, the budgeted accounts (the budgets page asks
 * for those, then for each).
 * `from` and `to` are ledger days, both included (as the statistic endpoints); `interval` is
 * day|week|month|quarter|year (default month), weeks start on Monday as in Fava.
 */
import * as nodePath from 'node:path';
import { FAVA_BUDGETS_PATH, type FavaBudgetReport } from '../../../engine/api-types';
import { formatDate } from '../../../engine/dates';
import { favaBudgetReport, nextPeriodStart, readFavaBudgets, type FavaInterval } from '../../../engine/ledger/budgets/fava';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import type { RouteModule } from '../app';
import { ApiError } from '../http-errors';
import { queryValue, readRange } from './page-params';

const INTERVALS: readonly FavaInterval[] = ['day', 'week', 'month', 'quarter', 'year'];
/** As the graph endpoint: more periods than this is a 400, not a slow answer. */
const MAX_PERIODS = 50_000;

const ACCOUNT_RE = /^[A-Z][^\s:]*(:[^\s:]+)*$/u;

const cache = new WeakMap<Snapshot, ReturnType<typeof readFavaBudgets>>();
function budgetsOf(snapshot: Snapshot) {
  let b = cache.get(snapshot);
  if (!b) cache.set(snapshot, (b = readFavaBudgets(snapshot.customs)));
  return b;
}

export const favaBudgetRoutes: RouteModule = (routes) => {
  routes.get(FAVA_BUDGETS_PATH, (c) => {
    const snapshot = c.snapshot;
    const account = (queryValue(c.event, 'account') ?? '').trim();
    if (account !== '' && !ACCOUNT_RE.test(account)) throw new ApiError(400, 'account must be an account name such as Expenses:Food');
    const written = (queryValue(c.event, 'interval') ?? '').trim() || 'month';
    const interval = INTERVALS.find((i) => i === written);
    if (!interval) throw new ApiError(400, `interval must be one of ${INTERVALS.join(', ')} (got '${written.slice(0, 40)}')`);
    const range = readRange(c.event, snapshot);
    let count = 0;
    for (let d = range.from; d <= range.to && count <= MAX_PERIODS; d = nextPeriodStart(interval, d)) count++;
    if (count > MAX_PERIODS) throw new ApiError(400, `too many periods (over ${MAX_PERIODS}): choose a longer interval or a shorter range`);
    const { budgets, invalid } = budgetsOf(snapshot);
    const rows = account === '' ? [] : favaBudgetReport(budgets, snapshot.postings, account, range.from, range.to, interval);
    const data: FavaBudgetReport = {
      account: account === '' ? null : account,
      accounts: [...new Set(budgets.map((b) => b.account))].sort(),
      interval,
      periods: rows.map((r) => ({
        start: formatDate(r.start),
        end: formatDate(r.end),
        currency: r.currency,
        budgeted: r.budgeted.toString(),
        actual: r.actual.toString(),
        remaining: r.remaining.toString(),
      })),
      invalid: invalid.map((l) => ({ file: nodePath.relative(snapshot.root, l.src.file), line: l.src.line, message: l.message })),
    };
    return { data };
  });
};
