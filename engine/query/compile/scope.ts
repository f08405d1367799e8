/**
 * Compilation scope: the table whose columns names resolve to, bound parameters, the query text
 * (for error positions), and the aggregate slots collected while compiling targets.
 */
import { QueryError } from '../errors';
import type { TableDef } from '../tables/registry';
import type { AggSlot } from './plan';

export interface Scope {
  text: string;
  table: TableDef;
  params: Record<string, unknown>;
  /** Aggregate calls are allowed here (targets, HAVING, ORDER BY of SELECT). */
  allowAgg: boolean;
  /** Inside the arguments of an aggregate (nesting is an error). */
  inAgg: boolean;
  aggs: AggSlot[];
  /** Where the clause being compiled is (for messages), e.g. 'WHERE'. */
  clause: string;
}

export function errorAt(scope: Scope, offset: number, message: string): QueryError {
  return QueryError.at(scope.text, offset, message);
}

/** Gives a position to an error raised without one (folding constants, checking a literal). */
export function withPosition(scope: Scope, offset: number, e: unknown): unknown {
  if (e instanceof QueryError && e.line === null && !isGlobalLimit(e.message)) return errorAt(scope, offset, e.message);
  return e;
}

function isGlobalLimit(message: string): boolean {
  return message.startsWith('the query was stopped') || message.startsWith('the result is too large');
}
