/**
 * Parameter binding: `$1` / `:name` are replaced by their values before rows are read, and the
 * query is simplified again as if the value had been written literally (a node bound from a
 * parameter is a constant).
 *
 * Values are plain JS values of the value model (engine/query/types.ts). The one ambiguity, a JS
 * number (int or date?), is resolved as int when integral; a date is passed as `typed('date', day)`.
 */
import { Dec } from '../../decimal';
import type * as A from '../ast';
import { Inventory } from '../inventory';
import type { TypeName } from '../types';
import { errorAt, type Scope } from './scope';
import { constant, type Node } from './expr';

/** A parameter value with an explicit type (dates, or to force a type). */
export class TypedValue {
  constructor(
    readonly type: TypeName,
    readonly value: unknown,
  ) {}
}

export function typed(type: TypeName, value: unknown): TypedValue {
  return new TypedValue(type, value);
}

/** Type of a parameter value, or null if it is not a query value. */
export function paramType(v: unknown): TypeName | null {
  if (v === null || v === undefined) return 'null';
  if (v instanceof TypedValue) return v.type;
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return Number.isSafeInteger(v) ? 'int' : null;
    case 'string':
      return 'str';
  }
  if (v instanceof Dec) return 'decimal';
  if (v instanceof Inventory) return 'inventory';
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string') ? 'set' : null;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('units' in o) return 'position';
    if ('currency' in o && o.number instanceof Dec) return 'amount';
    if (typeof o.months === 'number' && typeof o.days === 'number') return 'interval';
  }
  return null;
}

export function paramValue(v: unknown, type: TypeName): unknown {
  if (v === undefined || v === null) return null;
  if (v instanceof TypedValue) return v.value;
  if (type === 'int' && typeof v === 'number') return BigInt(v);
  if (type === 'set') return [...new Set(v as string[])].sort();
  return v;
}

export function lookupParam(params: Record<string, unknown>, name: string): { found: boolean; value: unknown } {
  for (const k of [name, '$' + name, ':' + name]) {
    if (Object.prototype.hasOwnProperty.call(params, k)) return { found: true, value: params[k] };
  }
  return { found: false, value: undefined };
}

export function paramLabel(p: A.Param): string {
  return /^\d+$/.test(p.name) ? `$${p.name}` : `:${p.name}`;
}

export function bindParam(scope: Scope, p: A.Param): Node {
  const { found, value } = lookupParam(scope.params, p.name);
  if (!found) throw errorAt(scope, p.start, `parameter ${paramLabel(p)} is not bound`);
  const type = paramType(value);
  if (!type) throw errorAt(scope, p.start, `parameter ${paramLabel(p)} has a value that is not a query value`);
  return constant(type, paramValue(value, type), p.start, true);
}
