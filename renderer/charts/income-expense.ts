/**
 * Income against expenses per month (the dashboard's bar chart), from the monthly graph points'
 * changes per account type. Sums stay `Dec`; a float exists only for the bar's height.
 *
 * Signs (Fava's `invert-income-liabilities-equity`): with `invert` income is shown as earned
 * (positive), else as the ledger has it (negative, a credit). Expenses are shown as spent
 * (positive) either way, and the net is profit = -(income + expenses). Colours: income and
 * expenses are neutral hues whatever their sign; red marks only a month that lost money.
 */
import type { ChartConfiguration } from 'chart.js';
import { Dec } from '../../engine/decimal';
import type { GraphPoint } from '../../engine/api-types';
import { axisText, NEGATIVE, valueText } from './chart-config';

export const INCOME_COLOUR = '#3b7dd8';
export const EXPENSES_COLOUR = '#8a6fb8';
export const PROFIT_COLOUR = '#2e8b57';

export interface IncomeExpenseMonth {
  /** `2026-03` */
  month: string;
  income: Dec;
  expenses: Dec;
  /** -(income + expenses) in ledger signs: positive is a profit. */
  profit: Dec;
  /** Some income or expense of the month has no price in the currency. */
  unconverted: boolean;
}

function changeOf(p: GraphPoint, type: 'Income' | 'Expenses'): { value: Dec; unconverted: boolean } {
  const c = p.changes.find((x) => x.type === type);
  if (c === undefined) return { value: Dec.ZERO, unconverted: false };
  return { value: Dec.parse(c.number) ?? Dec.ZERO, unconverted: c.unconverted.length > 0 };
}

/** One row per month point, in date order, with the income sign chosen by `invert`. */
export function incomeExpenseMonths(points: GraphPoint[], invert: boolean): IncomeExpenseMonth[] {
  return points.map((p) => {
    const inc = changeOf(p, 'Income');
    const exp = changeOf(p, 'Expenses');
    const profit = inc.value.plus(exp.value).neg();
    return {
      month: p.date.slice(0, 7),
      income: invert ? inc.value.neg() : inc.value,
      expenses: exp.value,
      profit,
      unconverted: inc.unconverted || exp.unconverted,
    };
  });
}

export function incomeExpenseConfig(months: IncomeExpenseMonth[], currency: string): ChartConfiguration<'bar'> {
  const exact = [months.map((m) => m.income.toString()), months.map((m) => m.expenses.toString()), months.map((m) => m.profit.toString())];
  const plot = (k: number) => exact[k].map((v) => (Dec.parse(v) ?? Dec.ZERO).toNumberForDisplay());
  return {
    type: 'bar',
    data: {
      labels: months.map((m) => m.month),
      datasets: [
        { label: 'Income', data: plot(0), backgroundColor: INCOME_COLOUR },
        { label: 'Expenses', data: plot(1), backgroundColor: EXPENSES_COLOUR },
        { label: 'Net profit', data: plot(2), backgroundColor: months.map((m) => (m.profit.isNeg() ? NEGATIVE : PROFIT_COLOUR)) },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: {
        x: { grid: { display: false } },
        y: { ticks: { callback: (v) => axisText(Number(v), currency) }, grid: { color: 'rgba(128,128,128,0.2)' } },
      },
      plugins: {
        // Chart.js's legend hides a series on click; the page says so beside the chart.
        legend: { display: true, position: 'bottom' },
        tooltip: {
          callbacks: {
            label: (item) => {
              const m = months[item.dataIndex];
              const note = m.unconverted && item.datasetIndex < 2 ? ' (part not convertible)' : '';
              return `${item.dataset.label}: ${valueText(exact[item.datasetIndex][item.dataIndex], currency)}${note}`;
            },
          },
        },
      },
    },
  };
}
