/**
 * Syntax tree of one query, as the parser builds it and the compiler reads it.
 *
 * Every node carries `start`/`end`: UTF-16 offsets into the query text (end exclusive), so an
 * error can point at it (QueryError.at turns an offset into line and column). Names of columns,
 * functions and AT functions are lower-cased here (they are case-insensitive); table names, aliases
 * and parameter names keep their case.
 *
 * Chains of one precedence level (`a OR b OR c`, `a + b - c`) are n-ary nodes (Logical, Arith),
 * not left-deep binary trees: the spec allows chains of many thousand terms, and a recursive walk
 * over a 10,000-deep tree would overflow the stack in the compiler or evaluator. Real nesting
 * (parentheses, calls, ...) is bounded by the nesting limit, so recursion over these nodes is safe.
 */
import type { Dec } from '../decimal';
import type { DayNum } from '../dates';

export interface Span {
  start: number;
  end: number;
}

// ---------------------------------------------------------------------------------------------
// Expressions

export interface NullLiteral extends Span {
  kind: 'Literal';
  type: 'null';
  value: null;
}
export interface BoolLiteral extends Span {
  kind: 'Literal';
  type: 'bool';
  value: boolean;
}
/** An integer literal that fits in 64 bits (a larger one is a DecimalLiteral). */
export interface IntLiteral extends Span {
  kind: 'Literal';
  type: 'int';
  value: bigint;
}
export interface DecimalLiteral extends Span {
  kind: 'Literal';
  type: 'decimal';
  value: Dec;
}
/** Text between the quotes (no escapes exist). `quote` tells which kind was used. */
export interface StrLiteral extends Span {
  kind: 'Literal';
  type: 'str';
  value: string;
  quote: "'" | '"';
}
/** An unquoted YYYY-MM-DD date; invalid dates never get this far (syntax error at the literal). */
export interface DateLiteral extends Span {
  kind: 'Literal';
  type: 'date';
  value: DayNum;
}
export type Literal = NullLiteral | BoolLiteral | IntLiteral | DecimalLiteral | StrLiteral | DateLiteral;

/** A column, or a field of a structured column (`open.date` -> name 'open', field 'date'). */
export interface Column extends Span {
  kind: 'Column';
  /** Lower-cased. */
  name: string;
  /** Lower-cased field after the dot, or null. */
  field: string | null;
  /** Offset of the field name (for "unknown attribute" errors), or null. */
  fieldStart: number | null;
}

/** `$1` (name '1') or `:name` (name 'name', case kept). */
export interface Param extends Span {
  kind: 'Param';
  name: string;
}

export interface Unary extends Span {
  kind: 'Unary';
  op: '-' | '+' | 'not';
  operand: Expr;
}

export type ArithOp = '+' | '-' | '*' | '/';
export interface ArithStep {
  op: ArithOp;
  /** Offset of the operator, for errors such as adding amounts of different currencies. */
  opStart: number;
  operand: Expr;
}
/**
 * `first op1 x1 op2 x2 ...` evaluated left to right: ((first op1 x1) op2 x2) ... All operators of
 * one node have the same precedence (all additive or all multiplicative).
 */
export interface Arith extends Span {
  kind: 'Arith';
  first: Expr;
  rest: ArithStep[];
}

/** `a AND b AND c` / `a OR b OR c` with three-valued logic; at least two args. */
export interface Logical extends Span {
  kind: 'Logical';
  op: 'and' | 'or';
  args: Expr[];
}

/** Comparison-level operators; `==` is read as `=` and `<>` as `!=`. */
export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=' | '~' | '!~' | '?~';
/** A comparison or regular-expression match (never chained: `a = b = c` is a syntax error). */
export interface Binary extends Span {
  kind: 'Binary';
  op: CompareOp;
  opStart: number;
  left: Expr;
  right: Expr;
}

/** Parenthesised list after IN: `x IN (a, b)`; one element allowed (`'x' IN (tags)`). */
export interface InList extends Span {
  kind: 'List';
  items: Expr[];
}
/** `left [NOT] IN right`: right is a list or a bare expression (a set value or parameter). */
export interface In extends Span {
  kind: 'In';
  negated: boolean;
  /** Offset of NOT (for NOT IN) or IN. */
  opStart: number;
  left: Expr;
  right: InList | Expr;
}

/** `operand IS [NOT] NULL`. */
export interface IsNull extends Span {
  kind: 'IsNull';
  negated: boolean;
  opStart: number;
  operand: Expr;
}

/** Function call; `count(*)` has star = true and no args (only count takes `*`). */
export interface Call extends Span {
  kind: 'Call';
  /** Lower-cased. */
  name: string;
  /** End of the name (errors about the function point at start..nameEnd). */
  nameEnd: number;
  args: Expr[];
  star: boolean;
}

export interface WhenClause {
  cond: Expr;
  value: Expr;
}
/** `CASE WHEN c THEN v ... [ELSE e] END` (the `CASE x WHEN v` form is not supported). */
export interface Case extends Span {
  kind: 'Case';
  whens: WhenClause[];
  else: Expr | null;
}

export type Expr = Literal | Column | Param | Unary | Arith | Logical | Binary | In | IsNull | Call | Case;

// ---------------------------------------------------------------------------------------------
// Statements

/** One SELECT target. `text` is the expression exactly as written (trimmed, without AS name). */
export interface Target extends Span {
  expr: Expr;
  /** Alias as written (compare case-insensitively), or null. */
  alias: string | null;
  aliasStart: number | null;
  text: string;
}

/** `#name` in FROM (name without '#', case-sensitive). */
export interface TableRef extends Span {
  name: string;
}

/** A period date: an unquoted date literal or a parameter. */
export type PeriodDate = DateLiteral | Param;

export interface OpenClause extends Span {
  date: PeriodDate;
}
export interface CloseClause extends Span {
  /** null for a bare CLOSE (only adds the conversion transaction). */
  date: PeriodDate | null;
}

/**
 * FROM clause. Either `table` is set (and nothing else), or any of expr/open/close/clear (at least
 * one). A bare name (`FROM prices`) is parsed as an expression (a Column): only the compiler
 * knows whether it is a postings column or names a table.
 */
export interface FromClause extends Span {
  table: TableRef | null;
  /**
   * Extension (issue 16, the page filter): `FILTER (cond)` written first in the clause chooses the
   * ledger's postings before the period clauses rewrite them (so opening balances summarize only
   * the chosen rows, Fava's filter order); without period clauses it is one more condition.
   */
  prefilter?: Expr | null;
  expr: Expr | null;
  open: OpenClause | null;
  close: CloseClause | null;
  clear: boolean;
}

export interface OrderKey extends Span {
  expr: Expr;
  desc: boolean;
}

/** LIMIT / OFFSET count: a non-negative integer literal or a parameter. */
export type Count = IntLiteral | Param;

export interface SelectStmt extends Span {
  kind: 'Select';
  distinct: boolean;
  /** Set for `SELECT *` (then targets is empty). */
  star: Span | null;
  targets: Target[];
  from: FromClause | null;
  where: Expr | null;
  /** Keys as written: expressions; the compiler resolves target names and numbers. */
  groupBy: Expr[] | null;
  having: Expr | null;
  orderBy: OrderKey[] | null;
  /** Exactly two keys (target names or numbers, resolved by the compiler). */
  pivotBy: [Expr, Expr] | null;
  limit: Count | null;
  offset: Count | null;
}

/**
 * A SELECT with every clause absent, then `parts` on top: the parser fills the clauses in as it
 * meets them, and BALANCES / JOURNAL are rewritten into one.
 */
export function selectStmt(start: number, end: number, parts: Partial<SelectStmt> = {}): SelectStmt {
  return {
    kind: 'Select',
    distinct: false,
    star: null,
    targets: [],
    from: null,
    where: null,
    groupBy: null,
    having: null,
    orderBy: null,
    pivotBy: null,
    limit: null,
    offset: null,
    start,
    end,
    ...parts,
  };
}

/** `AT name` of BALANCES / JOURNAL (name lower-cased). */
export interface AtFunction extends Span {
  name: string;
}

export interface BalancesStmt extends Span {
  kind: 'Balances';
  at: AtFunction | null;
  from: FromClause | null;
  where: Expr | null;
}

export interface JournalStmt extends Span {
  kind: 'Journal';
  pattern: StrLiteral | Param | null;
  at: AtFunction | null;
  from: FromClause | null;
}

export type Statement = SelectStmt | BalancesStmt | JournalStmt;
