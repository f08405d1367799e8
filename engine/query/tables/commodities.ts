/** #commodities: one row per commodity directive, in reference order. */
import type { CommodityAst } from '../../ledger/ast';
import { col, metaText } from './common';
import { registerTable, type TableDef } from './registry';

export const commoditiesTable: TableDef<CommodityAst> = {
  name: 'commodities',
  description: 'one row per commodity directive',
  columns: [
    col('meta', 'str', 'directive metadata as text: `key: "value"` pairs sorted by key; \'\' if none', (c) => metaText(c.meta)),
    col('date', 'date', 'directive date', (c) => c.date),
    col('name', 'str', 'the commodity', (c) => c.currency),
  ],
  star: ['meta', 'date', 'name'],
  rows: (ctx) => ctx.snapshot.commodities,
  meta: (c) => c.meta,
  entryMeta: (c) => c.meta,
};

registerTable(commoditiesTable);
