/**
 * Fava's `custom "budget"` budgets for the Budgets page, from GET /api/budgets/fava: one request
 * without an account lists the budgeted accounts, then one per account gives its month (the
 * account and its children, as Fava counts a budget). Answers are checked for the fields read.
 */
import type { FavaBudgetPeriod, FavaBudgetReport } from '../../../engine/api-types';
import type { ApiResult } from '../../api/client';
import type { Transport } from '../../api/transport';
import { fetchFavaBudgets, setFavaBudgetTransport } from '../accounts/fava-budgets-api';

/** Tests swap the transport (the account page's client, which this page shares); the app never calls this. */
export function setFavaBudgetsPageTransport(t: Transport | null): void {
  setFavaBudgetTransport(t);
}

/** One row of the page: a budgeted account in one budget currency over the month. */
export interface FavaBudgetRow extends FavaBudgetPeriod {
  account: string;
}

function ask(params: Record<string, string>): Promise<ApiResult<FavaBudgetReport>> {
  return fetchFavaBudgets(params, true);
}

/** The month `from`..`to` (first and last day) of every budgeted account, in account order. */
export async function favaBudgetMonth(from: string, to: string): Promise<ApiResult<FavaBudgetRow[]>> {
  const list = await ask({ from, to });
  if (!list.ok) return list;
  const answers = await Promise.all(list.data.accounts.map((account) => ask({ account, from, to })));
  const rows: FavaBudgetRow[] = [];
  for (let i = 0; i < answers.length; i++) {
    const a = answers[i];
    if (!a.ok) return a;
    for (const p of a.data.periods) rows.push({ account: list.data.accounts[i], ...p });
  }
  return { ok: true, data: rows };
}
