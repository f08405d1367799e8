/**
 * Parameter values of built-in queries: checked from JSON (spec 1, "params of POST
 * /api/query/builtins/{name}/text") into exact values, and bound to a query run as typed
 * parameters. A value is NULL (`null`) or the exact value of its declared type: a day number
 * for date, a bigint for int, a Dec for decimal, sorted unique strings for set.
 */
import { Dec, ExactDecimal } from '../decimal';
import { parseDate, type DayNum } from '../dates';
import { typed, type TypedValue } from '../query/index';
import { INT64_MAX, INT64_MIN } from '../query/limits';
import type { BuiltinParamType } from '../api-types';
import type { Builtin } from './declare';

export type ParamValue = DayNum | string | readonly string[] | bigint | Dec | boolean | null;

/** Exact values by parameter name. */
export type ParamValues = Record<string, ParamValue>;

/** A missing, unknown or mistyped parameter; `param` names it (HTTP 400). */
export class BuiltinParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = 'BuiltinParamError';
  }
}

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** What a JSON value of each type looks like, for messages. */
const EXPECTED: Record<BuiltinParamType, string> = {
  date: 'a date string YYYY-MM-DD',
  str: 'a string',
  set: 'a list of strings',
  int: 'an integer',
  decimal: "a number or a decimal string such as '12.50'",
  bool: 'true or false',
};

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '...' : v)}`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `a ${typeof v}`;
}

/** One JSON value to the exact value of `type`, or an error message. */
function fromJson(type: BuiltinParamType, v: unknown): ParamValue | { error: string } {
  if (v === null) return null;
  switch (type) {
    case 'date':
      if (typeof v === 'string' && DATE_TEXT.test(v)) {
        const day = parseDate(v);
        if (day !== null) return day;
        return { error: `${v} is not a calendar date in the years 1 to 9999` };
      }
      break;
    case 'str':
      if (typeof v === 'string') return v;
      break;
    case 'set':
      if (Array.isArray(v)) {
        const bad = v.findIndex((x) => typeof x !== 'string');
        if (bad < 0) return [...new Set(v as string[])].sort();
        return { error: `element ${bad + 1} is ${describe(v[bad])}, not a string` };
      }
      break;
    case 'int':
      if (typeof v === 'number' && Number.isInteger(v)) {
        // JSON numbers are doubles: past 2^53 the digits sent are not the digits received.
        if (!Number.isSafeInteger(v)) return { error: `${v} is too large to be sent exactly as a JSON number` };
        const b = BigInt(v);
        if (b < INT64_MIN || b > INT64_MAX) return { error: `${v} does not fit in 64 bits` };
        return b;
      }
      break;
    case 'decimal':
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) break;
        // The shortest decimal that reads back as this double (what was written in the JSON).
        return Dec.fromDecimal(new ExactDecimal(v));
      }
      if (typeof v === 'string' && DECIMAL_TEXT.test(v)) return Dec.of(v);
      break;
    case 'bool':
      if (typeof v === 'boolean') return v;
      break;
  }
  return { error: `expected ${EXPECTED[type]}, got ${describe(v)}` };
}

/**
 * Checks a `params` JSON object against the declaration: every parameter given, no other, each of
 * its type or null. Throws BuiltinParamError naming the first bad parameter.
 */
export function paramsFromJson(builtin: Builtin, json: unknown): ParamValues {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new BuiltinParamError('params', `params must be a JSON object with a value for each parameter of ${builtin.name}`);
  }
  const given = json as Record<string, unknown>;
  const declared = new Set(builtin.params.map((p) => p.name));
  for (const key of Object.keys(given)) {
    if (!declared.has(key)) {
      const known = builtin.params.length ? builtin.params.map((p) => p.name).join(', ') : 'none';
      throw new BuiltinParamError(key, `unknown parameter '${key}' for ${builtin.name} (its parameters: ${known})`);
    }
  }
  const out: ParamValues = {};
  for (const { name, type } of builtin.params) {
    if (!Object.prototype.hasOwnProperty.call(given, name)) {
      throw new BuiltinParamError(name, `missing parameter '${name}' (${type}) for ${builtin.name}; use null for no value`);
    }
    const v = fromJson(type, given[name]);
    if (v !== null && typeof v === 'object' && 'error' in v) {
      throw new BuiltinParamError(name, `parameter '${name}' of ${builtin.name} must be ${type}: ${v.error}`);
    }
    out[name] = v as ParamValue;
  }
  return out;
}

/**
 * The `params` option of runQuery for a built-in: each value typed by its declaration, so a NULL
 * or a date keeps its type. Throws BuiltinParamError if a declared parameter is missing.
 */
export function bindParams(builtin: Builtin, values: ParamValues): Record<string, TypedValue | bigint> {
  const out: Record<string, TypedValue | bigint> = {};
  for (const { name, type } of builtin.params) {
    if (!Object.prototype.hasOwnProperty.call(values, name)) {
      throw new BuiltinParamError(name, `missing parameter '${name}' (${type}) for ${builtin.name}`);
    }
    const v = values[name];
    // A bare bigint is an int to the binder; LIMIT/OFFSET read only bare integers (not TypedValue).
    out[name] = type === 'int' && typeof v === 'bigint' ? v : typed(type, v);
  }
  return out;
}
