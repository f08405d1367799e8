/**
 * Statement and holdings endpoints over real HTTP on the statements ledger
 * (test/engine/builtins/statements-ledger.ts, accepted by bean-check; its figures are
 * hand-computed and cross-checked with bean-query in test/engine/builtins/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { statementRoutes } from '../../../../main/server/routes/statements';
import { holdingsRoutes } from '../../../../main/server/routes/holdings';
import { queryRoutes } from '../../../../main/server/routes/query';
import { LEDGER } from '../../../engine/builtins/statements-ledger';
import { getJson, serveLedger } from './ledgers';
import type { AmountJson, Holdings, Statement, StatementNode } from '../../../../engine/api-types';

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [statementRoutes, holdingsRoutes, queryRoutes]);
});
afterAll(() => run.stop());

const text = (a: AmountJson[]) => a.map((x) => `${x.number} ${x.currency}`).join(', ');
const find = (nodes: StatementNode[], account: string): StatementNode | undefined => {
  for (const n of nodes) {
    if (n.account === account) return n;
    const c = find(n.children, account);
    if (c) return c;
  }
  return undefined;
};

describe('GET /api/statements/*', () => {
  it('balance sheet with the time filter (2024-02 is February) at value balances with Equity:Unrealized', async () => {
    // OPEN ON 2024-02-01: January's pay is previous earnings; STK at 25.00 on 2024-02-29.
    const { status, body } = await getJson(run, '/api/statements/balance-sheet?time=2024-02&conversion=at_value');
    expect(status).toBe(200);
    const st: Statement = body.data;
    expect(st.columns).toHaveLength(1);
    expect(st.columns[0]).toMatchObject({ begin: '2024-02-01', end: '2024-03-01' });
    expect(text(find(st.tree, 'Assets:Broker')!.balance[0])).toBe('350.00 USD');
    expect(text(find(st.tree, 'Equity:Earnings:Previous')!.balance[0])).toBe('-500.00 USD');
    expect(text(find(st.tree, 'Equity:Earnings:Current')!.balance[0])).toBe('30.00 USD');
    expect(text(find(st.tree, 'Equity:Unrealized')!.balance[0])).toBe('-50.00 USD');
    expect(text(find(st.tree, 'Assets')!.at_cost[0])).toBe('2 GLD');
    // Assets 1101.00 + 350.00 + 90.00 EUR; Liabilities -30.00.
    expect(text(st.total[0])).toBe('90.00 EUR, 1421.00 USD');
    // "Open query": the column's text through POST /api/query gives the same Broker figure.
    const q = await fetch(run.url + '/api/query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: st.columns[0].query }) });
    const rows: unknown[][] = (await q.json()).data.rows;
    expect(rows.find((r) => r[0] === 'Assets:Broker')![1]).toEqual({ positions: [{ units: { number: '350.00', currency: 'USD' }, cost: null }] });
  });

  it('income statement per month from/to, in USD, inverted', async () => {
    const { body } = await getJson(run, '/api/statements/income-statement?from=2024-01-01&to=2024-03-31&interval=month&conversion=USD&invert=1');
    const st: Statement = body.data;
    expect(st.columns.map((c) => c.label)).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(st.currencies).toEqual(['USD']);
    expect(find(st.tree, 'Income')!.balance_children.map(text)).toEqual(['500.00 USD', '', '500.00 USD']);
    // Net profit keeps the ledger's meaning whatever the sign shown: income less expenses.
    expect(st.total.map(text)).toEqual(['500.00 USD', '-30.00 USD', '500.00 USD']);
  });

  it('trial balance with an account filter', async () => {
    const { body } = await getJson(run, '/api/statements/trial-balance?from=2024-01-01&to=2024-02-29&account=Assets:Broker');
    const st: Statement = body.data;
    expect(st.tree.map((n) => n.account)).toEqual(['Assets']);
    expect(text(find(st.tree, 'Assets:Broker')!.balance[0])).toBe('300.00 USD');
  });

  it('bad parameters are 400s naming them', async () => {
    for (const [q, word] of [
      ['interval=day', 'interval'],
      ['conversion=usd', 'conversion'],
      ['conversion=USD-', 'conversion'],
      ['invert=yes', 'invert'],
      ['prices=today', 'prices'],
      ['time=2024-13', 'time'],
      ['from=2024-02-01&to=2024-01-01', 'empty'],
      ['from=2000-01-01&to=2024-01-01&interval=week', 'columns'],
    ]) {
      const { status, body } = await getJson(run, `/api/statements/balance-sheet?${q}`);
      expect(status, q).toBe(400);
      expect(body.message, q).toContain(word);
    }
  });
});

describe('fava-options: invert default and conversion currencies', () => {
  it('custom "fava-option" "invert-income-liabilities-equity" "true" inverts unless invert=0', async () => {
    const options = '2024-01-01 custom "fava-option" "invert-income-liabilities-equity" "true"\n2024-01-01 custom "fava-option" "conversion-currencies" "EUR USD"\n';
    const inverted = await serveLedger(LEDGER + '\n' + options, [statementRoutes]);
    try {
      const path = '/api/statements/income-statement?from=2024-01-01&to=2024-01-31&conversion=units';
      const on: Statement = (await getJson(inverted, path)).body.data;
      expect(on.invert).toBe(true);
      // Operating currency first, then the fava-option's conversion-currencies.
      expect(on.currencies).toEqual(['USD', 'EUR']);
      expect(text(find(on.tree, 'Income:Salary')!.balance[0])).toBe('500.00 USD');
      const off: Statement = (await getJson(inverted, path + '&invert=0')).body.data;
      expect(text(find(off.tree, 'Income:Salary')!.balance[0])).toBe('-500.00 USD');
    } finally {
      await inverted.stop();
    }
  });
});

describe('GET /api/holdings', () => {
  it('valued at the end of the filtered time: time=2024-03 takes STK at 26.00', async () => {
    const { status, body } = await getJson(run, '/api/holdings?time=2024-03');
    expect(status).toBe(200);
    const h: Holdings = body.data;
    expect(h.date).toBe('2024-03-31');
    const stk = h.rows.find((r) => r.currency === 'STK')!;
    expect(stk).toMatchObject({ price: '26.00', price_date: '2024-03-15', stale: false, gain_percent: '30' });
    expect(h.totals.map((t) => t.currency)).toEqual(['USD']);
    // 1601.00 + 100.00 + 260.00 + 99.0000 - 30.00
    expect(text(h.totals[0].market_value)).toBe('2030.0000 USD');
  });

  it('group=cost_currency and stale_days', async () => {
    const { body } = await getJson(run, '/api/holdings?to=2024-04-30&group=cost_currency&stale_days=60');
    const h: Holdings = body.data;
    expect(h.rows.map((r) => `${r.cost_currency} ${r.market_value.number} ${r.units}`)).toEqual(['EUR 90.00 null', 'USD 1931.00 null']);
    const byAccount: Holdings = (await getJson(run, '/api/holdings?to=2024-04-30&stale_days=40')).body.data;
    expect(byAccount.rows.find((r) => r.currency === 'STK')!.stale).toBe(true);
    const { status, body: bad } = await getJson(run, '/api/holdings?group=lots');
    expect(status).toBe(400);
    expect(bad.message).toContain('group');
  });

  it("commodity=STK: only STK's row, and its Open query gives that row alone; totals stay the portfolio's", async () => {
    const { status, body } = await getJson(run, '/api/holdings?time=2024-03&commodity=STK');
    expect(status).toBe(200);
    const h: Holdings = body.data;
    // 10 STK bought at 20.00, worth 26.00 on 2024-03-31.
    expect(h.rows.map((r) => `${r.account} ${r.currency} ${r.units} ${r.market_value.number} ${r.gain?.number}`)).toEqual(['Assets:Broker STK 10 260.00 60.00']);
    expect(h.queries.rows).toContain("'STK'");
    const q = await fetch(run.url + '/api/query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: h.queries.rows }) });
    expect(q.status).toBe(200);
    expect(((await q.json()) as any).data.rows).toHaveLength(1);
    expect(text(h.totals[0].market_value)).toBe('2030.0000 USD');
    const bad = await getJson(run, '/api/holdings?commodity=st%20k');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('commodity');
  });
});
