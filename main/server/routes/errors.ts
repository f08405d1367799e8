/**
 * GET /api/errors?page&size: one page of ledger errors in #errors order (file, then position),
 * size 1 to 1000, default 100 (spec 1, journal rules 1 and 7). The location is the file and the
 * lines of the directive: from `line` through line + (lines of `source`) - 1.
 */
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { encodeCell } from '../../../engine/query/encode';
import type { LedgerErrorItem, MetaPairJson, Page } from '../../../engine/api-types';
import type { RouteModule } from '../app';
import { callBuiltin, columnIndex } from './builtin-call';
import { readPaging, totalPages, type Paging } from './page-params';

const intOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v as bigint));

/** Lines of a directive's text: a trailing line break does not start another line. */
function lineCount(source: string): number {
  let n = 1;
  const end = source.endsWith('\n') ? source.length - 1 : source.length;
  for (let k = 0; k < end; k++) if (source.charCodeAt(k) === 10) n++;
  return n;
}

export function errorPage(snapshot: Snapshot, paging: Paging): Page<LedgerErrorItem> {
  const { page, size, offset } = paging;
  const r = callBuiltin(snapshot, 'errors.list', { size, offset }, { countTotal: true });
  const i = columnIndex(r);
  const total = r.total ?? 0;
  const records = r.rows.map((row, k): LedgerErrorItem => {
    const line = intOrNull(row[i.line]);
    const source = row[i.source] as string | null;
    // A long directive's source is only its beginning (engine/ledger/error-source.ts); its full
    // line count is kept on the snapshot's error, which is row k of this page in #errors order.
    const error = snapshot.errors[offset + k];
    const full = error && error.id === row[i.id] && error.source === source ? error.sourceFull : undefined;
    return {
      id: row[i.id] as string,
      error_type: row[i.kind] as string,
      message: row[i.message] as string,
      file: row[i.file] as string | null,
      line_start: line,
      line_end: line === null ? null : full ? line + full.lines - 1 : source === null ? line : line + lineCount(source) - 1,
      column: intOrNull(row[i.column]),
      span_start: intOrNull(row[i.span_start]),
      span_end: intOrNull(row[i.span_end]),
      source,
      source_truncated: full !== undefined,
      metas: (encodeCell('metas', row[i.metas]) as MetaPairJson[] | null) ?? [],
    };
  });
  return { page, size, total_count: total, total_pages: totalPages(total, size), records };
}

export const errorRoutes: RouteModule = (routes) => {
  routes.get('/api/errors', (c) => ({ data: errorPage(c.snapshot, readPaging(c.event)) }));
};
