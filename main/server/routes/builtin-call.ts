/**
 * Runs a built-in query by name for a page endpoint: looks the declaration up (the catalogue,
 * then the page additions in engine/builtins/pages.ts), binds the page's values as typed
 * parameters (never pasting them into the text), and runs it under the query limits. A
 * QueryError escapes as is; the router answers it as a 400 {message, line, column}.
 */
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { runQuery, type QueryResult } from '../../../engine/query/index';
import { findBuiltin, type Builtin } from '../../../engine/builtins/catalogue/index';
import { PAGE_BUILTINS } from '../../../engine/builtins/pages';
import { bindParams, type ParamValue } from '../../../engine/builtins/params';
import { DEFAULT_TIME_LIMIT_MS, timeLimitError } from '../../../engine/query/execute/limits';
import { renderQuery } from '../../../engine/builtins/render';
import { filterQuery, isEmptyFilter, type Filter } from '../../../engine/filters/index';

/** A page's value for one parameter: as ParamValue, and a JS number is accepted for an int. */
export type PageParamValue = ParamValue | number;

export interface CallOptions {
  countTotal?: boolean;
  /**
   * The page filter (issue 16 §1). When it is not empty the built-in runs as text: parameters
   * written in (engine/builtins/render.ts), then the filter (engine/filters), which is exactly
   * the text "Open query" shows.
   */
  filter?: Filter;
  timeLimitMs?: number;
  maxResultValues?: number;
}

const pageByName = new Map(PAGE_BUILTINS.map((b) => [b.name, b]));

export function findPageBuiltin(name: string): Builtin {
  const b = findBuiltin(name) ?? pageByName.get(name);
  // A missing name is a programming error of this server, not of the client.
  if (!b) throw new Error(`no built-in query named ${name}`);
  return b;
}

export function callBuiltin(
  snapshot: Snapshot,
  name: string,
  values: Record<string, PageParamValue>,
  opts: CallOptions = {},
): QueryResult {
  const builtin = findPageBuiltin(name);
  const exact: Record<string, ParamValue> = {};
  for (const { name: p, type } of builtin.params) {
    const v = values[p];
    // Page sizes and offsets are bounded numbers (page-params.ts); the query wants a 64-bit int.
    exact[p] = type === 'int' && typeof v === 'number' ? BigInt(v) : (v as ParamValue);
  }
  if (opts.filter && !isEmptyFilter(opts.filter)) {
    return runQuery(snapshot, filterQuery(renderQuery(builtin, exact), opts.filter, snapshot), {
      countTotal: opts.countTotal,
      timeLimitMs: opts.timeLimitMs,
      maxResultValues: opts.maxResultValues,
    });
  }
  return runQuery(snapshot, builtin.bql, {
    params: bindParams(builtin, exact),
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

/**
 * The built-in runner of one request: every query it runs shares one time limit (default the
 * query limit, 10 s), so a page made of several queries holds the ledger no longer than one query
 * may. `remaining()` throws the time-limit QueryError once the time is used up.
 */
export interface RequestRunner {
  call(name: string, values: Record<string, PageParamValue>, opts?: Omit<CallOptions, 'timeLimitMs'>): QueryResult;
  remaining(): number;
  readonly limitMs: number;
}

export function requestRunner(snapshot: Snapshot, limitMs: number = DEFAULT_TIME_LIMIT_MS, filter?: Filter): RequestRunner {
  const end = Date.now() + limitMs;
  const remaining = (): number => {
    const ms = end - Date.now();
    if (ms <= 0) throw timeLimitError(limitMs);
    return ms;
  };
  return {
    limitMs,
    remaining,
    call: (name, values, opts = {}) => callBuiltin(snapshot, name, values, { filter, ...opts, timeLimitMs: remaining() }),
  };
}
