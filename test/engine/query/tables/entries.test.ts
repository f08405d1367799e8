import { describe, expect, it } from 'vitest';
import { err, json, ledger, names, rows, types } from './helpers';

// Processing order (seq): day 1 opens and commodity; day 2 note (00:00), balance (09:00),
// transaction (10:00); day 3 close. Reference order on day 2: balance, then the others in file
// order (transaction, note), regardless of time.
const TEXT = `
2024-01-01 open Assets:Cash USD
  note: "main"
2024-01-01 open Expenses:Food
2024-01-01 open Assets:Old
2024-01-01 commodity USD
2024-01-02 10:00 * "Shop" "Lunch" #food ^l1
  k: "v"
  a: "1"
  Assets:Cash  -10 USD
  Expenses:Food  10 USD
2024-01-02 09:00 balance Assets:Cash 0 USD
2024-01-02 note Assets:Cash "hello" #n
2024-01-03 close Assets:Old
`;
const s = ledger(TEXT, { format: 'zhang' });
const day2 = Date.UTC(2024, 0, 2) / 1000;

describe('#entries', () => {
  it('loads without errors', () => {
    expect(s.errors).toEqual([]);
  });

  it('lineno [ext] is the line of the directive (TEXT starts with a newline), detail [ext] its one-line content', () => {
    expect(rows(s, 'SELECT type, lineno, detail FROM #entries')).toEqual([
      ['open', 2, 'USD'],
      ['open', 4, null],
      ['open', 5, null],
      ['commodity', 6, 'USD'],
      ['balance', 12, null],
      ['transaction', 7, null],
      ['note', 13, 'hello'],
      ['close', 14, null],
    ]);
  });

  it('SELECT * has the reference columns in the spec order', () => {
    expect(types(s, 'SELECT * FROM #entries')).toEqual([
      'id:str', 'type:str', 'filename:str', 'date:date', 'year:int', 'month:int', 'day:int', 'flag:str', 'payee:str',
      'narration:str', 'description:str', 'tags:set', 'links:set', 'meta:str', 'accounts:set',
    ]);
  });

  it('keeps reference order without ORDER BY; seq is processing order', () => {
    expect(rows(s, 'SELECT type, seq, time FROM #entries')).toEqual([
      ['open', 0, '00:00:00'],
      ['open', 1, '00:00:00'],
      ['open', 2, '00:00:00'],
      ['commodity', 3, '00:00:00'],
      ['balance', 5, '09:00:00'],
      ['transaction', 6, '10:00:00'],
      ['note', 4, '00:00:00'],
      ['close', 7, '00:00:00'],
    ]);
    expect(rows(s, 'SELECT type FROM #entries ORDER BY seq').map((r) => r[0])).toEqual([
      'open', 'open', 'open', 'commodity', 'note', 'balance', 'transaction', 'close',
    ]);
  });

  it('fills transaction fields for transactions and NULL for other directives', () => {
    const r = rows(s, "SELECT * FROM #entries WHERE date = 2024-01-02");
    const [bal, txn, note] = r;
    expect(bal.slice(1)).toEqual(['balance', 'main.zhang', '2024-01-02', 2024, 1, 2, null, null, null, null, null, null, '', ['Assets:Cash']]);
    expect(txn.slice(1)).toEqual([
      'transaction', 'main.zhang', '2024-01-02', 2024, 1, 2, '*', 'Shop', 'Lunch', 'Shop | Lunch', ['food'], ['l1'], 'a: "1", k: "v"',
      ['Assets:Cash', 'Expenses:Food'],
    ]);
    expect(note.slice(1)).toEqual(['note', 'main.zhang', '2024-01-02', 2024, 1, 2, null, null, null, null, ['n'], [], '', ['Assets:Cash']]);
  });

  it('has the [ext] columns seq, time, timestamp and metas, not in SELECT *', () => {
    expect(names(s, 'SELECT * FROM #entries')).not.toContain('seq');
    expect(rows(s, "SELECT seq, time, timestamp, metas FROM #entries WHERE type = 'transaction'")).toEqual([
      [6, '10:00:00', day2 + 36000, [{ key: 'a', value: '1' }, { key: 'k', value: 'v' }]],
    ]);
    expect(rows(s, "SELECT timestamp FROM #entries WHERE type = 'balance'")).toEqual([[day2 + 9 * 3600]]);
  });

  it('ids: a transaction row has the postings id, an assertion the #balances id', () => {
    const txnId = rows(s, 'SELECT DISTINCT id FROM #postings');
    expect(txnId).toHaveLength(1);
    expect(rows(s, "SELECT id FROM #entries WHERE type = 'transaction'")).toEqual(txnId);
    expect(rows(s, "SELECT id FROM #entries WHERE type = 'balance'")).toEqual(rows(s, 'SELECT id FROM #balances'));
    // Every directive has its own id.
    expect(new Set(rows(s, 'SELECT id FROM #entries').map((r) => r[0])).size).toBe(8);
  });

  it('meta(), entry_meta() and any_meta() read the directive', () => {
    expect(rows(s, "SELECT type, meta('note'), entry_meta('note'), any_meta('k') FROM #entries WHERE date = 2024-01-01 OR type = 'transaction'")).toEqual([
      ['open', 'main', 'main', null],
      ['open', null, null, null],
      ['open', null, null, null],
      ['commodity', null, null, null],
      ['transaction', null, null, 'v'],
    ]);
  });

  it('functions, aggregates and clauses work on the table', () => {
    expect(rows(s, 'SELECT type, count(*) AS n FROM #entries GROUP BY type ORDER BY n DESC, type LIMIT 3')).toEqual([
      ['open', 3],
      ['balance', 1],
      ['close', 1],
    ]);
    expect(rows(s, "SELECT year(date), 'Assets:Cash' IN accounts FROM #entries WHERE type = 'close'")).toEqual([[2024, false]]);
    expect(json(s, 'SELECT type FROM #entries LIMIT 2 OFFSET 3', { countTotal: true })).toMatchObject({ rows: [['commodity'], ['balance']], total: 8 });
  });

  it('only the table\'s own columns exist', () => {
    expect(err(s, 'SELECT account FROM #entries')).toEqual(["unknown column 'account' in table 'entries'", 1, 8]);
  });

  it('lists padding transactions, not rejected ones; filename is relative to the ledger directory', () => {
    const p = ledger(
      `include "sub/more.beancount"
include "/elsewhere/far.beancount"
2024-01-01 open Assets:Cash
2024-01-01 open Equity:Opening
2024-01-01 pad Assets:Cash Equity:Opening
2024-01-02 balance Assets:Cash 100 USD
2024-01-03 * "rejected: two postings without amount"
  Assets:Cash
  Equity:Opening
`,
      {
        files: {
          '/ledger/sub/more.beancount': '2024-01-05 event "location" "Paris"\n',
          '/elsewhere/far.beancount': '2024-01-06 event "location" "Rome"\n',
        },
      },
    );
    expect(rows(p, 'SELECT type, flag, filename, accounts FROM #entries')).toEqual([
      ['open', null, 'main.beancount', ['Assets:Cash']],
      ['open', null, 'main.beancount', ['Equity:Opening']],
      ['pad', null, 'main.beancount', ['Assets:Cash', 'Equity:Opening']],
      ['transaction', 'P', 'main.beancount', ['Assets:Cash', 'Equity:Opening']],
      ['balance', null, 'main.beancount', ['Assets:Cash']],
      ['event', null, 'sub/more.beancount', []],
      ['event', null, '/elsewhere/far.beancount', []],
    ]);
    expect(p.errors.map((e) => e.kind)).toEqual(['TransactionHasMultipleImplicitPosting']);
  });
});
