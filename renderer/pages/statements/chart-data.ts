/**
 * Chart series of a statement, in one currency: net worth at the end of each column (balance
 * sheet) and income against expenses per column (income statement, income made positive).
 * Numbers stay decimal text; the chart turns them into plot positions only.
 */
import type { AmountJson, Statement, StatementNode } from '../../../engine/api-types';
import { Dec } from '../../../engine/decimal';

/** The currency to chart: the conversion when it is one, else the most frequent currency of the totals. */
export function chartCurrency(st: Statement): string | null {
  if (!['units', 'at_cost', 'at_value'].includes(st.conversion)) return st.conversion;
  const counts = new Map<string, number>();
  for (const col of st.total) for (const a of col) counts.set(a.currency, (counts.get(a.currency) ?? 0) + 1);
  for (const root of st.tree) for (const col of root.balance_children) for (const a of col) counts.set(a.currency, (counts.get(a.currency) ?? 0) + 1);
  let best: string | null = null;
  for (const [c, n] of counts) if (best === null || n > counts.get(best)!) best = c;
  return best;
}

function numberIn(list: AmountJson[], currency: string): Dec {
  return Dec.of(list.find((a) => a.currency === currency)?.number ?? '0');
}

/** The last day of a column (its end is excluded). */
export function lastDay(end: string): string {
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export function netWorthPoints(st: Statement, currency: string): Array<{ date: string; value: string }> {
  return st.columns.map((c, i) => ({ date: lastDay(c.end), value: numberIn(st.total[i], currency).toString() }));
}

export interface IncomeExpenseBars {
  labels: string[];
  income: string[];
  expenses: string[];
}

/** Income with its sign turned (earned is positive) unless the statement is inverted already. */
export function incomeExpenseBars(st: Statement, currency: string): IncomeExpenseBars {
  const root = (name: string): StatementNode | undefined => st.tree.find((n) => n.account === name);
  const income = root('Income');
  const expenses = root('Expenses');
  return {
    labels: st.columns.map((c) => c.label),
    income: st.columns.map((_, i) => {
      const v = income ? numberIn(income.balance_children[i], currency) : Dec.ZERO;
      return (st.invert ? v : v.neg()).toString();
    }),
    expenses: st.columns.map((_, i) => (expenses ? numberIn(expenses.balance_children[i], currency) : Dec.ZERO).toString()),
  };
}

export interface RootBars {
  labels: string[];
  /** One series per root account present, in type order (Assets, Liabilities, Equity, Income, Expenses). */
  series: Array<{ root: string; values: string[] }>;
}

/**
 * The trial balance's chart: each root's balance (its subtree) at the end of each column, in one
 * currency and with the statement's signs, so the bars of a column add up to the Total row.
 */
export function rootBars(st: Statement, currency: string): RootBars {
  return {
    labels: st.columns.map((c) => c.label),
    series: st.tree.map((root) => ({ root: root.account, values: st.columns.map((_, i) => numberIn(root.balance_children[i], currency).toString()) })),
  };
}
