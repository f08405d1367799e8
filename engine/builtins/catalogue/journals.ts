/** Built-ins of the journal page (spec 1, "Journal and list endpoint rules"). */
import { builtin } from '../declare';

/*
 * Keyword search is plain text (icontains), never a regular expression, and the keyword is only
 * ever a parameter. A NULL filter makes its `:x IS NULL` TRUE and leaves it out. Assertions
 * have no tags or links, so any tags/links filter drops them.
 */
export const page = builtin(
  'journals.page',
  'keyword str, tags set, links set, size int, offset int',
  'one page of the journal, newest first: transactions (padding included) passing the tags, links and keyword filters, and balance assertions when tags and links are NULL and the keyword matches; size 1 to 1000, offset = (page - 1) x size',
  `
SELECT seq, type, id, date, time, flag, payee, narration, tags, links, metas
FROM #entries
WHERE (type = 'transaction'
    AND (:tags IS NULL OR intersects(tags, :tags))
    AND (:links IS NULL OR intersects(links, :links))
    AND (:keyword IS NULL OR icontains(payee, :keyword) OR icontains(narration, :keyword)
      OR any_icontains(tags, :keyword) OR any_icontains(links, :keyword)
      OR any_icontains(accounts, :keyword)))
  OR (type = 'balance' AND :tags IS NULL AND :links IS NULL
    AND (:keyword IS NULL OR any_icontains(accounts, :keyword) OR icontains('Balance Check', :keyword)))
ORDER BY seq DESC
LIMIT :size OFFSET :offset`,
);

export const balanceChecks = builtin(
  'journals.balance_checks',
  'ids set',
  'balance assertions with an id in `ids`; difference = amount - actual; asserted = actual + difference (the asserted amount with the decimal places of the balance too)',
  `
SELECT id, account, amount, tolerance, actual, passed, amount - actual AS difference,
  actual + (amount - actual) AS asserted
FROM #balances
WHERE id IN :ids`,
);

/*
 * The transaction-postings query of the journal page (name and columns not given by the spec):
 * every posting row of the page's transactions, ledger order; a posting booked against several
 * lots keeps one row per lot, each with its cost.
 */
export const transactionPostings = builtin(
  'journals.transaction_postings',
  'ids set',
  'posting rows of the transactions with an id in `ids`, ledger order (one row per lot)',
  `
SELECT id, posting_index, account, posting_flag, position, price, automatic, metas, balanced
WHERE id IN :ids`,
);

/*
 * Issue 17 §2, toggles per entry type (not in the spec: GET /api/journals with `types`). The
 * tokens are the #entries type names, with a transaction chosen by flag: `transaction` = every
 * flag but P, `cleared` = `*`, `pending` = `!`, `other-flags` = any other letter but P, `pad` = the padding transactions (the BalancePad
 * items of the default journal; the pad directive itself is `pad-directive`, off unless asked).
 * Tags and links match what carries them (transactions, notes, documents); the keyword also
 * searches the `detail` text of the other kinds.
 */
export const pageOfTypes = builtin(
  'journals.page_of_types',
  'types set, keyword str, tags set, links set, size int, offset int',
  'one page of the journal restricted to the entry kinds in `types` (transaction, cleared, pending, other-flags, pad, pad-directive, balance, note, document, price, open, close, custom, event, commodity, query), newest first; other filters as journals.page',
  `
SELECT seq, type, id, date, time, flag, payee, narration, tags, links, metas, filename, lineno, accounts, detail
FROM #entries
WHERE ((type = 'transaction' AND flag = 'P' AND 'pad' IN :types)
    OR (type = 'transaction' AND flag != 'P' AND ('transaction' IN :types
      OR (flag = '*' AND 'cleared' IN :types) OR (flag = '!' AND 'pending' IN :types)
      OR (flag != '*' AND flag != '!' AND 'other-flags' IN :types)))
    OR (type = 'pad' AND 'pad-directive' IN :types)
    OR (type != 'transaction' AND type != 'pad' AND type IN :types))
  AND ((:tags IS NULL AND :links IS NULL) OR (tags IS NOT NULL
    AND (:tags IS NULL OR intersects(tags, :tags))
    AND (:links IS NULL OR intersects(links, :links))))
  AND (:keyword IS NULL OR icontains(payee, :keyword) OR icontains(narration, :keyword)
    OR any_icontains(tags, :keyword) OR any_icontains(links, :keyword)
    OR any_icontains(accounts, :keyword) OR icontains(detail, :keyword)
    OR (type = 'balance' AND icontains('Balance Check', :keyword)))
ORDER BY seq DESC
LIMIT :size OFFSET :offset`,
);

/** file:line of the entries a default journal page lists (issue 17 §2: each entry links to its source). */
export const sources = builtin(
  'journals.sources',
  'ids set',
  'file (relative to the ledger directory) and line of the entries with an id in `ids`',
  `
SELECT id, filename, lineno
FROM #entries
WHERE id IN :ids`,
);
