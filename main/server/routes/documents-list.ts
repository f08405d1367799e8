/**
 * GET /api/documents: every document, newest first (spec 1, journal rule 5): document directives
 * and documents named in the `document` metadata of transactions and postings. `path` is relative
 * to the ledger directory and is what GET /api/documents/file?path= downloads. Takes no parameters.
 */
import { formatDate } from '../../../engine/dates';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import type { DocumentItem } from '../../../engine/api-types';
import type { RouteModule } from '../app';
import { callBuiltin, columnIndex } from './builtin-call';
import { readFilter } from './filter-params';
import type { Filter } from '../../../engine/filters/index';


export function documentList(snapshot: Snapshot, filter?: Filter): DocumentItem[] {
  const r = callBuiltin(snapshot, 'documents.all', {}, { filter });
  const i = columnIndex(r);
  return r.rows.map((row) => ({
    date: formatDate(row[i.date] as number),
    time: row[i.time] as string,
    path: row[i.path] as string,
    account: row[i.account] as string | null,
    transaction_id: row[i.transaction_id] as string | null,
  }));
}

export const documentListRoutes: RouteModule = (routes) => {
  routes.get('/api/documents', (c) => ({ data: documentList(c.snapshot, readFilter(c.event, c.snapshot)) }));
};
