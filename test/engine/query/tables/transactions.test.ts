import { describe, expect, it } from 'vitest';
import { err, ledger, names, rows, types } from './helpers';
import { generateLedger } from '../../../../main/gen/ledger-generator';
import { inProcessingOrder, inReferenceOrder } from '../../../../engine/query/tables/transactions';

// Processing order: opens 0-2, pad 3, its padding transaction 4 (dated with the pad), balance 5,
// then on 2024-01-03 "Dinner" (08:00) 6 before "Lunch" (12:00) 7. Reference order keeps file
// order within the day: Lunch before Dinner.
const s = ledger(`
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
2024-01-01 open Equity:Opening
2024-01-01 pad Assets:Cash Equity:Opening
2024-01-02 balance Assets:Cash 100 USD
2024-01-03 * "Shop" "Lunch" #t1 ^l1
  time: "12:00"
  kk: "v"
  Assets:Cash  -10 USD
  Expenses:Food
2024-01-03 ! "Dinner"
  time: "08:00"
  Assets:Cash  -5 USD
  Expenses:Food  6 USD
`);
const day3 = Date.UTC(2024, 0, 3) / 1000;

describe('#transactions', () => {
  it('SELECT * columns and the types of every column', () => {
    expect(names(s, 'SELECT * FROM #transactions')).toEqual(['date', 'flag', 'payee', 'narration', 'tags', 'links', 'accounts']);
    expect(types(s, 'SELECT meta, id, seq, time, timestamp, balanced, errors, metas FROM #transactions')).toEqual([
      'meta:str', 'id:str', 'seq:int', 'time:str', 'timestamp:int', 'balanced:bool', 'errors:set', 'metas:metas',
    ]);
  });

  it('one row per transaction, padding included, in reference order', () => {
    expect(rows(s, 'SELECT * FROM #transactions')).toEqual([
      ['2024-01-01', 'P', 'Balance Pad', 'pad Equity:Opening to Assets:Cash', [], [], ['Assets:Cash', 'Equity:Opening']],
      ['2024-01-03', '*', 'Shop', 'Lunch', ['t1'], ['l1'], ['Assets:Cash', 'Expenses:Food']],
      ['2024-01-03', '!', null, 'Dinner', [], [], ['Assets:Cash', 'Expenses:Food']],
    ]);
    expect(rows(s, 'SELECT narration FROM #transactions ORDER BY seq').map((r) => r[0])).toEqual([
      'pad Equity:Opening to Assets:Cash', 'Dinner', 'Lunch',
    ]);
  });

  it('[ext] columns: id as postings, seq, time, timestamp, balanced, errors, metas', () => {
    expect(rows(s, 'SELECT narration, seq, time, timestamp, balanced, errors FROM #transactions WHERE date = 2024-01-03')).toEqual([
      ['Lunch', 7, '12:00:00', day3 + 12 * 3600, true, []],
      ['Dinner', 6, '08:00:00', day3 + 8 * 3600, false, ['UnbalancedTransaction']],
    ]);
    const byPosting = rows(s, "SELECT DISTINCT id, seq FROM #postings WHERE narration = 'Lunch'");
    expect(rows(s, "SELECT id, seq FROM #transactions WHERE narration = 'Lunch'")).toEqual(byPosting);
    expect(rows(s, "SELECT id FROM #transactions WHERE narration = 'Lunch'")).toEqual(rows(s, "SELECT id FROM #entries WHERE narration = 'Lunch'"));
  });

  it('meta text, metas pairs and meta() read the transaction metadata', () => {
    const [[meta, metas, k, ek, ak]] = rows(s, "SELECT meta, metas, meta('kk'), entry_meta('kk'), any_meta('kk') FROM #transactions WHERE narration = 'Lunch'");
    // Beancount time metadata stays metadata (it also sets the time of day).
    expect(meta).toBe('kk: "v", time: "12:00"');
    expect(metas).toEqual([
      { key: 'kk', value: 'v' },
      { key: 'time', value: '12:00' },
    ]);
    expect([k, ek, ak]).toEqual(['v', 'v', 'v']);
    expect(rows(s, "SELECT meta FROM #transactions WHERE flag = 'P'")).toEqual([['']]);
  });

  it('aggregates and functions work', () => {
    expect(rows(s, "SELECT count(*), sum(length(accounts)) FROM #transactions WHERE 'Expenses:Food' IN accounts")).toEqual([[2, 4]]);
    expect(err(s, 'SELECT position FROM #transactions')).toEqual(["unknown column 'position' in table 'transactions'", 1, 8]);
  });
});

describe('#transactions rows taken in processing order', () => {
  it('when the transactions keep file order within their days, the rows are the processing order', () => {
    const g = ledger(generateLedger({ transactions: 300, seed: 11 }).text);
    const fast = inProcessingOrder(g);
    expect(fast).not.toBeNull();
    expect(fast!.length).toBeGreaterThan(300);
    expect(fast).toEqual(inReferenceOrder(g));
    // The same rows as #entries' transactions, which keep reference order.
    expect(rows(g, 'SELECT id FROM #transactions')).toEqual(rows(g, "SELECT id FROM #entries WHERE type = 'transaction'"));
  });

  it('when times of day reorder a day (Dinner 08:00 written after Lunch 12:00), reference order is read from the entries', () => {
    expect(inProcessingOrder(s)).toBeNull();
    expect(inReferenceOrder(s).map((t) => t.narration)).toEqual(['pad Equity:Opening to Assets:Cash', 'Lunch', 'Dinner']);
    expect(rows(s, 'SELECT id FROM #transactions')).toEqual(rows(s, "SELECT id FROM #entries WHERE type = 'transaction'"));
  });
});
