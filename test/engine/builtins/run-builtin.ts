/**
 * Test helper: runs a built-in by name on a snapshot with its parameters bound (never written
 * into the text), at a fixed clock, and gives each row as one line of text (NULL for null).
 */
import { findBuiltin, type Builtin } from '../../../engine/builtins/catalogue/index';
import { bindParams, type ParamValues } from '../../../engine/builtins/params';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { runQuery, type QueryResult } from '../../../engine/query/index';
import { toText } from '../../../engine/query/values';

export const NOW = new Date('2025-06-01T12:00:00Z');

export function builtinNamed(name: string): Builtin {
  const b = findBuiltin(name);
  if (!b) throw new Error(`no built-in ${name}`);
  return b;
}

export function runBuiltin(s: Snapshot, name: string, values: ParamValues = {}, countTotal = false): QueryResult {
  const b = builtinNamed(name);
  return runQuery(s, b.bql, { params: bindParams(b, values), now: NOW, countTotal });
}

export function lines(result: QueryResult): string[] {
  return result.rows.map((r) => r.map((v, i) => (v === null ? 'NULL' : toText(result.columns[i].type, v))).join(' | '));
}

export const columnsOf = (result: QueryResult) => result.columns.map((c) => `${c.name}:${c.type}`).join(', ');
