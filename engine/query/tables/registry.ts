/**
 * The table registry: every table the query language can read, with its columns in schema order.
 * It is the single source for name resolution in the compiler and for the schema endpoint,
 * so adding a table is one file that calls `registerTable` plus one import in tables/index.ts.
 */
import type { Meta } from '../../ledger/ast';
import type { Snapshot } from '../../ledger/snapshot';
import type { TypeName } from '../types';
import type { DayNum } from '../../dates';
import type { CExpr } from '../compile/plan';

/**
 * Per-row evaluation state shared by every compiled expression of one query. It is one mutable
 * object reused for all rows (no allocation per row): the scanner sets `row` and, when the query
 * reads it, `balance`.
 */
export interface RowState<R = unknown> {
  row: R;
  /** Running balance after the current row (postings only); set by the scanner when read. */
  balance: unknown;
  /** The row array being scanned (postings: the snapshot's, or those rewritten by period clauses). */
  source: ArrayLike<R> | null;
}

export interface ColumnDef<R = any> {
  /** Lower-case name as written in queries (`open.date` for a field of a structured column). */
  name: string;
  type: TypeName;
  description: string;
  /** Service extension: listed after the reference columns and left out of `SELECT *`. */
  ext?: boolean;
  /** Reads the value of the current row. */
  get(row: R, state: RowState<R>): unknown;
  /**
   * Special columns the executor computes itself: `running` (the running balance of postings).
   * Such a column's `get` reads `state.balance`.
   */
  special?: 'running';
}

export interface ScanContext {
  snapshot: Snapshot;
  /** Called once per generated row of tables that generate rows (budget months): counts toward the result size and checks time. */
  onGenerated?: () => void;
  /** Cooperative time check for tables that do long work before returning rows. */
  checkTime?: () => void;
  /**
   * The compiled FROM/WHERE condition (constants folded, parameters bound), for tables that can
   * skip generating rows the condition rejects (#budgets: ANDed `date <= X` bounds). Rows are still
   * filtered by the executor; a table only uses it to do less work.
   */
  filter?: CExpr | null;
  /** today() of the query (ledger timezone): #budgets runs through the current month. */
  today?: DayNum;
}

export interface TableDef<R = any> {
  /** Name without `#`. Case-sensitive. */
  name: string;
  description: string;
  columns: ColumnDef<R>[];
  /** Column names of `SELECT *`, in order. */
  star: string[];
  /** Rows in the table's order without ORDER BY. */
  rows(ctx: ScanContext): ArrayLike<R> | Iterable<R>;
  /** Metadata seen by meta()/entry_meta()/any_meta() on this table's rows. */
  meta(row: R): Meta | null;
  entryMeta(row: R): Meta | null;
  /**
   * A reader of the first 32 bits of a row's `id` (ledger/ids.ts idWord) without making the id,
   * undefined when not known that way: `id IN (...)` tests these first (compile/expr.ts). One
   * reader per compiled condition, so it may remember the last row's (postings of a transaction).
   */
  idWords?(): (row: R) => number | undefined;
  /**
   * Positions in `rows` (what `rows(ctx)` gave) of the rows ascending by `column`, when the table
   * keeps such an order and the column's values are unique; else null. ORDER BY that column with
   * a LIMIT then reads the rows in that order and stops at the window (execute/plain.ts).
   */
  orderedBy?(column: string, rows: ArrayLike<R>, ctx: ScanContext): Int32Array | null;
  /**
   * Added to a result-too-large error of a query on this table: what made it large (#budgets:
   * the budget with the longest series of months and the directive that ends it).
   */
  explainTooLarge?(ctx: ScanContext): string | null;
}

const tables = new Map<string, TableDef>();
const order: string[] = [];

export function registerTable<R>(table: TableDef<R>): void {
  if (!tables.has(table.name)) order.push(table.name);
  tables.set(table.name, table as TableDef);
}

export function getTable(name: string): TableDef | undefined {
  return tables.get(name);
}

/** Tables in registration order (postings first): the schema endpoint lists them so. */
export function allTables(): TableDef[] {
  return order.map((n) => tables.get(n)!);
}

export function findColumn(table: TableDef, name: string): ColumnDef | undefined {
  const lower = name.toLowerCase();
  return table.columns.find((c) => c.name === lower);
}
