/**
 * GET /api/documents over real HTTP: document directives and documents named in transaction and
 * posting metadata, newest first, paths relative to the ledger directory (downloadable).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { documentListRoutes } from '../../../../main/server/routes/documents-list';
import { getJson, serveLedger } from './ledgers';

const LEDGER = `2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food

2024-01-03 document Assets:Bank "docs/statement.pdf"

2024-01-05 * "Cafe" "Lunch"
  document: "docs/receipt.png"
  Expenses:Food  8.00 USD
    document: "docs/menu.txt"
  Assets:Bank  -8.00 USD

2024-01-04 document Expenses:Food "docs/old.txt"
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [documentListRoutes]);
  for (const f of ['statement.pdf', 'receipt.png', 'menu.txt', 'old.txt']) run.tmp.write(`docs/${f}`, f);
  await run.host.reload();
});
afterAll(() => run.stop());

describe('GET /api/documents', () => {
  it('lists every document newest first with its account and naming transaction', async () => {
    const { status, body } = await getJson(run, '/api/documents');
    expect(status).toBe(200);
    const docs = body.data;
    expect(docs.map((d: any) => [d.date, d.path, d.account, d.transaction_id !== null])).toEqual([
      // the transaction's own document, then its posting's (one seq: file order kept)
      ['2024-01-05', 'docs/receipt.png', null, true],
      ['2024-01-05', 'docs/menu.txt', 'Expenses:Food', true],
      ['2024-01-04', 'docs/old.txt', 'Expenses:Food', false],
      ['2024-01-03', 'docs/statement.pdf', 'Assets:Bank', false],
    ]);
    expect(docs[0].time).toBe('00:00:00');
    expect(docs[0].transaction_id).toBe(docs[1].transaction_id);
  });
});
