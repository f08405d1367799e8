/**
 * #errors: one row per ledger error (what GET /api/errors lists), ordered by file then position
 * (the snapshot keeps them so). meta(key), entry_meta(key) and any_meta(key) read the details
 * recorded for the error (txn_id, account_name, budget_name, ...).
 *
 * Choice (spec silent): an error without a known position (e.g. made by a plugin, or the main
 * file missing) has NULL file as well as NULL line, column and spans.
 */
import type { Meta } from '../../ledger/ast';
import type { LedgerError } from '../../ledger/errors';
import type { Snapshot } from '../../ledger/snapshot';
import type { DayNum } from '../../dates';
import { col, int, ledgerRelative, pairsAsMeta, perSnapshot } from './common';
import { registerTable, type TableDef } from './registry';

interface ErrorRow {
  e: LedgerError;
  file: string | null;
  line: bigint | null;
  column: bigint | null;
  spanStart: bigint | null;
  spanEnd: bigint | null;
  date: DayNum | null;
  /** Recorded details sorted by key (stable: written order kept within a key). */
  metas: [string, string][];
  meta: Meta;
}

const rowsOf = perSnapshot((s: Snapshot): ErrorRow[] =>
  s.errors.map((e) => {
    const src = e.src;
    const metas = e.metas.map(([k, v]) => [k, v] as [string, string]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return {
      e,
      file: src ? ledgerRelative(s.root, src.file) : null,
      line: src ? int(src.line) : null,
      column: src ? int(src.column) : null,
      spanStart: src ? int(src.start) : null,
      spanEnd: src ? int(src.end) : null,
      date: e.date,
      metas,
      meta: pairsAsMeta(metas),
    };
  }),
);

export const errorsTable: TableDef<ErrorRow> = {
  name: 'errors',
  description: 'one row per ledger error, by file then position',
  columns: [
    col('kind', 'str', 'error code (the error_type of GET /api/errors), e.g. UnbalancedTransaction', (r) => r.e.kind),
    col('message', 'str', 'sentence shown by the errors page', (r) => r.e.message),
    col('file', 'str', 'file of the offending directive, relative to the ledger directory (full path if outside)', (r) => r.file),
    col('line', 'int', '1-based line where the directive starts; NULL if unknown', (r) => r.line),
    col('column', 'int', '1-based column in characters; NULL if unknown', (r) => r.column),
    col('date', 'date', 'directive date; NULL for undated', (r) => r.date),
    col('account', 'str', 'account the error is about, else NULL', (r) => r.e.account),
    col('source', 'str', 'text of the directive', (r) => r.e.source),
    col('id', 'str', 'error id as in GET /api/errors; errors of one directive share it; an error in a transaction has its id', (r) => r.e.id),
    col('span_start', 'int', 'byte offset where the directive starts; NULL if unknown', (r) => r.spanStart),
    col('span_end', 'int', 'byte offset where it ends; NULL if unknown', (r) => r.spanEnd),
    col('metas', 'metas', 'recorded details (e.g. txn_id, account_name), sorted by key', (r) => r.metas),
  ],
  star: ['file', 'date', 'kind', 'account', 'message'],
  rows: (ctx) => rowsOf(ctx.snapshot),
  meta: (r) => r.meta,
  entryMeta: (r) => r.meta,
};

registerTable(errorsTable);
