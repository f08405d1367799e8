/**
 * #documents: document directives in reference order, then the documents named by `document`
 * metadata of transactions and their postings in ledger order (rows built by engine/ledger/documents.ts).
 *
 * Choice (spec silent): meta() reads the directive's, or the naming transaction's or posting's,
 * metadata (spec); entry_meta() reads the transaction's metadata for a posting's document and
 * the same metadata as meta() otherwise, as on postings.
 */
import type { Meta } from '../../ledger/ast';
import type { DocumentRow, Snapshot } from '../../ledger/snapshot';
import { formatTime } from '../../dates';
import { col, int, metaText, perSnapshot } from './common';
import { registerTable, type TableDef } from './registry';

interface DocRow {
  d: DocumentRow;
  entryMeta: Meta;
}

const rowsOf = perSnapshot((s: Snapshot): DocRow[] => {
  let txnMeta: Map<string, Meta> | null = null;
  return s.documents.map((d) => {
    if (d.source !== 'posting' || d.transactionId === null) return { d, entryMeta: d.meta };
    if (txnMeta === null) txnMeta = new Map(s.transactions.map((t) => [t.id, t.meta]));
    return { d, entryMeta: txnMeta.get(d.transactionId) ?? d.meta };
  });
});

export const documentsTable: TableDef<DocRow> = {
  name: 'documents',
  description: 'one row per document directive, then per document named in transaction or posting metadata',
  columns: [
    col('date', 'date', 'directive date, or the naming transaction date', (r) => r.d.date),
    col('account', 'str', 'account of the directive or of the naming posting; NULL for a document of the transaction itself', (r) => r.d.account),
    col('filename', 'str', 'path; a relative path resolved against the directory of the declaring file', (r) => r.d.filename),
    col('tags', 'set', 'tags of the directive or the naming transaction', (r) => r.d.tags),
    col('links', 'set', 'links of the directive or the naming transaction', (r) => r.d.links),
    col('meta', 'str', "metadata of the directive, or of the naming transaction or posting, as text; '' if none", (r) => metaText(r.d.meta)),
    col('source', 'str', "'directive', 'transaction' or 'posting'", (r) => r.d.source, true),
    col('path', 'str', 'path within the ledger used to list and download', (r) => r.d.path, true),
    col('transaction_id', 'str', 'id of the naming transaction; NULL for directives', (r) => r.d.transactionId, true),
    col('seq', 'int', 'processing order of the directive or naming transaction', (r) => int(r.d.seq), true),
    col('time', 'str', 'HH:MM:SS of the directive or naming transaction', (r) => formatTime(r.d.time), true),
    col('timestamp', 'int', 'Unix seconds of the directive or naming transaction', (r) => int(r.d.timestamp), true),
  ],
  star: ['date', 'account', 'filename', 'tags', 'links'],
  rows: (ctx) => rowsOf(ctx.snapshot),
  meta: (r) => r.d.meta,
  entryMeta: (r) => r.entryMeta,
};

registerTable(documentsTable);
