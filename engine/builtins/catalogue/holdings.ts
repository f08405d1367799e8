/**
 * Built-ins of the holdings page (issue 16 §3): what is held in Assets and Liabilities at the end
 * of a range, at cost and at market value on its last day (not at the latest price whatever the
 * range, Fava's standing complaint: with `end` 2024-01-01 the 2023-12-31 prices count).
 */
import { NET_WORTH_ACCOUNTS, builtin } from '../declare';

/** The valuation day: the last day of the range (`end` is excluded, as the time filter gives it). */
const DAY = 'date_add(:end, -1)';

/**
 * The currency a row's cost and value are in: its cost currency, or its own currency for units
 * not held at cost (cash), so those rows are valued at their units as Beancount's holdings do.
 */
const BOOK = 'CASE WHEN cost_currency IS NULL THEN currency ELSE cost_currency END';

/*
 * Group keys are written as expressions of :group, so one text serves the three groupings: by
 * account (account, commodity, book currency), by commodity (commodity, book currency over every
 * account) and by cost currency (book currency only). A target may not mix an aggregate with a
 * bare column, so per-group values read their key columns through last() (constant in a group).
 * Units, average cost and the price mean nothing across commodities: NULL when grouped by cost
 * currency.
 */
const BY_COMMODITY = ":group != 'cost_currency'";
const COST = `only(last(${BOOK}), cost(sum(position)))`;
/*
 * Units held without cost (cash) in another currency than `currency` (the first operating
 * currency) are valued at their price in `currency` when there is one (Fava's market value of
 * cash); cash in `currency` is itself, and cash without a price stays at its units. Such a row
 * has no cost in the value's currency, so no gain.
 */
const CASH_PRICED = `(${BY_COMMODITY} AND last(cost_currency) IS NULL AND last(currency) != :currency AND getprice(last(currency), :currency, ${DAY}) IS NOT NULL)`;
const VALUE_CURRENCY = `CASE WHEN ${CASH_PRICED} THEN :currency ELSE last(${BOOK}) END`;
const VALUE = `only(${VALUE_CURRENCY}, convert(market_value(sum(position), ${DAY}), ${VALUE_CURRENCY}, ${DAY}))`;
const PRICE_CURRENCY = `CASE WHEN ${CASH_PRICED} THEN :currency ELSE last(cost_currency) END`;
const PRICE_DATE = `price_date(last(currency), ${PRICE_CURRENCY}, ${DAY})`;

export const holdings = builtin(
  'holdings.list',
  'end date, group str, currency str, stale_days int, commodity str',
  "holdings in Assets and Liabilities from postings before `end` (only those of `commodity` unless it is NULL), grouped by `group` ('account', 'currency' or 'cost_currency'): units, cost basis, average cost, price of the commodity in its cost currency on the range's last day and the price's date, market value (at cost when there is no price: unpriced), unrealized gain and gain in percent of cost, the market value converted into `currency` (for weights), stale = the price is more than `stale_days` days old, and unpriced = the lots valued at cost for lack of a price",
  `
SELECT CASE WHEN :group = 'account' THEN account END AS account,
  CASE WHEN ${BY_COMMODITY} THEN currency END AS currency,
  ${BOOK} AS cost_currency,
  CASE WHEN ${BY_COMMODITY} THEN sum(number) END AS units,
  ${COST} AS cost_basis,
  CASE WHEN ${BY_COMMODITY} AND sum(number) != 0 THEN number(${COST}) / sum(number) END AS average_cost,
  CASE WHEN ${BY_COMMODITY} THEN getprice(last(currency), ${PRICE_CURRENCY}, ${DAY}) END AS price,
  CASE WHEN ${BY_COMMODITY} THEN ${PRICE_DATE} END AS price_date,
  ${VALUE} AS market_value,
  CASE WHEN NOT ${CASH_PRICED} THEN ${VALUE} - ${COST} END AS gain,
  CASE WHEN NOT ${CASH_PRICED} AND number(${COST}) != 0 THEN 100 * (number(${VALUE}) - number(${COST})) / number(${COST}) END AS gain_percent,
  convert(market_value(sum(position), ${DAY}), :currency, ${DAY}) AS value,
  CASE WHEN ${BY_COMMODITY} THEN date_diff(${DAY}, ${PRICE_DATE}) > :stale_days END AS stale,
  unpriced(sum(position), ${DAY}) AS unpriced
WHERE ${NET_WORTH_ACCOUNTS} AND date < :end AND (:commodity IS NULL OR currency = :commodity)
GROUP BY 1, 2, 3
HAVING NOT (sum(number) = 0 AND number(${COST}) = 0)
ORDER BY 1, 2, 3`,
);

export const totals = builtin(
  'holdings.totals',
  'end date, currency str',
  "total cost basis and market value of the holdings before `end` converted into `currency` on the range's last day (market value as holdings.list: at cost without a price), what cannot be converted stays in its currency; gain = the difference of their parts in `currency`",
  `
SELECT convert(cost(sum(position)), :currency, ${DAY}) AS cost_basis,
  convert(market_value(sum(position), ${DAY}), :currency, ${DAY}) AS market_value,
  only(:currency, convert(market_value(sum(position), ${DAY}), :currency, ${DAY}))
    - only(:currency, convert(cost(sum(position)), :currency, ${DAY})) AS gain
WHERE ${NET_WORTH_ACCOUNTS} AND date < :end`,
);
