/**
 * The shape of one built-in query (spec 1, "Built-in query descriptor") and the helper the
 * catalogue files declare them with. Parameters are written like the spec's tables
 * (`'from date, to date'`) so a declaration can be checked against the spec by eye.
 */
import type { BuiltinParam, BuiltinParamType } from '../api-types';

/** A built-in as declared; its JSON form is a BuiltinDescriptor. */
export interface Builtin {
  readonly name: string;
  readonly description: string;
  readonly bql: string;
  readonly params: readonly Readonly<BuiltinParam>[];
}

const PARAM_TYPES: ReadonlySet<string> = new Set<BuiltinParamType>(['date', 'str', 'set', 'int', 'decimal', 'bool']);

/** `'from date, to date'` -> [{name: 'from', type: 'date'}, ...]; `''` -> []. */
export function parseParamList(list: string): BuiltinParam[] {
  if (list.trim() === '') return [];
  return list.split(',').map((item) => {
    const [name, type, ...rest] = item.trim().split(/\s+/);
    // A typo here is a programming error of the catalogue: fail at load, loudly.
    if (rest.length || !type || !PARAM_TYPES.has(type) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new Error(`bad built-in parameter declaration: '${item}'`);
    }
    return { name, type: type as BuiltinParamType };
  });
}

export function builtin(name: string, params: string, description: string, bql: string): Builtin {
  return Object.freeze({ name, description, bql: bql.trim(), params: Object.freeze(parseParamList(params)) });
}

/** Postings of the net-worth accounts. */
export const NET_WORTH_ACCOUNTS = "(under(account, 'Assets') OR under(account, 'Liabilities'))";

/**
 * Bucket of a posting for the trend and change queries: calendar days, Monday-start weeks
 * (2001-01-01 is a Monday) and calendar months, each named by its first day.
 */
export const BUCKET = 'date_bin(:interval, date, 2001-01-01)';

/**
 * The day a bucket is valued at: the earlier of its last day and `to`. Written over last(...)
 * because one target may not mix an aggregate (the converted sum) with a bare column; every row
 * of a group has the same bucket, so last() is that bucket.
 */
export const BUCKET_VALUE_DAY = `least(date_add(last(${BUCKET}) + interval(:interval), -1), :to)`;
