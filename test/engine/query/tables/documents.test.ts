import { describe, expect, it } from 'vitest';
import { ledger, names, rows, types } from './helpers';

// The directive comes first (though dated later), then the transaction's document, then its
// posting's. Processing order: opens 0-1, transaction 2, document directive 3.
const s = ledger(`
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Fees
2024-01-05 document Assets:Bank "statements/jan.pdf" #stmt
  kind: "statement"
2024-01-03 * "Fee" ^f1
  document: "receipts/fee.pdf"
  Expenses:Fees  2 USD
    document: "receipts/fee-line.pdf"
  Assets:Bank
`);

describe('#documents', () => {
  it('SELECT * columns and [ext] types', () => {
    expect(names(s, 'SELECT * FROM #documents')).toEqual(['date', 'account', 'filename', 'tags', 'links']);
    expect(types(s, 'SELECT meta, source, path, transaction_id, seq, time, timestamp FROM #documents')).toEqual([
      'meta:str', 'source:str', 'path:str', 'transaction_id:str', 'seq:int', 'time:str', 'timestamp:int',
    ]);
  });

  it('directives first, then documents named in transaction and posting metadata', () => {
    expect(rows(s, 'SELECT * FROM #documents')).toEqual([
      ['2024-01-05', 'Assets:Bank', '/ledger/statements/jan.pdf', ['stmt'], []],
      ['2024-01-03', null, '/ledger/receipts/fee.pdf', [], ['f1']],
      ['2024-01-03', 'Expenses:Fees', '/ledger/receipts/fee-line.pdf', [], ['f1']],
    ]);
    const txnId = rows(s, 'SELECT DISTINCT id FROM #postings')[0][0];
    expect(rows(s, 'SELECT source, path, transaction_id, seq, time, timestamp FROM #documents')).toEqual([
      ['directive', 'statements/jan.pdf', null, 3, '00:00:00', Date.UTC(2024, 0, 5) / 1000],
      ['transaction', 'receipts/fee.pdf', txnId, 2, '00:00:00', Date.UTC(2024, 0, 3) / 1000],
      ['posting', 'receipts/fee-line.pdf', txnId, 2, '00:00:00', Date.UTC(2024, 0, 3) / 1000],
    ]);
  });

  it('meta reads the directive, transaction or posting; entry_meta the transaction for a posting document', () => {
    expect(rows(s, "SELECT source, meta, meta('document'), entry_meta('document'), meta('kind') FROM #documents")).toEqual([
      ['directive', 'kind: "statement"', null, null, 'statement'],
      ['transaction', 'document: "receipts/fee.pdf"', 'receipts/fee.pdf', 'receipts/fee.pdf', null],
      ['posting', 'document: "receipts/fee-line.pdf"', 'receipts/fee-line.pdf', 'receipts/fee.pdf', null],
    ]);
  });

  it('filters and aggregates work', () => {
    expect(rows(s, 'SELECT source, count(*) FROM #documents WHERE account IS NOT NULL GROUP BY source ORDER BY source')).toEqual([
      ['directive', 1],
      ['posting', 1],
    ]);
  });
});
