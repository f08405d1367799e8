/**
 * The statement and holdings endpoints (GET /api/statements/*, GET /api/holdings) for the pages,
 * with the page filter (`time`, `account`, `filter` from the URL) passed through as query-string
 * values, never pasted into query text. Answers are checked for the fields the pages read.
 */
import type { Holdings, Statement, StatementKind } from '../../../engine/api-types';
import type { ApiResult } from '../../api/client';
import { errorMessage } from '../../api/validate';
import { defaultTransport, type Transport } from '../../api/transport';

let transport: Transport | null = null;

/** Tests swap the transport; the app never calls this. */
export function setStatementsTransport(t: Transport | null): void {
  transport = t;
}

export type QueryValues = Record<string, string | null | undefined>;

export function queryString(values: QueryValues): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== '') p.set(k, v);
  const s = p.toString();
  return s === '' ? '' : `?${s}`;
}

async function getData<T>(path: string, keys: string[]): Promise<ApiResult<T>> {
  let res;
  try {
    res = await (transport ??= defaultTransport()).send({ method: 'GET', path });
  } catch (e) {
    return { ok: false, problem: { kind: 'network', message: `the server did not answer: ${e instanceof Error ? e.message : String(e)}` } };
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    body = undefined;
  }
  if (res.status < 200 || res.status > 299) {
    return { ok: false, problem: { kind: 'http', status: res.status, message: errorMessage(body) ?? 'request failed' } };
  }
  const data = (body as { data?: Record<string, unknown> } | undefined)?.data;
  const missing = keys.find((k) => !data || !(k in data));
  if (missing !== undefined) return { ok: false, problem: { kind: 'invalid', message: `unexpected answer from the server: ${missing} is missing` } };
  return { ok: true, data: data as T };
}

export function statement(kind: StatementKind, values: QueryValues): Promise<ApiResult<Statement>> {
  return getData(`/api/statements/${kind}${queryString(values)}`, ['columns', 'tree', 'total']);
}

export function holdings(values: QueryValues): Promise<ApiResult<Holdings>> {
  return getData(`/api/holdings${queryString(values)}`, ['rows', 'totals', 'queries']);
}
