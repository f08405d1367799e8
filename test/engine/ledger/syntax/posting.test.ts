/**
 * Parsed postings keep their position as numbers relative to their transaction's and make `src`
 * on demand (syntax/posting.ts).
 * The positions asked here were counted by hand on the texts below (bytes UTF-8, columns in
 * characters). bean-check 2.3.5 reads the three ledgers without a syntax error (run: it reports only
 * the accounts they never open).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TransactionAst } from '../../../../engine/ledger/ast';
import { markUnverifiedPlugin } from '../../../../engine/ledger/plugins/mark-unverified';
import { parseText } from '../../../../engine/ledger/syntax';
import { ParsedPosting, copyPosting } from '../../../../engine/ledger/syntax/posting';
import { ledgerText } from '../random-ledgers';

const FILE = '/books/p.beancount';

function firstTxn(text: string): TransactionAst {
  const r = parseText(text, FILE, 'beancount');
  expect(r.errors).toEqual([]);
  const t = r.directives.find((d) => d.type === 'transaction');
  if (!t || t.type !== 'transaction') throw new Error('no transaction');
  return t;
}

// "2024-01-02 * "Café"\n" is 21 bytes (é is 2) and 20 characters.
const TEXT = '2024-01-02 * "Café"\n  Assets:Cash  -5 EUR\n\tExpenses:Food  5 EUR ; x\n';

describe('parsed posting positions', () => {
  it('answers src as the parser counted it, byte offsets past a non-ASCII character', () => {
    const t = firstTxn(TEXT);
    expect(t.postings[0]).toBeInstanceOf(ParsedPosting);
    expect(t.postings[0].src).toEqual({ file: FILE, line: 2, column: 3, start: 23, end: 42 });
    // A tab is one column; the span runs to the line's end, its comment included.
    expect(t.postings[1].src).toEqual({ file: FILE, line: 3, column: 2, start: 44, end: 68 });
  });

  it('hands out a copy: changing it does not move the posting; assigning src does', () => {
    const p = firstTxn(TEXT).postings[0];
    const a = p.src;
    a.line = 99;
    expect(p.src.line).toBe(2);
    expect(p.src).not.toBe(p.src);
    p.src = { file: '/other', line: 7, column: 4, start: 100, end: 110 };
    expect(p.src).toEqual({ file: '/other', line: 7, column: 4, start: 100, end: 110 });
  });

  it('shows no position fields to spreads and JSON; copyPosting keeps src', () => {
    const p = firstTxn(TEXT).postings[0];
    expect(Object.keys(p).sort()).toEqual(['account', 'currency', 'number']);
    expect('src' in { ...p }).toBe(false);
    const c = copyPosting(p, { account: 'Assets:Other' });
    expect(c.account).toBe('Assets:Other');
    expect(c.number).toBe(p.number);
    expect(c.src).toEqual({ file: FILE, line: 2, column: 3, start: 23, end: 42 });
  });

  it('reads a flag, cost, price and metadata written on a posting, and none where none is', () => {
    const t = firstTxn('2024-01-05 * "Buy"\n  ! Assets:Broker  2 HOOL {10.00 USD} @ 11.00 USD\n    note: "x"\n  Assets:Cash  -20.00 USD\n');
    const [a, b] = t.postings;
    expect([a.flag, a.cost?.perUnit?.toString(), a.cost?.currency, a.price?.number?.toString(), a.meta.map((m) => [m.key, m.text])]).toEqual([
      '!',
      '10.00',
      'USD',
      '11.00',
      [['note', 'x']],
    ]);
    expect([b.flag, b.cost, b.price, b.meta]).toEqual([null, null, null, []]);
    // Set later (as the parser's negative-price check and plugins do) and set back.
    b.price = { number: null, currency: 'EUR', isTotal: true };
    expect(b.price).toEqual({ number: null, currency: 'EUR', isTotal: true });
    b.price = null;
    expect([b.price, b.flag]).toEqual([null, null]);
    const c = copyPosting(a, { flag: null });
    expect([c.flag, c.cost, c.price, c.meta]).toEqual([null, a.cost, a.price, a.meta]);
  });

  it('keeps the position of postings a plugin rewrites (mark_unverified)', () => {
    const text = '2024-01-01 balance Assets:Cash 0 EUR\n' + TEXT.replace('2024-01-02', '2024-01-03');
    const r = parseText(text, FILE, 'beancount');
    const out = markUnverifiedPlugin.transform!(r.directives, undefined as never, undefined as never);
    const t = out.find((d) => d.type === 'transaction') as TransactionAst;
    expect(t.postings[0].meta.map((m) => m.key)).toEqual(['unverified']);
    // 37 bytes and one line more than in TEXT.
    expect(t.postings[0].src).toEqual({ file: FILE, line: 3, column: 3, start: 60, end: 79 });
    expect(t.postings[1].src).toEqual({ file: FILE, line: 4, column: 2, start: 81, end: 105 });
  });

  it('keeps a position too far from its transaction for the packed form whole (long narration, long comment)', () => {
    // Header: 11 bytes of date and space, 2 of flag and space, a 70,000-character narration in
    // quotes, a newline: 70,016 bytes, so the first posting starts 70,018 bytes in (over 65,535).
    const far = firstTxn(`2024-01-02 * "${'n'.repeat(70_000)}"\n  Assets:Cash  -5 EUR\n  Expenses:Food  5 EUR\n`);
    expect(far.postings[0].src).toEqual({ file: FILE, line: 2, column: 3, start: 70_018, end: 70_037 });
    expect(far.postings[1].src).toEqual({ file: FILE, line: 3, column: 3, start: 70_040, end: 70_060 });
    // "Assets:Cash  -5 EUR ; " is 22 characters, then a comment: 20,022 bytes long (over 16,383);
    // the next posting is within reach again (20,046 bytes in).
    const long = firstTxn(`2024-01-02 * "x"\n  Assets:Cash  -5 EUR ; ${'c'.repeat(20_000)}\n  Expenses:Food  5 EUR\n`);
    expect(long.postings[0].src).toEqual({ file: FILE, line: 2, column: 3, start: 19, end: 20_041 });
    expect(long.postings[1].src).toEqual({ file: FILE, line: 3, column: 3, start: 20_044, end: 20_064 });
  });

  it('moves a whole position by shift; a relative one moves with its transaction', () => {
    const t = firstTxn(TEXT);
    const p = t.postings[0] as ParsedPosting;
    p.shift(10, 1);
    expect(p.src).toEqual({ file: FILE, line: 2, column: 3, start: 23, end: 42 });
    t.src.line += 1;
    t.src.start += 10;
    expect(p.src).toEqual({ file: FILE, line: 3, column: 3, start: 33, end: 52 });
    p.src = { file: FILE, line: 9, column: 3, start: 100, end: 120 };
    p.shift(10, 1);
    expect(p.src).toEqual({ file: FILE, line: 10, column: 3, start: 110, end: 130 });
    t.src.line += 1;
    expect(p.src.line).toBe(10);
  });

  it('places every posting of random ledgers where its text is (line, column and bytes counted from the text)', () => {
    let checked = 0;
    fc.assert(
      fc.property(ledgerText, fc.constantFrom('beancount', 'zhang'), (text, format) => {
        const bytes = Buffer.from(text, 'utf8');
        for (const d of parseText(text, FILE, format as 'beancount' | 'zhang').directives) {
          if (d.type !== 'transaction') continue;
          for (const p of d.postings) {
            const { file, line, column, start, end } = p.src;
            expect(file).toBe(FILE);
            const before = bytes.subarray(0, start).toString('utf8');
            expect(line).toBe(before.split('\n').length);
            expect(column).toBe([...before.slice(before.lastIndexOf('\n') + 1)].length + 1);
            // The span starts at the posting's flag or account and runs within its transaction.
            expect(bytes.subarray(start, end).toString('utf8').replace(/^[!*&#?%A-Z]?[ \t]+(?=[A-Z])/, '').startsWith(p.account)).toBe(true);
            expect(start).toBeGreaterThan(d.src.start);
            expect(end).toBeLessThanOrEqual(d.src.end);
            checked++;
          }
        }
      }),
      { numRuns: 150, seed: 30 },
    );
    expect(checked).toBeGreaterThan(500);
  });
});
