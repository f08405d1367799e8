/** GET /api/errors over real HTTP: order by file then position, directive lines, paging, size message. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { errorRoutes } from '../../../../main/server/routes/errors';
import { getJson, serveLedger } from './ledgers';

// Line numbers: the unbalanced transaction starts on line 6 and spans 3 lines; the posting to
// an unopened account is on a transaction starting at line 10; the failing balance is line 14.
const LEDGER = `2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-01 open Equity:Opening

; unbalanced by 1.00 USD
2024-01-05 * "Cafe" "Lunch"
  Expenses:Food  9.00 USD
  Assets:Bank  -8.00 USD

2024-01-06 * "Shop" "Nowhere"
  Expenses:Travel  5.00 USD
  Assets:Bank  -5.00 USD

2024-01-07 balance Assets:Bank 1.00 USD
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [errorRoutes]);
});
afterAll(() => run.stop());

describe('GET /api/errors', () => {
  it('lists every error in file order with the lines of its directive', async () => {
    const { status, body } = await getJson(run, '/api/errors');
    expect(status).toBe(200);
    const d = body.data;
    expect([d.page, d.size, d.total_count, d.total_pages]).toEqual([1, 100, 3, 1]);
    expect(d.records.map((e: any) => [e.error_type, e.file, e.line_start, e.line_end])).toEqual([
      ['UnbalancedTransaction', 'main.bean', 6, 8],
      ['AccountDoesNotExist', 'main.bean', 10, 12],
      ['AccountBalanceCheckError', 'main.bean', 14, 14],
    ]);
    const balance = d.records[2];
    expect(balance.source).toBe('2024-01-07 balance Assets:Bank 1.00 USD');
    // span_end - span_start is the byte length of the directive's text
    expect(balance.span_end - balance.span_start).toBe(Buffer.byteLength(balance.source));
    expect(balance.message).toMatch(/Assets:Bank/);
    expect(balance.metas).toContainEqual({ key: 'account_name', value: 'Assets:Bank' });
    expect(typeof balance.id).toBe('string');
    expect(d.records[0].column).toBe(1);
  });

  it('pages by size; a page past the last is empty', async () => {
    const p1 = (await getJson(run, '/api/errors?size=2')).body.data;
    const p2 = (await getJson(run, '/api/errors?size=2&page=2')).body.data;
    const p3 = (await getJson(run, '/api/errors?size=2&page=3')).body.data;
    expect([p1.total_count, p1.total_pages, p2.total_pages]).toEqual([3, 2, 2]);
    expect(p1.records.map((e: any) => e.line_start)).toEqual([6, 10]);
    expect(p2.records.map((e: any) => e.line_start)).toEqual([14]);
    expect(p3.records).toEqual([]);
  });

  it('refuses a size outside 1 to 1000 with the spec message', async () => {
    for (const size of ['0', '1001', 'x', '']) {
      const r = await getJson(run, `/api/errors?size=${size}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message: 'size must be between 1 and 1000' });
    }
  });
});
