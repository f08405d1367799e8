import { describe, expect, it } from 'vitest';
import { budgetedBetween, favaBudgetReport, readFavaBudgets } from '../../../../engine/ledger/budgets/fava';
import { daysFromCivil, formatDate } from '../../../../engine/dates';
import { ledger } from '../ledger-text';

const day = (text: string) => daysFromCivil(+text.slice(0, 4), +text.slice(5, 7), +text.slice(8, 10));

// bean-check 2.3.5 reads this ledger without errors (checked in /tmp): Fava's budget lines are
// plain custom entries to Beancount.
const TEXT = `
2020-01-01 open Assets:Cash
2020-01-01 open Expenses:Food
2020-01-01 open Expenses:Food:Restaurant
2020-01-01 open Expenses:FoodTruck
2020-01-01 open Expenses:Rent
2020-01-01 custom "budget" Expenses:Food "monthly" 310.00 USD
2020-01-15 custom "budget" Expenses:Food:Restaurant "weekly" 70.00 USD
2020-02-01 custom "budget" Expenses:Food "monthly" 290.00 USD
2020-01-01 custom "budget" Expenses:FoodTruck "monthly" 1000.00 USD
2020-01-01 custom "budget" Expenses:Rent "yearly" 3660 USD
2020-01-01 custom "budget" Expenses:Rent "fortnightly" 1 USD

2020-01-10 * "Groceries"
  Expenses:Food  50.00 USD
  Assets:Cash
2020-01-20 * "Dinner"
  Expenses:Food:Restaurant  30.00 USD
  Assets:Cash
2020-02-03 * "Abroad"
  Expenses:Food  5.00 EUR
  Assets:Cash
2020-02-05 * "Groceries"
  Expenses:Food  100.00 USD
  Assets:Cash
2020-03-01 * "Next month"
  Expenses:Food  1.00 USD
  Assets:Cash
`;

describe("Fava's budgets", () => {
  const s = ledger(TEXT);
  const { budgets, invalid } = readFavaBudgets(s.customs);

  it('loads without errors and keeps the lines as custom entries', () => {
    expect(s.errors).toEqual([]);
    expect(s.entries.filter((e) => e.type === 'custom')).toHaveLength(6);
    expect(budgets.map((b) => [b.account, formatDate(b.date), b.period, `${b.number} ${b.currency}`])).toEqual([
      ['Expenses:Food', '2020-01-01', 'month', '310.00 USD'],
      ['Expenses:FoodTruck', '2020-01-01', 'month', '1000.00 USD'],
      ['Expenses:Rent', '2020-01-01', 'year', '3660 USD'],
      ['Expenses:Food:Restaurant', '2020-01-15', 'week', '70.00 USD'],
      ['Expenses:Food', '2020-02-01', 'month', '290.00 USD'],
    ]);
    expect(invalid.map((l) => l.src.line)).toEqual([12]);
  });

  it('reports budgeted, actual and remaining per month for an account and its children', () => {
    // January: Food 310 (whole month) + Restaurant 70/7 x 17 days (15th..31st) = 480; spent 50 + 30.
    // February (29 days): Food 290 + Restaurant 10 x 29 = 580; spent 100 USD (the EUR posting is
    // not in a budget currency). FoodTruck is not a child of Food.
    const rows = favaBudgetReport(budgets, s.postings, 'Expenses:Food', day('2020-01-01'), day('2020-02-29'), 'month');
    expect(rows.map((r) => [formatDate(r.start), formatDate(r.end), r.currency, `${r.budgeted}`, `${r.actual}`, `${r.remaining}`])).toEqual([
      ['2020-01-01', '2020-01-31', 'USD', '480.00', '80.00', '400.00'],
      ['2020-02-01', '2020-02-29', 'USD', '580.00', '100.00', '480.00'],
    ]);
  });

  it('prorates by day where the periods do not align', () => {
    // 10 days of a 29-day February at 290 USD a month: 100 USD, plus the Restaurant's 10 days at
    // 70 USD a week: 100 USD. A yearly 3660 USD budget in the leap year 2020 is 10 USD a day.
    const feb = budgetedBetween(budgets, 'Expenses:Food', day('2020-02-01'), day('2020-02-11'));
    expect(`${feb.get('USD')}`).toBe('200.00');
    const rent = budgetedBetween(budgets, 'Expenses:Rent', day('2020-03-01'), day('2020-03-08'));
    expect(`${rent.get('USD')}`).toBe('70');
    // 100.00 USD a month over 10 of February's 29 days: 28 significant digits, as Fava's Decimal.
    const odd = readFavaBudgets(ledger('2020-01-01 custom "budget" Expenses:X "monthly" 100.00 USD\n').customs).budgets;
    expect(`${budgetedBetween(odd, 'Expenses:X', day('2020-02-01'), day('2020-02-11')).get('USD')}`).toBe('34.48275862068965517241379310');
  });

  it('splits weeks on Mondays and clips the first and last period to the range', () => {
    // 2020-01-15 is a Wednesday: the Restaurant budget (10 USD a day) in weeks from the 15th to the 22nd.
    const rows = favaBudgetReport(budgets, s.postings, 'Expenses:Food:Restaurant', day('2020-01-15'), day('2020-01-22'), 'week');
    expect(rows.map((r) => [formatDate(r.start), formatDate(r.end), `${r.budgeted}`, `${r.actual}`])).toEqual([
      ['2020-01-15', '2020-01-19', '50.00', '0'],
      ['2020-01-20', '2020-01-22', '30.00', '30.00'],
    ]);
  });

  it('gives no rows for an account without budgets', () => {
    expect(favaBudgetReport(budgets, s.postings, 'Assets:Cash', day('2020-01-01'), day('2020-12-31'), 'month')).toEqual([]);
  });
});
