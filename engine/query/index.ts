/**
 * The query runner: parse, compile (names, parameters, types, clause rules, folding), execute
 * under the time and result-size limits. `runQuery` returns raw values; `encodeResult` turns a
 * result into the JSON body of POST /api/query.
 */
import { DateTime } from 'luxon';
import { daysFromCivil, type DayNum } from '../dates';
import type { Snapshot } from '../ledger/snapshot';
import { dayIn, isZeroOffsetZone } from '../ledger/time';
import type { Statement } from './ast';
import { parsedStatement } from './parsed';
import { QueryError } from './errors';
import type { TypeName } from './types';
import { encodeCell, type JsonCell } from './encode';
import { compileSelect } from './compile/select';
import { balancesAsSelect, journalAsSelect } from './compile/statements';
import type { Plan } from './compile/plan';
import { execute } from './execute/run';
import { DEFAULT_TIME_LIMIT_MS, Deadline, ResultBudget, defaultMaxResultValues, workTicker } from './execute/limits';
import './tables/index';

export { QueryError } from './errors';
export { typed, TypedValue } from './compile/params';
export { carryQueryCaches, warmQueryCaches } from './execute/warm';

export interface QueryOptions {
  params?: Record<string, unknown>;
  countTotal?: boolean;
  /** Clock for today() (tests); default the current time. */
  now?: Date;
  maxResultValues?: number;
  timeLimitMs?: number;
}

export interface QueryResult {
  columns: { name: string; type: TypeName }[];
  rows: unknown[][];
  total?: number;
  /**
   * The deadline the query ran under, so encoding its rows stays within the same time limit
   * (non-enumerable: not part of the result's value).
   */
  readonly deadline?: Deadline;
}

/** Compiles a statement to its plan (also used to check saved queries without running them). */
export function compileQuery(text: string, params: Record<string, unknown> = {}): Plan {
  return compileStatement(text, parsedStatement(text), params);
}

function compileStatement(text: string, stmt: Statement, params: Record<string, unknown>): Plan {
  switch (stmt.kind) {
    case 'Select':
      return compileSelect(text, stmt, { params });
    case 'Balances': {
      const { select, names } = balancesAsSelect(stmt);
      return compileSelect(text, select, { params, names, statement: 'BALANCES' });
    }
    case 'Journal': {
      const { select, names } = journalAsSelect(stmt);
      return compileSelect(text, select, { params, names, statement: 'JOURNAL' });
    }
  }
}

/** Today in the ledger's timezone (today()). */
export function todayIn(snapshot: Snapshot, now: Date = new Date()): DayNum {
  const zone = snapshot.options?.timezone;
  if (zone && isZeroOffsetZone(zone)) return dayIn(zone, now);
  let dt = DateTime.fromJSDate(now);
  if (zone) {
    const z = dt.setZone(zone);
    if (z.isValid) dt = z;
  }
  return daysFromCivil(dt.year, dt.month, dt.day);
}

export function runQuery(snapshot: Snapshot, text: string, opts: QueryOptions = {}): QueryResult {
  const deadline = new Deadline(opts.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
  const plan = compileQuery(text, opts.params ?? {});
  deadline.check();
  const result = execute(plan, {
    snapshot,
    today: todayIn(snapshot, opts.now),
    countTotal: opts.countTotal === true,
    deadline,
    budget: new ResultBudget(opts.maxResultValues ?? defaultMaxResultValues()),
  });
  deadline.check();
  Object.defineProperty(result, 'deadline', { value: deadline, enumerable: false });
  return result;
}

export interface EncodedResult {
  data: { columns: { name: string; type: TypeName }[]; rows: JsonCell[][]; total?: number };
}

/** The JSON body of POST /api/query (serialise with stringifyResult to keep 64-bit ints exact). */
export function encodeResult(result: QueryResult): EncodedResult {
  const types = result.columns.map((c) => c.type);
  const tick = workTicker(result.deadline);
  const rows = result.rows.map((r) => {
    tick();
    return r.map((v, i) => encodeCell(types[i], v as never));
  });
  const data: EncodedResult['data'] = { columns: result.columns, rows };
  if (result.total !== undefined) data.total = result.total;
  return { data };
}

/** The 400 body of a failed query. */
export function errorBody(e: QueryError): { message: string; line: number | null; column: number | null } {
  return { message: e.message, line: e.line, column: e.column };
}
