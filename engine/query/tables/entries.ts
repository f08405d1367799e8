/**
 * #entries: one row per directive of any kind (padding transactions included, rejected
 * transactions not), in reference order (spec "Processing order (seq)": by date, then open,
 * commodity, balance, other directives, document, close, then file order, regardless of time).
 */
import type { Entry, Snapshot } from '../../ledger/snapshot';
import { formatTime } from '../../dates';
import { col, dayOf, describe, int, ledgerRelative, metaPairs, metaText, monthOf, perSnapshot, yearOf } from './common';
import { registerTable, type TableDef } from './registry';

interface EntryRow {
  e: Entry;
  /** File relative to the ledger directory, computed once per snapshot. */
  filename: string;
}

const rowsOf = perSnapshot((s: Snapshot): EntryRow[] => {
  const fileNames = new Map<string, string>();
  const out: EntryRow[] = new Array(s.referenceOrder.length);
  for (let i = 0; i < s.referenceOrder.length; i++) {
    const e = s.entries[s.referenceOrder[i]];
    const f = e.directive.src.file;
    let name = fileNames.get(f);
    if (name === undefined) fileNames.set(f, (name = ledgerRelative(s.root, f)));
    out[i] = { e, filename: name };
  }
  return out;
});

/** Positions of the rows in processing order (seq ascending). */
const bySeq = perSnapshot((s: Snapshot): Int32Array => {
  const out = new Int32Array(s.entries.length);
  for (let k = 0; k < s.entries.length; k++) out[k] = s.entries[k].ref;
  return out;
});

const metaOf = (r: EntryRow) => r.e.txn?.meta ?? r.e.directive.meta;

/**
 * One line saying what a directive other than a transaction or balance holds, so a journal can
 * list notes, documents, prices, events, customs... without one query per kind (issue 17 §2).
 */
function detailOf(r: EntryRow): string | null {
  const d = r.e.directive;
  switch (d.type) {
    case 'open':
      return d.currencies.length ? d.currencies.join(',') : null;
    case 'note':
      return d.comment;
    case 'document':
      return d.filename;
    case 'price':
      return `${d.currency} ${d.amount.number.toString()} ${d.amount.currency}`;
    case 'event':
      return `${d.name}: ${d.description}`;
    case 'custom':
      // As written in the ledger: strings quoted, accounts and amounts bare.
      return [JSON.stringify(d.name), ...d.values.map((v) => (v.kind === 'string' ? JSON.stringify(v.text) : v.text))].join(' ');
    case 'query':
      return `${d.name}: ${d.query}`;
    case 'commodity':
      return d.currency;
    case 'pad':
      return `${d.account} from ${d.source}`;
    default:
      return null;
  }
}

/** Tags and links exist on transactions, notes and documents; NULL elsewhere. */
function tagsOf(r: EntryRow): string[] | null {
  const d = r.e.directive;
  if (r.e.txn) return r.e.txn.tags;
  return d.type === 'note' || d.type === 'document' ? d.tags : null;
}
function linksOf(r: EntryRow): string[] | null {
  const d = r.e.directive;
  if (r.e.txn) return r.e.txn.links;
  return d.type === 'note' || d.type === 'document' ? d.links : null;
}

export const entriesTable: TableDef<EntryRow> = {
  name: 'entries',
  description: 'one row per directive of any kind, in reference order',
  columns: [
    col('id', 'str', 'for a transaction its transaction id; for a balance assertion the id its check is stored with', (r) => r.e.id),
    col('type', 'str', 'lowercase directive kind: transaction, open, close, balance, price, note, document, event, commodity, custom, query, pad, budget, budget-add, budget-transfer, budget-close', (r) => r.e.type),
    col('filename', 'str', 'file of the directive, relative to the ledger directory (full path if outside)', (r) => r.filename),
    col('date', 'date', 'directive date', (r) => r.e.date),
    col('year', 'int', 'year of date', (r) => yearOf(r.e.date)),
    col('month', 'int', 'month of date (1 to 12)', (r) => monthOf(r.e.date)),
    col('day', 'int', 'day of date (1 to 31)', (r) => dayOf(r.e.date)),
    col('flag', 'str', 'transaction flag; NULL for other directives', (r) => r.e.txn?.flag ?? null),
    col('payee', 'str', 'transaction payee (NULL if none); NULL for other directives', (r) => r.e.txn?.payee ?? null),
    col('narration', 'str', "transaction narration ('' if none); NULL for other directives", (r) => (r.e.txn ? r.e.txn.narration : null)),
    col('description', 'str', "payee and narration joined with ' | ' as for postings; NULL for other directives", (r) =>
      r.e.txn ? describe(r.e.txn.payee, r.e.txn.narration) : null,
    ),
    col('tags', 'set', 'tags of a transaction, note or document; else NULL', tagsOf),
    col('links', 'set', 'links of a transaction, note or document; else NULL', linksOf),
    col('meta', 'str', 'directive metadata as text: `key: "value"` pairs sorted by key; \'\' if none', (r) => metaText(metaOf(r))),
    col('accounts', 'set', 'posting accounts of a transaction; account of open, close, balance, note, document; padded and padding accounts of pad and balance with pad; else empty', (r) => r.e.accounts),
    col('seq', 'int', 'position in processing order from 0', (r) => int(r.e.seq), true),
    col('time', 'str', 'HH:MM:SS in the ledger timezone; 00:00:00 if none written', (r) => formatTime(r.e.time), true),
    col('timestamp', 'int', 'Unix seconds of date and time', (r) => int(r.e.timestamp), true),
    col('metas', 'metas', 'directive metadata as pairs sorted by key', (r) => metaPairs(metaOf(r)), true),
    // Beancount's #entries has lineno too; here it stays out of `*` so SELECT * keeps its columns.
    col('lineno', 'int', 'line of the directive in its file (1-based)', (r) => int(r.e.directive.src.line), true),
    col('detail', 'str', 'one-line content of a directive other than transaction and balance (note comment, document file, price, event, custom values, open currencies); NULL for transactions and balances', detailOf, true),
  ],
  star: ['id', 'type', 'filename', 'date', 'year', 'month', 'day', 'flag', 'payee', 'narration', 'description', 'tags', 'links', 'meta', 'accounts'],
  rows: (ctx) => rowsOf(ctx.snapshot),
  meta: metaOf,
  entryMeta: metaOf,
  idWords: () => (r) => r.e.idWord,
  // The rows are in reference order, the entries in processing order: the row of the entry with
  // seq k is its `ref` (the journal's newest-first pages read 200k rows through a top-k sort).
  orderedBy: (column, rows, ctx) => (column === 'seq' && rows === rowsOf(ctx.snapshot) ? bySeq(ctx.snapshot) : null),
};

registerTable(entriesTable);
