/** Built-ins of the document list, the new-transaction form and the error list. */
import { builtin } from '../declare';

export const allDocuments = builtin(
  'documents.all',
  '',
  'every document (directives, then documents named in transaction and posting metadata), newest first',
  `
SELECT date, time, path, account, transaction_id
FROM #documents
ORDER BY seq DESC`,
);

export const payees = builtin(
  'payees.all',
  '',
  'every payee of transactions once, sorted; payees of padding transactions, empty and NULL ones left out',
  `
SELECT DISTINCT payee
FROM #transactions
WHERE payee IS NOT NULL AND payee != '' AND flag != 'P'
ORDER BY payee`,
);

export const errorsPage = builtin(
  'errors.page',
  'size int, offset int',
  'one page of ledger errors in their order (file, then position); size 1 to 1000, offset = (page - 1) x size',
  `
SELECT id, kind, file, line, column, span_start, span_end, source, metas
FROM #errors
LIMIT :size OFFSET :offset`,
);
