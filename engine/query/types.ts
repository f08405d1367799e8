/**
 * The twelve value types of the query language and how each is held in JavaScript
 * (document 2 "Types"). Every layer (functions, compiler, executor, encoder) relies on this
 * representation, so it is written down once here:
 *
 * | type      | JS value                                                        |
 * |-----------|-----------------------------------------------------------------|
 * | null      | `null` (every type can also hold null)                          |
 * | bool      | boolean                                                         |
 * | int       | bigint, kept within 64 bits (overflow is an error)              |
 * | decimal   | Dec (keeps its decimal places)                                  |
 * | str       | string                                                          |
 * | date      | DayNum (a JS number: days since 1970-01-01)                     |
 * | set       | sorted (by code point), duplicate-free `readonly string[]`      |
 * | amount    | Amount {number: Dec, currency}                                  |
 * | position  | Position {units: Amount, cost: Cost | null}                     |
 * | inventory | Inventory (engine/query/inventory.ts)                           |
 * | interval  | Interval {months, days}                                         |
 * | metas     | `readonly [key, value][]` sorted by key, written order per key  |
 */
import { Dec } from '../decimal';
import type { DayNum } from '../dates';
import type { Amount, Position, Cost } from '../ledger/snapshot';
import { Inventory } from './inventory';
import { QueryError } from './errors';
import { INT64_MAX, INT64_MIN } from './limits';
import type { ColumnType } from '../api-types';

export type { Amount, Position, Cost };

/**
 * The type names are the ones the API reports per column, so the wire type in api-types.ts is the
 * one definition (it stays there because the renderer type-checks that file without the engine).
 */
export type TypeName = ColumnType;

export const TYPE_NAMES: readonly TypeName[] = [
  'null',
  'bool',
  'int',
  'decimal',
  'str',
  'date',
  'set',
  'amount',
  'position',
  'inventory',
  'interval',
  'metas',
];

/** A calendar interval: months (a year is twelve) and days (a week is seven). */
export interface Interval {
  readonly months: number;
  readonly days: number;
}

export type StrSet = readonly string[];
export type Metas = readonly (readonly [string, string])[];

export type Value =
  | null
  | boolean
  | bigint
  | Dec
  | string
  | DayNum
  | StrSet
  | Amount
  | Position
  | Inventory
  | Interval
  | Metas;

/** Types that `<`, `<=`, `>`, `>=` accept (document 2 "Operators"). */
export const ORDERED_SCALARS: ReadonlySet<TypeName> = new Set(['bool', 'int', 'decimal', 'str', 'date']);

/** Types that cannot be group keys (document 2 "GROUP BY rules" 5). */
export const NOT_GROUPABLE: ReadonlySet<TypeName> = new Set(['set', 'inventory', 'metas']);

export function isNumericType(t: TypeName): boolean {
  return t === 'int' || t === 'decimal';
}

/**
 * The type of a non-null runtime value. Only ambiguity: an empty array is reported as `set`
 * (an empty metas list behaves the same in every place this is used: text, ordering, encoding
 * of an empty list). Meant for `any`-typed functions (str, min, max); compiled code knows its types.
 */
export function typeOfValue(v: Value): TypeName {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'string':
      return 'str';
    case 'number':
      return 'date';
  }
  if (v instanceof Dec) return 'decimal';
  if (v instanceof Inventory) return 'inventory';
  if (Array.isArray(v)) return v.length > 0 && typeof v[0] !== 'string' ? 'metas' : 'set';
  const o = v as object;
  if ('units' in o) return 'position';
  if ('currency' in o) return 'amount';
  if ('months' in o) return 'interval';
  throw new Error('typeOfValue: not a query value');
}

/** An int where a decimal is expected (document 2 "Types": the only implicit numeric conversion). */
export function toDec(v: bigint | Dec): Dec {
  return typeof v === 'bigint' ? Dec.of(v) : v;
}

export const INTEGER_OVERFLOW = 'integer overflow';

/** Checks a bigint result against the 64-bit range. */
export function checkInt64(v: bigint): bigint {
  if (v > INT64_MAX || v < INT64_MIN) throw new QueryError(INTEGER_OVERFLOW);
  return v;
}
