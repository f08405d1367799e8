/**
 * The schema of GET /api/query/schema (document 1 "Schema response"), generated from the table
 * and function registries so it can never disagree with what the compiler accepts.
 *
 * - `columns`: the postings columns in the table's order (reference columns, then [ext]);
 * - `tables`: postings first, then the other tables in registration order (tables/index.ts:
 *   document 2's table list, then budgets, budget_definitions, budget_events and errors); the
 *   attributes of a structured column are columns named like `open.date`;
 * - `functions`: one entry per overload, aggregates first (the registry's order).
 *
 * The spec's stated counts (34 columns, 100 functions) disagree with its own tables (35 postings
 * columns, 93 overloads); the registries follow the tables.
 */
import type { Schema, SchemaColumn, SchemaTable } from '../api-types';
import { functionSchema } from './functions/registry';
import { allTables, getTable, type ColumnDef } from './tables/registry';
import './tables/index';

function columnEntry(c: ColumnDef): SchemaColumn {
  return { name: c.name, type: c.type, description: c.description };
}

export function querySchema(): Schema {
  const postings = getTable('postings')!;
  const tables: SchemaTable[] = allTables().map((t) => ({
    name: t.name,
    description: t.description,
    columns: t.columns.map(columnEntry),
  }));
  return {
    columns: postings.columns.map(columnEntry),
    tables,
    functions: functionSchema(),
  };
}
