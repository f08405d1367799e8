/**
 * The typed API client of the renderer: one `ApiClient` over either transport (HTTP or the
 * Electron bridge). Every method answers an `ApiResult` and never throws: a failed request, a
 * query error (with its line and column) or an answer of the wrong shape becomes a `Problem`
 * the page shows.
 */
import type { CommodityDisplay, LedgerStatus, QueryErrorBody, QueryResult, SavedQueryRecord, Schema } from '../../engine/api-types';
import { COMMODITY_DISPLAY_PATH } from '../../engine/api-types';
import { defaultTransport, type RawRequest, type RawResponse, type Transport } from './transport';
import * as V from './validate';

export type Problem =
  /** HTTP 400 of a query endpoint: the query does not parse, compile or run. */
  | { kind: 'query'; message: string; line: number | null; column: number | null }
  /** Any other failing status (401, 404, 500, 503 ...). */
  | { kind: 'http'; status: number; message: string }
  /** No answer at all (server stopped, bridge gone). */
  | { kind: 'network'; message: string }
  /** An answer that is not what the API promises. */
  | { kind: 'invalid'; message: string };

export type ApiResult<T> = { ok: true; data: T } | { ok: false; problem: Problem };

export interface ApiClient {
  readonly transport: Transport['kind'];
  query(query: string, options?: { countTotal?: boolean }): Promise<ApiResult<QueryResult>>;
  /** The CSV text of a query (POST /api/query/csv), not run first. */
  queryCsv(query: string): Promise<ApiResult<string>>;
  schema(): Promise<ApiResult<Schema>>;
  savedQueries(): Promise<ApiResult<SavedQueryRecord[]>>;
  status(): Promise<ApiResult<LedgerStatus>>;
  /** The ledger's operating currency, read from the summary of today (null if it has none). */
  operatingCurrency(today: string): Promise<ApiResult<string | null>>;
  /** Places, rounding, prefix and suffix per currency, for display text only. */
  commodityDisplays(): Promise<ApiResult<CommodityDisplay[]>>;
}

export function problemText(p: Problem): string {
  switch (p.kind) {
    case 'query':
      return p.line !== null && p.column !== null ? `line ${p.line}, column ${p.column}: ${p.message}` : p.message;
    case 'http':
      return `${p.message} (HTTP ${p.status})`;
    default:
      return p.message;
  }
}

export function createApiClient(transport: Transport = defaultTransport()): ApiClient {
  async function send(request: RawRequest): Promise<RawResponse | Problem> {
    try {
      return await transport.send(request);
    } catch (e) {
      return { kind: 'network', message: `the server did not answer: ${e instanceof Error ? e.message : String(e)}` };
    }
  }

  function parse(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  function failure(res: RawResponse, queryEndpoint: boolean): Problem {
    const body = parse(res.text);
    if (queryEndpoint && res.status === 400) {
      const q: QueryErrorBody | null = V.queryErrorBody(body);
      if (q !== null) return { kind: 'query', ...q };
    }
    const message = V.errorMessage(body) ?? (res.text.trim().slice(0, 200) || 'request failed');
    return { kind: 'http', status: res.status, message };
  }

  async function json<T>(request: RawRequest, read: (body: unknown) => T, queryEndpoint = false): Promise<ApiResult<T>> {
    const res = await send(request);
    if ('kind' in res) return { ok: false, problem: res };
    if (res.status < 200 || res.status > 299) return { ok: false, problem: failure(res, queryEndpoint) };
    const body = parse(res.text);
    if (body === undefined) return { ok: false, problem: { kind: 'invalid', message: `unexpected answer from the server: not JSON (${request.path})` } };
    try {
      return { ok: true, data: read(body) };
    } catch (e) {
      return { ok: false, problem: { kind: 'invalid', message: e instanceof Error ? e.message : String(e) } };
    }
  }

  return {
    transport: transport.kind,
    query(query, options) {
      const body = options?.countTotal ? { query, count_total: true } : { query };
      return json({ method: 'POST', path: '/api/query', body }, V.queryResult, true);
    },
    async queryCsv(query) {
      const res = await send({ method: 'POST', path: '/api/query/csv', body: { query } });
      if ('kind' in res) return { ok: false, problem: res };
      if (res.status !== 200) return { ok: false, problem: failure(res, true) };
      return { ok: true, data: res.text };
    },
    schema: () => json({ method: 'GET', path: '/api/query/schema' }, V.schema),
    savedQueries: () => json({ method: 'GET', path: '/api/query/saved' }, V.savedQueries),
    status: () => json({ method: 'GET', path: '/api/status' }, V.ledgerStatus),
    operatingCurrency: (today) =>
      json({ method: 'GET', path: `/api/statistic/summary?from=${today}&to=${today}` }, (b) => V.summaryCurrency(b) || null),
    commodityDisplays: () => json({ method: 'GET', path: COMMODITY_DISPLAY_PATH }, V.commodityDisplays),
  };
}
