import { describe, expect, it } from 'vitest';
import { parse } from './helpers';

// Cross-checked with bean-check / bean-query 2.3.5 on the same text in /tmp: two errors, both on
// line 5 (the transaction's line): 'Duplicate metadata field on entry: ... id' and 'Duplicate
// posting metadata field: ... xx'; entry_meta('id') and meta('xx') give the first values ("1",
// 1); the open's repeated `note` gives no error.
const TEXT = `2024-01-01 open Assets:Bank
  note: "a"
  note: "b"
2024-01-01 open Expenses:Food
2024-01-02 * "Shop"
  id: "1"
  id: "2"
  Assets:Bank  -1 USD
    xx: 1
    xx: 2
  Expenses:Food
`;

describe('duplicate metadata keys', () => {
  const r = parse(TEXT);

  it('reports a key repeated in a transaction or its posting on the transaction line', () => {
    expect(r.errors.map((e) => [e.kind, e.src?.line, e.message])).toEqual([
      ['ParseError', 5, 'Duplicate metadata field on entry: id'],
      ['ParseError', 5, 'Duplicate posting metadata field: xx'],
    ]);
  });

  it('keeps the directives and every value (the spec reads repeated keys; meta() takes the first, as Beancount)', () => {
    const [open, , txn] = r.directives;
    expect(open.meta.map((m) => [m.key, m.text])).toEqual([
      ['note', 'a'],
      ['note', 'b'],
    ]);
    if (txn.type !== 'transaction') throw new Error('not a transaction');
    expect(txn.meta.map((m) => m.text)).toEqual(['1', '2']);
    expect(txn.postings[0].meta.map((m) => m.text)).toEqual(['1', '2']);
  });

  it('leaves distinct keys alone', () => {
    const ok = parse('2024-01-02 * "Shop"\n  id: "1"\n  other: "2"\n  Assets:Bank  -1 USD\n    aa: 1\n    bb: 2\n  Expenses:Food\n');
    expect(ok.errors).toEqual([]);
    expect(ok.directives[0].meta).toHaveLength(2);
  });
});

describe('duplicate metadata keys in .zhang files', () => {
  it('are not reported (zhang attaches several documents this way)', () => {
    const r = parse('2024-01-02 * "Shop"\n  document: "a.pdf"\n  document: "b.pdf"\n  Assets:Bank  -1 USD\n  Expenses:Food\n', 'zhang');
    expect(r.errors).toEqual([]);
    expect(r.directives[0].meta).toHaveLength(2);
  });
});
