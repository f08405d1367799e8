/**
 * #budget_events: one row per effect of a budget-add, budget-transfer or budget-close, in ledger
 * order; a transfer gives transfer_out of the source then transfer_in of the target.
 */
import type { BudgetEventRow } from '../../ledger/budgets';
import { formatTime } from '../../dates';
import { col, int } from './common';
import { registerTable, type TableDef } from './registry';

export const budgetEventsTable: TableDef<BudgetEventRow> = {
  name: 'budget_events',
  description: 'one row per effect of a budget directive, in ledger order',
  columns: [
    col('name', 'str', 'budget', (e) => e.name),
    col('date', 'date', 'directive date', (e) => e.date),
    col('time', 'str', 'HH:MM:SS in ledger timezone; 00:00:00 if none', (e) => formatTime(e.time)),
    col('timestamp', 'int', 'Unix seconds of date and time in the ledger timezone', (e) => int(e.timestamp)),
    col('type', 'str', "'assign', 'transfer_out', 'transfer_in' or 'close'", (e) => e.type),
    col('amount', 'amount', "as written in the directive's commodity; negative for transfer out; NULL for close", (e) => e.amount),
  ],
  star: ['name', 'date', 'time', 'timestamp', 'type', 'amount'],
  rows: (ctx) => ctx.snapshot.budgets.events(),
  meta: (e) => e.meta,
  entryMeta: (e) => e.meta,
};

registerTable(budgetEventsTable);
