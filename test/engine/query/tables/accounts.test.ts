import { describe, expect, it } from 'vitest';
import { err, ledger, names, rows, types } from './helpers';

const s = ledger(`
2024-01-01 open Assets:Cash USD,EUR "FIFO"
  budget: "Food"
2024-01-01 open Assets:Bank
  booking_method: "lifo"
2024-01-01 open Assets:Old
2024-02-01 close Assets:Old
  why: "moved"
2024-01-01 open Assets:Re
2024-02-01 close Assets:Re
2024-03-01 open Assets:Re GBP
  again: "yes"
2024-01-01 close Assets:Never
`);

const ALL = 'SELECT account, open.date, open.account, open.currencies, open.booking, open.meta, close.date, close.account, close.meta FROM #accounts';

describe('#accounts', () => {
  it('SELECT * is account, open, close; the structured attributes have their types', () => {
    expect(types(s, 'SELECT * FROM #accounts')).toEqual(['account:str', 'open:date', 'close:date']);
    expect(types(s, ALL)).toEqual([
      'account:str', 'open.date:date', 'open.account:str', 'open.currencies:set', 'open.booking:str', 'open.meta:str',
      'close.date:date', 'close.account:str', 'close.meta:str',
    ]);
  });

  it('one row per account with an open or close, by name; open and close alone read as dates', () => {
    expect(rows(s, 'SELECT * FROM #accounts')).toEqual([
      ['Assets:Bank', '2024-01-01', null],
      ['Assets:Cash', '2024-01-01', null],
      ['Assets:Never', null, '2024-01-01'],
      ['Assets:Old', '2024-01-01', '2024-02-01'],
      // Closed and reopened: the open in effect, and no close while open.
      ['Assets:Re', '2024-03-01', null],
    ]);
  });

  it('every attribute; attributes of a missing directive are NULL', () => {
    expect(rows(s, ALL)).toEqual([
      ['Assets:Bank', '2024-01-01', 'Assets:Bank', null, 'LIFO', 'booking_method: "lifo"', null, null, null],
      ['Assets:Cash', '2024-01-01', 'Assets:Cash', ['EUR', 'USD'], 'FIFO', 'budget: "Food"', null, null, null],
      ['Assets:Never', null, null, null, null, null, '2024-01-01', 'Assets:Never', ''],
      ['Assets:Old', '2024-01-01', 'Assets:Old', null, null, '', '2024-02-01', 'Assets:Old', 'why: "moved"'],
      ['Assets:Re', '2024-03-01', 'Assets:Re', ['GBP'], null, 'again: "yes"', null, null, null],
    ]);
    expect(names(s, 'SELECT open.date FROM #accounts')).toEqual(['open.date']);
  });

  it('attributes work in WHERE and ORDER BY; meta() reads the open (or the close without open)', () => {
    expect(rows(s, 'SELECT account FROM #accounts WHERE close IS NOT NULL ORDER BY close.date DESC, account')).toEqual([
      ['Assets:Old'],
      ['Assets:Never'],
    ]);
    expect(rows(s, "SELECT account, meta('budget'), meta('why') FROM #accounts WHERE open.date < 2024-02-01 OR open IS NULL")).toEqual([
      ['Assets:Bank', null, null],
      ['Assets:Cash', 'Food', null],
      ['Assets:Never', null, null],
      ['Assets:Old', null, null],
    ]);
    expect(rows(s, "SELECT count(*) FROM #accounts WHERE 'USD' IN open.currencies")).toEqual([[1]]);
  });

  it('an unknown attribute is an error at the attribute', () => {
    expect(err(s, 'SELECT open.datum FROM #accounts')).toEqual(["unknown attribute 'datum' of column 'open'", 1, 13]);
    expect(err(s, 'SELECT account\nFROM #accounts WHERE close.currencies IS NULL')).toEqual(["unknown attribute 'currencies' of column 'close'", 2, 28]);
  });
});
