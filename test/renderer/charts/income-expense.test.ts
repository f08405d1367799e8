import { describe, expect, it } from 'vitest';
import type { GraphPoint } from '../../../engine/api-types';
import { EXPENSES_COLOUR, INCOME_COLOUR, incomeExpenseConfig, incomeExpenseMonths, PROFIT_COLOUR } from '../../../renderer/charts/income-expense';
import { NEGATIVE } from '../../../renderer/charts/chart-config';

const v = (number: string, unconverted: GraphPoint['unconverted'] = []) => ({ number, currency: 'USD', unconverted, units: [] });
function point(date: string, income: string | null, expenses: string | null, unconverted = false): GraphPoint {
  const changes: GraphPoint['changes'] = [];
  if (income !== null) changes.push({ type: 'Income', ...v(income, unconverted ? [{ number: '-5', currency: 'VACHR' }] : []) });
  if (expenses !== null) changes.push({ type: 'Expenses', ...v(expenses) });
  return { date, ...v('0'), changes };
}

// Hand-computed: January earned 1000.10 and spent 400.05 (profit 600.05); February earned
// nothing and spent 50 (a loss of 50).
const POINTS = [point('2026-01-01', '-1000.10', '400.05', true), point('2026-02-01', null, '50')];

describe('incomeExpenseMonths', () => {
  it('keeps ledger signs unless inverted; expenses as spent; profit = -(income + expenses)', () => {
    const plain = incomeExpenseMonths(POINTS, false);
    expect(plain.map((m) => [m.month, m.income.toString(), m.expenses.toString(), m.profit.toString(), m.unconverted])).toEqual([
      ['2026-01', '-1000.10', '400.05', '600.05', true],
      ['2026-02', '0', '50', '-50', false],
    ]);
    const inverted = incomeExpenseMonths(POINTS, true);
    expect(inverted.map((m) => m.income.toString())).toEqual(['1000.10', '0']);
    expect(inverted.map((m) => m.profit.toString())).toEqual(['600.05', '-50']);
  });
});

describe('incomeExpenseConfig', () => {
  it('three series with a legend, red only for the month at a loss, exact text in tooltips', () => {
    const cfg = incomeExpenseConfig(incomeExpenseMonths(POINTS, true), 'USD');
    expect(cfg.data.labels).toEqual(['2026-01', '2026-02']);
    expect(cfg.data.datasets.map((d) => d.label)).toEqual(['Income', 'Expenses', 'Net profit']);
    expect(cfg.data.datasets[0].data).toEqual([1000.1, 0]);
    expect(cfg.data.datasets[0].backgroundColor).toBe(INCOME_COLOUR);
    expect(cfg.data.datasets[1].backgroundColor).toBe(EXPENSES_COLOUR);
    expect(cfg.data.datasets[2].backgroundColor).toEqual([PROFIT_COLOUR, NEGATIVE]);
    expect(cfg.options!.plugins!.legend!.display).toBe(true);
    const label = cfg.options!.plugins!.tooltip!.callbacks!.label as (item: unknown) => string;
    expect(label({ dataIndex: 0, datasetIndex: 0, dataset: { label: 'Income' } })).toBe('Income: 1,000.10 USD (part not convertible)');
    expect(label({ dataIndex: 1, datasetIndex: 2, dataset: { label: 'Net profit' } })).toBe('Net profit: -50 USD');
  });
});
