/**
 * Transactions that write the same tags or links in the same order share one frozen list
 * (syntax/transaction.ts sharedList); a pushed tag is added to a copy, never to the shared list;
 * the table of shared lists is bounded and a ledger past its bound still reads every list right.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionAst } from '../../../../engine/ledger/ast';
import { ledger } from '../ledger-text';

const asts = (text: string) =>
  ledger(text)
    .entries.filter((e) => e.type === 'transaction')
    .map((e) => e.directive as TransactionAst);

const txn = (day: number, header: string) => `2024-01-${String(day).padStart(2, '0')} * "x" ${header}\n  Assets:A  1 EUR\n  Assets:B\n`;

describe('shared tag and link lists', () => {
  it('one frozen list per names in order', () => {
    const [a, b, c, d, e] = asts(
      '2024-01-01 open Assets:A\n2024-01-01 open Assets:B\n' +
        txn(2, '#trip #work ^x') +
        txn(3, '#trip #work ^x') +
        txn(4, '#work #trip') +
        txn(5, '#trip\n  #work') +
        txn(6, '#trip'),
    );
    expect(a.tags).toEqual(['trip', 'work']);
    expect(b.tags).toBe(a.tags);
    expect(b.links).toBe(a.links);
    expect(Object.isFrozen(a.tags)).toBe(true);
    // Another order is another list (the booked row sorts it: rows.test.ts).
    expect(c.tags).toEqual(['work', 'trip']);
    expect(c.tags).not.toBe(a.tags);
    // Names from a second line join the header's.
    expect(d.tags).toBe(a.tags);
    // A list that starts like another is not that one.
    expect(e.tags).toEqual(['trip']);
  });

  it('a pushed tag goes to a copy; the shared list is unchanged', () => {
    const [a, b, c] = asts(
      '2024-01-01 open Assets:A\n2024-01-01 open Assets:B\n' + txn(2, '#trip') + 'pushtag #extra\n' + txn(3, '#trip') + 'poptag #extra\n' + txn(4, '#trip'),
    );
    expect(a.tags).toEqual(['trip']);
    expect(b.tags).toEqual(['trip', 'extra']);
    expect(c.tags).toEqual(['trip']);
    expect(c.tags).toBe(a.tags);
  });

  it('past the table’s bound every list still reads as written', () => {
    let text = '2024-01-01 open Assets:A\n2024-01-01 open Assets:B\n';
    // 5,000 distinct links, then the first tag set again.
    for (let i = 0; i < 5000; i++) text += txn(2 + (i % 27), `#t${i % 3} ^inv-${i}`);
    const all = asts(text);
    expect(all).toHaveLength(5000);
    const seen = new Set<number>();
    for (const t of all) {
      // Entries come in date order: each one's link says which it was.
      expect(t.links).toHaveLength(1);
      const i = Number(t.links[0].slice('inv-'.length));
      seen.add(i);
      expect(t.tags).toEqual([`t${i % 3}`]);
    }
    expect(seen.size).toBe(5000);
  });
});
