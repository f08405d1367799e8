/**
 * What the compiler hands the executor: every expression already resolved, type-checked and
 * turned into a closure, every clause rule already checked. The executor only runs loops.
 */
import type { Snapshot } from '../../ledger/snapshot';
import type { Meta } from '../../ledger/ast';
import type { DayNum } from '../../dates';
import type { TypeName } from '../types';
import type { TableDef } from '../tables/registry';
import type { PeriodClauses } from '../periods';

/** Per-row metadata access for meta()/entry_meta()/any_meta() (FnContext.row). */
export interface RowMetaAccess {
  meta(): Meta | null;
  entryMeta(): Meta | null;
}

/**
 * The one mutable evaluation state of a query run: closures read the current row from it.
 * Doubles as the functions' FnContext (snapshot, today, row).
 */
export interface EvalState {
  row: any;
  /** Live running balance (Inventory) of the postings passing FROM and WHERE, this row included. */
  running: any;
  /** Per-currency totals for units(balance) and cost(balance) (no lots kept). */
  runningUnits: Map<string, import('../../decimal').Dec> | null;
  runningCost: Map<string, import('../../decimal').Dec> | null;
  source: ArrayLike<unknown> | null;
  /** Finished aggregate values of the current group, by slot. */
  aggs: unknown[];
  snapshot: Snapshot;
  today: DayNum;
  /** Metadata of the current row: with snapshot and today this state is the functions' FnContext. */
  row_meta: RowMetaAccess;
}

export type Evaluator = (st: EvalState) => unknown;

export interface CExpr {
  type: TypeName;
  eval: Evaluator;
  /** Only constants: folded to a literal. */
  isConst: boolean;
  /** Contains an aggregate call. */
  hasAgg: boolean;
  /** Reads a column or a metadata function outside aggregates. */
  readsRow: boolean;
  /** Reads the running balance (outside or inside aggregates). */
  readsBalance: boolean;
  /** Columns read outside aggregates (for account narrowing). */
  columns: Set<string>;
  /** Calls a function whose value depends on the row's metadata. */
  readsMeta: boolean;
  /**
   * Calls a function that is not foldable (it reads the snapshot, such as open_date, or the
   * clock, such as today()): the same arguments may give another value in another snapshot.
   */
  readsSnapshot: boolean;
  /** Evaluation can raise an error (overflow, currency mismatch, runtime regex, maxwidth...). */
  mayFail: boolean;
  /** Canonical text: equal expressions have equal keys (group key matching). */
  key: string;
  /** UTF-16 start offset in the query text (errors). */
  start: number;
}

export interface AggSlot {
  index: number;
  /** Canonical text of the call: one slot per distinct aggregate. */
  key?: string;
  /** Function name, lower case (the executor computes last(balance) after the scan). */
  name: string;
  init(): unknown;
  step(state: unknown, args: unknown[], st: EvalState): unknown;
  finish(state: unknown): unknown;
  /** count(*): steps on every row. */
  star: boolean;
  args: CExpr[];
}

/** A conjunct `date <op> value` of the filter, with a constant value (a date, or NULL). */
export interface DateBound {
  op: '<' | '<=' | '>' | '>=' | '=';
  value: CExpr;
}

export interface OrderKey {
  expr: CExpr;
  desc: boolean;
}

export interface Plan {
  table: TableDef;
  /** FROM expression AND WHERE; a row passes when it evaluates to TRUE. */
  filter: CExpr | null;
  /** Conjuncts reading only `account` (postings): evaluated once per account to narrow the scan. */
  accountFilter: CExpr | null;
  /**
   * The filter without those conjuncts: what a scan narrowed to the accepted accounts still
   * evaluates per row (null: nothing left).
   */
  filterRest: CExpr | null;
  /**
   * Conjuncts `date <op> constant` (postings): a scan over rows in date order reads only the
   * range they allow (null: none).
   */
  dateBounds: DateBound[] | null;
  /** The filter without the date conjuncts, and without the account conjuncts too (null: nothing left). */
  filterNoDate: CExpr | null;
  filterRestNoDate: CExpr | null;
  /**
   * The first 32 bits of the ids of a conjunct `id IN <constant set>` (postings): a scan of the
   * snapshot's postings reads only the rows of transactions with such ids (null: none).
   */
  idWords: number[] | null;
  /**
   * Which forms of the running balance the query reads: the full lot inventory, or only
   * units(balance) / cost(balance), which are kept as per-currency totals without lots.
   */
  balance: { full: boolean; units: boolean; cost: boolean };
  columns: { name: string; type: TypeName }[];
  targets: CExpr[];
  aggregate: {
    keys: CExpr[];
    aggs: AggSlot[];
    having: CExpr | null;
    /** Keys whose groups come consecutively in ledger order (LIMIT builds only the returned groups). */
    consecutive: boolean;
  } | null;
  order: OrderKey[];
  distinct: boolean;
  limit: bigint | null;
  offset: bigint;
  pivot: { a: number; b: number } | null;
  /** OPEN ON / CLOSE / CLEAR with bound dates: the postings are rewritten before the scan (periods.ts). */
  period?: PeriodClauses | null;
}
