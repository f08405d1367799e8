/** #budget_definitions: one row per budget (no months, no transactions read), ordered by name. */
import type { BudgetDefinitionRow } from '../../ledger/budgets';
import { col } from './common';
import { registerTable, type TableDef } from './registry';

export const budgetDefinitionsTable: TableDef<BudgetDefinitionRow> = {
  name: 'budget_definitions',
  description: 'one row per budget, ordered by name',
  columns: [
    col('name', 'str', 'budget name', (b) => b.name),
    col('date', 'date', 'date of the budget directive', (b) => b.date),
    col('currency', 'str', 'commodity of the budget', (b) => b.currency),
    col('alias', 'str', 'display name from `alias` metadata, or NULL', (b) => b.alias),
    col('category', 'str', 'grouping from `category` metadata, or NULL', (b) => b.category),
    col('accounts', 'set', 'accounts whose opens name the budget at any time', (b) => b.accounts),
    col('close', 'date', 'date of the first budget-close; NULL while open', (b) => b.close),
  ],
  star: ['name', 'date', 'currency', 'alias', 'category', 'accounts', 'close'],
  rows: (ctx) => ctx.snapshot.budgets.definitions(),
  meta: (b) => b.meta,
  entryMeta: (b) => b.meta,
};

registerTable(budgetDefinitionsTable);
