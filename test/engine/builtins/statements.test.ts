/**
 * The statement built-ins on a small ledger; every figure computed by hand from the text in statements-ledger.ts.
 * Cross-checked with Beancount 2.3.5: `bean-check` passes on LEDGER, and
 *   bean-query LEDGER "SELECT account, cost(sum(position)) FROM OPEN ON 2024-01-01 CLOSE ON 2024-03-01 CLEAR GROUP BY account"
 * lists the same balance-sheet accounts and amounts as the at_cost test (Equity:Conversions:Current
 * 99.00 USD -90.00 EUR, Equity:Earnings:Current -470.00 USD, ...), and
 *   bean-query LEDGER "SELECT account, sum(position) WHERE date >= 2024-02-01 AND date < 2024-03-01 AND account ~ '^(Income|Expenses)' GROUP BY account"
 * gives Expenses:Food 30.00 USD for February.
 */
import { describe, expect, it } from 'vitest';
import { ledger } from '../ledger/ledger-text';
import { parseDate } from '../../../engine/dates';
import { lines, runBuiltin } from './run-builtin';
import { LEDGER } from './statements-ledger';


const s = ledger(LEDGER);
const day = (t: string) => parseDate(t)!;
// Valued at the prices of the range's last day, as the endpoints do by default.
const run = (name: string, begin: string, end: string, conversion: string, invert = false, priceDate = day(end) - 1) =>
  lines(runBuiltin(s, name, { begin: day(begin), end: day(end), conversion, invert, price_date: priceDate }));

describe('statements.balance_sheet', () => {
  it('at cost: opening balances, current earnings and conversions; the roots add up to nothing', () => {
    // Bank 1000 + 500 - 200 - 99 - 100 = 1101.00; Broker 10 x 20.00 + 2 x 50.00 = 300.00;
    // earnings -500.00 + 30.00; conversions: the EUR bought at 99.00 USD.
    // 1101.00 + 300.00 + 90.00 EUR - 30.00 - 1000.00 - 470.00 + 99.00 - 90.00 EUR = 0
    expect(run('statements.balance_sheet', '2024-01-01', '2024-03-01', 'at_cost')).toEqual([
      'Assets:Bank | (1101.00 USD) | NULL',
      'Assets:Broker | (300.00 USD) | NULL',
      'Assets:Euro | (90.00 EUR) | NULL',
      'Equity:Conversions:Current | (-90.00 EUR, 99.00 USD) | NULL',
      'Equity:Earnings:Current | (-470.00 USD) | NULL',
      'Equity:Opening | (-1000.00 USD) | NULL',
      'Liabilities:Card | (-30.00 USD) | NULL',
    ]);
  });

  it('at value: STK at 25.00 on 2024-02-29, GLD never quoted is valued at its cost and listed', () => {
    const rows = run('statements.balance_sheet', '2024-01-01', '2024-03-01', 'at_value');
    expect(rows[1]).toBe('Assets:Broker | (350.00 USD) | (2 GLD)');
    expect(rows[0]).toBe('Assets:Bank | (1101.00 USD) | ()');
  });

  it('at the latest price: STK at 26.00 (2024-03-15) although the range ends in February', () => {
    const rows = run('statements.balance_sheet', '2024-01-01', '2024-03-01', 'at_value', false, day('9999-12-31'));
    expect(rows[1]).toBe('Assets:Broker | (360.00 USD) | (2 GLD)');
  });

  it('in a currency: EUR at 1.10; GLD has no price and stays in units', () => {
    const rows = run('statements.balance_sheet', '2024-01-01', '2024-03-01', 'USD');
    expect(rows[1]).toBe('Assets:Broker | (2 GLD, 250.00 USD) | NULL');
    expect(rows[2]).toBe('Assets:Euro | (99.0000 USD) | NULL');
    expect(rows[3]).toBe('Equity:Conversions:Current | () | NULL');
  });

  it('OPEN ON moves earlier income to Equity:Earnings:Previous; invert flips equity and liabilities', () => {
    // Before 2024-02-01: Salary -500.00 -> previous earnings; February: Food 30.00 -> current.
    const rows = run('statements.balance_sheet', '2024-02-01', '2024-03-01', 'units', true);
    expect(rows).toContain('Equity:Earnings:Previous | (500.00 USD) | NULL');
    expect(rows).toContain('Equity:Earnings:Current | (-30.00 USD) | NULL');
    expect(rows).toContain('Liabilities:Card | (30.00 USD) | NULL');
    expect(rows).toContain('Assets:Broker | (2 GLD, 10 STK) | NULL');
  });
});

describe('statements.income_statement', () => {
  it('the range only: January pay, February food, March pay', () => {
    expect(run('statements.income_statement', '2024-01-01', '2024-02-01', 'units')).toEqual(['Income:Salary | (-500.00 USD) | NULL']);
    expect(run('statements.income_statement', '2024-02-01', '2024-03-01', 'at_value')).toEqual(['Expenses:Food | (30.00 USD) | ()']);
    expect(run('statements.income_statement', '2024-01-01', '2024-04-01', 'units', true)).toEqual([
      'Expenses:Food | (30.00 USD) | NULL',
      'Income:Salary | (1000.00 USD) | NULL',
    ]);
  });
});

describe('statements.trial_balance', () => {
  it('every account, income and expenses not cleared; at cost the total is nothing', () => {
    expect(run('statements.trial_balance', '2024-01-01', '2024-03-01', 'at_cost')).toEqual([
      'Assets:Bank | (1101.00 USD) | NULL',
      'Assets:Broker | (300.00 USD) | NULL',
      'Assets:Euro | (90.00 EUR) | NULL',
      'Equity:Conversions:Current | (-90.00 EUR, 99.00 USD) | NULL',
      'Equity:Opening | (-1000.00 USD) | NULL',
      'Expenses:Food | (30.00 USD) | NULL',
      'Income:Salary | (-500.00 USD) | NULL',
      'Liabilities:Card | (-30.00 USD) | NULL',
    ]);
  });
});
