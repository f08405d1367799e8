/** GET /api/for-new-transaction over real HTTP: payees once and sorted, open accounts sorted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { transactionRoutes } from '../../../../main/server/routes/transactions';
import { getJson, serveLedger } from './ledgers';

const LEDGER = `2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Old
2024-01-01 open Equity:Opening
2024-03-01 close Expenses:Old

2024-01-02 pad Assets:Bank Equity:Opening
2024-01-03 balance Assets:Bank 100.00 USD

2024-01-05 * "Zeta Market" "Food"
  Expenses:Food  8.00 USD
  Assets:Bank

2024-01-06 * "Cafe" "Food"
  Expenses:Food  3.00 USD
  Assets:Bank

2024-01-07 * "Zeta Market" "Again"
  Expenses:Old  1.00 USD
  Assets:Bank

2024-01-08 * "" "Empty payee"
  Expenses:Food  1.00 USD
  Assets:Bank

2024-01-09 * "Only narration"
  Expenses:Food  1.00 USD
  Assets:Bank
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [transactionRoutes]);
});
afterAll(() => run.stop());

describe('GET /api/for-new-transaction', () => {
  it('suggests each payee once, sorted, without the padding payee and empty ones, and the open accounts', async () => {
    const { status, body } = await getJson(run, '/api/for-new-transaction');
    expect(status).toBe(200);
    // "Balance Pad" (padding transaction) and "" are left out; "Only narration" is a narration
    expect(body.data.payees).toEqual(['Cafe', 'Zeta Market']);
    // Expenses:Old is closed
    expect(body.data.accounts).toEqual(['Assets:Bank', 'Equity:Opening', 'Expenses:Food']);
  });
});
