/** Built-ins of the commodity pages (spec 1, "Journal and list endpoint rules" 8). */
import { NET_WORTH_ACCOUNTS, builtin } from '../declare';

export const holdings = builtin(
  'commodities.holdings',
  '',
  'units held in Assets and Liabilities accounts per currency, non-zero totals only',
  `
SELECT currency, sum(number) AS total
WHERE ${NET_WORTH_ACCOUNTS}
GROUP BY currency
HAVING sum(number) != 0
ORDER BY currency`,
);

export const holding = builtin(
  'commodities.holding',
  'commodity str',
  'units of one commodity held in Assets and Liabilities accounts; no row if none',
  `
SELECT currency, sum(number) AS total
WHERE ${NET_WORTH_ACCOUNTS} AND currency = :commodity
GROUP BY currency
HAVING sum(number) != 0`,
);

/*
 * A price directive quotes `currency` in currency(amount). For the pair with the operating
 * currency, the row's other currency is the commodity; quotes in either direction count. The
 * latest quote is the group's last row (the table is ordered by date, then time); the rate is the
 * price map's for today, which inverts and merges the two directions.
 */
const OTHER = 'CASE WHEN currency = :currency THEN currency(amount) ELSE currency END';
/** The per-commodity latest quote and rate, shared by the list and the single-pair query. */
const LATEST_QUOTE = `SELECT ${OTHER} AS currency, last(date) AS date, last(time) AS time,
  last(getprice(${OTHER}, :currency, today())) AS rate
FROM #prices`;

export const latestPrices = builtin(
  'commodities.latest_prices',
  'currency str',
  'per commodity quoted against `currency` (either direction): its latest quote on or before today and the rate of one unit in `currency` today; future-dated prices are ignored',
  `
${LATEST_QUOTE}
WHERE (currency = :currency OR currency(amount) = :currency) AND currency != currency(amount)
  AND date <= today()
GROUP BY 1
ORDER BY 1`,
);

export const latestPrice = builtin(
  'commodities.latest_price',
  'commodity str, currency str',
  'as commodities.latest_prices for the pair of `commodity` and `currency`',
  `
${LATEST_QUOTE}
WHERE ((currency = :commodity AND currency(amount) = :currency)
    OR (currency = :currency AND currency(amount) = :commodity))
  AND date <= today()
GROUP BY 1`,
);

/*
 * Units without cost have NULL cost fields and an empty label, so they form one lot per account;
 * lots differing only by label stay apart.
 */
export const lots = builtin(
  'commodities.lots',
  'commodity str',
  'lots of a commodity held in Assets and Liabilities accounts, per account and lot, non-zero only',
  `
SELECT account, cost_date, cost_number, cost_currency, cost_label, sum(number) AS units
WHERE ${NET_WORTH_ACCOUNTS} AND currency = :commodity
GROUP BY account, cost_date, cost_number, cost_currency, cost_label
HAVING sum(number) != 0
ORDER BY account, cost_date, cost_number, cost_label`,
);

export const prices = builtin(
  'commodities.prices',
  'commodity str',
  'price directives of a commodity in any currency, oldest first',
  `
SELECT date, time, amount
FROM #prices
WHERE currency = :commodity
ORDER BY date, time`,
);
