/** Built-ins of the budget pages (spec 2, "Budget tables"). */
import { builtin } from '../declare';

/*
 * A budget's last month row up to `month` (rows after it are not generated: `date <= :month`).
 * When that row is older than `month`, nothing happened since: the month would start from the
 * row's available with nothing spent.
 */
const monthSelect = (filter: string) => `
SELECT name, alias, category, currency, last(date) AS last_month,
  CASE WHEN last(date) < :month THEN last(available) ELSE last(assigned) END AS assigned,
  CASE WHEN last(date) < :month THEN 0 ELSE number(last(activity)) END AS activity,
  last(available) AS available, last(closed) AS closed
FROM #budgets
WHERE ${filter}
GROUP BY name, alias, category, currency
ORDER BY name`;

export const month = builtin(
  'budgets.month',
  'month date',
  "every budget as of `month` (its first day): figures of its last month row up to `month`, carried over when that row is older (assigned = available, activity = 0); activity is a number in the budget's currency; budgets starting later are not listed",
  monthSelect('date <= :month'),
);

export const one = builtin(
  'budgets.one',
  'name str, month date',
  'as budgets.month for the budget `name`; no row if it starts after the month',
  monthSelect('name = :name AND date <= :month'),
);

export const budget = builtin(
  'budgets.budget',
  'name str',
  'the definition of budget `name`; no row if there is no such budget',
  `
SELECT name, alias, category, currency, accounts
FROM #budget_definitions
WHERE name = :name`,
);

export const events = builtin(
  'budgets.events',
  'name str, month date',
  'assignments and transfers of budget `name` in `month`, newest first; a transfer out is negative',
  `
SELECT date, time, timestamp, type, amount
FROM #budget_events
WHERE name = :name AND yearmonth(date) = :month AND type != 'close'
ORDER BY timestamp DESC`,
);

export const postings = builtin(
  'budgets.postings',
  'accounts set, month date, name str',
  "postings of `month` to the budget's accounts that count in budget `name` at their date, newest first; balance = the account's balance right after the posting, in its currency",
  `
SELECT date, time, timestamp, account, id, payee, narration, units(position) AS units,
  only(currency, account_balance) AS balance
WHERE account IN :accounts AND yearmonth(date) = :month
  AND :name IN account_budgets(account, date)
ORDER BY timestamp DESC`,
);
