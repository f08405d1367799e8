/**
 * What the report pages ask the API, on top of the shell's client (renderer/api): the page
 * endpoints (statistic, journals, account journal, documents, errors), the text of a built-in
 * query with its parameters written in (POST /api/query/builtins/{name}/text), and running a
 * built-in through POST /api/query (spec 1 item 3: every figure comes from a named built-in).
 *
 * User input (a search keyword, an account from the URL) only ever travels as a built-in
 * parameter or a query-string value; it is never pasted into query text here.
 *
 * Answers are checked at the boundary like the shell's client does: the envelope and the fields
 * a page reads, so a wrong answer becomes a Problem instead of a crash in a template.
 */
import type {
  AccountJournalRow, BuiltinParamValue, DocumentItem, GraphInterval, JournalItem, LedgerErrorItem, Page, QueryResult,
  StatisticAccountType, StatisticGraph, StatisticSummary, AccountType, Cell,
} from '../../../engine/api-types';
import { DOCUMENT_FILE_PATH, PLUGINS_PATH, type PluginInfo } from '../../../engine/api-types';
import type { ApiResult, Problem } from '../../api/client';
import { api } from '../../api/instance';
import { defaultTransport, type RawRequest, type Transport } from '../../api/transport';
import { errorMessage } from '../../api/validate';
import { filterFields } from '../../filter/page-filter';

export type Params = Record<string, BuiltinParamValue>;

let transport: Transport | null = null;
function tx(): Transport {
  if (transport === null) transport = defaultTransport();
  return transport;
}

/** Tests swap the transport; the app never calls this. */
export function setPageTransport(t: Transport | null): void {
  transport = t;
}

type Obj = Record<string, unknown>;

function invalid(path: string, what: string): Problem {
  return { kind: 'invalid', message: `unexpected answer from the server: ${path} ${what}` };
}

/** `{data: ...}` whose data passes `check` (which names the first missing field, or null). */
async function send<T>(request: RawRequest, check: (d: unknown) => string | null): Promise<ApiResult<T>> {
  let res;
  try {
    res = await tx().send(request);
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
    const message = errorMessage(body) ?? (res.text.trim().slice(0, 200) || 'request failed');
    return { ok: false, problem: { kind: 'http', status: res.status, message } };
  }
  if (typeof body !== 'object' || body === null || !('data' in body)) return { ok: false, problem: invalid(request.path, 'has no data') };
  const data = (body as Obj).data;
  const bad = check(data);
  if (bad !== null) return { ok: false, problem: invalid('data', bad) };
  return { ok: true, data: data as T };
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks that `v` is an object with each of `keys`; returns what is wrong or null. */
function hasKeys(v: unknown, keys: string[], path = ''): string | null {
  if (!isObj(v)) return `${path || 'data'} is not an object`;
  for (const k of keys) if (!(k in v)) return `${path}${path ? '.' : ''}${k} is missing`;
  return null;
}

function pageCheck(recordKeys: string[]) {
  return (d: unknown): string | null => {
    const bad = hasKeys(d, ['page', 'size', 'total_count', 'total_pages', 'records']);
    if (bad !== null) return bad;
    const records = (d as Obj).records;
    if (!Array.isArray(records)) return 'records is not a list';
    for (let i = 0; i < records.length; i++) {
      const b = hasKeys(records[i], recordKeys, `records[${i}]`);
      if (b !== null) return b;
    }
    return null;
  };
}

/** Query string of a page request; the page filter (time, account, filter) rides along on every one. */
function qs(values: Record<string, string | number | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filterFields())) p.set(k, v);
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s === '' ? '' : `?${s}`;
}

// ---------------------------------------------------------------------------------------------
// Built-in queries

/** The built-in's text with every parameter written in as a value. */
export function builtinText(name: string, params: Params): Promise<ApiResult<string>> {
  return send<{ query: string }>(
    // With the page filter written in: the text is what the page runs and what Open query opens.
    { method: 'POST', path: `/api/query/builtins/${encodeURIComponent(name)}/text`, body: { params, ...filterFields() } },
    (d) => (isObj(d) && typeof d.query === 'string' ? null : 'query is not a string'),
  ).then((r) => (r.ok ? { ok: true, data: r.data.query } : r));
}

/** Runs a built-in: its text from the server, then POST /api/query. */
export async function runBuiltin(name: string, params: Params): Promise<ApiResult<QueryResult>> {
  const text = await builtinText(name, params);
  if (!text.ok) return text;
  return api().query(text.data);
}

/** Rows of a result as objects keyed by column name (pages read columns by name, not position). */
export function rowObjects(result: QueryResult): Array<Record<string, Cell>> {
  const names = result.columns.map((c) => c.name);
  return result.rows.map((row) => {
    const o: Record<string, Cell> = {};
    for (let i = 0; i < names.length; i++) o[names[i]] = row[i];
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// Page endpoints

const VALUED = ['number', 'currency', 'units', 'unconverted'];

export function summary(from: string, to: string): Promise<ApiResult<StatisticSummary>> {
  return send({ method: 'GET', path: `/api/statistic/summary${qs({ from, to })}` }, (d) => {
    const bad = hasKeys(d, ['currency', 'net_worth', 'liabilities', 'income', 'expenses', 'transaction_count']);
    if (bad !== null) return bad;
    for (const k of ['net_worth', 'liabilities', 'income', 'expenses']) {
      const b = hasKeys((d as Obj)[k], VALUED, k);
      if (b !== null) return b;
    }
    return null;
  });
}

export function graph(from: string, to: string, interval: GraphInterval): Promise<ApiResult<StatisticGraph>> {
  return send({ method: 'GET', path: `/api/statistic/graph${qs({ from, to, interval })}` }, (d) => {
    const bad = hasKeys(d, ['currency', 'interval', 'points']);
    if (bad !== null) return bad;
    const points = (d as Obj).points;
    if (!Array.isArray(points)) return 'points is not a list';
    for (let i = 0; i < points.length; i++) {
      const b = hasKeys(points[i], ['date', 'changes', ...VALUED], `points[${i}]`);
      if (b !== null) return b;
    }
    return null;
  });
}

export function accountType(type: AccountType, from: string, to: string): Promise<ApiResult<StatisticAccountType>> {
  return send({ method: 'GET', path: `/api/statistic/${type}${qs({ from, to })}` }, (d) => {
    const bad = hasKeys(d, ['currency', 'total', 'breakdown', 'top']);
    if (bad !== null) return bad;
    const o = d as Obj;
    if (!Array.isArray(o.breakdown) || !Array.isArray(o.top)) return 'breakdown or top is not a list';
    return null;
  });
}

export interface JournalFilter {
  keyword: string | null;
  tags: string | null;
  links: string | null;
  /** Comma-separated entry kinds (issue 17 §2); null = the spec's default journal. */
  types?: string | null;
}

export function journals(page: number, size: number, f: JournalFilter): Promise<ApiResult<Page<JournalItem>>> {
  return send(
    { method: 'GET', path: `/api/journals${qs({ page, size, keyword: f.keyword, tags: f.tags, links: f.links, types: f.types })}` },
    pageCheck(['type', 'id', 'seq', 'date', 'time', 'metas']),
  );
}

export function accountJournal(account: string, page: number): Promise<ApiResult<Page<AccountJournalRow>>> {
  return send(
    { method: 'GET', path: `/api/accounts/${encodeURIComponent(account)}/journals${qs({ page })}` },
    pageCheck(['type', 'date', 'time', 'trx_id', 'account', 'seq', 'balance']),
  );
}

export function documents(): Promise<ApiResult<DocumentItem[]>> {
  return send({ method: 'GET', path: `/api/documents${qs({})}` }, (d) => {
    if (!Array.isArray(d)) return 'is not a list';
    for (let i = 0; i < d.length; i++) {
      const b = hasKeys(d[i], ['date', 'path', 'account', 'transaction_id'], `[${i}]`);
      if (b !== null) return b;
    }
    return null;
  });
}

export function errors(page: number, size: number): Promise<ApiResult<Page<LedgerErrorItem>>> {
  return send({ method: 'GET', path: `/api/errors${qs({ page, size })}` }, pageCheck(['id', 'error_type', 'message', 'file', 'line_start', 'source']));
}

/** The plugins the app runs (GET /api/plugins): the errors page lists them beside an UnsupportedPlugin error. */
export function plugins(): Promise<ApiResult<PluginInfo[]>> {
  return send({ method: 'GET', path: PLUGINS_PATH }, (d) => {
    if (!Array.isArray(d)) return 'is not a list';
    for (let i = 0; i < d.length; i++) {
      const b = hasKeys(d[i], ['module', 'aliases', 'config', 'description'], `[${i}]`);
      if (b !== null) return b;
    }
    return null;
  });
}

/** URL of a document's download (HTTP mode; the desktop app saves through the bridge instead). */
export function documentUrl(path: string): string {
  return `${DOCUMENT_FILE_PATH}${qs({ path })}`;
}

// ---------------------------------------------------------------------------------------------
// The operating currency, once per ledger generation

let currency: { generation: number; value: Promise<ApiResult<string | null>> } | null = null;

/**
 * The ledger's operating currency (the summary endpoint reports it), fetched once per loaded
 * snapshot. Pages that value balances need it as a built-in parameter.
 */
export function operatingCurrency(generation: number, today: string): Promise<ApiResult<string | null>> {
  if (currency === null || currency.generation !== generation) {
    currency = { generation, value: api().operatingCurrency(today) };
  }
  return currency.value;
}

/**
 * The currency pages value balances in: the operating currency; when the summary names none,
 * USD, as the statistic endpoints do for a ledger without postings (main/server/statistic/currency.ts).
 */
export async function valuationCurrency(generation: number, today: string): Promise<ApiResult<string>> {
  const r = await operatingCurrency(generation, today);
  return r.ok ? { ok: true, data: r.data ?? 'USD' } : r;
}
