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

export async function favaBudgets(account: string, from: string, to: string): Promise<ApiResult<FavaBudgetReport>> {
  const q = new URLSearchParams({ account, from, to, interval: 'month' });
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
  if (!data || !Array.isArray(data.periods)) return { ok: false, problem: { kind: 'invalid', message: 'unexpected answer from the server: periods is missing' } };
  return { ok: true, data };
}
