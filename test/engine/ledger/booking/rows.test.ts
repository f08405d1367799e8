/**
 * Booked rows (booking/rows.ts, walk.ts): ids made when first read, and posting rows sharing the
 * written posting as their units. The ids must be the same strings the eager ids were: the
 * position id of the directive's file (relative to the ledger root) and byte offset; padding
 * salted with its currency. Cross-checked with Beancount 2.3.5: bean-check accepts TEXT (no
 * errors) and bean-query books the sale as -2 HOOL at 20 USD, -2 HOOL at 22 USD, 45 USD, -3 USD.
 */
import { describe, expect, it } from 'vitest';
import { positionId } from '../../../../engine/ledger/ids';
import type { TransactionAst } from '../../../../engine/ledger/ast';
import { amount, ledger } from '../ledger-text';

// FIFO: the sale of 4 of the 5 HOOL held in two lots takes 2 from each (STRICT would refuse it).
const TEXT = `option "booking_method" "FIFO"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Broker
2024-01-01 open Equity:Opening
2024-01-01 open Expenses:Food
2024-01-01 pad Assets:Bank Equity:Opening
2024-01-02 balance Assets:Bank 100.00 USD
2024-01-03 * "Lunch"
  Expenses:Food  12.50 USD
  Assets:Bank
2024-01-04 * "Buy"
  Assets:Broker  2 HOOL {10 USD}
  Assets:Broker  3 HOOL {11 USD}
  Assets:Bank   -53 USD
2024-01-05 * "Sell"
  Assets:Broker  -4 HOOL {}
  Assets:Bank     45 USD
  Equity:Opening
2024-01-06 price HOOL 12 USD
`;

// ASCII text: byte offsets are string indices.
const at = (line: string) => TEXT.indexOf(line);

describe('ids made when read', () => {
  it('are the position ids of the directives, the padding salted by currency', () => {
    const s = ledger(TEXT);
    expect(s.errors).toEqual([]);
    const byType = (type: string, i = 0) => s.entries.filter((e) => e.type === type)[i];
    expect(byType('open', 2).id).toBe(positionId('main.beancount', at('2024-01-01 open Equity:Opening')));
    expect(byType('pad').id).toBe(positionId('main.beancount', at('2024-01-01 pad')));
    expect(byType('price').id).toBe(positionId('main.beancount', at('2024-01-06 price')));
    const lunch = s.transactions.find((t) => t.narration === 'Lunch')!;
    expect(lunch.id).toBe(positionId('main.beancount', at('2024-01-03 *')));
    // The entry and every posting row name the transaction's id.
    expect(s.entries[lunch.seq!].id).toBe(lunch.id);
    expect(lunch.postings.map((p) => p.txn.id)).toEqual([lunch.id, lunch.id]);
    const padding = s.transactions.find((t) => t.flag === 'P')!;
    expect(padding.id).toBe(positionId('main.beancount\u0000pad:USD', at('2024-01-01 pad')));
    expect(s.entries[padding.seq!].id).toBe(padding.id);
    // The balance check and its entry share the id.
    expect(byType('balance').id).toBe(s.balances[0].id);
    expect(s.balances[0].id).toBe(positionId('main.beancount', at('2024-01-02 balance')));
  });

  it('are made on the first read only, then the same string', () => {
    const s = ledger(TEXT);
    const sell = s.transactions.find((t) => t.narration === 'Sell')!;
    const price = s.entries.find((e) => e.type === 'price')!;
    // Nothing read them during the load (no errors): the field still holds the maker.
    const made = (x: object) => (x as { made: unknown }).made;
    expect(typeof made(sell)).toBe('function');
    expect(typeof made(price)).toBe('function');
    const first = sell.id;
    expect(sell.id).toBe(first);
    expect(made(sell)).toBe(first);
    // A second load of the same text gives the same ids (links survive a reload).
    const again = ledger(TEXT);
    expect(again.transactions.find((t) => t.narration === 'Sell')!.id).toBe(first);
    expect(again.entries.find((e) => e.type === 'price')!.id).toBe(price.id);
  });

  it('of an erring transaction are made for its errors, the same as read later', () => {
    const text = `2024-01-01 open Assets:Bank
2024-01-03 * "Unbalanced"
  Assets:Bank  1 USD
  Expenses:Food  2 USD
`;
    const s = ledger(text);
    const t = s.transactions[0];
    // Expenses:Food was never opened; 1 + 2 = 3 USD left over.
    expect(s.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('Expenses:Food'),
      'Transaction does not balance: (3 USD)',
    ]);
    for (const e of s.errors) expect(e.id).toBe(t.id);
    expect(t.id).toBe(positionId('main.beancount', text.indexOf('2024-01-03')));
  });
});

describe('posting rows share the written units', () => {
  it('a written amount is its posting; interpolated and lot-split rows have their own Amount', () => {
    const s = ledger(TEXT);
    const rows = (n: string) => s.transactions.find((t) => t.narration === n)!;
    const astOf = (n: string) => s.entries[rows(n).seq!].directive as TransactionAst;

    const lunch = rows('Lunch');
    expect(lunch.postings.map((p) => amount(p.units))).toEqual(['12.50 USD', '-12.50 USD']);
    expect(lunch.postings[0].units).toBe(astOf('Lunch').postings[0]);
    expect(lunch.postings[0].weight).toBe(lunch.postings[0].units);
    // The interpolated row: a plain Amount with exactly its two fields.
    expect(lunch.postings[1].automatic).toBe(true);
    expect(Object.keys(lunch.postings[1].units).sort()).toEqual(['currency', 'number']);

    // Augmentations at cost: units as written (shared), weight at cost (own Amount).
    const buy = rows('Buy');
    expect(buy.postings.map((p) => [amount(p.units), amount(p.weight)])).toEqual([
      ['2 HOOL', '20 USD'],
      ['3 HOOL', '33 USD'],
      ['-53 USD', '-53 USD'],
    ]);
    expect(buy.postings[0].units).toBe(astOf('Buy').postings[0]);
  });

  it('a reduction split over two lots gives each lot its own units', () => {
    const s = ledger(TEXT);
    expect(s.errors).toEqual([]);
    const sell = s.transactions.find((t) => t.narration === 'Sell')!;
    const ast = s.entries[sell.seq!].directive as TransactionAst;
    // FIFO: 2 from the 10 USD lot, 2 from the 11 USD lot; cost basis 20 + 22 = 42, so the
    // auto posting takes 42 - 45 = -3 USD.
    expect(sell.postings.map((p) => [amount(p.units), p.cost ? `${p.cost.number} ${p.cost.currency}` : null])).toEqual([
      ['-2 HOOL', '10 USD'],
      ['-2 HOOL', '11 USD'],
      ['45 USD', null],
      ['-3 USD', null],
    ]);
    expect(sell.postings[0].units).not.toBe(ast.postings[0]);
    expect(sell.postings[1].units).not.toBe(ast.postings[0]);
    expect(sell.postings[2].units).toBe(ast.postings[1]);
  });
});

describe('rows of a transaction without cost or price', () => {
  it('read flag, account and metadata from the posting as written; index and automatic are their own', () => {
    const s = ledger(`2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Tips
2024-01-03 * "Dinner"
  ! Expenses:Food  30.00 USD
    receipt: "r-1"
  Expenses:Tips  4.50 EUR
  Assets:Bank
`);
    expect(s.errors).toEqual([]);
    const t = s.transactions[0];
    // The auto posting gives one row per currency left over, both with its index (2).
    expect(t.postings.map((p) => [p.index, p.flag, p.account, amount(p.units), p.automatic])).toEqual([
      [0, '!', 'Expenses:Food', '30.00 USD', false],
      [1, null, 'Expenses:Tips', '4.50 EUR', false],
      [2, null, 'Assets:Bank', '-30.00 USD', true],
      [2, null, 'Assets:Bank', '-4.50 EUR', true],
    ]);
    expect(t.postings[0].meta).toEqual([expect.objectContaining({ key: 'receipt' })]);
    expect(t.postings[1].meta).toEqual([]);
    for (const p of t.postings) {
      expect(p.cost).toBeNull();
      expect(p.price).toBeNull();
      expect(p.weight).toBe(p.units);
      expect(p.txn).toBe(t);
    }
  });
});

describe('price rows', () => {
  it('are the price directives\' entries, with the row fields of #prices', () => {
    const s = ledger(`${TEXT}2024-01-06 price HOOL 12.5 USD\n  source: "x"\n`);
    expect(s.prices.length).toBe(2);
    const [a, b] = s.prices;
    expect(a).toBe(s.entries[a.seq]);
    // 2024-01-06 is day 19728 since 1970-01-01 (UTC ledger: timestamp = day x 86400).
    expect([a.date, a.currency, amount(a.amount), a.time, a.timestamp, a.src!.line]).toEqual([19728, 'HOOL', '12 USD', 0, 19728 * 86400, 19]);
    expect(a.meta).toEqual([]);
    expect(b.seq).toBe(a.seq + 1);
    expect(amount(b.amount)).toBe('12.5 USD');
    expect(b.meta.map((m) => [m.key, m.text])).toEqual([['source', 'x']]);
    // The same day's second price wins in the price map (ledger order).
    expect(String(s.priceMap.rate('HOOL', 'USD', a.date))).toBe('12.5');
  });
});

describe('transaction entries', () => {
  it('are the transactions themselves, with the entry fields', () => {
    const s = ledger(TEXT);
    const sell = s.transactions.find((t) => t.narration === 'Sell')!;
    const e = s.entries[sell.seq!];
    expect(e).toBe(sell);
    expect(e.txn).toBe(sell);
    expect([e.type, e.seq, (e.directive as TransactionAst).narration]).toEqual(['transaction', sell.seq, 'Sell']);
    expect(e.accounts).toEqual(['Assets:Bank', 'Assets:Broker', 'Equity:Opening']);
    expect(s.referenceOrder[e.ref]).toBe(e.seq);
    // The padding transaction: its entry's directive is the generated transaction.
    const padding = s.transactions.find((t) => t.flag === 'P')!;
    const pe = s.entries[padding.seq!];
    expect(pe).toBe(padding);
    expect([pe.type, (pe.directive as TransactionAst).payee, pe.accounts]).toEqual(['transaction', 'Balance Pad', ['Assets:Bank', 'Equity:Opening']]);
    // Date, flag, payee, narration, meta and src are read from the directive.
    const lunch = s.transactions.find((t) => t.narration === 'Lunch')!;
    expect([lunch.date, lunch.flag, lunch.payee, lunch.meta.length, lunch.src!.line]).toEqual([19725, '*', null, 0, 8]);
    expect([padding.date, padding.flag, padding.payee, padding.narration, padding.src!.line]).toEqual([
      19723, 'P', 'Balance Pad', 'pad Equity:Opening to Assets:Bank', 6,
    ]);
    // Order: open x4, pad, padding, balance, Lunch, Buy, Sell, price.
    expect(s.entries.map((x) => x.type)).toEqual(['open', 'open', 'open', 'open', 'pad', 'transaction', 'balance', 'transaction', 'transaction', 'transaction', 'price']);
  });
});

describe('timestamps', () => {
  // Rows keep seconds from the date's midnight UTC and add the date back when read (rows.ts):
  // the figures must be the clock's for dates far outside 1901-2038 and for a zone's offset.
  it('are the Unix seconds of date, time and zone, before 1901 and after 2038 too', () => {
    const s = ledger(`option "timezone" "Etc/GMT-3"
1750-01-01 open Assets:Bank
1750-01-01 open Income:Job
1750-03-01 * "Old"
  time: "10:30"
  Assets:Bank  1 GBP
  Income:Job
1750-03-02 price GBP 4.5 USD
2050-07-01 * "Late"
  Assets:Bank  2 GBP
  Income:Job
2050-07-02 balance Assets:Bank 3 GBP
`);
    expect(s.errors).toEqual([]);
    // Etc/GMT-3 is three hours ahead of UTC (POSIX signs): local 10:30 is 07:30 UTC.
    const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min) / 1000;
    const old = s.transactions.find((t) => t.narration === 'Old')!;
    expect(old.timestamp).toBe(utc(1750, 3, 1, 7, 30));
    // 1750-03-01 is day -80294 (220 years of 365 days and 53 leap days back from 1970-03-01, less 59).
    expect(old.timestamp).toBe(-80294 * 86400 + 7.5 * 3600);
    expect(old.time).toBe(10 * 3600 + 30 * 60);
    expect(s.transactions.find((t) => t.narration === 'Late')!.timestamp).toBe(utc(2050, 6, 30, 21));
    const price = s.entries.find((e) => e.type === 'price')!;
    expect(price.timestamp).toBe(utc(1750, 3, 1, 21));
    expect(s.prices[0].timestamp).toBe(utc(1750, 3, 1, 21));
    expect(s.entries.find((e) => e.type === 'balance')!.timestamp).toBe(utc(2050, 7, 1, 21));
    // The entry of a transaction is the transaction itself.
    expect(s.entries[old.seq!].timestamp).toBe(old.timestamp);
  });
});
