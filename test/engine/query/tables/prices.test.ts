import { describe, expect, it } from 'vitest';
import { ledger, names, rows, types } from './helpers';

// Same-day prices come by time of day (14:00 before 18:00 though written after it); days by date.
const s = ledger(
  `
2024-01-02 18:00 price EUR 1.12 USD
2024-01-02 14:00 price EUR 1.10 USD
  source: "ecb"
2024-01-01 price GBP 1.27 USD
`,
  { format: 'zhang' },
);
const day2 = Date.UTC(2024, 0, 2) / 1000;

describe('#prices', () => {
  it('SELECT * columns and types', () => {
    expect(names(s, 'SELECT * FROM #prices')).toEqual(['date', 'currency', 'amount']);
    expect(types(s, 'SELECT meta, time, timestamp FROM prices')).toEqual(['meta:str', 'time:str', 'timestamp:int']);
  });

  it('rows by date, then time of day', () => {
    expect(rows(s, 'SELECT date, currency, amount, time, timestamp, meta FROM #prices')).toEqual([
      ['2024-01-01', 'GBP', { number: '1.27', currency: 'USD' }, '00:00:00', Date.UTC(2024, 0, 1) / 1000, ''],
      ['2024-01-02', 'EUR', { number: '1.10', currency: 'USD' }, '14:00:00', day2 + 14 * 3600, 'source: "ecb"'],
      ['2024-01-02', 'EUR', { number: '1.12', currency: 'USD' }, '18:00:00', day2 + 18 * 3600, ''],
    ]);
  });

  it('meta() reads the price directive; aggregates work', () => {
    expect(rows(s, "SELECT currency, meta('source') FROM #prices WHERE meta('source') IS NOT NULL")).toEqual([['EUR', 'ecb']]);
    expect(rows(s, 'SELECT currency, last(amount), count(*) FROM #prices GROUP BY currency ORDER BY currency')).toEqual([
      ['EUR', { number: '1.12', currency: 'USD' }, 2],
      ['GBP', { number: '1.27', currency: 'USD' }, 1],
    ]);
  });
});
