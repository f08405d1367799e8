/**
 * Expression compiler: resolves names, binds parameters, checks types, folds constants and turns
 * every node into a closure over the shared EvalState (compiled once per query, so no per-row
 * parsing). NULL rules of the spec's "Operators" section are applied here.
 */
import { Dec } from '../../decimal';
import { idWord } from '../../ledger/ids';
import { parseDate } from '../../dates';
import type * as A from '../ast';
import { QueryError } from '../errors';
import { Inventory } from '../inventory';
import type { TypeName } from '../types';
import { ORDERED_SCALARS, toDec } from '../types';
import { compareValues, valueKey, valuesEqual } from '../values';
import { findColumn } from '../tables/registry';
import type { CExpr, EvalState, Evaluator } from './plan';
import { errorAt, withPosition, type Scope } from './scope';
import { bindParam } from './params';
import { arithResultType, findArithRule, negate, UNARY_TYPES, type ArithOp } from '../arith';
import { compileMatch } from './match';
import { compileCall } from './calls';

export type Kind = 'lit' | 'col' | 'agg' | 'meta' | 'op';

export interface Node extends CExpr {
  kind: Kind;
  kids: Node[];
  /** Bound from a parameter (a regular expression from a parameter is checked at the match). */
  fromParam?: boolean;
  /** Constant value when isConst. */
  value?: unknown;
}

export function constant(type: TypeName, value: unknown, start: number, fromParam = false): Node {
  return {
    kind: 'lit',
    type: value === null ? (type === 'null' ? 'null' : type) : type,
    eval: () => value,
    isConst: true,
    hasAgg: false,
    readsRow: false,
    readsBalance: false,
    readsMeta: false,
    readsSnapshot: false,
    mayFail: false,
    columns: new Set(),
    key: 'lit:' + type + ':' + (value === null ? 'NULL' : valueKey(type, value)),
    start,
    kids: [],
    fromParam,
    value,
  };
}

/** Builds an operator node from its children, propagating the flags. */
export function opNode(type: TypeName, evaluate: Evaluator, kids: Node[], key: string, start: number, mayFail = false): Node {
  const columns = new Set<string>();
  let readsRow = false,
    hasAgg = false,
    readsBalance = false,
    readsMeta = false,
    readsSnapshot = false,
    isConst = true,
    fail = mayFail;
  for (const k of kids) {
    for (const c of k.columns) columns.add(c);
    readsRow ||= k.readsRow;
    hasAgg ||= k.hasAgg;
    readsBalance ||= k.readsBalance;
    readsMeta ||= k.readsMeta;
    readsSnapshot ||= k.readsSnapshot;
    isConst &&= k.isConst;
    fail ||= k.mayFail;
  }
  return { kind: 'op', type, eval: evaluate, isConst, hasAgg, readsRow, readsBalance, readsMeta, readsSnapshot, mayFail: fail, columns, key, start, kids };
}

/** Replaces a constant-only node by its value; an error while folding points at the node. */
export function fold(scope: Scope, n: Node): Node {
  if (!n.isConst || n.kind === 'lit') return n;
  let v: unknown;
  try {
    v = n.eval(FOLD_STATE);
  } catch (e) {
    throw withPosition(scope, n.start, e);
  }
  const c = constant(n.type, v, n.start);
  c.key = n.key;
  return c;
}

const FOLD_STATE = {
  row: null,
  aggs: [],
  snapshot: null,
  today: 0,
  row_meta: { meta: () => null, entryMeta: () => null },
} as unknown as EvalState;

const sameType = (a: TypeName, b: TypeName) => a === b || a === 'null' || b === 'null';
const numeric = (t: TypeName) => t === 'int' || t === 'decimal';

export function compileExpr(scope: Scope, e: A.Expr): Node {
  const n = compileNode(scope, e);
  return fold(scope, n);
}

function compileNode(scope: Scope, e: A.Expr): Node {
  switch (e.kind) {
    case 'Literal':
      return constant(e.type, e.value, e.start);
    case 'Param':
      return bindParam(scope, e);
    case 'Column':
      return compileColumn(scope, e);
    case 'Unary':
      return compileUnary(scope, e);
    case 'Arith':
      return compileArith(scope, e);
    case 'Logical':
      return compileLogical(scope, e);
    case 'Binary':
      return compileBinary(scope, e);
    case 'In':
      return compileIn(scope, e);
    case 'IsNull': {
      const x = compileExpr(scope, e.operand);
      const f = x.eval;
      const ev: Evaluator = e.negated ? (st) => f(st) !== null : (st) => f(st) === null;
      return opNode('bool', ev, [x], `isnull:${e.negated}(${x.key})`, e.start);
    }
    case 'Call':
      return compileCall(scope, e);
    case 'Case':
      return compileCase(scope, e);
  }
}

function compileColumn(scope: Scope, e: A.Column): Node {
  const full = e.field ? `${e.name}.${e.field}` : e.name;
  const col = findColumn(scope.table, full);
  if (!col) {
    if (e.field && findColumn(scope.table, e.name)) {
      throw errorAt(scope, e.fieldStart ?? e.start, `unknown attribute '${e.field}' of column '${e.name}'`);
    }
    throw errorAt(scope, e.start, `unknown column '${full}' in table '${scope.table.name}'`);
  }
  const get = col.get;
  let ev: Evaluator;
  let readsBalance = false;
  if (col.special === 'running') {
    readsBalance = true;
    // The live running balance changes with every row: hand out a copy-on-write snapshot.
    ev = (st) => (st.running as Inventory).clone();
  } else {
    ev = (st) => (st.row === null ? null : get(st.row, st as never));
  }
  return {
    kind: 'col',
    type: col.type,
    eval: ev,
    isConst: false,
    hasAgg: false,
    readsRow: true,
    readsBalance,
    readsMeta: false,
    readsSnapshot: false,
    mayFail: false,
    columns: new Set([col.name]),
    key: 'col:' + col.name,
    start: e.start,
    kids: [],
  };
}

function compileUnary(scope: Scope, e: A.Unary): Node {
  const x = compileExpr(scope, e.operand);
  const f = x.eval;
  if (e.op === 'not') {
    if (!sameType(x.type, 'bool')) throw errorAt(scope, e.operand.start, `NOT needs a boolean operand, not ${x.type}`);
    return fold(scope, opNode('bool', (st) => {
      const v = f(st);
      return v === null ? null : !v;
    }, [x], `not(${x.key})`, e.start));
  }
  if (e.op === '+') {
    if (!['int', 'decimal', 'amount', 'position', 'inventory', 'null'].includes(x.type)) throw errorAt(scope, e.start, `unary + does not apply to ${x.type}`);
    return x;
  }
  if (x.type !== 'null' && !UNARY_TYPES.has(x.type)) throw errorAt(scope, e.start, `unary - does not apply to ${x.type}`);
  const t = x.type;
  return fold(scope, opNode(t, (st) => {
    const v = f(st);
    return v === null ? null : negate(t, v);
  }, [x], `neg(${x.key})`, e.start, x.type === 'int'));
}

function compileArith(scope: Scope, e: A.Arith): Node {
  let acc = compileExpr(scope, e.first);
  for (const s of e.rest) {
    const r = compileExpr(scope, s.operand);
    const type = arithResultType(s.op as ArithOp, acc.type, r.type);
    if (!type) throw errorAt(scope, s.opStart, `operator ${s.op} does not apply to ${acc.type} and ${r.type}`);
    // A NULL operand (type null) makes the value NULL whatever the other side: no rule is run.
    const rule = type === 'null' ? null : findArithRule(s.op as ArithOp, acc.type, r.type)!;
    const lf = acc.eval,
      rf = r.eval,
      impl = rule ? rule.fn : () => null,
      text = scope.text,
      at = s.opStart;
    const ev: Evaluator = (st) => {
      const a = lf(st);
      if (a === null) return null;
      const b = rf(st);
      if (b === null) return null;
      try {
        return impl(a, b);
      } catch (err) {
        if (err instanceof QueryError && err.line === null) throw QueryError.at(text, at, err.message);
        throw err;
      }
    };
    acc = fold(scope, opNode(type, ev, [acc, r], `(${acc.key}${s.op}${r.key})`, e.start, rule?.mayFail === true));
  }
  return acc;
}

function compileLogical(scope: Scope, e: A.Logical): Node {
  const args = e.args.map((a) => compileExpr(scope, a));
  args.forEach((a, i) => {
    if (!sameType(a.type, 'bool')) throw errorAt(scope, e.args[i].start, `${e.op.toUpperCase()} needs boolean operands, not ${a.type}`);
  });
  const key = `${e.op}(${args.map((a) => a.key).join(',')})`;
  const settled = settleConstants(e.op, args, key, e.start);
  if (settled !== null && !Array.isArray(settled)) return settled;
  const ops = settled ?? args;
  const fs = ops.map((a) => a.eval);
  const n = fs.length;
  // Three-valued logic: FALSE decides AND, TRUE decides OR; otherwise a NULL operand gives NULL.
  const ev: Evaluator =
    e.op === 'and'
      ? (st) => {
          let sawNull = false;
          for (let i = 0; i < n; i++) {
            const v = fs[i](st);
            if (v === false) return false;
            if (v === null) sawNull = true;
          }
          return sawNull ? null : true;
        }
      : (st) => {
          let sawNull = false;
          for (let i = 0; i < n; i++) {
            const v = fs[i](st);
            if (v === true) return true;
            if (v === null) sawNull = true;
          }
          return sawNull ? null : false;
        };
  return fold(scope, opNode('bool', ev, ops, key, e.start));
}

/**
 * AND/OR with constant operands, settled when the query is compiled (a built-in's NULL filters,
 * `(:tags IS NULL OR intersects(tags, :tags))`, are constants once bound): an operand that cannot
 * decide (TRUE in AND, FALSE in OR) is dropped; one that decides does, unless an operand before it
 * is evaluated per row and may raise an error (evaluation is left to right). Gives the value, or
 * the operands left to evaluate per row, or null when nothing is settled or an operand holds an
 * aggregate (its slot is registered already: the query's shape must not depend on this). With one
 * operand left, that operand is the value (AND and OR of one boolean are itself).
 */
function settleConstants(op: 'and' | 'or', args: Node[], key: string, start: number): Node | Node[] | null {
  if (!args.some((a) => a.isConst) || args.some((a) => a.hasAgg)) return null;
  const decides = op === 'or';
  const kept: Node[] = [];
  for (const a of args) {
    if (a.isConst) {
      const v = a.eval(FOLD_STATE);
      if (v === !decides) continue;
      if (v === decides && kept.every((k) => !k.mayFail)) {
        const c = constant('bool', decides, start);
        c.key = key;
        return c;
      }
    }
    kept.push(a);
  }
  if (kept.length === args.length) return null;
  if (kept.length === 0) {
    const c = constant('bool', !decides, start);
    c.key = key;
    return c;
  }
  // A NULL constant left alone keeps the AND/OR around it: the value's type stays bool.
  return kept.length === 1 && kept[0].type === 'bool' ? kept[0] : kept;
}

/** The string-to-date rule: a constant string compared with a date is read as a date. */
function coerceDate(scope: Scope, n: Node, other: TypeName): Node {
  if (other !== 'date' || n.type !== 'str' || !n.isConst) return n;
  if (n.value === null) return constant('date', null, n.start);
  const d = parseDate(n.value as string);
  if (d === null) throw errorAt(scope, n.start, `invalid date '${n.value as string}': expected YYYY-MM-DD`);
  const c = constant('date', d, n.start);
  c.key = n.key;
  return c;
}

/** Type both sides of an equality (int and decimal compare numerically); null if incomparable. */
export function equalityType(a: TypeName, b: TypeName): TypeName | null {
  if (a === b) return a;
  if (a === 'null') return b;
  if (b === 'null') return a;
  if (numeric(a) && numeric(b)) return 'decimal';
  return null;
}

/** Equality of two non-null values of the given operand types. */
export function equalsFn(t: TypeName, lt: TypeName, rt: TypeName): (a: unknown, b: unknown) => boolean {
  if (t === 'decimal' && (lt === 'int' || rt === 'int')) return (a, b) => toDec(a as bigint | Dec).eq(toDec(b as bigint | Dec));
  return (a, b) => valuesEqual(t, a as never, b as never);
}

function compileBinary(scope: Scope, e: A.Binary): Node {
  if (e.op === '~' || e.op === '!~' || e.op === '?~') return compileMatch(scope, e);
  let l = compileExpr(scope, e.left);
  let r = compileExpr(scope, e.right);
  l = coerceDate(scope, l, r.type);
  r = coerceDate(scope, r, l.type);
  const t = equalityType(l.type, r.type);
  if (!t) throw errorAt(scope, e.opStart, `cannot compare ${l.type} with ${r.type}`);
  const lf = l.eval,
    rf = r.eval;
  let test: (a: unknown, b: unknown) => boolean;
  if (e.op === '=' || e.op === '!=') {
    const eq = equalsFn(t, l.type, r.type);
    test = e.op === '=' ? eq : (a, b) => !eq(a, b);
  } else {
    if (!ORDERED_SCALARS.has(t) && t !== 'null') throw errorAt(scope, e.opStart, `operator ${e.op} does not apply to ${t}; compare numbers or dates`);
    const conv = t === 'decimal' && (l.type === 'int' || r.type === 'int');
    const cmp = conv
      ? (a: unknown, b: unknown) => toDec(a as bigint).cmp(toDec(b as bigint))
      : (a: unknown, b: unknown) => compareValues(t, a as never, b as never);
    switch (e.op) {
      case '<':
        test = (a, b) => cmp(a, b) < 0;
        break;
      case '<=':
        test = (a, b) => cmp(a, b) <= 0;
        break;
      case '>':
        test = (a, b) => cmp(a, b) > 0;
        break;
      default:
        test = (a, b) => cmp(a, b) >= 0;
    }
  }
  const ev: Evaluator = (st) => {
    const a = lf(st);
    if (a === null) return null;
    const b = rf(st);
    if (b === null) return null;
    return test(a, b);
  };
  return fold(scope, opNode('bool', ev, [l, r], `(${l.key}${e.op}${r.key})`, e.start));
}

function compileIn(scope: Scope, e: A.In): Node {
  const l = compileExpr(scope, e.left);
  const neg = e.negated;
  const lf = l.eval;
  if (e.right.kind === 'List') {
    const items = e.right.items.map((it) => coerceDate(scope, compileExpr(scope, it), l.type));
    // Spec: a parenthesised single set expression is that set (`'rent' IN (tags)` tests membership).
    if (items.length === 1 && items[0].type === 'set') return compileInSet(scope, e, l, items[0]);
    if (l.type === 'null') {
      // NULL on the left gives NULL whatever the list holds (every element is comparable with NULL,
      // even when the elements are not comparable with each other, as in `NULL IN (1, 'a')`).
      return fold(scope, opNode('bool', () => null, [l, ...items], `in:${neg}(${l.key};${items.map((i) => i.key).join(',')})`, e.start));
    }
    for (let i = 0; i < items.length; i++) {
      if (l.type === 'str' && items[i].type === 'date' && items[i].isConst) continue;
      if (!equalityType(l.type, items[i].type)) throw errorAt(scope, e.right.items[i].start, `cannot compare ${l.type} with ${items[i].type} in IN`);
    }
    if (l.type === 'str' && items.some((i) => i.type === 'date')) {
      throw errorAt(scope, e.left.start, `cannot compare str with date in IN`);
    }
    let t: TypeName = l.type;
    for (const it of items) t = equalityType(t, it.type) ?? t;
    const hasNull = items.some((i) => i.isConst && i.value === null);
    let ev: Evaluator;
    if (items.every((i) => i.isConst)) {
      // A constant list is looked up by hash; ints and decimals share keys (1 = 1.00).
      const keyType: TypeName = t === 'int' ? 'int' : t;
      const keys = new Set(items.filter((i) => i.value !== null).map((i) => valueKey(keyType, i.value as never)));
      const conv = keyType === 'decimal' && l.type === 'int';
      ev = (st) => {
        const v = lf(st);
        if (v === null) return null;
        const found = keys.has(valueKey(keyType, (conv ? toDec(v as bigint) : v) as never));
        if (found) return !neg;
        return hasNull ? null : neg;
      };
      if (t === 'decimal') {
        // valueKey may distinguish int from decimal representations; normalise both through Dec.
        const dkeys = new Set(items.filter((i) => i.value !== null).map((i) => valueKey('decimal', toDec(i.value as bigint | Dec) as never)));
        ev = (st) => {
          const v = lf(st);
          if (v === null) return null;
          if (dkeys.has(valueKey('decimal', toDec(v as bigint | Dec) as never))) return !neg;
          return hasNull ? null : neg;
        };
      }
    } else {
      const fs = items.map((i) => i.eval);
      const eqs = items.map((i) => equalsFn(equalityType(l.type, i.type) ?? t, l.type, i.type));
      ev = (st) => {
        const v = lf(st);
        if (v === null) return null;
        let sawNull = false;
        for (let i = 0; i < fs.length; i++) {
          const x = fs[i](st);
          if (x === null) sawNull = true;
          else if (eqs[i](v, x)) return !neg;
        }
        return sawNull ? null : neg;
      };
    }
    return fold(scope, opNode('bool', ev, [l, ...items], `in:${neg}(${l.key};${items.map((i) => i.key).join(',')})`, e.start));
  }
  const r = compileExpr(scope, e.right);
  if (r.type !== 'set' && r.type !== 'null') {
    // `x IN expr` with a non-set right side is a one-element list.
    return compileIn(scope, { ...e, right: { kind: 'List', items: [e.right], start: e.right.start, end: e.right.end } });
  }
  return compileInSet(scope, e, l, r);
}

/** `str [NOT] IN set`: membership; NULL on either side gives NULL. */
function compileInSet(scope: Scope, e: A.In, l: Node, r: Node): Node {
  const neg = e.negated;
  const lf = l.eval;
  if (!sameType(l.type, 'str')) throw errorAt(scope, e.left.start, `the left side of IN a set must be a string, not ${l.type}`);
  const rf = r.eval;
  let ev: Evaluator;
  const wordOf = l.kind === 'col' && l.key === 'col:id' ? scope.table.idWords?.() : undefined;
  if (r.isConst && r.value !== null && wordOf !== undefined) {
    // The row's id is tested by its first 32 bits first: only the rows whose bits match make their
    // id (ledger ids are made on first read; a journal page's 100 ids looked up among 200k
    // entries made all of them). A row with a word has an id, so no NULL here.
    const set = new Set(r.value as string[]);
    const words = new Set([...set].map(idWord));
    ev = (st) => {
      const w = wordOf(st.row);
      if (w !== undefined && !words.has(w)) return neg;
      const v = lf(st);
      if (v === null) return null;
      return set.has(v as string) !== neg;
    };
  } else if (r.isConst && r.value !== null) {
    const set = new Set(r.value as string[]);
    ev = (st) => {
      const v = lf(st);
      if (v === null) return null;
      return set.has(v as string) !== neg;
    };
  } else {
    ev = (st) => {
      const v = lf(st);
      if (v === null) return null;
      const s = rf(st) as string[] | null;
      if (s === null) return null;
      return s.includes(v as string) !== neg;
    };
  }
  return fold(scope, opNode('bool', ev, [l, r], `in:${neg}(${l.key};${r.key})`, e.start));
}

function compileCase(scope: Scope, e: A.Case): Node {
  const conds = e.whens.map((w) => compileExpr(scope, w.cond));
  conds.forEach((c, i) => {
    if (!sameType(c.type, 'bool')) throw errorAt(scope, e.whens[i].cond.start, `a WHEN condition must be boolean, not ${c.type}`);
  });
  const vals = e.whens.map((w) => compileExpr(scope, w.value));
  const other = e.else ? compileExpr(scope, e.else) : null;
  const all = other ? [...vals, other] : vals;
  const srcs = other ? [...e.whens.map((w) => w.value), e.else!] : e.whens.map((w) => w.value);
  let t = 'null' as TypeName;
  all.forEach((v, i) => {
    if (v.type === 'null') return;
    if (t === 'null') t = v.type;
    else if (t !== v.type) {
      if (numeric(t) && numeric(v.type)) t = 'decimal';
      else throw errorAt(scope, srcs[i].start, `CASE values must have one type: ${t} and ${v.type}`);
    }
  });
  const chosen = constantBranch(conds, vals, other);
  if (chosen !== null && chosen.type === t) return chosen;
  const widen = t === 'decimal';
  const cf = conds.map((c) => c.eval);
  const vf = vals.map((v) => (widen && v.type === 'int' ? widenInt(v.eval) : v.eval));
  const of = other ? (widen && other.type === 'int' ? widenInt(other.eval) : other.eval) : null;
  const n = cf.length;
  const ev: Evaluator = (st) => {
    for (let i = 0; i < n; i++) if (cf[i](st) === true) return vf[i](st);
    return of ? of(st) : null;
  };
  const kids = [...conds, ...all];
  return fold(scope, opNode(t, ev, kids, `case(${kids.map((k) => k.key).join(',')})`, e.start));
}

/**
 * The branch a CASE takes whatever the row, when its conditions up to the first TRUE one are
 * constants (a built-in's parameter written into its text: holdings' `:group = 'account'`), else
 * null. The CASE is then that value itself, key included, so GROUP BY and the scan see `account`
 * and take its fast paths (account ids, narrowing). Not when a dropped part holds an aggregate:
 * its slot is registered already, and the query's shape must not depend on folding.
 */
function constantBranch(conds: Node[], vals: Node[], other: Node | null): Node | null {
  for (let i = 0; i < conds.length; i++) {
    if (!conds[i].isConst) return null;
    if (conds[i].eval(FOLD_STATE) !== true) continue;
    const dropped = [...conds.slice(0, i + 1), ...vals.filter((_, j) => j !== i), ...(other ? [other] : [])];
    return dropped.some((d) => d.hasAgg) ? null : vals[i];
  }
  if (other === null) return null;
  return [...conds, ...vals].some((d) => d.hasAgg) ? null : other;
}

export function widenInt(f: Evaluator): Evaluator {
  return (st) => {
    const v = f(st);
    return v === null ? null : Dec.of(v as bigint);
  };
}
