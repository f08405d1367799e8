/**
 * Built-ins of the financial statements (issue 16 §2): balance sheet, income statement and trial
 * balance, one column (a time range) per call. The statement endpoints call them once per interval
 * column, so each column's "Open query" is this text with that column's dates written in.
 *
 * Ranges are `begin` (included) to `end` (excluded), as the time filter gives them; figures are
 * valued at the prices of `price_date`: the endpoints pass the column's last day (`end - 1`), or
 * 9999-12-31 for the latest price (Fava values at the latest price whatever the column).
 */
import { builtin } from '../declare';

/** The day whose prices value a column. */
const PRICE_DAY = ':price_date';

/**
 * The statement's conversion of an account's balance (Fava's conversion switch): `units` drops
 * the lots, `at_cost` is their book value, `at_value` Fava's market value (a lot without a price at
 * its cost, see market_value), any other text is a currency to convert into (Fava's
 * convert_position: direct price, else through the cost currency, else left in units).
 * The balance is converted as a whole, as Fava converts an account's inventory (per posting,
 * products rounded to 28 digits one by one could differ in the last digits of an inexact rate,
 * and the one-scan columns below could not reproduce that). The parameter makes every branch but
 * one fold away, so one inventory is summed.
 */
export function convertedBy(inv: string, day: string): string {
  return `CASE WHEN :conversion = 'units' THEN units(${inv})
    WHEN :conversion = 'at_cost' THEN cost(${inv})
    WHEN :conversion = 'at_value' THEN market_value(${inv}, ${day})
    ELSE convert(${inv}, :conversion, ${day}) END`;
}

/** Fava's invert-income-liabilities-equity: those three roots read with the opposite sign. */
const INVERTED = "(:invert AND root(account) IN ('Income', 'Liabilities', 'Equity'))";

/**
 * Per account: `balance` (converted, sign per `invert`) and `at_cost`: at_value only, the units of
 * the lots valued at cost because their currency has no price in their cost currency.
 */
function accountColumns(day: string): string {
  const conv = convertedBy('sum(position)', day);
  return `account,
  CASE WHEN ${INVERTED} THEN neg(${conv}) ELSE ${conv} END AS balance,
  CASE WHEN :conversion = 'at_value' THEN units(unpriced(sum(position), ${day})) END AS at_cost`;
}

const PARAMS = 'begin date, end date, conversion str, invert bool, price_date date';

/*
 * Beancount's balance sheet (summarize.clamp + clear, as bean-query's OPEN ON/CLOSE ON/CLEAR):
 * before `begin` everything becomes opening balances (earlier income and expenses in
 * Equity:Earnings:Previous), postings from `end` on are dropped, conversions go to
 * Equity:Conversions:Current and the period's income and expenses to Equity:Earnings:Current, so
 * the three roots add up to nothing at cost. What is left at other conversions (lots at units,
 * market values) is Fava's unrealized gain; the endpoint books it on Equity:Unrealized.
 */
export const balanceSheet = builtin(
  'statements.balance_sheet',
  PARAMS,
  "balances of Assets, Liabilities and Equity at the end of the range (`end` excluded): opening balances before `begin`, the range's income and expenses in Equity:Earnings:Current, conversions in Equity:Conversions:Current; balance by `conversion` ('units', 'at_cost', 'at_value' or a currency) at the prices of `price_date`, income, liabilities and equity negated when `invert`; at_cost = units valued at cost for lack of a price (at_value)",
  `
SELECT ${accountColumns(PRICE_DAY)}
FROM OPEN ON :begin CLOSE ON :end CLEAR
WHERE root(account) IN ('Assets', 'Liabilities', 'Equity')
GROUP BY account
ORDER BY account`,
);

/* Only the range's postings count (no period clauses): an income statement is a change. */
export const incomeStatement = builtin(
  'statements.income_statement',
  PARAMS,
  "income and expenses per account of the postings dated from `begin` to before `end`, by `conversion` at the prices of `price_date`; income negative as in the ledger unless `invert`",
  `
SELECT ${accountColumns(PRICE_DAY)}
WHERE root(account) IN ('Income', 'Expenses') AND date >= :begin AND date < :end
GROUP BY account
ORDER BY account`,
);

/* Fava's trial balance: every account of the clamped period (opening balances, conversions), before clearing. */
export const trialBalance = builtin(
  'statements.trial_balance',
  PARAMS,
  "balance of every account at the end of the range (`end` excluded) with opening balances before `begin` and conversions booked, income and expenses not cleared; by `conversion` at the prices of `price_date`",
  `
SELECT ${accountColumns(PRICE_DAY)}
FROM OPEN ON :begin CLOSE ON :end
GROUP BY account
ORDER BY account`,
);

/*
 * Every column of a statement in one scan (issue 16 follow-up: a monthly balance sheet over eight
 * years of 100k transactions ran one OPEN ON/CLOSE ON/CLEAR rewrite per column, ~0.16 s each).
 * Rows are grouped by account and by the column they fall in: `column_begin` is the first day
 * of the `interval` period holding the date, clipped to `begin` (so the opening balances, dated
 * the day before `begin`, fall in the first column), the same cut as the endpoint's columns.
 * The per-column built-ins above stay each column's "Open query"; a test checks that both give
 * the same figures.
 */
const COLUMN_BEGIN = 'greatest(date_trunc(:interval, date), :begin)';
const COLUMN_OF_ROW = `${COLUMN_BEGIN} AS column_begin`;

/*
 * The income statement's columns: each account's change in each column valued at the prices of
 * the column's last day (date_end, clipped to the range's last day), or at the latest price: the
 * groups are the per-column query's groups, so the figures are the same.
 */
const COLUMN_PRICE_DAY = `(CASE WHEN :latest THEN 9999-12-31 ELSE least(date_end(:interval, ${COLUMN_BEGIN}), date_add(:end, -1)) END)`;

export const incomeStatementColumns = builtin(
  'statements.income_statement_columns',
  'begin date, end date, interval str, conversion str, invert bool, latest bool',
  "statements.income_statement for every `interval` column (week, month, quarter or year) of the range at once: per account and column_begin (the column's first day), the change valued at the prices of the column's last day, or the latest price when `latest`",
  `
SELECT ${COLUMN_OF_ROW}, ${accountColumns(COLUMN_PRICE_DAY)}
WHERE root(account) IN ('Income', 'Expenses') AND date >= :begin AND date < :end
GROUP BY account, column_begin
ORDER BY account, column_begin`,
);

/*
 * The balance sheet's and trial balance's columns: the lots (not yet valued) of each account
 * booked in each column, opening balances in the first. A column's balance is the running sum of
 * its account up to that column; its conversions and cleared earnings (CLOSE ON / CLEAR at the
 * column's end) and its valuation at the column's prices are taken from those running sums by
 * engine/reports/columns.ts, as the period clauses and the valuation functions compute them.
 */
export const balancesByColumn = builtin(
  'statements.balances_by_column',
  'begin date, end date, interval str',
  "lots per account and `interval` column (column_begin: the column's first day) from `begin` to before `end`, with the opening balances before `begin` in the first column; the running sums are the balance sheet's and trial balance's columns before conversions, clearing and valuation",
  `
SELECT account, ${COLUMN_OF_ROW}, sum(position) AS balance
FROM OPEN ON :begin
WHERE date < :end
GROUP BY account, column_begin
ORDER BY account, column_begin`,
);
