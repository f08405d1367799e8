/** Built-ins of the account list and the account page (spec 1, "Account page rules"). */
import { builtin } from '../declare';

/** Per account and currency of the account's own postings; today's prices (`today()`, ledger timezone). */
const BALANCE_TARGETS = `account, currency, sum(number) AS units,
  convert(sum(position), :operating_currency, today()) AS value, min(date) AS first_date`;

export const balances = builtin(
  'accounts.balances',
  'operating_currency str',
  "one row per account and currency with postings, of the account's own postings: units = sum of numbers, value = converted to the operating currency at today's prices, first_date = earliest posting date",
  `
SELECT ${BALANCE_TARGETS}
GROUP BY account, currency
ORDER BY account, currency`,
);

export const subtreeBalances = builtin(
  'accounts.subtree_balances',
  'account str, operating_currency str',
  'as accounts.balances for the account and its sub-accounts; the total of the rows is the balance a balance assertion on the account is checked against',
  `
SELECT ${BALANCE_TARGETS}
WHERE under(account, :account)
GROUP BY account, currency
ORDER BY account, currency`,
);

/*
 * One row per written posting: lot rows of a posting share (seq, posting_index) and come
 * consecutively in ledger order, so grouping by them adds the lots and LIMIT/OFFSET builds only
 * the returned groups. Descriptive columns come from the first lot row; the running balance
 * (account and sub-accounts, every currency) is the one after the last lot row.
 */
const JOURNAL_SELECT = `
SELECT first(date) AS date, first(time) AS time, first(timestamp) AS timestamp, first(flag) AS flag,
  first(id) AS id, first(account) AS account, first(payee) AS payee, first(narration) AS narration,
  seq, posting_index, sum(number) AS units, first(currency) AS currency,
  units(last(balance)) AS balance
WHERE under(account, :account)
GROUP BY seq, posting_index`;

export const journal = builtin(
  'accounts.journal',
  'account str',
  'postings of the account and its sub-accounts, one row per posting (lots added), ledger order; balance = units of the running balance after it; add ORDER BY seq DESC, posting_index DESC for newest first',
  JOURNAL_SELECT,
);

export const journalPage = builtin(
  'accounts.journal_page',
  'account str, limit int, offset int',
  'accounts.journal rows in ledger order: `limit` postings after the first `offset`',
  `${JOURNAL_SELECT}
LIMIT :limit OFFSET :offset`,
);

export const balanceAssertions = builtin(
  'accounts.balance_assertions',
  'account str',
  'balance assertions on the account, newest first; actual = balance of the account and its sub-accounts it was checked against; pad = account a `balance ... with pad` pads from',
  `
SELECT date, time, timestamp, id, account, amount, actual, passed, pad, seq
FROM #balances
WHERE account = :account
ORDER BY seq DESC`,
);

/** The alias is the `alias` metadata of the account's (earliest) open directive. */
const DIRECTIVE_TARGETS = "account, open, close, open_meta(account, 'alias') AS alias";

export const list = builtin(
  'accounts.list',
  '',
  'every account with an open or close directive, ordered by name, with its alias metadata',
  `
SELECT ${DIRECTIVE_TARGETS}
FROM #accounts
ORDER BY account`,
);

export const subtreeDirectives = builtin(
  'accounts.subtree_directives',
  'account str',
  'as accounts.list for the account and its sub-accounts',
  `
SELECT ${DIRECTIVE_TARGETS}
FROM #accounts
WHERE under(account, :account)
ORDER BY account`,
);

/*
 * The last row of a (date, currency) group is the day's last posting in that currency, so its
 * running balance in that currency is the day's closing balance in it.
 */
export const balanceHistory = builtin(
  'accounts.balance_history',
  'account str',
  'balance of the account and its sub-accounts at the end of each day with postings, per currency',
  `
SELECT date, currency, only(currency, last(balance)) AS balance
WHERE under(account, :account)
GROUP BY date, currency
ORDER BY date, currency`,
);

export const documents = builtin(
  'accounts.documents',
  'account str',
  'document directives of the account and its sub-accounts, ledger order',
  `
SELECT date, time, account, path
FROM #documents
WHERE source = 'directive' AND under(account, :account)
ORDER BY seq`,
);

export const open = builtin(
  'accounts.open',
  '',
  'accounts with an open directive and no close, sorted (the new-transaction form)',
  `
SELECT account
FROM #accounts
WHERE open IS NOT NULL AND close IS NULL
ORDER BY account`,
);
