/**
 * Fava's `custom "budget"` budgets for the Budgets page, from GET /api/budgets/fava: one request
 * without an account lists the budgeted accounts, then one per account gives its month (the
 * account and its children, as Fava counts a budget). Answers are checked for the fields read.
 */
import { FAVA_BUDGETS_PATH, type FavaBudgetPeriod, type FavaBudgetReport } from '../../../engine/api-types';
import type { ApiResult } from '../../api/client';
import { errorMessage } from '../../api/validate';
import { defaultTransport, type Transport } from '../../api/transport';

let transport: Transport | null = null;

/** Tests swap the transport; the app never calls this. */
export function setFavaBudgetsPageTransport(t: Transport | null): void {
  transport = t;
}

/** One row of the page: a budgeted account in one budget currency over the month. */
export interface FavaBudgetRow extends FavaBudgetPeriod {
  account: string;
}

async function ask(params: Record<string, string>): Promise<ApiResult<FavaBudgetReport>> {
  const q = new URLSearchParams({ ...params, interval: 'month' });
  let res;
  try {
    res = await (transport ??= defaultTransport()).send({ method: 'GET', path: `${FAVA_BUDGETS_PATH}?${q}` });
  } catch (e) {
    return { ok: false, problem: { kind: 'network', message: `the server did not answer: ${e instanceof Error ? e.message : String(e)}` } };
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    body = undefined;
  }
  if (res.status < 200 || res.status > 299) return { ok: false, problem: { kind: 'http', status: res.status, message: errorMessage(body) ?? 'request failed' } };
  const data = (body as { data?: FavaBudgetReport } | undefined)?.data;
  if (!data || !Array.isArray(data.periods) || !Array.isArray(data.accounts))
    return { ok: false, problem: { kind: 'invalid', message: 'unexpected answer from the server: periods or accounts is missing' } };
  return { ok: true, data };
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
