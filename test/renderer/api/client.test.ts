import { describe, expect, it } from 'vitest';
import { createApiClient, problemText } from '../../../renderer/api/client';
import { HttpTransport, IpcTransport, type RawRequest, type RawResponse, type Transport } from '../../../renderer/api/transport';
import type { LedgerBridge } from '../../../preload/bridge-types';

class FakeTransport implements Transport {
  readonly kind = 'http' as const;
  requests: RawRequest[] = [];
  constructor(private readonly answer: (r: RawRequest) => RawResponse | Error) {}
  async send(r: RawRequest): Promise<RawResponse> {
    this.requests.push(r);
    const a = this.answer(r);
    if (a instanceof Error) throw a;
    return a;
  }
}
const json = (status: number, body: unknown): RawResponse => ({ status, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) });

const goodResult = {
  data: {
    columns: [{ name: 'account', type: 'str' }, { name: 'sum(position)', type: 'inventory' }],
    rows: [['Assets:Cash', { positions: [{ units: { number: '10.50', currency: 'USD' }, cost: null }] }], [null, null]],
  },
};

describe('ApiClient.query', () => {
  it('posts the text and returns a checked result', async () => {
    const t = new FakeTransport(() => json(200, goodResult));
    const r = await createApiClient(t).query('SELECT 1', { countTotal: true });
    expect(t.requests[0]).toEqual({ method: 'POST', path: '/api/query', body: { query: 'SELECT 1', count_total: true } });
    expect(r).toEqual({ ok: true, data: goodResult.data });
  });
  it('turns a 400 into a query problem with its position', async () => {
    const t = new FakeTransport(() => json(400, { message: 'unknown column foo', line: 2, column: 5 }));
    const r = await createApiClient(t).query('SELECT\n    foo');
    expect(r).toEqual({ ok: false, problem: { kind: 'query', message: 'unknown column foo', line: 2, column: 5 } });
    if (!r.ok) expect(problemText(r.problem)).toBe('line 2, column 5: unknown column foo');
  });
  it('keeps a query error without position', async () => {
    const t = new FakeTransport(() => json(400, { message: 'the result is too large: ...', line: null, column: null }));
    const r = await createApiClient(t).query('SELECT *');
    expect(!r.ok && problemText(r.problem)).toBe('the result is too large: ...');
  });
  it('rejects a cell that does not fit its column type, naming where', async () => {
    const bad = { data: { columns: [{ name: 'n', type: 'decimal' }], rows: [['1.5'], [1.5]] } };
    const r = await createApiClient(new FakeTransport(() => json(200, bad))).query('x');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problem.kind).toBe('invalid');
      expect(r.problem.message).toContain('data.rows[1][0]');
    }
  });
  it('rejects rows of the wrong length, unknown types and positions with bad cost', async () => {
    const cases = [
      { columns: [{ name: 'a', type: 'int' }], rows: [[1, 2]] },
      { columns: [{ name: 'a', type: 'float' }], rows: [] },
      { columns: [{ name: 'p', type: 'position' }], rows: [[{ units: { number: '1', currency: 'X' }, cost: { number: 'x', currency: 'USD', date: null, label: null } }]] },
      { columns: [{ name: 'd', type: 'date' }], rows: [['01/02/2024']] },
    ];
    for (const data of cases) {
      const r = await createApiClient(new FakeTransport(() => json(200, { data }))).query('x');
      expect(r.ok).toBe(false);
    }
  });
  it('reports other statuses, non-JSON answers and no answer', async () => {
    const c1 = createApiClient(new FakeTransport(() => json(503, { message: 'ledger not loaded' })));
    expect(await c1.query('x')).toEqual({ ok: false, problem: { kind: 'http', status: 503, message: 'ledger not loaded' } });
    const c2 = createApiClient(new FakeTransport(() => ({ status: 200, headers: {}, text: '<html>' })));
    expect((await c2.schema()).ok).toBe(false);
    const c3 = createApiClient(new FakeTransport(() => new Error('ECONNREFUSED')));
    const r3 = await c3.status();
    expect(!r3.ok && r3.problem.kind).toBe('network');
  });
});

describe('ApiClient other endpoints', () => {
  it('fetches CSV text and reports a failing CSV query like a query', async () => {
    const t = new FakeTransport((r) =>
      r.body && (r.body as { query: string }).query === 'bad'
        ? json(400, { message: 'syntax error', line: 1, column: 1 })
        : { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, text: 'a\r\n1\r\n' },
    );
    const c = createApiClient(t);
    expect(await c.queryCsv('SELECT 1 AS a')).toEqual({ ok: true, data: 'a\r\n1\r\n' });
    expect(t.requests[0]).toEqual({ method: 'POST', path: '/api/query/csv', body: { query: 'SELECT 1 AS a' } });
    const bad = await c.queryCsv('bad');
    expect(!bad.ok && bad.problem.kind).toBe('query');
  });
  it('reads saved queries with their errors', async () => {
    const list = [
      { name: 'a', date: '2024-01-01', query: 'SELECT 1', valid: true, error: null },
      { name: 'b', date: '2024-01-02', query: 'SELEC', valid: false, error: { message: 'syntax error', line: 1, column: 1 } },
    ];
    const r = await createApiClient(new FakeTransport(() => json(200, { data: list }))).savedQueries();
    expect(r).toEqual({ ok: true, data: list });
  });
  it('reads the schema', async () => {
    const s = {
      columns: [{ name: 'date', type: 'date', description: 'd' }],
      tables: [{ name: 'postings', description: 'p', columns: [{ name: 'date', type: 'date', description: 'd' }] }],
      functions: [{ name: 'count', signature: 'count(*) -> int', description: 'rows', aggregate: true }],
    };
    const t = new FakeTransport(() => json(200, { data: s }));
    expect(await createApiClient(t).schema()).toEqual({ ok: true, data: s });
    expect(t.requests[0]).toEqual({ method: 'GET', path: '/api/query/schema' });
  });
  it('reads the operating currency from the summary of a day', async () => {
    const t = new FakeTransport(() => json(200, { data: { currency: 'EUR' } }));
    expect(await createApiClient(t).operatingCurrency('2024-05-01')).toEqual({ ok: true, data: 'EUR' });
    expect(t.requests[0].path).toBe('/api/statistic/summary?from=2024-05-01&to=2024-05-01');
  });
});

describe('transports', () => {
  it('HTTP sends JSON bodies with a content type and reads headers in lower case', async () => {
    const seen: Array<[string, RequestInit | undefined]> = [];
    const fake = (async (url: string, init?: RequestInit) => {
      seen.push([url, init]);
      return new Response('{"data":1}', { status: 201, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    const res = await new HttpTransport('http://127.0.0.1:1', fake).send({ method: 'POST', path: '/api/query', body: { query: 'x' } });
    expect(seen[0][0]).toBe('http://127.0.0.1:1/api/query');
    expect(seen[0][1]?.body).toBe('{"query":"x"}');
    expect((seen[0][1]?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(res).toEqual({ status: 201, headers: { 'content-type': 'application/json' }, text: '{"data":1}' });
  });
  it('IPC passes the request to the bridge and decodes base64 bodies', async () => {
    const calls: unknown[] = [];
    const bridge = {
      async request(r: unknown) {
        calls.push(r);
        return { status: 200, headers: { 'content-type': 'text/csv' }, body: Buffer.from('é,1\r\n').toString('base64'), encoding: 'base64' as const };
      },
    } as unknown as LedgerBridge;
    const res = await new IpcTransport(bridge).send({ method: 'GET', path: '/api/status' });
    expect(calls).toEqual([{ method: 'GET', path: '/api/status' }]);
    expect(res.text).toBe('é,1\r\n');
  });
});
