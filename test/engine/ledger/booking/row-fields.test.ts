/**
 * The booked rows keep few fields (booking/rows.ts): a transaction's tags, links, balance verdict
 * and error kinds are its directive's or the common case unless it has rarer ones, and a price's
 * entry reads its type, date, transaction and accounts through. Each must still read as the spec's
 * values (#transactions, #entries, #prices), also for the rare cases.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionAst } from '../../../../engine/ledger/ast';
import { formatDate } from '../../../../engine/dates';
import { ledger } from '../ledger-text';

const TEXT = `
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-01 open Equity:Opening
2024-01-02 * "Shop" "sorted tags" #a #b ^l1
  Assets:Bank  -5.00 EUR
  Expenses:Food
2024-01-03 * "Shop" "tags out of order and repeated" #b #a #b ^l2 ^l1
  Assets:Bank  -6.00 EUR
  Expenses:Food  6.00 EUR
2024-01-04 * "Shop" "does not balance"
  Assets:Bank  -4.50 EUR
  Expenses:Food  4.00 EUR
2024-01-05 * "Shop" "closed account" #a
  Assets:Closed  -1.00 EUR
  Expenses:Food  1.00 EUR
2024-01-06 price EUR 1.10 USD
2024-01-07 price EUR 1.12 USD
2024-01-08 open Assets:Broker
2024-01-08 * "Broker" "priced and at cost"
  Assets:Bank  -10.00 EUR @ 1.10 USD
  ! Assets:Broker  2 HOOL {6.00 USD}
    lot: "first"
  Assets:Bank
`;

describe('booked rows', () => {
  const s = ledger(TEXT);
  const byNarration = (n: string) => s.transactions.find((t) => t.narration === n)!;

  it('a transaction shares its directive’s sorted tags and links, and sorts others', () => {
    const sorted = byNarration('sorted tags');
    expect(sorted.tags).toEqual(['a', 'b']);
    expect(sorted.links).toEqual(['l1']);
    // The directive's own lists, not copies.
    const ast = s.entries[sorted.seq!].directive as TransactionAst;
    expect(sorted.tags).toBe(ast.tags);
    expect(sorted.links).toBe(ast.links);
    expect(sorted.balanced).toBe(true);
    expect(sorted.errors).toEqual([]);

    const unordered = byNarration('tags out of order and repeated');
    expect(unordered.tags).toEqual(['a', 'b']);
    expect(unordered.links).toEqual(['l1', 'l2']);
    expect(unordered.balanced).toBe(true);
    expect(unordered.errors).toEqual([]);
  });

  it('keeps the verdict and error kinds of the few that have them', () => {
    const unbalanced = byNarration('does not balance');
    expect(unbalanced.balanced).toBe(false);
    expect(unbalanced.errors).toEqual(['UnbalancedTransaction']);
    expect(unbalanced.tags).toEqual([]);

    // Balanced, with an error found after booking (an account never opened), and its tags kept.
    const closed = byNarration('closed account');
    expect(closed.balanced).toBe(true);
    expect(closed.errors.length).toBe(1);
    expect(s.errors.map((e) => e.kind)).toContain(closed.errors[0]);
    expect(closed.tags).toEqual(['a']);
  });

  it('a transaction’s rows read the same whether kept in fields (two rows) or in an array', () => {
    const two = byNarration('tags out of order and repeated');
    expect(two.postings).toHaveLength(2);
    // Two rows are kept without an array: each read is a new array of the same rows.
    expect(two.postings).not.toBe(two.postings);
    expect(two.postings[0]).toBe(two.postings[0]);
    expect(two.postings.map((p) => [p.index, p.account, p.units.number.toString(), p.txn === two])).toEqual([
      [0, 'Assets:Bank', '-6.00', true],
      [1, 'Expenses:Food', '6.00', true],
    ]);
    const three = byNarration('priced and at cost');
    expect(three.postings).toBe(three.postings);
    // The snapshot's list holds every transaction's rows, in order.
    const at = s.postings.indexOf(two.postings[0]);
    expect(s.postings.slice(at, at + 2)).toEqual(two.postings);
    expect(s.postings.filter((p) => p.txn === three)).toEqual(three.postings);
  });

  it('a row booked with cost or price reads its posting’s flag, account and metadata', () => {
    const t = byNarration('priced and at cost');
    expect(t.postings.map((p) => [p.index, p.flag, p.account, p.units.number.toString(), p.units.currency, p.automatic])).toEqual([
      [0, null, 'Assets:Bank', '-10.00', 'EUR', false],
      [1, '!', 'Assets:Broker', '2', 'HOOL', false],
      [2, null, 'Assets:Bank', '-1.0000', 'USD', true],
    ]);
    const [priced, atCost] = t.postings;
    expect(priced.price).toEqual({ number: priced.price!.number, currency: 'USD' });
    expect(priced.price!.number.toString()).toBe('1.10');
    expect(priced.weight.number.toString()).toBe('-11.0000');
    expect(priced.weight.currency).toBe('USD');
    expect(atCost.cost!.number.toString()).toBe('6.00');
    expect(atCost.weight.number.toString()).toBe('12.00');
    expect(atCost.meta.map((m) => m.key)).toEqual(['lot']);
    expect(priced.meta).toEqual([]);
  });

  it('a price’s entry is its #prices row, with the entry fields of a price', () => {
    expect(s.prices.map((p) => [formatDate(p.date), p.currency, p.amount.number.toString(), p.amount.currency])).toEqual([
      ['2024-01-06', 'EUR', '1.10', 'USD'],
      ['2024-01-07', 'EUR', '1.12', 'USD'],
    ]);
    const entries = s.entries.filter((e) => e.type === 'price');
    expect(entries).toHaveLength(2);
    for (const [i, e] of entries.entries()) {
      expect(e).toBe(s.prices[i]);
      expect(e.txn).toBeNull();
      expect(e.accounts).toEqual([]);
      expect(e.date).toBe(s.prices[i].date);
      expect(e.timestamp).toBe(e.date * 86400);
      expect(s.entries[e.seq]).toBe(e);
      expect(e.id).toMatch(/^[0-9a-f]{8}-/);
      // The same id on every read.
      expect(e.id).toBe(e.id);
    }
  });
});
