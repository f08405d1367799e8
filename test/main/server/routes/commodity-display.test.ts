/** GET /api/commodities/display over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { commodityDisplayRoutes } from '../../../../main/server/routes/commodity-display';
import { getJson, serveLedger } from './ledgers';

const LEDGER = `2024-01-01 open Assets:Bank
2024-01-01 open Income:Pay
2024-01-01 commodity USD
  precision: 2
  suffix: " $"

2024-01-02 * "Pay"
  Assets:Bank  1000.125 USD
  Income:Pay
2024-01-03 * "Pay"
  Assets:Bank  3 HOURS
  Income:Pay  -3 HOURS
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [commodityDisplayRoutes]);
});
afterAll(() => run.stop());

describe('GET /api/commodities/display', () => {
  it('answers one entry per currency: directive precision, else the written places', async () => {
    const { status, body } = await getJson(run, '/api/commodities/display');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { currency: 'HOURS', precision: 0, source: 'inferred', rounding: 'half_even', prefix: null, suffix: null },
      { currency: 'USD', precision: 2, source: 'directive', rounding: 'half_even', prefix: null, suffix: ' $' },
    ]);
  });
});
