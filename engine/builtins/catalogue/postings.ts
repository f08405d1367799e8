/** Built-ins over plain posting lists. */
import { builtin } from '../declare';

export const postingsBetween = builtin(
  'postings.between',
  'from date, to date',
  'postings dated from `from` to `to` (both included), ledger order',
  `
SELECT date, flag, payee, narration, account, position
WHERE date >= :from AND date <= :to`,
);

export const postingsByPayeeTags = builtin(
  'postings.by_payee_tags',
  'payee str, tags set',
  'postings of transactions whose payee equals `payee` and whose tags include any of `tags`; NULL leaves a filter out; ledger order',
  `
SELECT date, payee, narration, tags, account, position
WHERE (:payee IS NULL OR payee = :payee)
  AND (:tags IS NULL OR intersects(tags, :tags))`,
);
