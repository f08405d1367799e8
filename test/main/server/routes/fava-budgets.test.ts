/** GET /api/budgets/fava over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { favaBudgetRoutes } from '../../../../main/server/routes/fava-budgets';
import { getJson, serveLedger } from './ledgers';

// bean-check 2.3.5 reads this ledger without errors (checked in /tmp).
const LEDGER = `2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Food:Coffee
2024-01-01 custom "budget" Expenses:Food "monthly" 310.00 USD
2024-01-01 custom "budget" Expenses:Food:Coffee "daily" 2.00 USD
2024-01-01 custom "budget" Expenses:Food "sometimes" 1.00 USD

2024-01-05 * "Groceries"
  Expenses:Food  120.50 USD
  Assets:Cash
2024-02-02 * "Coffee"
  Expenses:Food:Coffee  3.00 USD
  Assets:Cash
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [favaBudgetRoutes]);
});
afterAll(() => run.stop());

describe('GET /api/budgets/fava', () => {
  it('answers budgeted, actual and remaining per period for the account and its children', async () => {
    // January: 310 + 31 x 2 = 372, spent 120.50. February 1..10: 310 x 10/29 (2024 is a leap
    // year) = 106.8965517241379310344827586 + 10 x 2 = 126.8965517241379310344827586, spent 3.
    const { status, body } = await getJson(run, '/api/budgets/fava?account=Expenses:Food&from=2024-01-01&to=2024-02-10&interval=month');
    expect(status).toBe(200);
    expect(body.data.periods).toEqual([
      { start: '2024-01-01', end: '2024-01-31', currency: 'USD', budgeted: '372.00', actual: '120.50', remaining: '251.50' },
      {
        start: '2024-02-01',
        end: '2024-02-10',
        currency: 'USD',
        budgeted: '126.8965517241379310344827586',
        actual: '3.00',
        remaining: '123.8965517241379310344827586',
      },
    ]);
    expect(body.data.invalid).toEqual([{ file: 'main.bean', line: 6, message: expect.stringContaining('Failed to parse budget entry') }]);
  });

  it('without an account: no periods, and the budgeted accounts, sorted', async () => {
    const { status, body } = await getJson(run, '/api/budgets/fava?from=2024-01-01&to=2024-01-31');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ account: null, periods: [], accounts: ['Expenses:Food', 'Expenses:Food:Coffee'] });
  });

  it('defaults to months and refuses a bad account, interval or range', async () => {
    const ok = await getJson(run, '/api/budgets/fava?account=Expenses:Food:Coffee&from=2024-01-01&to=2024-01-31');
    expect(ok.body.data.interval).toBe('month');
    expect(ok.body.data.periods.map((p: { budgeted: string }) => p.budgeted)).toEqual(['62.00']);
    for (const q of ['account=expenses&from=2024-01-01&to=2024-01-31', 'account=Expenses:Food&from=2024-01-01&to=2024-01-31&interval=fortnight', 'account=Expenses:Food&from=2024-02-01&to=2024-01-31', 'account=Expenses:Food&from=0001-01-01&to=9999-12-31&interval=day']) {
      const r = await getJson(run, `/api/budgets/fava?${q}`);
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
  });
});
