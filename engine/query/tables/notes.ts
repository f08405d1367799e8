/** #notes: one row per note directive, in reference order. */
import type { NoteAst } from '../../ledger/ast';
import { col, metaText } from './common';
import { registerTable, type TableDef } from './registry';

export const notesTable: TableDef<NoteAst> = {
  name: 'notes',
  description: 'one row per note directive',
  columns: [
    col('date', 'date', 'note date', (n) => n.date),
    col('account', 'str', 'account the note is about', (n) => n.account),
    col('comment', 'str', 'text of the note', (n) => n.comment),
    col('tags', 'set', 'without leading #', (n) => n.tags),
    col('links', 'set', 'without leading ^', (n) => n.links),
    col('meta', 'str', 'directive metadata as text: `key: "value"` pairs sorted by key; \'\' if none', (n) => metaText(n.meta)),
  ],
  star: ['date', 'account', 'comment', 'tags', 'links'],
  rows: (ctx) => ctx.snapshot.notes,
  meta: (n) => n.meta,
  entryMeta: (n) => n.meta,
};

registerTable(notesTable);
