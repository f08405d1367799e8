import { describe, expect, it } from 'vitest';
import { historyCurrencies, historyPoints, type HistoryRow } from '../../../../renderer/pages/accounts/history';
import { builtinRows, ledger } from '../builtin-rows';

const TEXT = `
2024-01-01 open Assets:Wallet
2024-01-01 open Assets:Wallet:Coins
2024-01-01 open Equity:Opening
2024-01-02 * "a"
  Assets:Wallet        10.00 USD
  Equity:Opening
2024-01-02 * "b"
  Assets:Wallet:Coins   5 EUR
  Equity:Opening
2024-01-03 * "c"
  Assets:Wallet:Coins   2 EUR
  Equity:Opening
2024-01-04 * "d"
  Assets:Wallet        -3.50 USD
  Equity:Opening
2024-01-05 * "e"
  Assets:Wallet:Coins   1 EUR
  Equity:Opening
`;

describe('balance history of an account subtree (accounts.balance_history)', () => {
  const rows = builtinRows(ledger(TEXT), 'accounts.balance_history', { account: 'Assets:Wallet' }) as unknown as HistoryRow[];

  it('defaults to the operating currency when held, else the currency with most rows', () => {
    expect(historyCurrencies(rows, 'USD')).toEqual(['USD', 'EUR']);
    expect(historyCurrencies(rows, null)).toEqual(['EUR', 'USD']);
    expect(historyCurrencies(rows, 'GBP')).toEqual(['EUR', 'USD']);
  });

  it('gives the last running balance per date in one currency, sub-accounts included', () => {
    expect(historyPoints(rows, 'EUR')).toEqual([
      { date: '2024-01-02', value: '5' },
      { date: '2024-01-03', value: '7' },
      { date: '2024-01-05', value: '8' },
    ]);
    expect(historyPoints(rows, 'USD')).toEqual([
      { date: '2024-01-02', value: '10.00' },
      { date: '2024-01-04', value: '6.50' },
    ]);
  });
});
