/** #events: one row per event directive, in reference order. */
import type { EventAst } from '../../ledger/ast';
import { col, metaText } from './common';
import { registerTable, type TableDef } from './registry';

export const eventsTable: TableDef<EventAst> = {
  name: 'events',
  description: 'one row per event directive',
  columns: [
    col('date', 'date', 'event date', (e) => e.date),
    col('type', 'str', 'event type (e.g. location)', (e) => e.name),
    col('description', 'str', 'event value', (e) => e.description),
    col('meta', 'str', 'directive metadata as text: `key: "value"` pairs sorted by key; \'\' if none', (e) => metaText(e.meta)),
  ],
  star: ['date', 'type', 'description'],
  rows: (ctx) => ctx.snapshot.events,
  meta: (e) => e.meta,
  entryMeta: (e) => e.meta,
};

registerTable(eventsTable);
