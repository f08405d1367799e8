import { describe, expect, it } from 'vitest';
import type { AmountJson, Statement, StatementNode } from '../../../../engine/api-types';
import { chartCurrency, incomeExpenseBars, lastDay, netWorthPoints, rootBars } from '../../../../renderer/pages/statements/chart-data';

const a = (number: string, currency = 'USD'): AmountJson => ({ number, currency });
const node = (account: string, totals: AmountJson[][]): StatementNode => ({
  account,
  name: account,
  balance: totals,
  balance_children: totals,
  at_cost: totals.map(() => []),
  children: [],
});

function st(over: Partial<Statement>): Statement {
  return {
    kind: 'income-statement',
    conversion: 'at_cost',
    invert: false,
    prices: 'end',
    currencies: ['USD'],
    interval: 'month',
    columns: [
      { label: '2024-01', begin: '2024-01-01', end: '2024-02-01', query: '' },
      { label: '2024-02', begin: '2024-02-01', end: '2024-03-01', query: '' },
    ],
    tree: [],
    total: [[], []],
    ...over,
  };
}

describe('statement chart data', () => {
  it('the last day of a column is the day before its end (leap day included)', () => {
    expect(lastDay('2024-03-01')).toBe('2024-02-29');
    expect(lastDay('2025-01-01')).toBe('2024-12-31');
  });

  it('charts the conversion currency, else the most frequent currency of the figures', () => {
    expect(chartCurrency(st({ conversion: 'EUR' }))).toBe('EUR');
    expect(chartCurrency(st({ total: [[a('1', 'EUR'), a('2')], [a('3')]] }))).toBe('USD');
  });

  it('net worth points are the totals on each column last day; a missing currency is 0', () => {
    const s = st({ kind: 'balance-sheet', total: [[a('1500.00')], [a('90.00', 'EUR')]] });
    expect(netWorthPoints(s, 'USD')).toEqual([
      { date: '2024-01-31', value: '1500.00' },
      { date: '2024-02-29', value: '0' },
    ]);
  });

  it('income is shown positive (ledger sign turned unless inverted); expenses as they are', () => {
    const tree = [node('Income', [[a('-500.00')], []]), node('Expenses', [[], [a('30.00')]])];
    expect(incomeExpenseBars(st({ tree }), 'USD')).toEqual({ labels: ['2024-01', '2024-02'], income: ['500.00', '0'], expenses: ['0', '30.00'] });
    const inverted = [node('Income', [[a('500.00')], []]), node('Expenses', [[], [a('30.00')]])];
    expect(incomeExpenseBars(st({ tree: inverted, invert: true }), 'USD').income).toEqual(['500.00', '0']);
  });
  it('trial balance: one series per root in tree order, each column in the chart currency (0 when absent)', () => {
    const t = st({
      kind: 'trial-balance',
      tree: [
        node('Assets', [[a('100.00'), a('5', 'EUR')], [a('80.50')]]),
        node('Income', [[a('-100.00')], []]),
        node('Expenses', [[], [a('19.50')]]),
      ],
    });
    expect(rootBars(t, 'USD')).toEqual({
      labels: ['2024-01', '2024-02'],
      series: [
        { root: 'Assets', values: ['100.00', '80.50'] },
        { root: 'Income', values: ['-100.00', '0'] },
        { root: 'Expenses', values: ['0', '19.50'] },
      ],
    });
  });
});
