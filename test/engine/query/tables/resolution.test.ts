/** How FROM names a table (spec "SELECT, FROM, WHERE" 6 and lexical rule 1). */
import { describe, expect, it } from 'vitest';
import { err, ledger, names, rows } from './helpers';

const s = ledger(`
2024-01-01 open Assets:Cash
2024-01-02 price EUR 1.10 USD
2024-01-03 * "x"
  Assets:Cash  1 USD
  Assets:Cash  -1 USD
`);

describe('table names in FROM', () => {
  it('#name and a bare name that is not a postings column read the same table', () => {
    expect(rows(s, 'SELECT * FROM #prices')).toEqual([['2024-01-02', 'EUR', { number: '1.10', currency: 'USD' }]]);
    expect(rows(s, 'SELECT * FROM prices')).toEqual(rows(s, 'SELECT * FROM #prices'));
    expect(rows(s, 'select date from budget_events')).toEqual([]);
    expect(names(s, 'SELECT * FROM #postings')).toEqual(['date', 'flag', 'payee', 'narration', 'account', 'position']);
  });

  it('a bare postings column stays a FROM condition', () => {
    // `balanced` is a postings column (bool), so it filters postings instead of naming a table.
    expect(rows(s, 'SELECT count(*) FROM balanced')).toEqual([[2]]);
  });

  it('table names are case-sensitive; an unknown table is an error at its name', () => {
    expect(err(s, 'SELECT * FROM #Prices')).toEqual(["unknown table '#Prices'", 1, 15]);
    expect(err(s, 'SELECT *\n  FROM #nothing WHERE TRUE')).toEqual(["unknown table '#nothing'", 2, 8]);
    expect(err(s, 'SELECT * FROM Prices')).toEqual(["unknown table 'Prices'", 1, 15]);
  });

  it('a table stands alone in FROM: no period clause after it', () => {
    expect(err(s, 'SELECT * FROM #prices OPEN ON 2024-01-01')).toEqual([
      'syntax error: a table stands alone in FROM: OPEN cannot follow #prices (filter its rows with WHERE)', 1, 23,
    ]);
    expect(err(s, 'SELECT * FROM prices CLOSE ON 2024-01-01')[0]).toBe(
      'syntax error: a table stands alone in FROM: CLOSE cannot follow prices (filter its rows with WHERE)',
    );
    expect(err(s, 'SELECT * FROM prices CLOSE ON 2024-01-01').slice(1)).toEqual([1, 22]);
    expect(err(s, 'SELECT * FROM entries  CLEAR')).toEqual([
      'syntax error: a table stands alone in FROM: CLEAR cannot follow entries (filter its rows with WHERE)', 1, 24,
    ]);
  });

  it('BALANCES and JOURNAL always read postings', () => {
    expect(err(s, 'BALANCES FROM #prices')).toEqual(['BALANCES always reads postings: it cannot read #prices', 1, 15]);
    expect(err(s, 'JOURNAL FROM  entries')).toEqual(['JOURNAL always reads postings: it cannot read #entries', 1, 15]);
    expect(rows(s, 'BALANCES FROM #postings')).toEqual([['Assets:Cash', { positions: [] }]]);
  });

  it('columns of another table are unknown', () => {
    expect(err(s, 'SELECT account FROM #prices')).toEqual(["unknown column 'account' in table 'prices'", 1, 8]);
    expect(err(s, 'SELECT date FROM #prices WHERE narration = 1')).toEqual(["unknown column 'narration' in table 'prices'", 1, 32]);
  });
});
