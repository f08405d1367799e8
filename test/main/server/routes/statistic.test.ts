/**
 * Statistic endpoints over real HTTP on a small ledger. Expected figures are computed by hand:
 * EUR is 1.10 USD from 2024-01-05, 1.20 from 2024-02-10, 1.30 from 2024-03-05; STK (held at a
 * cost in EUR) is quoted only in EUR (45.00, then 50.00 from 2024-01-23), so it is valued through
 * EUR; XYZ has no price at all and is left out of every total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { statisticRoutes } from '../../../../main/server/routes/statistic';
import { getJson, serveLedger } from './ledgers';

const LEDGER = `option "operating_currency" "USD"

2024-01-01 open Assets:Bank
2024-01-01 open Assets:Broker
2024-01-01 open Assets:Wallet
2024-01-01 open Equity:Opening
2024-01-01 open Income:Salary
2024-01-01 open Income:Gifts
2024-01-01 open Expenses:Food
2024-01-01 open Liabilities:Card

2024-01-02 * "Opening"
  Assets:Bank  1000.00 USD
  Equity:Opening  -1000.00 USD

2024-01-05 price EUR 1.10 USD

2024-01-10 * "Employer" "Salary"
  Assets:Bank  100.00 EUR
  Income:Salary  -100.00 EUR

2024-01-15 * "Broker" "Buy stock"
  Assets:Broker  2 STK {40.00 EUR}
  Assets:Bank  -80.00 EUR

2024-01-16 price STK 45.00 EUR

2024-01-20 * "Grocer" "Food"
  Expenses:Food  30.00 USD
  Liabilities:Card  -30.00 USD

2024-01-23 price STK 50.00 EUR

2024-01-25 * "Aunt" "Gift"
  Assets:Wallet  5 XYZ
  Income:Gifts  -5 XYZ

2024-02-10 price EUR 1.20 USD

2024-02-12 * "Grocer" "Food"
  Expenses:Food  12.00 USD
  Assets:Bank  -12.00 USD

2024-03-05 price EUR 1.30 USD
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [statisticRoutes]);
});
afterAll(() => run.stop());

const amt = (number: string, currency: string) => ({ number, currency });

describe('GET /api/statistic/summary', () => {
  it('values net worth at the prices of to, through the cost currency, leaving unpriced XYZ out', async () => {
    const { status, body } = await getJson(run, '/api/statistic/summary?from=2024-01-01&to=2024-01-31');
    expect(status).toBe(200);
    const s = body.data;
    expect(s.from).toBe('2024-01-01');
    expect(s.to).toBe('2024-01-31');
    expect(s.currency).toBe('USD');
    // 970.00 USD + 20.00 EUR x 1.10 + 2 STK x 50.00 EUR x 1.10 = 970.00 + 22.0000 + 110.0000
    expect(s.net_worth.number).toBe('1102.0000');
    expect(s.net_worth.units).toEqual([amt('20.00', 'EUR'), amt('2', 'STK'), amt('970.00', 'USD'), amt('5', 'XYZ')]);
    expect(s.net_worth.unconverted).toEqual([amt('5', 'XYZ')]);
    expect(s.liabilities.number).toBe('-30.00');
    expect(s.liabilities.units).toEqual([amt('-30.00', 'USD')]);
    // -100.00 EUR x 1.10; the XYZ gift stays unconverted
    expect(s.income.number).toBe('-110.0000');
    expect(s.income.unconverted).toEqual([amt('-5', 'XYZ')]);
    expect(s.expenses.number).toBe('30.00');
    expect(s.transaction_count).toBe(5);
  });

  it('uses the later prices for a later to, and counts only transactions of the range', async () => {
    const { body } = await getJson(run, '/api/statistic/summary?from=2024-02-01&to=2024-02-29');
    // 958.00 + 20.00 x 1.20 + 100.00 EUR x 1.20
    expect(body.data.net_worth.number).toBe('1102.0000');
    expect(body.data.expenses.number).toBe('12.00');
    expect(body.data.income.number).toBe('0');
    expect(body.data.income.units).toEqual([]);
    expect(body.data.transaction_count).toBe(1);
  });

  it('reads an instant as its day in the ledger timezone (UTC by default)', async () => {
    const { body } = await getJson(run, '/api/statistic/summary?from=2024-02-01T10:00:00Z&to=2024-02-29T23:30:00-01:00');
    // 23:30 at -01:00 is 00:30 UTC on March 1: EUR at 1.20 still (1.30 starts March 5)
    expect(body.data.to).toBe('2024-03-01');
    expect(body.data.net_worth.number).toBe('1102.0000');
  });

  it('refuses a missing, malformed or reversed range', async () => {
    expect((await getJson(run, '/api/statistic/summary?from=2024-01-01')).status).toBe(400);
    const bad = await getJson(run, '/api/statistic/summary?from=2024-13-01&to=2024-01-31');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^from must be a date/);
    const rev = await getJson(run, '/api/statistic/summary?from=2024-02-01&to=2024-01-31');
    expect(rev.status).toBe(400);
    expect(rev.body.message).toMatch(/after/);
  });
});

describe('GET /api/statistic/graph', () => {
  it('month points: a price change between points, a point without postings re-valued at its own last day', async () => {
    const { status, body } = await getJson(run, '/api/statistic/graph?from=2024-01-01&to=2024-03-31&interval=month');
    expect(status).toBe(200);
    const g = body.data;
    expect(g.interval).toBe('month');
    expect(g.points.map((p: any) => [p.date, p.number])).toEqual([
      ['2024-01-01', '1102.0000'], // 970.00 + 22.0000 + 110.0000 at Jan 31
      ['2024-02-01', '1102.0000'], // 958.00 + 24.0000 + 120.0000 at Feb 29
      ['2024-03-01', '1114.0000'], // no postings: Feb balance at Mar 31, EUR 1.30: 958.00 + 26.0000 + 130.0000
    ]);
    expect(g.points[2].unconverted).toEqual([amt('5', 'XYZ')]);
    expect(g.points[2].changes).toEqual([]);
  });

  it('week bins reach outside the range; postings after to are left out of the last week', async () => {
    const { body } = await getJson(run, '/api/statistic/graph?from=2024-01-10&to=2024-01-24&interval=week');
    const pts = body.data.points;
    expect(pts.map((p: any) => [p.date, p.number])).toEqual([
      ['2024-01-08', '1110.0000'], // opening 1000.00 USD + salary 100.00 EUR at Jan 14 (1.10)
      ['2024-01-15', '1091.0000'], // 970.00 + 20.00 EUR x 1.10 + 2 STK x 45.00 EUR x 1.10 at Jan 21
      ['2024-01-22', '1102.0000'], // carried, valued at to (Jan 24): STK 50.00
    ]);
    // the XYZ gift of Jan 25 is after to
    expect(pts[2].unconverted).toEqual([]);
    // changes of the range only (the opening transaction of Jan 2 is before from)
    expect(pts[0].changes.map((c: any) => [c.type, c.number])).toEqual([
      ['Assets', '110.0000'],
      ['Income', '-110.0000'],
    ]);
    // -80.00 EUR x 1.10 + 2 STK x 45.00 x 1.10 = -88.0000 + 99.0000
    expect(pts[1].changes.map((c: any) => [c.type, c.number])).toEqual([
      ['Assets', '11.0000'],
      ['Expenses', '30.00'],
      ['Liabilities', '-30.00'],
    ]);
  });

  it('the first point without postings takes the net worth of the day before from', async () => {
    const { body } = await getJson(run, '/api/statistic/graph?from=2024-03-01&to=2024-03-31&interval=month');
    expect(body.data.points.map((p: any) => [p.date, p.number])).toEqual([['2024-03-01', '1114.0000']]);
    const days = await getJson(run, '/api/statistic/graph?from=2024-01-09&to=2024-01-11&interval=day');
    expect(days.body.data.points.map((p: any) => [p.date, p.number])).toEqual([
      ['2024-01-09', '1000.00'],
      ['2024-01-10', '1110.0000'],
      ['2024-01-11', '1110.0000'],
    ]);
  });

  it('refuses more than 50,000 points by day but answers the same range by week', async () => {
    const days = await getJson(run, '/api/statistic/graph?from=1900-01-01&to=2100-01-01&interval=day');
    expect(days.status).toBe(400);
    expect(days.body.message).toMatch(/73050 points.*50000.*weeks or months/);
    // exactly 50,000 days is allowed: 2024-01-01 + 49,999 days = 2160-11-22
    const edge = await getJson(run, '/api/statistic/graph?from=2024-01-01&to=2160-11-22&interval=day');
    expect(edge.status).toBe(200);
    expect(edge.body.data.points.length).toBe(50000);
    expect(edge.body.data.points[49999]).toMatchObject({ date: '2160-11-22', number: '1114.0000' });
    const over = await getJson(run, '/api/statistic/graph?from=2024-01-01&to=2160-11-23&interval=day');
    expect(over.status).toBe(400);
    // 1900-01-01 is a Monday; 2100-01-01 a Friday in the week of Monday 2099-12-28
    const weeks = await getJson(run, '/api/statistic/graph?from=1900-01-01&to=2100-01-01&interval=week');
    expect(weeks.status).toBe(200);
    expect(weeks.body.data.points.length).toBe(10436);
  });

  it('counts the points against the result size limit (SVC_QUERY_MAX_RESULT_VALUES)', async () => {
    const saved = process.env.SVC_QUERY_MAX_RESULT_VALUES;
    // 31 day points hold at least 2 values each (date and total): over 40
    process.env.SVC_QUERY_MAX_RESULT_VALUES = '40';
    try {
      const r = await getJson(run, '/api/statistic/graph?from=2024-03-01&to=2024-03-31&interval=day');
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^the result is too large/);
      const small = await getJson(run, '/api/statistic/graph?from=2024-03-01&to=2024-03-05&interval=day');
      expect(small.status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.SVC_QUERY_MAX_RESULT_VALUES;
      else process.env.SVC_QUERY_MAX_RESULT_VALUES = saved;
    }
  });

  it('refuses an unknown interval', async () => {
    const r = await getJson(run, '/api/statistic/graph?from=2024-01-01&to=2024-01-31&interval=year');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/interval must be day, week or month/);
  });
});

describe('GET /api/statistic/{account_type}', () => {
  it('Expenses: breakdown per account and the largest postings with the account balance after each', async () => {
    const { status, body } = await getJson(run, '/api/statistic/Expenses?from=2024-01-01&to=2024-02-29');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.type).toBe('Expenses');
    expect(d.breakdown.map((r: any) => [r.account, r.number])).toEqual([['Expenses:Food', '42.00']]);
    expect(d.total.number).toBe('42.00');
    expect(d.top.map((t: any) => [t.date, t.units.number, t.account_balance.number, t.value?.number])).toEqual([
      ['2024-01-20', '30.00', '30.00', '30.00'],
      ['2024-02-12', '12.00', '42.00', '12.00'],
    ]);
  });

  it('Income: ordered by value ascending; unconverted postings last with a null value', async () => {
    const { body } = await getJson(run, '/api/statistic/income?from=2024-01-01&to=2024-01-31');
    const d = body.data;
    expect(d.type).toBe('Income');
    expect(d.breakdown.map((r: any) => [r.account, r.number, r.unconverted])).toEqual([
      ['Income:Salary', '-110.0000', []],
      ['Income:Gifts', '0', [amt('-5', 'XYZ')]],
    ]);
    expect(d.total).toEqual({
      number: '-110.0000',
      currency: 'USD',
      units: [amt('-100.00', 'EUR'), amt('-5', 'XYZ')],
      unconverted: [amt('-5', 'XYZ')],
    });
    expect(d.top.map((t: any) => [t.account, t.value])).toEqual([
      ['Income:Salary', amt('-110.0000', 'USD')],
      ['Income:Gifts', null],
    ]);
  });

  it('unknown account type is a 404', async () => {
    const r = await getJson(run, '/api/statistic/Savings?from=2024-01-01&to=2024-01-31');
    expect(r.status).toBe(404);
  });
});
