/**
 * The page filter over real HTTP (issue 16 §1): GET /api/filter/time, the filter fields of the
 * query bodies, and the time/account/filter parameters of the page endpoints, on the small ledger
 * of the engine filter tests (test/engine/filters/ledger.ts: hand-computed, checked with
 * bean-query). Each endpoint is asked the same question with and without a filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLedger } from '../../../../engine/ledger/index';
import { LedgerHost } from '../../../../main/host';
import { createApp } from '../../../../main/server/app';
import { listen, type Listening } from '../../../../main/server/listen';
import { queryRoutes } from '../../../../main/server/routes/query';
import { pageRoutes } from '../../../../main/server/routes/pages';
import { tempDir, type TempDir } from '../../fake-ledger';
import { FILTER_LEDGER } from '../../../engine/filters/ledger';

let url = '';
let server: Listening;
let tmp: TempDir;

beforeAll(async () => {
  tmp = tempDir();
  const host = new LedgerHost(tmp.write('main.beancount', FILTER_LEDGER), (f) => loadLedger(f));
  await host.reload();
  const app = createApp(host, { routes: [queryRoutes, ...pageRoutes], log: (e) => console.error(e) });
  server = await listen(app, { port: 0 });
  url = server.url;
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

async function get(path: string): Promise<{ status: number; json: any }> {
  const res = await fetch(url + path);
  return { status: res.status, json: await res.json() };
}

async function post(path: string, body: unknown): Promise<{ status: number; json: any; text: string }> {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('GET /api/filter/time', () => {
  it('answers the range, end exclusive', async () => {
    expect(await get('/api/filter/time?' + q({ time: '2024-Q1' }))).toEqual({ status: 200, json: { data: { begin: '2024-01-01', end: '2024-04-01' } } });
    expect(await get('/api/filter/time?' + q({ time: '2023-06 to 2024' }))).toEqual({
      status: 200,
      json: { data: { begin: '2023-06-01', end: '2025-01-01' } },
    });
    expect(await get('/api/filter/time?' + q({ time: '' }))).toEqual({ status: 200, json: { data: { begin: null, end: null } } });
  });
  it('today pins the relative forms', async () => {
    expect((await get('/api/filter/time?' + q({ time: 'month-1', today: '2024-03-15' }))).json).toEqual({
      data: { begin: '2024-02-01', end: '2024-03-01' },
    });
    expect((await get('/api/filter/time?' + q({ time: 'week', today: '2024-03-15' }))).json).toEqual({
      data: { begin: '2024-03-11', end: '2024-03-18' },
    });
  });
  it('a 400 names the bad part', async () => {
    expect(await get('/api/filter/time?' + q({ time: '2024 - 2024-13' }))).toEqual({
      status: 400,
      json: { message: 'time filter at column 8: there is no month 13 (months are 01 to 12)' },
    });
    expect((await get('/api/filter/time?' + q({ time: '2024', today: 'monday' }))).status).toBe(400);
  });
});

describe("the ledger's fiscal-year-end", () => {
  it('FY2024 follows custom "fava-option" "fiscal-year-end"', async () => {
    const dir = tempDir();
    const text = '2020-01-01 custom "fava-option" "fiscal-year-end" "03-31"\n2020-01-01 open Assets:Cash\n';
    const host = new LedgerHost(dir.write('fy.beancount', text), (f) => loadLedger(f));
    await host.reload();
    const srv = await listen(createApp(host, { routes: [...pageRoutes], log: (e) => console.error(e) }), { port: 0 });
    try {
      const res = await fetch(srv.url + '/api/filter/time?' + q({ time: 'FY2024-Q1' }));
      expect(await res.json()).toEqual({ data: { begin: '2023-04-01', end: '2023-07-01' } });
    } finally {
      await srv.close();
      dir.cleanup();
    }
  });
});

describe('POST /api/query and /api/query/csv with filter fields', () => {
  it('the same query with and without a time filter', async () => {
    const all = await post('/api/query', { query: "SELECT account, sum(number) WHERE account ~ 'Bank|Salary' GROUP BY account" });
    expect(all.json.data.rows).toEqual([
      ['Assets:Bank', '1510.00'],
      ['Income:Salary', '-2200.00'],
    ]);
    const q1 = await post('/api/query', { query: "SELECT account, sum(number) WHERE account ~ 'Bank|Salary' GROUP BY account", time: '2024-Q1' });
    // Bank: opening 950.00, then -300 -40 -300 in the quarter; the salary of 2024-04-01 is after it.
    expect(q1.json.data.rows).toEqual([['Assets:Bank', '310.00']]);
  });
  it('account and entry filters restrict the rows before the query', async () => {
    const r = await post('/api/query', { query: 'SELECT date, account, number', account: 'Expenses', filter: '#food' });
    // Whole transactions, as Fava's account filter: the bank side of each food purchase too.
    expect(r.json.data.rows).toEqual([
      ['2023-12-20', 'Expenses:Food', '50.00'],
      ['2023-12-20', 'Assets:Bank', '-50.00'],
      ['2024-02-10', 'Expenses:Food', '40.00'],
      ['2024-02-10', 'Assets:Bank', '-40.00'],
    ]);
    const csv = await post('/api/query/csv', { query: "SELECT date, account, number WHERE account ~ '^Expenses'", account: 'Expenses', filter: '#food -#trip-2024' });
    expect(csv.status).toBe(200);
    expect(csv.text).toBe('date,account,number\r\n2023-12-20,Expenses:Food,50.00\r\n');
  });
  it('a bad filter is a 400 in the query error shape', async () => {
    expect(await post('/api/query', { query: 'BALANCES', filter: 'any(#a' })).toMatchObject({
      status: 400,
      json: { message: "entry filter at column 7: expected ')' to close 'any(' (column 1) but found the end of the filter", line: null, column: null },
    });
    expect((await post('/api/query', { query: 'BALANCES', time: 2024 })).json).toEqual({ message: "time filter: 'time' must be a string", line: null, column: null });
    expect((await post('/api/query/csv', { query: 'BALANCES', account: '(' })).status).toBe(400);
  });
  it('the built-in text endpoint writes the filter in, and that text reproduces the filtered figure', async () => {
    const text = await post('/api/query/builtins/report.net_worth/text', { params: { to: '2024-12-31', currency: 'USD' }, time: '2024-Q1', account: 'Assets:Bank' });
    expect(text.status).toBe(200);
    const query: string = text.json.data.query;
    expect(query).toContain("FILTER (((account IS NOT NULL AND under(account, 'Assets:Bank'))");
    expect(query).toContain('OPEN ON 2024-01-01 CLOSE ON 2024-04-01');
    const r = await post('/api/query', { query });
    // Every transaction touches the bank, so all of them count (whole transactions, Fava's
    // account filter): the bank's 310.00 USD and the broker's 2 HOOL (no price) at 2024-03-31.
    expect(r.json.data.rows[0][1]).toEqual({
      positions: [
        { units: { number: '2', currency: 'HOOL' }, cost: null },
        { units: { number: '310.00', currency: 'USD' }, cost: null },
      ],
    });
  });
});

describe('page endpoints take time, account and filter', () => {
  it('GET /api/journals', async () => {
    // Six transactions and one balance assertion.
    expect((await get('/api/journals')).json.data.total_count).toBe(7);
    const trip = await get('/api/journals?' + q({ filter: '#trip-2024' }));
    expect(trip.json.data.records.map((r: any) => r.narration)).toEqual(['Food on the trip', 'Flight']);
    const y2023 = await get('/api/journals?' + q({ time: '2023' }));
    expect(y2023.json.data.records.map((r: any) => r.date)).toEqual(['2023-12-20', '2023-06-01']);
    // The assertion is inside 2024-Q1, outside 2024-Q2.
    expect((await get('/api/journals?' + q({ time: '2024-Q1' }))).json.data.records.map((r: any) => r.date)).toEqual([
      '2024-03-31',
      '2024-03-05',
      '2024-02-10',
      '2024-01-15',
    ]);
    expect((await get('/api/journals?' + q({ time: '2024-Q2' }))).json.data.total_count).toBe(1);
    // A listed transaction keeps all its postings.
    const broker = await get('/api/journals?' + q({ account: 'Assets:Broker' }));
    expect(broker.json.data.total_count).toBe(1);
    expect(broker.json.data.records[0].postings.map((p: any) => p.account)).toEqual(['Assets:Broker', 'Assets:Bank']);
  });
  it('GET /api/accounts/{account}/journals with a time filter starts from the opening balance', async () => {
    const all = await get('/api/accounts/Assets:Bank/journals');
    expect(all.json.data.total_count).toBe(7);
    const y2024 = await get('/api/accounts/Assets:Bank/journals?' + q({ time: '2024' }));
    // The opening balance (950.00), the four postings of 2024 and the assertion.
    expect(y2024.json.data.total_count).toBe(6);
    const y2023 = await get('/api/accounts/Assets:Bank/journals?' + q({ time: '2023' }));
    expect(y2023.json.data.total_count).toBe(2);
  });
  it('GET /api/statistic/summary: figures with and without the filter', async () => {
    const range = { from: '2023-01-01', to: '2024-12-31' };
    const all = (await get('/api/statistic/summary?' + q(range))).json.data;
    const food = (await get('/api/statistic/summary?' + q({ ...range, filter: '#food' }))).json.data;
    expect(JSON.stringify(all)).toContain('2200');
    // Only the two #food transactions: expenses 90.00, no income.
    expect(JSON.stringify(food)).toContain('90.00');
    expect(JSON.stringify(food)).not.toContain('2200');
  });
  it('a bad filter on a page endpoint is a 400 naming the filter', async () => {
    expect(await get('/api/journals?' + q({ time: 'someday' }))).toEqual({
      status: 400,
      json: { message: expect.stringMatching(/^time filter at column 1: cannot read 'someday'/) },
    });
    expect((await get('/api/statistic/graph?' + q({ from: '2024-01-01', to: '2024-02-01', filter: '#a )' }))).json).toEqual({
      message: "entry filter at column 4: ')' without a matching '('",
    });
  });
});
