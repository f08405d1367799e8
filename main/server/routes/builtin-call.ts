/**
 * Runs a built-in query by name for a page endpoint: looks the declaration up, binds the page's
 * values as typed parameters (never pasting them into the text), and runs it under the query
 * limits. A QueryError escapes as is; the router answers it as a 400 {message, line, column}.
 */
import type { DayNum } from '../../../engine/dates';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { runQuery, typed, type QueryResult } from '../../../engine/query/index';
import { LIST_BUILTINS, PAGE_BUILTINS, STATISTIC_BUILTINS, type PageBuiltin } from '../../../engine/builtins/pages';

/** A page's value for one parameter: a day number for dates, a JS number or bigint for ints. */
export type PageParamValue = string | number | bigint | boolean | readonly string[] | null;

export interface CallOptions {
  countTotal?: boolean;
  timeLimitMs?: number;
  maxResultValues?: number;
}

const byName = new Map<string, PageBuiltin>();
for (const b of [...PAGE_BUILTINS, ...STATISTIC_BUILTINS, ...LIST_BUILTINS]) byName.set(b.name, b);

export function findPageBuiltin(name: string): PageBuiltin {
  const b = byName.get(name);
  // A missing name is a programming error of this server, not of the client.
  if (!b) throw new Error(`no built-in query named ${name}`);
  return b;
}

/** Binds `values` by the declared parameter types; every declared parameter must be given. */
export function bindParams(builtin: PageBuiltin, values: Record<string, PageParamValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, type } of builtin.params) {
    if (!(name in values)) throw new Error(`built-in ${builtin.name}: parameter ${name} not given`);
    const v = values[name];
    switch (type) {
      case 'date':
        out[name] = typed('date', v === null ? null : (v as DayNum));
        break;
      case 'int':
        out[name] = typed('int', v === null ? null : BigInt(v as number | bigint));
        break;
      case 'set':
        out[name] = typed('set', v === null ? null : [...new Set(v as readonly string[])].sort());
        break;
      default:
        out[name] = typed(type, v);
    }
  }
  return out;
}

export function callBuiltin(
  snapshot: Snapshot,
  name: string,
  values: Record<string, PageParamValue>,
  opts: CallOptions = {},
): QueryResult {
  const builtin = findPageBuiltin(name);
  return runQuery(snapshot, builtin.bql, {
    params: bindParams(builtin, values),
    countTotal: opts.countTotal,
    timeLimitMs: opts.timeLimitMs,
    maxResultValues: opts.maxResultValues,
  });
}

/** Column index by name, so row readers do not depend on column positions. */
export function columnIndex(result: QueryResult): Record<string, number> {
  const idx: Record<string, number> = {};
  result.columns.forEach((c, i) => (idx[c.name] = i));
  return idx;
}
