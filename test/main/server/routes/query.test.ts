/**
 * The query endpoints over real HTTP on 127.0.0.1, with the real ledger loader: JSON and CSV
 * results, the 400 error body, saved queries, the built-in list and text, and the schema. The
 * last block runs every built-in twice: bound (as a page runs it) and as the text the Open query
 * action gets from /text, sent to POST /api/query; both must return the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLedger } from '../../../../engine/ledger/index';
import { LedgerHost } from '../../../../main/host';
import { createApp } from '../../../../main/server/app';
import { listen, type Listening } from '../../../../main/server/listen';
import { queryRoutes } from '../../../../main/server/routes/query';
import { BUILTINS } from '../../../../engine/builtins/catalogue/index';
import { bindParams, paramsFromJson } from '../../../../engine/builtins/params';
import { encodeResult, runQuery } from '../../../../engine/query/index';
import { stringifyResult } from '../../../../engine/query/encode';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { tempDir, type TempDir } from '../../fake-ledger';
import { FIXTURE } from '../../../engine/builtins/fixture';
import { lexAll } from '../../../../engine/query/lexer';

interface Server {
  url: string;
  host: LedgerHost;
  stop(): Promise<void>;
}

async function serve(file: string, text: string): Promise<Server & { tmp: TempDir }> {
  const tmp = tempDir();
  const host = new LedgerHost(tmp.write(file, text), (f) => loadLedger(f));
  await host.reload();
  const app = createApp(host, { routes: [queryRoutes], log: (e) => console.error(e) });
  const server: Listening = await listen(app, { port: 0 });
  return {
    url: server.url,
    host,
    tmp,
    async stop() {
      await server.close();
      tmp.cleanup();
    },
  };
}

let srv: Awaited<ReturnType<typeof serve>>;
let snapshot: Snapshot;
beforeAll(async () => {
  srv = await serve('main.zhang', FIXTURE);
  snapshot = srv.host.pin()!.snapshot;
});
afterAll(() => srv.stop());

function post(path: string, body: unknown): Promise<Response> {
  return fetch(srv.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function postJson(path: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await post(path, body);
  return { status: res.status, json: await res.json() };
}

describe('POST /api/query', () => {
  it('returns columns and encoded rows; total only with count_total', async () => {
    const q = "SELECT date, account, position, 7 * 3 AS n WHERE account = 'Assets:Bank:Savings'";
    const { status, json } = await postJson('/api/query', { query: q });
    expect(status).toBe(200);
    expect(json).toEqual({
      data: {
        columns: [
          { name: 'date', type: 'date' },
          { name: 'account', type: 'str' },
          { name: 'position', type: 'position' },
          { name: 'n', type: 'int' },
        ],
        rows: [
          ['2024-01-03', 'Assets:Bank:Savings', { units: { number: '50.00', currency: 'USD' }, cost: null }, 21],
          ['2024-02-10', 'Assets:Bank:Savings', { units: { number: '100.00', currency: 'USD' }, cost: null }, 21],
        ],
      },
    });
    const counted = await postJson('/api/query', { query: q + ' LIMIT 1', count_total: true });
    expect(counted.json.data.rows).toHaveLength(1);
    expect(counted.json.data.total).toBe(2);
  });

  it('writes 64-bit ints exactly', async () => {
    const res = await post('/api/query', { query: 'SELECT 9223372036854775807 AS big LIMIT 1' });
    expect(await res.text()).toBe('{"data":{"columns":[{"name":"big","type":"int"}],"rows":[[9223372036854775807]]}}');
  });

  it('answers a failing query with 400 {message, line, column}', async () => {
    const bad = await postJson('/api/query', { query: 'SELECT\n  nope' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: expect.stringMatching(/nope/), line: 2, column: 3 });
    const unbound = await postJson('/api/query', { query: 'SELECT date WHERE year = $1' });
    expect(unbound.status).toBe(400);
    expect(unbound.json.message).toBe('parameter $1 is not bound');
    const named = await postJson('/api/query', { query: 'SELECT date WHERE account = :acct' });
    expect(named.json.message).toBe('parameter :acct is not bound');
  });

  it('rejects a body without a query text', async () => {
    for (const body of [{}, { query: 5 }, { query: 'SELECT 1', count_total: 'yes' }]) {
      const r = await postJson('/api/query', body);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ message: expect.any(String), line: null, column: null });
    }
    expect((await post('/api/query', '{"query": ')).status).toBe(400);
  });
});

describe('POST /api/query/csv', () => {
  it('sends CSV with the download headers', async () => {
    const res = await post('/api/query/csv', {
      query: "SELECT date, narration, position, tags, posting_flag WHERE account = 'Liabilities:Card'",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="query.csv"');
    expect(await res.text()).toBe(
      'date,narration,position (USD),tags,posting_flag\r\n' +
        '2024-01-10,groceries,-45.50,food,\r\n' +
        '2024-02-05,groceries again,-30.00,food,\r\n',
    );
  });

  it('numberifies pivoted inventories per currency and quotes fields', async () => {
    const s = await serve(
      'main.beancount',
      `2023-01-01 open Assets:A
2023-01-01 open Assets:B
2023-01-01 open Equity:E
2023-05-01 * "say \\"hi\\", ok"
  Assets:A  1.50 USD
  Equity:E
2024-05-01 * "y"
  Assets:A  2 EUR
  Equity:E
2024-06-01 * "z"
  Assets:B  3 USD
  Equity:E
`,
    );
    try {
      const csv = async (query: string) => {
        const res = await fetch(s.url + '/api/query/csv', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        });
        return res.text();
      };
      // 2023: USD in one row. 2024: EUR and USD in one row each, ties by currency descending.
      expect(
        await csv("SELECT account, year, sum(position) AS s WHERE account ~ '^Assets' GROUP BY account, year PIVOT BY account, year"),
      ).toBe('account/year,2023 (USD),2024 (USD),2024 (EUR)\r\nAssets:A,1.50,,2\r\nAssets:B,,3,\r\n');
      expect(await csv("SELECT narration WHERE account = 'Assets:A' AND year = 2023")).toBe('narration\r\n"say ""hi"", ok"\r\n');
      expect(await csv("SELECT payee WHERE account = 'Assets:A'")).toBe('payee\r\n""\r\n""\r\n');
    } finally {
      await s.stop();
    }
  });

  it('answers a failing query with the same 400 JSON body', async () => {
    const res = await post('/api/query/csv', { query: 'SELECT nope' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: expect.stringMatching(/nope/), line: 1, column: 8 });
  });
});

describe('GET /api/query/saved', () => {
  it('lists every query directive in ledger order, compiled now', async () => {
    const res = await fetch(srv.url + '/api/query/saved');
    const { data } = await res.json();
    expect(data.map((r: any) => [r.name, r.date, r.valid])).toEqual([
      ['food', '2024-01-05', true],
      ['broken', '2024-01-06', false],
    ]);
    expect(data[0].error).toBeNull();
    expect(data[0].query).toBe("SELECT account WHERE account ~ 'Food'");
    expect(data[1].error).toEqual({ message: expect.stringMatching(/nope/), line: 1, column: 8 });
    // An invalid saved query is not a ledger error.
    expect(snapshot.errors.map((e) => e.kind)).not.toContain('QueryError');
  });
});

describe('built-in endpoints', () => {
  it('GET /api/query/builtins lists the descriptors', async () => {
    const { data } = await (await fetch(srv.url + '/api/query/builtins')).json();
    expect(data).toHaveLength(BUILTINS.length);
    expect(data[0]).toEqual({
      name: 'postings.between',
      description: expect.any(String),
      bql: 'SELECT date, flag, payee, narration, account, position\nWHERE date >= :from AND date <= :to',
      params: [
        { name: 'from', type: 'date' },
        { name: 'to', type: 'date' },
      ],
    });
  });

  it('POST .../text writes the values into the text', async () => {
    const r = await postJson('/api/query/builtins/postings.by_payee_tags/text', { params: { payee: "Joe's", tags: [] } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      data: {
        query:
          'SELECT date, payee, narration, tags, account, position\n' +
          `WHERE ("Joe's" IS NULL OR payee = "Joe's")\n` +
          '  AND (set() IS NULL OR intersects(tags, set()))',
      },
    });
    const none = await postJson('/api/query/builtins/payees.all/text', {});
    expect(none.status).toBe(200);
    expect(none.json.data.query).toMatch(/^SELECT DISTINCT payee/);
  });

  it('404 for an unknown name, 400 naming a missing, unknown or mistyped parameter', async () => {
    const unknown = await postJson('/api/query/builtins/no.such/text', { params: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toMatch(/no\.such/);
    const cases: [unknown, RegExp][] = [
      [{ params: { from: '2024-01-01' } }, /missing parameter 'to'/],
      [{ params: { from: '2024-01-01', to: '2024-01-31', extra: 1 } }, /unknown parameter 'extra'/],
      [{ params: { from: '2024-01-01', to: 5 } }, /parameter 'to' .* must be date/],
      [{ params: { from: '2024-13-01', to: null } }, /parameter 'from'/],
      [{}, /params/],
    ];
    for (const [body, message] of cases) {
      const r = await postJson('/api/query/builtins/postings.between/text', body);
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(message);
    }
  });
});

describe('GET /api/query/schema', () => {
  it('describes the postings columns, tables and functions', async () => {
    const { data } = await (await fetch(srv.url + '/api/query/schema')).json();
    expect(data.columns[0]).toEqual({ name: 'date', type: 'date', description: expect.any(String) });
    expect(data.tables[0].name).toBe('postings');
    expect(data.tables[0].columns).toEqual(data.columns);
    expect(data.tables.map((t: any) => t.name)).toEqual(expect.arrayContaining(['entries', 'budgets', 'budget_events', 'errors']));
    expect(data.functions[0].aggregate).toBe(true);
    expect(data.functions.some((f: any) => f.name === 'account_sortkey' && !f.aggregate)).toBe(true);
  });
});

describe('every built-in: the /text query returns the rows of the bound query', () => {
  const txn = (narration: string) => snapshot.transactions.find((t) => t.narration === narration)!.id;
  const sample = (name: string): Record<string, unknown> => {
    const common: Record<string, unknown> = {
      from: '2024-01-05', to: '2024-02-29', currency: 'USD', operating_currency: 'USD', account: 'Assets:Bank',
      interval: '1 week', type: 'Assets', keyword: null, tags: null, links: null, size: 3, offset: 1, limit: 2,
      month: '2024-01-01', name: 'Food', accounts: ['Expenses:Food'], commodity: 'STK', payee: 'Market',
    };
    const special: Record<string, Record<string, unknown>> = {
      'journals.page': { keyword: 'e', tags: null, links: null, size: 4, offset: 2 },
      'journals.balance_checks': { ids: snapshot.transactions.length ? balanceIds() : [] },
      'journals.transaction_postings': { ids: [txn('sell some'), txn('buy stock')] },
      'journals.page_of_types': { types: ['pending', 'price', 'open', 'balance'], keyword: null, tags: null, links: null, size: 5, offset: 1 },
      'journals.sources': { ids: [txn('sell some'), txn('buy stock')] },
      'postings.by_payee_tags': { payee: null, tags: ['food', "it's \"x\""] },
      'report.top_postings': { type: 'Income', from: '2024-01-01', to: '2024-12-31', currency: 'USD' },
      'commodities.latest_price': { commodity: 'EUR', currency: 'USD' },
      'statements.balance_sheet': { begin: '2024-01-01', end: '2024-03-01', conversion: 'at_value', invert: true, price_date: '2024-02-29' },
      'statements.income_statement': { begin: '2024-01-01', end: '2024-03-01', conversion: 'USD', invert: false, price_date: '2024-02-29' },
      'statements.trial_balance': { begin: '2024-01-15', end: '2024-03-01', conversion: 'units', invert: false, price_date: '9999-12-31' },
      'statements.income_statement_columns': { begin: '2024-01-01', end: '2024-03-01', interval: 'month', conversion: 'at_value', invert: true, latest: false },
      'statements.balances_by_column': { begin: '2024-01-15', end: '2024-03-01', interval: 'week' },
      'holdings.list': { end: '2024-03-01', group: 'account', currency: 'USD', stale_days: 30 },
      'holdings.totals': { end: '2024-03-01', currency: 'USD' },
    };
    return { ...common, ...(special[name] ?? {}) };
  };
  const balanceIds = () => runQuery(snapshot, 'SELECT id FROM #balances').rows.map((r) => r[0] as string);

  const rowCounts = new Map<string, number>();
  afterAll(() => {
    // The samples are chosen so that the comparison is not between two empty results.
    const empty = [...rowCounts].filter(([, n]) => n === 0).map(([name]) => name);
    expect(empty).toEqual([]);
  });

  for (const b of BUILTINS) {
    it(b.name, async () => {
      const all = sample(b.name);
      const params = Object.fromEntries(b.params.map((p) => [p.name, all[p.name]]));
      const bound = runQuery(snapshot, b.bql, { params: bindParams(b, paramsFromJson(b, params)) });
      const expected = JSON.parse(stringifyResult(encodeResult(bound)));

      const text = await postJson(`/api/query/builtins/${b.name}/text`, { params });
      expect(text.status).toBe(200);
      expect(lexAll(text.json.data.query).filter((t) => t.type === 'param')).toEqual([]);
      const got = await postJson('/api/query', { query: text.json.data.query });
      expect(got.status, JSON.stringify(got.json)).toBe(200);
      expect(got.json.data.rows).toEqual(expected.data.rows);
      rowCounts.set(b.name, expected.data.rows.length);
      expect(got.json.data.columns.map((c: any) => c.type)).toEqual(expected.data.columns.map((c: any) => c.type));
    });
  }
});
