/**
 * Built-in queries the pages need (spec 1, "Built-in query catalogue"). Every figure of the
 * statistic, journal, account, document, new-transaction and error pages comes from one of these;
 * the server only binds parameters and arranges the rows.
 *
 * Declarations follow the descriptor shape of GET /api/query/builtins: name, description, bql
 * with `:name` parameters, params with their types.
 *
 * Notes on the query texts:
 * - Bins: `date_bin(:interval, date, 2001-01-01)`; 2001-01-01 is a Monday, so '1 week' bins are
 *   Monday-Sunday weeks and '1 month' bins calendar months, each named by its first day.
 * - The last day of a bin inside an aggregate is written from aggregates only
 *   (`last(date_bin(...))`), since one target may not mix an aggregate with a bare column.
 * - Filters that may be NULL are written `:x IS NULL OR ...` so a NULL value leaves them out.
 */
import type { BuiltinParamType } from '../api-types';

export interface PageBuiltin {
  name: string;
  description: string;
  bql: string;
  params: { name: string; type: BuiltinParamType }[];
}

const p = (name: string, type: BuiltinParamType) => ({ name, type });

const BIN = 'date_bin(:interval, date, 2001-01-01)';
/** Last day of the row's bin, but not after `to`: where a bucket is valued. */
const BIN_VALUE_DAY = `least(date_add(last(${BIN}) + interval(:interval), -1), :to)`;
const NET = `(under(account, 'Assets') OR under(account, 'Liabilities'))`;

export const PAGE_BUILTINS: readonly PageBuiltin[] = [
  {
    name: 'journals.transaction_postings',
    description:
      "postings of the given transactions (the journal page's transactions), ledger order; lot rows of a posting booked against several lots stay apart, each with its cost",
    bql:
      'SELECT id, posting_index, account, posting_flag, position, price, automatic, metas, balanced\n' +
      'WHERE id IN :ids',
    params: [p('ids', 'set')],
  },
];

/** The statistic page queries, used when the catalogue does not (yet) declare them. */
export const STATISTIC_BUILTINS: readonly PageBuiltin[] = [
  {
    name: 'report.net_worth',
    description:
      'net worth at the end of `to`: balance of Assets and Liabilities (lots kept), its units, and its value in `currency` at the prices of `to`',
    bql:
      'SELECT sum(position) AS balance, units(sum(position)) AS units, convert(sum(position), :currency, :to) AS value\n' +
      `WHERE ${NET} AND date <= :to`,
    params: [p('to', 'date'), p('currency', 'str')],
  },
  {
    name: 'report.net_worth_trend',
    description:
      'net worth per bucket: Assets and Liabilities from opening balances the day before `from`; balance = last running balance of the bucket, value at the earlier of its last day and `to`; only buckets with postings',
    bql:
      `SELECT ${BIN} AS bucket, last(balance) AS balance, units(last(balance)) AS units,\n` +
      `  convert(last(balance), :currency, ${BIN_VALUE_DAY}) AS value\n` +
      'FROM OPEN ON :from\n' +
      `WHERE ${NET} AND date <= :to\n` +
      'GROUP BY bucket ORDER BY bucket',
    params: [p('from', 'date'), p('to', 'date'), p('interval', 'str'), p('currency', 'str')],
  },
  {
    name: 'report.liabilities',
    description: 'liabilities balance at the end of `to`, negative as in the ledger, valued at the prices of `to`',
    bql:
      'SELECT units(sum(position)) AS units, convert(sum(position), :currency, :to) AS value\n' +
      "WHERE under(account, 'Liabilities') AND date <= :to",
    params: [p('to', 'date'), p('currency', 'str')],
  },
  {
    name: 'report.income_expenses',
    description: 'income and expenses of the range by account type, valued at the prices of `to`; income negative',
    bql:
      'SELECT root(account) AS type, units(sum(position)) AS units, convert(sum(position), :currency, :to) AS value\n' +
      "WHERE (under(account, 'Income') OR under(account, 'Expenses')) AND date >= :from AND date <= :to\n" +
      'GROUP BY type ORDER BY type',
    params: [p('from', 'date'), p('to', 'date'), p('currency', 'str')],
  },
  {
    name: 'report.transaction_count',
    description: 'number of transactions dated in the range, padding transactions excluded',
    bql: "SELECT count(*) AS transactions FROM #transactions WHERE date >= :from AND date <= :to AND flag != 'P'",
    params: [p('from', 'date'), p('to', 'date')],
  },
  {
    name: 'report.type_changes',
    description:
      'change per account type per bucket (same bins as report.net_worth_trend), postings of the range only, valued at the earlier of the bucket end and `to`',
    bql:
      `SELECT ${BIN} AS bucket, root(account) AS type, units(sum(position)) AS units,\n` +
      `  convert(sum(position), :currency, ${BIN_VALUE_DAY}) AS value\n` +
      'WHERE date >= :from AND date <= :to\n' +
      'GROUP BY bucket, type ORDER BY bucket, type',
    params: [p('from', 'date'), p('to', 'date'), p('interval', 'str'), p('currency', 'str')],
  },
  {
    name: 'report.type_breakdown',
    description:
      'postings of one account type in the range per account, valued at the prices of `to`; ordered by the value in `currency` ascending, then account',
    bql:
      'SELECT account, units(sum(position)) AS units, convert(sum(position), :currency, :to) AS value\n' +
      'WHERE under(account, :type) AND date >= :from AND date <= :to\n' +
      'GROUP BY account\n' +
      'ORDER BY number(only(:currency, convert(sum(position), :currency, :to))), account',
    params: [p('type', 'str'), p('from', 'date'), p('to', 'date'), p('currency', 'str')],
  },
  {
    name: 'report.type_top_postings',
    description:
      'ten largest postings of one account type in the range: converted ones first, by value (sign flipped for Income and Liabilities) descending; account_balance = balance of the account right after the posting in its currency',
    bql:
      'SELECT date, time, timestamp, account, id, payee, narration, units(position) AS units,\n' +
      '  only(currency, account_balance) AS account_balance, convert(position, :currency, :to) AS value\n' +
      'WHERE under(account, :type) AND date >= :from AND date <= :to\n' +
      'ORDER BY currency(convert(position, :currency, :to)) = :currency DESC,\n' +
      "  CASE WHEN :type IN ('Income', 'Liabilities') THEN neg(number(convert(position, :currency, :to)))\n" +
      '    ELSE number(convert(position, :currency, :to)) END DESC\n' +
      'LIMIT 10',
    params: [p('type', 'str'), p('from', 'date'), p('to', 'date'), p('currency', 'str')],
  },
];

/** Journal, account, list and error page queries, used when the catalogue does not (yet) declare them. */
export const LIST_BUILTINS: readonly PageBuiltin[] = [
  {
    name: 'journals.page',
    description:
      'one page of the journal, newest first: transactions passing the tags/links/keyword filters and balance entries when tags and links are NULL and the keyword matches',
    bql:
      'SELECT seq, type, id, date, time, flag, payee, narration, tags, links, metas FROM #entries\n' +
      "WHERE (type = 'transaction'\n" +
      '    AND (:tags IS NULL OR intersects(tags, :tags))\n' +
      '    AND (:links IS NULL OR intersects(links, :links))\n' +
      '    AND (:keyword IS NULL OR icontains(payee, :keyword) OR icontains(narration, :keyword)\n' +
      '      OR any_icontains(tags, :keyword) OR any_icontains(links, :keyword) OR any_icontains(accounts, :keyword)))\n' +
      "  OR (type = 'balance' AND :tags IS NULL AND :links IS NULL\n" +
      "    AND (:keyword IS NULL OR any_icontains(accounts, :keyword) OR icontains('Balance Check', :keyword)))\n" +
      'ORDER BY seq DESC\n' +
      'LIMIT :size OFFSET :offset',
    params: [p('keyword', 'str'), p('tags', 'set'), p('links', 'set'), p('size', 'int'), p('offset', 'int')],
  },
  {
    name: 'journals.balance_checks',
    description: 'balance assertions with id in ids; difference = amount - actual; asserted = actual + difference',
    bql:
      'SELECT id, account, amount, tolerance, actual, passed, amount - actual AS difference,\n' +
      '  actual + (amount - actual) AS asserted\n' +
      'FROM #balances WHERE id IN :ids',
    params: [p('ids', 'set')],
  },
  {
    name: 'accounts.journal_page',
    description:
      'accounts.journal rows in ledger order, a window of `limit` postings after `offset` postings; lot rows of one posting added',
    bql:
      'SELECT first(date) AS date, first(time) AS time, first(timestamp) AS timestamp, first(flag) AS flag,\n' +
      '  first(id) AS id, first(account) AS account, first(payee) AS payee, first(narration) AS narration,\n' +
      '  seq, posting_index, sum(number) AS units, first(currency) AS currency, units(last(balance)) AS balance\n' +
      'WHERE under(account, :account)\n' +
      'GROUP BY seq, posting_index\n' +
      'LIMIT :limit OFFSET :offset',
    params: [p('account', 'str'), p('limit', 'int'), p('offset', 'int')],
  },
  {
    name: 'accounts.balance_assertions',
    description: 'balance assertions whose account equals the account, newest first by seq',
    bql:
      'SELECT date, time, timestamp, id, account, amount, actual, passed, pad, seq FROM #balances\n' +
      'WHERE account = :account ORDER BY seq DESC',
    params: [p('account', 'str')],
  },
  {
    name: 'documents.all',
    description: 'every document, newest first by seq',
    bql: 'SELECT date, time, path, account, transaction_id FROM #documents ORDER BY seq DESC',
    params: [],
  },
  {
    name: 'transactions.payees',
    description: 'distinct non-NULL non-empty payees of transactions other than padding, sorted',
    bql: "SELECT DISTINCT payee FROM #transactions WHERE payee IS NOT NULL AND payee != '' AND flag != 'P' ORDER BY payee",
    params: [],
  },
  {
    name: 'accounts.open',
    description: 'accounts with an open directive and no close, sorted',
    bql: 'SELECT account FROM #accounts WHERE open IS NOT NULL AND close IS NULL ORDER BY account',
    params: [],
  },
  {
    name: 'errors.page',
    description: 'one page of #errors in its order (file, then position); message is the sentence the page shows',
    bql:
      'SELECT id, kind, file, line, column, span_start, span_end, source, metas, message FROM #errors\n' +
      'LIMIT :size OFFSET :offset',
    params: [p('size', 'int'), p('offset', 'int')],
  },
];
