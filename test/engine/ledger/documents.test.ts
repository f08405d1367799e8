import { describe, expect, it } from 'vitest';
import { kinds, ledger } from './ledger-text';

describe('documents', () => {
  it('lists directives, then documents named by transactions and postings', () => {
    const s = ledger(
      `
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-03 document Assets:Bank "statements/jan.pdf" #bank
2024-01-02 * "Dinner" #food ^d1
  document: "receipts/a.pdf"
  document: "receipts/b.pdf"
  Expenses:Food  10.00 USD
    document: "receipts/line.pdf"
  Assets:Bank
2024-01-02 * "Rejected"
  document: "receipts/never.pdf"
  Expenses:Food
  Assets:Bank
`,
      { existing: ['/ledger/statements/jan.pdf'] },
    );
    // The repeated `document` key is reported as bean-check does (Beancount file); all values are kept.
    expect(kinds(s)).toEqual(['ParseError', 'TransactionHasMultipleImplicitPosting']);
    const dinner = s.transactions[0];
    expect(s.documents.map((d) => [d.source, d.account, d.path, d.filename, d.transactionId, d.tags, d.links])).toEqual([
      ['directive', 'Assets:Bank', 'statements/jan.pdf', '/ledger/statements/jan.pdf', null, ['bank'], []],
      ['transaction', null, 'receipts/a.pdf', '/ledger/receipts/a.pdf', dinner.id, ['food'], ['d1']],
      ['transaction', null, 'receipts/b.pdf', '/ledger/receipts/b.pdf', dinner.id, ['food'], ['d1']],
      ['posting', 'Expenses:Food', 'receipts/line.pdf', '/ledger/receipts/line.pdf', dinner.id, ['food'], ['d1']],
    ]);
    expect(s.documents[3].meta.map((m) => m.key)).toEqual(['document']);
    expect(s.documents[1].seq).toBe(dinner.seq);
  });

  it('Beancount format: resolves against the declaring file, else the ledger directory; reports missing files', () => {
    const s = ledger(`include "sub/more.beancount"\n2024-01-01 open Assets:Bank\n`, {
      files: {
        '/ledger/sub/more.beancount': `
2024-01-02 document Assets:Bank "here.pdf"
2024-01-03 document Assets:Bank "top.pdf"
2024-01-04 document Assets:Bank "gone.pdf"
`,
      },
      existing: ['/ledger/sub/here.pdf', '/ledger/top.pdf'],
    });
    expect(s.documents.map((d) => [d.path, d.filename])).toEqual([
      ['sub/here.pdf', '/ledger/sub/here.pdf'],
      ['top.pdf', '/ledger/sub/top.pdf'],
      ['sub/gone.pdf', '/ledger/sub/gone.pdf'],
    ]);
    expect(kinds(s)).toEqual(['DocumentFileNotFound']);
    expect(s.errors[0].message).toBe('File does not exist: "gone.pdf"');
    expect(s.errors[0].src?.file).toBe('/ledger/sub/more.beancount');
  });

  it('zhang format: the path as written, relative to the ledger directory', () => {
    const s = ledger(
      `
2024-01-01 open Assets:Bank
2024-01-02 document Assets:Bank "docs/a.pdf"
2024-01-03 document Assets:Bank "/ledger/docs/b.pdf"
2024-01-04 document Assets:Bank "/elsewhere/c.pdf"
`,
      { format: 'zhang' },
    );
    expect(s.errors).toEqual([]);
    expect(s.documents.map((d) => d.path)).toEqual(['docs/a.pdf', 'docs/b.pdf', '/elsewhere/c.pdf']);
  });
});
