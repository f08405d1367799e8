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
 * The statement's conversion of one posting (Fava's conversion switch): `units` drops the lot,
 * `at_cost` is its book value, `at_value` Fava's market value (a lot without a price at its cost,
 * see market_value), any other text is a currency to convert into (Fava's convert_position:
 * direct price, else through the cost currency, else left in units). Each is linear at a fixed
 * date, so converting every posting and summing equals converting the sum; written per posting,
 * the sum is one aggregate (a CASE over sum(...) would keep one running inventory per branch).
 */
export function convertedBy(pos: string, day: string): string {
  return `CASE WHEN :conversion = 'units' THEN units(${pos})
    WHEN :conversion = 'at_cost' THEN cost(${pos})
    WHEN :conversion = 'at_value' THEN market_value(${pos}, ${day})
    ELSE convert(${pos}, :conversion, ${day}) END`;
}

/** Fava's invert-income-liabilities-equity: those three roots read with the opposite sign. */
const INVERTED = "(:invert AND root(account) IN ('Income', 'Liabilities', 'Equity'))";

/**
 * Per account: `balance` (converted, sign per `invert`) and `at_cost`: at_value only, the units of
 * the lots valued at cost because their currency has no price in their cost currency.
 */
function accountColumns(day: string): string {
  const conv = convertedBy('position', day);
  return `account,
  sum(CASE WHEN ${INVERTED} THEN neg(${conv}) ELSE ${conv} END) AS balance,
  sum(CASE WHEN :conversion = 'at_value' AND cost_currency IS NOT NULL
    AND getprice(currency, cost_currency, ${day}) IS NULL THEN units(position) END) AS at_cost`;
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
