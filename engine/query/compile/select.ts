/**
 * Compiles a SELECT statement into a Plan: table choice, targets and their names, the FROM/WHERE
 * condition, aggregate detection with implicit GROUP BY, every GROUP BY / HAVING / ORDER BY /
 * PIVOT BY rule with its error, and LIMIT/OFFSET binding.
 */
import type * as A from '../ast';
import { QueryError } from '../errors';
import { NOT_GROUPABLE, type TypeName } from '../types';
import { INT64_MAX } from '../limits';
import { getTable, findColumn, type TableDef } from '../tables/registry';
import { postingsTable } from '../tables/postings';
import type { CExpr, DateBound, OrderKey, Plan } from './plan';
import { errorAt, type Scope } from './scope';
import { compileExpr, constant, opNode, type Node } from './expr';
import { lookupParam, paramLabel } from './params';
import { bindPeriodClauses } from '../periods';
import { idWord } from '../../ledger/ids';

export interface SelectOptions {
  params: Record<string, unknown>;
  /** Result column names to use instead of the target texts (BALANCES / JOURNAL). */
  names?: string[];
  /** Set for BALANCES / JOURNAL, which always read postings: another table in FROM is an error. */
  statement?: 'BALANCES' | 'JOURNAL';
}

interface CTarget {
  node: Node;
  name: string;
  /** Name used to match GROUP BY / ORDER BY / PIVOT BY keys: alias or target text. */
  alias: string | null;
  text: string;
}

export function compileSelect(text: string, stmt: A.SelectStmt, opts: SelectOptions): Plan {
  const table = resolveTable(text, stmt.from);
  if (opts.statement && table !== postingsTable) {
    const at = stmt.from!.table?.start ?? stmt.from!.expr!.start;
    throw QueryError.at(text, at, `${opts.statement} always reads postings: it cannot read #${table.name}`);
  }
  const base: Scope = { text, table, params: opts.params, allowAgg: false, inAgg: false, aggs: [], clause: 'WHERE' };

  // FROM expression and WHERE: boolean, no aggregates, no running balance.
  const conds: Node[] = [];
  const fromExpr = stmt.from && !stmt.from.table && !isTableName(stmt.from, table) ? stmt.from.expr : null;
  // Period clauses: dates bound and checked here; the executor rewrites the postings (periods.ts).
  const period = bindPeriodClauses(text, stmt.from, opts.params);
  for (const [clause, ast] of [
    ['FROM', fromExpr],
    ['WHERE', stmt.where],
  ] as const) {
    if (!ast) continue;
    if (table === postingsTable) {
      const b = findBalanceColumn(ast);
      if (b) throw errorAt(base, b.start, `balance cannot be used in ${clause}: it is the running balance of the rows ${clause} chooses`);
    }
    const n = compileExpr({ ...base, clause }, ast);
    if (n.type !== 'bool' && n.type !== 'null') throw errorAt(base, ast.start, `the ${clause} condition must be boolean, not ${n.type}`);
    const bal = findBalance(n);
    if (bal) throw errorAt(base, bal.start, `balance cannot be used in ${clause}: it is the running balance of the rows ${clause} chooses`);
    conds.push(n);
  }
  // FILTER (cond) (issue 16 extension): before the period clauses when there are some, else one more condition.
  const pre = stmt.from?.prefilter ? compileCondition(base, table, stmt.from.prefilter, 'FILTER') : null;
  if (pre && table !== postingsTable) throw errorAt(base, stmt.from!.prefilter!.start, 'FILTER (...) chooses postings: it cannot be used with another table');
  if (pre && !period) conds.unshift(pre);
  const filter = conds.length === 0 ? null : conds.length === 1 ? conds[0] : andNode(conds);

  // Targets (aggregates allowed).
  const tscope: Scope = { ...base, allowAgg: true, clause: 'SELECT' };
  let targets: CTarget[];
  if (stmt.star) {
    targets = table.star.map((name) => {
      const node = compileExpr(tscope, { kind: 'Column', name, field: null, fieldStart: null, start: stmt.star!.start, end: stmt.star!.end });
      return { node, name, alias: null, text: name };
    });
  } else {
    targets = stmt.targets.map((t) => ({ node: compileExpr(tscope, t.expr), name: t.alias ?? t.text, alias: t.alias, text: t.text }));
  }
  if (opts.names) opts.names.forEach((n, i) => (targets[i].name = n));

  const isAggregate = targets.some((t) => t.node.hasAgg) || stmt.groupBy !== null;

  // Group keys: explicit (expression, target name or number), else the non-aggregate targets.
  let keys: Node[] = [];
  if (stmt.groupBy) {
    keys = stmt.groupBy.map((k) => {
      const t = targetRef(base, k, targets, 'GROUP BY');
      if (t) {
        if (t.node.hasAgg) throw errorAt(base, k.start, 'a group key cannot contain an aggregate');
        return t.node;
      }
      const n = compileExpr({ ...base, clause: 'GROUP BY' }, k);
      return n;
    });
    stmt.groupBy.forEach((k, i) => checkGroupable(base, keys[i], k.start));
  } else if (isAggregate) {
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i];
      if (t.node.hasAgg || t.node.isConst) continue;
      checkGroupable(base, t.node, stmt.star ? stmt.star.start : stmt.targets[i].start);
      keys.push(t.node);
    }
  }
  const keySet = new Set(keys.map((k) => k.key));
  if (isAggregate) {
    targets.forEach((t, i) => checkGrouped(base, t.node, keySet, stmt.star ? null : stmt.targets[i].expr));
  }

  // HAVING: postings columns only (never aliases), boolean, with an aggregate.
  let having: Node | null = null;
  if (stmt.having) {
    having = compileExpr({ ...tscope, clause: 'HAVING' }, stmt.having);
    if (having.type !== 'bool' && having.type !== 'null') throw errorAt(base, stmt.having.start, `the HAVING condition must be boolean, not ${having.type}`);
    if (!having.hasAgg) throw errorAt(base, stmt.having.start, 'HAVING must use an aggregate function');
    checkGrouped(base, having, keySet, stmt.having);
  }

  // ORDER BY.
  const order: OrderKey[] = (stmt.orderBy ?? []).map((o) => {
    const t = targetRef(base, o.expr, targets, 'ORDER BY');
    const n = t ? t.node : compileExpr({ ...tscope, clause: 'ORDER BY' }, o.expr);
    if (n.type === 'interval') throw errorAt(base, o.expr.start, 'intervals have no order: cannot sort by an interval');
    if (!t) {
      if (n.hasAgg && !isAggregate) throw errorAt(base, o.expr.start, 'an aggregate in ORDER BY needs an aggregate query');
      if (isAggregate) checkGrouped(base, n, keySet, o.expr);
    }
    return { expr: n, desc: o.desc };
  });

  // PIVOT BY.
  let pivot: Plan['pivot'] = null;
  if (stmt.pivotBy) {
    const [pa, pb] = stmt.pivotBy;
    const idx = [pa, pb].map((k) => {
      const t = targetRef(base, k, targets, 'PIVOT BY');
      if (!t) throw errorAt(base, k.start, 'PIVOT BY takes target names or numbers, not expressions');
      return targets.indexOf(t);
    });
    if (!isAggregate) throw errorAt(base, pa.start, 'PIVOT BY needs an aggregate query (GROUP BY or aggregate functions)');
    if (idx[0] === idx[1]) throw errorAt(base, pb.start, 'the two PIVOT BY targets must differ');
    if (!keySet.has(targets[idx[1]].node.key)) throw errorAt(base, pb.start, 'the second PIVOT BY target must be a group key');
    for (const [j, k] of [
      [0, pa],
      [1, pb],
    ] as const) {
      if (targets[idx[j]].node.type === 'interval') throw errorAt(base, k.start, 'intervals have no order: cannot pivot by an interval');
    }
    pivot = { a: idx[0], b: idx[1] };
  }

  const { limit, offset } = bindLimits(base, stmt);

  const allNodes: Node[] = [...targets.map((t) => t.node), ...order.map((o) => o.expr as Node), ...(having ? [having] : [])];
  const aggs = tscope.aggs;
  const balance = balanceUse(allNodes, aggs.flatMap((a) => a.args as Node[]));

  return {
    table,
    filter,
    // Date bounds narrow the tables whose rows are in date order (execute/date-index.ts); account
    // narrowing reads the postings' per-account rows.
    ...(table === postingsTable ? splitFilter(filter, true) : table.name === 'transactions' ? splitFilter(filter, false) : splitFilter(null, false)),
    idWords: table === postingsTable ? idNarrowing(filter) : null,
    balance,
    columns: targets.map((t) => ({ name: t.name, type: t.node.type === 'null' ? 'null' : t.node.type })),
    targets: targets.map((t) => t.node),
    aggregate: isAggregate ? { keys, aggs, having, consecutive: table === postingsTable && isConsecutive(keys, period === null) } : null,
    order,
    distinct: stmt.distinct,
    limit,
    offset,
    pivot,
    period: period && pre ? { ...period, prefilter: { eval: pre.eval, key: text.slice(stmt.from!.prefilter!.start, stmt.from!.prefilter!.end), params: Object.keys(opts.params).length > 0 } } : period,
  };
}

/** A FILTER condition: boolean, no aggregates, no running balance (as FROM and WHERE). */
function compileCondition(base: Scope, table: TableDef, ast: A.Expr, clause: 'FILTER'): Node {
  const b = table === postingsTable ? findBalanceColumn(ast) : null;
  if (b) throw errorAt(base, b.start, `balance cannot be used in ${clause}: it is the running balance of the rows ${clause} chooses`);
  const n = compileExpr({ ...base, clause: 'WHERE' }, ast);
  if (n.type !== 'bool' && n.type !== 'null') throw errorAt(base, ast.start, `the ${clause} condition must be boolean, not ${n.type}`);
  const bal = findBalance(n);
  if (bal) throw errorAt(base, bal.start, `balance cannot be used in ${clause}: it is the running balance of the rows ${clause} chooses`);
  return n;
}

function isTableName(from: A.FromClause, table: TableDef): boolean {
  return table !== postingsTable && from.expr?.kind === 'Column';
}

/** FROM #name, or a bare name that is not a postings column; default postings. */
function resolveTable(text: string, from: A.FromClause | null): TableDef {
  const scope = { text } as Scope;
  if (!from) return postingsTable;
  if (from.table) {
    const t = getTable(from.table.name);
    if (!t) throw errorAt(scope, from.table.start, `unknown table '#${from.table.name}'`);
    return t;
  }
  const e = from.expr;
  if (e && e.kind === 'Column' && !e.field && !findColumn(postingsTable, e.name) && (from.open || from.close || from.clear)) {
    // A bare table name followed by a period clause: same rule and wording as after `#name`.
    const name = text.slice(e.start, e.end);
    if (getTable(name)) {
      const clause = from.open ? 'OPEN' : from.close ? 'CLOSE' : 'CLEAR';
      const clearAt = e.end + Math.max(0, text.slice(e.end).search(/clear/i));
      const at = from.open?.start ?? from.close?.start ?? clearAt;
      throw errorAt(scope, at, `syntax error: a table stands alone in FROM: ${clause} cannot follow ${name} (filter its rows with WHERE)`);
    }
  }
  if (e && e.kind === 'Column' && !e.field && !findColumn(postingsTable, e.name) && !from.open && !from.close && !from.clear) {
    const name = text.slice(e.start, e.end);
    const t = getTable(name);
    if (!t) throw errorAt(scope, e.start, `unknown table '${name}'`);
    return t;
  }
  return postingsTable;
}

/** A GROUP BY / ORDER BY / PIVOT BY key that names a target: number, alias or target text. */
function targetRef(scope: Scope, k: A.Expr, targets: CTarget[], clause: string): CTarget | null {
  if (k.kind === 'Literal' && k.type === 'int') {
    const i = Number(k.value);
    if (i < 1 || i > targets.length) throw errorAt(scope, k.start, `${clause} target number ${k.value} is out of range (1 to ${targets.length})`);
    return targets[i - 1];
  }
  const src = scope.text.slice(k.start, k.end).trim().toLowerCase();
  if (k.kind === 'Column' && !k.field) {
    const byAlias = targets.find((t) => t.alias !== null && t.alias.toLowerCase() === src);
    if (byAlias) return byAlias;
  }
  return targets.find((t) => (t.alias ?? t.text).toLowerCase() === src) ?? null;
}

function checkGroupable(scope: Scope, n: Node, at: number): void {
  if (NOT_GROUPABLE.has(n.type)) throw errorAt(scope, at, `values of type ${n.type} cannot be group keys`);
}

/** Outside aggregates, columns and metadata functions may only be read through group keys. */
function checkGrouped(scope: Scope, n: Node, keys: Set<string>, ast: A.Expr | null): void {
  if (keys.has(n.key) || n.kind === 'agg' || n.isConst) return;
  if (n.kind === 'col' || n.kind === 'meta') {
    const what = scope.text.slice(n.start, n.start + 64).match(/^[\w.]+/)?.[0] ?? 'column';
    throw errorAt(scope, n.start, `'${what}' must be a group key or used inside an aggregate function`);
  }
  for (const k of n.kids) checkGrouped(scope, k, keys, ast);
}

function findBalance(n: Node): Node | null {
  if (!n.readsBalance) return null;
  if (n.kind === 'col') return n;
  for (const k of n.kids) {
    const b = findBalance(k);
    if (b) return b;
  }
  return n;
}

/** The first `balance` column of an expression (FROM/WHERE reject it before type checking). */
function findBalanceColumn(e: A.Expr | A.InList): A.Column | null {
  switch (e.kind) {
    case 'Column':
      return e.name === 'balance' && !e.field ? e : null;
    case 'Unary':
      return findBalanceColumn(e.operand);
    case 'Arith':
      return [e.first, ...e.rest.map((r) => r.operand)].map(findBalanceColumn).find((x) => x) ?? null;
    case 'Logical':
      return e.args.map(findBalanceColumn).find((x) => x) ?? null;
    case 'Binary':
      return findBalanceColumn(e.left) ?? findBalanceColumn(e.right);
    case 'In':
      return findBalanceColumn(e.left) ?? findBalanceColumn(e.right);
    case 'List':
      return e.items.map(findBalanceColumn).find((x) => x) ?? null;
    case 'IsNull':
      return findBalanceColumn(e.operand);
    case 'Call':
      return e.args.map(findBalanceColumn).find((x) => x) ?? null;
    case 'Case':
      return [...e.whens.flatMap((w) => [w.cond, w.value]), ...(e.else ? [e.else] : [])].map(findBalanceColumn).find((x) => x) ?? null;
    default:
      return null;
  }
}

function andNode(ns: Node[]): Node {
  const fs = ns.map((n) => n.eval);
  return opNode(
    'bool',
    (st) => {
      let sawNull = false;
      for (const f of fs) {
        const v = f(st);
        if (v === false) return false;
        if (v === null) sawNull = true;
      }
      return sawNull ? null : true;
    },
    ns,
    `and(${ns.map((n) => n.key).join(',')})`,
    ns[0].start,
  );
}

type FilterSplit = Pick<Plan, 'accountFilter' | 'filterRest' | 'dateBounds' | 'filterNoDate' | 'filterRestNoDate'>;

/**
 * Conjuncts of the condition that read only `account` (evaluated once per account to narrow the
 * scan), conjuncts `date <op> constant` (a range of rows when the rows are in date order), and
 * the condition without either or both (what a narrowed scan still evaluates per row).
 */
function splitFilter(filter: Node | null, byAccount: boolean): FilterSplit {
  const none: FilterSplit = { accountFilter: null, filterRest: filter, dateBounds: null, filterNoDate: filter, filterRestNoDate: filter };
  if (!filter) return none;
  const parts: Node[] = [];
  const rest: Node[] = [];
  const bounds: DateBound[] = [];
  const restNoDate: Node[] = [];
  const noDate: Node[] = [];
  const visit = (n: Node) => {
    if (n.kind === 'op' && isAndNode(n)) {
      n.kids.forEach(visit);
      return;
    }
    const bound = dateBound(n);
    if (bound) bounds.push(bound);
    else noDate.push(n);
    if (byAccount && !n.isConst && !n.readsMeta && !n.readsBalance && !n.hasAgg && n.columns.size === 1 && n.columns.has('account')) parts.push(n);
    else {
      rest.push(n);
      if (!bound) restNoDate.push(n);
    }
  };
  visit(filter);
  const all = (ns: Node[]) => (ns.length === 0 ? null : ns.length === 1 ? ns[0] : andNode(ns));
  return {
    accountFilter: parts.length ? all(parts) : null,
    filterRest: parts.length ? all(rest) : filter,
    dateBounds: bounds.length ? bounds : null,
    filterNoDate: bounds.length ? all(noDate) : filter,
    filterRestNoDate: bounds.length ? all(restNoDate) : parts.length ? all(rest) : filter,
  };
}

/**
 * A conjunct `id IN <constant set>` or `id IN (<constant>, ...)` of the condition, as the first 32
 * bits of its ids (ledger/ids.ts idWord; an id that is not hex gives -1, which no row has).
 */
function idNarrowing(filter: Node | null): number[] | null {
  let found: number[] | null = null;
  const visit = (n: Node) => {
    if (found !== null) return;
    if (n.kind === 'op' && isAndNode(n)) {
      n.kids.forEach(visit);
      return;
    }
    if (n.kind !== 'op' || !n.key.startsWith('in:false(col:id;') || n.kids.length < 2 || n.kids[0].key !== 'col:id') return;
    const items = n.kids.slice(1);
    if (items.length === 1 && items[0].isConst && Array.isArray(items[0].value)) found = (items[0].value as string[]).map(idWord);
    else if (items.every((k) => k.isConst && typeof k.value === 'string')) found = items.map((k) => idWord(k.value as string));
  };
  if (filter) visit(filter);
  return found;
}

const FLIPPED: Record<string, DateBound['op']> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };

/** `date <op> c` or `c <op> date` with a constant date c (compileBinary's node), as a bound on date. */
function dateBound(n: Node): DateBound | null {
  if (n.kind !== 'op' || n.type !== 'bool' || n.kids.length !== 2 || n.readsMeta) return null;
  const [l, r] = n.kids;
  const isDate = (k: Node) => k.key === 'col:date' && k.type === 'date';
  const isConstDate = (k: Node) => k.isConst && (k.type === 'date' || k.type === 'null');
  let op: string | undefined;
  for (const o of ['<=', '>=', '<', '>', '=']) {
    if (n.key === `(${l.key}${o}${r.key})`) {
      op = o;
      break;
    }
  }
  if (op === undefined) return null;
  if (isDate(l) && isConstDate(r)) return { op: op as DateBound['op'], value: r };
  if (isConstDate(l) && isDate(r)) return { op: FLIPPED[op], value: l };
  return null;
}

function isAndNode(n: Node): boolean {
  return n.key.startsWith('and(');
}

/**
 * Group keys whose groups come one after another in ledger order of the postings table (dates
 * never go back; the rows of a transaction are adjacent). seq only without period clauses (it
 * is NULL on every synthetic period transaction, which may stand apart); never timestamp (a time
 * skipped by daylight saving is stored moved forward, so equal timestamps can be apart). Other
 * tables have other orders (#budgets: by name, then month), so they never take the shortcut.
 */
function isConsecutive(keys: Node[], seqIsLedgerOrder: boolean): boolean {
  if (keys.length === 0) return false;
  const ks = new Set(keys.map((k) => k.key));
  // Without period clauses every posting row has its transaction's seq, and rows of one
  // transaction are adjacent: seq groups like id (accounts.journal_page relies on it).
  if (seqIsLedgerOrder && ks.has('col:seq')) {
    for (const k of ks) if (k !== 'col:seq' && k !== 'col:posting_index' && k !== 'col:id') return isConsecutiveBy(ks);
    return true;
  }
  return isConsecutiveBy(ks);
}

function isConsecutiveBy(ks: Set<string>): boolean {
  const dated = ks.has('col:date') || ks.has('col:year');
  const monthly = ks.has('col:date') || ks.has('call:yearmonth(col:date)') || (ks.has('col:year') && ks.has('col:month'));
  for (const k of ks) {
    if (k === 'col:date' || k === 'col:year' || k === 'col:id' || k === 'call:yearmonth(col:date)') continue;
    if (k === 'col:month' && dated) continue;
    if (k === 'col:day' && monthly) continue;
    if (k === 'col:posting_index' && ks.has('col:id')) continue;
    return false;
  }
  return true;
}

/** Which forms of the running balance are read (units(balance)/cost(balance) are per-currency totals). */
function balanceUse(nodes: Node[], aggArgs: Node[]): Plan['balance'] {
  const use = { full: false, units: false, cost: false };
  const visit = (n: Node) => {
    if (!n.readsBalance) return;
    if (n.key === 'call:units(col:balance)#running') use.units = true;
    else if (n.key === 'call:cost(col:balance)#running') use.cost = true;
    else if (n.kind === 'col') use.full = true;
    else n.kids.forEach(visit);
  };
  nodes.forEach(visit);
  aggArgs.forEach(visit);
  return use;
}

function bindLimits(scope: Scope, stmt: A.SelectStmt): { limit: bigint | null; offset: bigint } {
  const read = (c: A.Count | null, what: string): bigint | null => {
    if (!c) return null;
    if (c.kind === 'Literal') return c.value;
    const { found, value } = lookupParam(scope.params, c.name);
    if (!found) throw errorAt(scope, c.start, `parameter ${paramLabel(c)} is not bound`);
    let v: bigint | null = null;
    if (typeof value === 'bigint') v = value;
    else if (typeof value === 'number' && Number.isSafeInteger(value)) v = BigInt(value);
    if (v === null) throw errorAt(scope, c.start, `${what} parameter ${paramLabel(c)} must be bound to an integer`);
    if (v < 0n) throw errorAt(scope, c.start, `${what} parameter ${paramLabel(c)} must not be negative`);
    if (v > INT64_MAX) throw errorAt(scope, c.start, `${what} parameter ${paramLabel(c)} does not fit in 64 bits`);
    return v;
  };
  const limit = read(stmt.limit, 'LIMIT');
  const offset = read(stmt.offset, 'OFFSET') ?? 0n;
  if (limit !== null && limit + offset > INT64_MAX) {
    const at = stmt.offset && stmt.offset.kind === 'Param' ? stmt.offset : stmt.limit!;
    throw errorAt(scope, at.start, 'LIMIT plus OFFSET does not fit in 64 bits');
  }
  return { limit, offset };
}

export { constant };
export type { TypeName };
