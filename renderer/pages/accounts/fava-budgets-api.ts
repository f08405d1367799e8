/**
 * GET /api/budgets/fava for the account page: Fava's `custom "budget"` lines as budgeted, actual
 * and remaining per month (engine/ledger/budgets/fava.ts). Answers are checked for the fields the
 * section reads.
 */
import { FAVA_BUDGETS_PATH, type FavaBudgetReport } from '../../../engine/api-types';
import type { ApiResult } from '../../api/client';
import { errorMessage } from '../../api/validate';
import { defaultTransport, type Transport } from '../../api/transport';

let transport: Transport | null = null;

/** Tests swap the transport; the app never calls this. */
export function setFavaBudgetTransport(t: Transport | null): void {
  transport = t;
}

/** GET /api/budgets/fava with `params` (monthly); `accounts` also requires the list of budgeted accounts. */
export async function fetchFavaBudgets(params: Record<string, string>, accounts = false): Promise<ApiResult<FavaBudgetReport>> {
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
  if (!data || !Array.isArray(data.periods) || (accounts && !Array.isArray(data.accounts))) {
    const what = accounts ? 'periods or accounts is missing' : 'periods is missing';
    return { ok: false, problem: { kind: 'invalid', message: `unexpected answer from the server: ${what}` } };
  }
  return { ok: true, data };
}

export function favaBudgets(account: string, from: string, to: string): Promise<ApiResult<FavaBudgetReport>> {
  return fetchFavaBudgets({ account, from, to });
}
