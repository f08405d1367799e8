/** The page routes as start.ts registers them: paths known at once, modules loaded on first use. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { pageRoutes } from '../../../../main/server/routes/pages';
import { getJson, serveLedger } from './ledgers';

const LEDGER = `option "operating_currency" "EUR"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-05 * "Cafe" "Lunch"
  Expenses:Food  8.50 EUR
  Assets:Bank  -8.50 EUR
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, pageRoutes);
});
afterAll(() => run.stop());

describe('pageRoutes', () => {
  it('answers every page endpoint', async () => {
    const summary = await getJson(run, '/api/statistic/summary?from=2024-01-01&to=2024-01-31');
    expect(summary.status).toBe(200);
    expect([summary.body.data.currency, summary.body.data.net_worth.number, summary.body.data.expenses.number]).toEqual(['EUR', '-8.50', '8.50']);
    const food = await getJson(run, '/api/statistic/Expenses?from=2024-01-01&to=2024-01-31');
    expect(food.body.data.total.number).toBe('8.50');
    expect((await getJson(run, '/api/journals')).body.data.total_count).toBe(1);
    expect((await getJson(run, '/api/errors')).body.data.total_count).toBe(0);
    expect((await getJson(run, '/api/for-new-transaction')).body.data.payees).toEqual(['Cafe']);
    expect((await getJson(run, '/api/documents')).body.data).toEqual([]);
  });

  it('answers 405 for another method on a page path', async () => {
    const res = await fetch(run.url + '/api/journals', { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
