/** Built-ins of the dashboard and the report page (spec 1, "Dashboard and report endpoints"). */
import { BUCKET, BUCKET_VALUE_DAY, NET_WORTH_ACCOUNTS, builtin } from '../declare';

export const netWorth = builtin(
  'report.net_worth',
  'to date, currency str',
  'net worth at the end of `to`: Assets and Liabilities postings up to `to`; balance keeps lots, units merges them, value is converted to `currency` at the prices of `to`',
  `
SELECT sum(position) AS balance, units(sum(position)) AS units,
  convert(sum(position), :currency, :to) AS value
WHERE ${NET_WORTH_ACCOUNTS} AND date <= :to`,
);

export const netWorthTrend = builtin(
  'report.net_worth_trend',
  'from date, to date, interval str, currency str',
  "net worth per bucket ('1 day', '1 week' or '1 month'): everything before `from` becomes opening balances dated the day before; balance = last running balance of the bucket, value at the earlier of the bucket's last day and `to`; only buckets with postings",
  `
SELECT ${BUCKET} AS bucket, last(balance) AS balance, units(last(balance)) AS units,
  convert(last(balance), :currency, ${BUCKET_VALUE_DAY}) AS value
FROM OPEN ON :from
WHERE ${NET_WORTH_ACCOUNTS} AND date <= :to
GROUP BY bucket
ORDER BY bucket`,
);

export const liabilities = builtin(
  'report.liabilities',
  'to date, currency str',
  'liabilities balance at the end of `to`, negative as in the ledger, valued at the prices of `to`',
  `
SELECT units(sum(position)) AS units, convert(sum(position), :currency, :to) AS value
WHERE under(account, 'Liabilities') AND date <= :to`,
);

export const incomeExpenses = builtin(
  'report.income_expenses',
  'from date, to date, currency str',
  'income and expenses of the range per account type, valued at the prices of `to`; income negative as in the ledger',
  `
SELECT root(account) AS type, units(sum(position)) AS units,
  convert(sum(position), :currency, :to) AS value
WHERE (under(account, 'Income') OR under(account, 'Expenses'))
  AND date >= :from AND date <= :to
GROUP BY type
ORDER BY type`,
);

export const transactionCount = builtin(
  'report.transaction_count',
  'from date, to date',
  'number of transactions dated in the range; padding transactions (flag P) and balance assertions do not count',
  `
SELECT count(*) AS transactions
FROM #transactions
WHERE date >= :from AND date <= :to AND flag != 'P'`,
);

export const changes = builtin(
  'report.changes',
  'from date, to date, interval str, currency str',
  "change per account type per bucket (same buckets as report.net_worth_trend), postings of the range only, valued at the earlier of the bucket's last day and `to`",
  `
SELECT ${BUCKET} AS bucket, root(account) AS type, units(sum(position)) AS units,
  convert(sum(position), :currency, ${BUCKET_VALUE_DAY}) AS value
WHERE date >= :from AND date <= :to
GROUP BY bucket, type
ORDER BY bucket, type`,
);

export const breakdown = builtin(
  'report.breakdown',
  'type str, from date, to date, currency str',
  "postings of one account type ('Assets', 'Liabilities', 'Equity', 'Income' or 'Expenses') in the range per account, valued at the prices of `to`; ordered by the value's number in `currency` ascending, then account",
  `
SELECT account, units(sum(position)) AS units, convert(sum(position), :currency, :to) AS value
WHERE under(account, :type) AND date >= :from AND date <= :to
GROUP BY account
ORDER BY number(only(:currency, convert(sum(position), :currency, :to))), account`,
);

/*
 * Ordering of the ten largest: postings a price converts into `currency` first (TRUE sorts after
 * FALSE, so DESC puts them first), then by value, sign flipped for Income and Liabilities, so the
 * largest earnings and debts rank first; unconverted postings last. Ties keep ledger order.
 */
export const topPostings = builtin(
  'report.top_postings',
  'type str, from date, to date, currency str',
  "the ten largest postings of one account type in the range, valued at the prices of `to`; account_balance = balance of the posting's account right after it, in the posting's currency; postings that cannot be converted come last",
  `
SELECT date, time, timestamp, account, id, payee, narration, units(position) AS units,
  only(currency, account_balance) AS account_balance, convert(position, :currency, :to) AS value
WHERE under(account, :type) AND date >= :from AND date <= :to
ORDER BY currency(convert(position, :currency, :to)) = :currency DESC,
  CASE WHEN :type IN ('Income', 'Liabilities') THEN neg(number(convert(position, :currency, :to)))
    ELSE number(convert(position, :currency, :to)) END DESC
LIMIT 10`,
);
