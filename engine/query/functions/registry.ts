/**
 * The function registry: one declaration per overload (document 2 "Functions"), in the spec's
 * order (aggregates first, then the scalar tables: valuation, amounts, accounts, directives,
 * dates, metadata, search, comparison, strings). The compiler resolves calls against it, the
 * schema endpoint and the editor list it; nothing else declares a function.
 *
 * Calling conventions:
 * - Scalar `fn(args, ctx)` is only called when no argument is NULL (the executor applies the
 *   NULL rule: any NULL argument gives NULL without evaluating). Arguments arrive in the resolved
 *   parameter types: an int passed where a decimal is expected has been widened (see
 *   `Resolved.widen` and `toDec`).
 * - Aggregates see every row of their group: `step` receives the evaluated arguments, NULLs
 *   included (aggregates skip NULLs themselves; count(*) gets no arguments). State objects are
 *   mutable; `step` may also return a replacement state.
 * - Errors (integer overflow, maxwidth below 5, ...) are QueryErrors without position; the
 *   caller adds the call's position.
 */
import type { DayNum } from '../../dates';
import type { Meta } from '../../ledger/ast';
import type { Snapshot } from '../../ledger/snapshot';
import type { TypeName, Value } from '../types';
import { AGGREGATES } from './aggregates';
import { VALUATION } from './valuation';
import { AMOUNTS } from './amounts';
import { ACCOUNTS } from './accounts';
import { DIRECTIVES } from './directives';
import { DATES } from './dates';
import { METADATA } from './metadata';
import { SEARCH } from './search';
import { COMPARISON } from './comparison';
import { STRINGS } from './strings';

/** A parameter or return type: a concrete type, `any`, or the type variable `T` of least/greatest. */
export type ParamType = TypeName | 'any' | 'T';

/** The types T may stand for (least, greatest); int and decimal together make T decimal. */
export const TYPE_VAR_T: readonly TypeName[] = ['bool', 'int', 'decimal', 'str', 'date'];

/** Metadata of the current row, supplied by the table being read (postings: posting and transaction). */
export interface RowMeta {
  meta(): Meta | null;
  entryMeta(): Meta | null;
}

/**
 * What a function may read besides its arguments. The executor's EvalState provides these
 * fields (it holds the raw row in `row`, so the metadata accessor is `row_meta`).
 */
export interface FnContext {
  snapshot: Snapshot;
  /** Current date in the ledger's timezone (today()). */
  today: DayNum;
  row_meta: RowMeta;
}

/** `args` is the Value[] of the call, typed loosely so each implementation can destructure it as a tuple. */
export type ScalarFn = (args: any, ctx: FnContext) => Value;

export interface AggregateImpl<S = any> {
  init(): S;
  step(state: S, args: any[], ctx: FnContext): S | void;
  finish(state: S): Value;
}

interface OverloadCommon {
  /** Lower-case name. */
  name: string;
  params: readonly ParamType[];
  /** set(str, ...): any number of further arguments of this type. */
  variadic?: ParamType;
  /** count(*). */
  star?: boolean;
  /** `any` = the type of the (first) `any` argument; `T` = the resolved type variable. */
  returns: ParamType;
  /** As the spec's tables write it, e.g. `convert(position, str, date) -> amount`. */
  signature: string;
  description: string;
  /**
   * Computable once at compile time when all arguments are constant. False for functions that
   * depend on the ledger, the row or the date (today, convert, value, getprice, metadata and
   * directive functions).
   */
  foldable: boolean;
}

export interface ScalarOverload extends OverloadCommon {
  aggregate: false;
  fn: ScalarFn;
}

export interface AggregateOverload extends OverloadCommon {
  aggregate: true;
  impl: AggregateImpl;
}

export type Overload = ScalarOverload | AggregateOverload;

/** Every overload, in the spec's order. */
export const FUNCTIONS: readonly Overload[] = [
  ...AGGREGATES,
  ...VALUATION,
  ...AMOUNTS,
  ...ACCOUNTS,
  ...DIRECTIVES,
  ...DATES,
  ...METADATA,
  ...SEARCH,
  ...COMPARISON,
  ...STRINGS,
];

const byName = new Map<string, Overload[]>();
for (const o of FUNCTIONS) {
  let list = byName.get(o.name);
  if (!list) byName.set(o.name, (list = []));
  list.push(o);
}

/** Overloads of a function (name case-insensitive), in declaration order; empty if unknown. */
export function overloadsOf(name: string): readonly Overload[] {
  return byName.get(name.toLowerCase()) ?? [];
}

export function isFunction(name: string): boolean {
  return byName.has(name.toLowerCase());
}

export function isAggregateName(name: string): boolean {
  const list = byName.get(name.toLowerCase());
  return list !== undefined && list.some((o) => o.aggregate);
}

export interface Resolved {
  overload: Overload;
  /** Result type (`any` and `T` bound). */
  returns: TypeName;
  /** Type each argument is passed as. */
  paramTypes: TypeName[];
  /** Arguments of type int to widen to decimal before the call (toDec). */
  widen: boolean[];
}

const MISMATCH = -1;

/** Cost of passing `arg` for `param`: 0 exact, 1 widening or `any`, -1 no match. */
function argCost(param: ParamType, arg: TypeName): number {
  if (arg === 'null') return 0;
  if (param === arg) return 0;
  if (param === 'any') return 1;
  if (param === 'decimal' && arg === 'int') return 1;
  if (param === 'T') return TYPE_VAR_T.includes(arg) ? 0 : MISMATCH;
  return MISMATCH;
}

function bindT(argTypes: readonly TypeName[], params: readonly ParamType[]): TypeName | null {
  let t: TypeName = 'null';
  for (let i = 0; i < params.length; i++) {
    if (params[i] !== 'T' || argTypes[i] === 'null') continue;
    const a = argTypes[i];
    if (t === 'null' || t === a) t = a;
    else if ((t === 'int' || t === 'decimal') && (a === 'int' || a === 'decimal')) t = 'decimal';
    else return null;
  }
  return t;
}

/**
 * Chooses the overload of `name` for arguments of these types: the cheapest match (exact
 * types before int-to-decimal widening before `any`), the first declared on ties. A NULL
 * argument matches any parameter. Null when nothing matches (unknown function or wrong types).
 */
export function resolveOverload(name: string, argTypes: readonly TypeName[], star = false): Resolved | null {
  let best: Resolved | null = null;
  let bestCost = Infinity;
  for (const o of overloadsOf(name)) {
    if (!!o.star !== star) continue;
    if (star) return { overload: o, returns: o.returns as TypeName, paramTypes: [], widen: [] };
    const fixed = o.params.length;
    if (argTypes.length < fixed || (argTypes.length > fixed && !o.variadic)) continue;
    const params: ParamType[] = argTypes.map((_, i) => (i < fixed ? o.params[i] : o.variadic!));
    let cost = 0;
    for (let i = 0; i < params.length && cost >= 0; i++) {
      const c = argCost(params[i], argTypes[i]);
      cost = c < 0 ? MISMATCH : cost + c;
    }
    if (cost < 0) continue;
    let tType: TypeName = 'null';
    if (params.includes('T')) {
      const t = bindT(argTypes, params);
      if (t === null) continue;
      tType = t;
    }
    if (cost >= bestCost) continue;
    const paramTypes = params.map((p, i) =>
      p === 'T' ? tType : p === 'any' ? argTypes[i] : (p as TypeName),
    );
    const widen = paramTypes.map((p, i) => p === 'decimal' && argTypes[i] === 'int');
    let returns: TypeName;
    if (o.returns === 'T') returns = tType;
    else if (o.returns === 'any') {
      const k = params.indexOf('any');
      returns = k >= 0 ? argTypes[k] : 'null';
    } else returns = o.returns;
    best = { overload: o, returns, paramTypes, widen };
    bestCost = cost;
  }
  return best;
}

/** Entries of the schema endpoint (document 1 "Schema response" functions). */
export function functionSchema(): { name: string; signature: string; description: string; aggregate: boolean }[] {
  return FUNCTIONS.map((o) => ({
    name: o.name,
    signature: o.signature,
    description: o.description,
    aggregate: o.aggregate,
  }));
}
