/**
 * #prices: one row per price directive (and per price the implicit_prices plugin adds), in
 * processing order: by date, then time of day, then file order (spec: same-day prices are ordered
 * by their time).
 */
import type { PriceRow } from '../../ledger/snapshot';
import { formatTime } from '../../dates';
import { col, int, metaText } from './common';
import { registerTable, type TableDef } from './registry';

export const pricesTable: TableDef<PriceRow> = {
  name: 'prices',
  description: 'one row per price directive',
  columns: [
    col('date', 'date', 'price date', (p) => p.date),
    col('currency', 'str', 'commodity priced', (p) => p.currency),
    col('amount', 'amount', 'price of one unit', (p) => p.amount),
    col('meta', 'str', 'directive metadata as text: `key: "value"` pairs sorted by key; \'\' if none', (p) => metaText(p.meta)),
    col('time', 'str', 'HH:MM:SS in the ledger timezone; 00:00:00 if none written', (p) => formatTime(p.time), true),
    col('timestamp', 'int', 'Unix seconds of date and time', (p) => int(p.timestamp), true),
  ],
  star: ['date', 'currency', 'amount'],
  rows: (ctx) => ctx.snapshot.prices,
  meta: (p) => p.meta,
  entryMeta: (p) => p.meta,
};

registerTable(pricesTable);
