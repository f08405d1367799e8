/**
 * Helpers for the table tests: run a query on a snapshot loaded from ledger text (through
 * loadLedger, see test/engine/ledger/ledger-text.ts) and read the result as JSON cells, with
 * 64-bit ints as numbers (all values in these tests are small).
 */
import { expect } from 'vitest';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { encodeResult, runQuery, type QueryOptions } from '../../../../engine/query/index';
import { QueryError } from '../../../../engine/query/errors';

export { ledger } from '../../ledger/ledger-text';

export interface Json {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  total?: number;
}

export function json(s: Snapshot, q: string, o: QueryOptions = {}): Json {
  const data = encodeResult(runQuery(s, q, o)).data;
  return JSON.parse(JSON.stringify(data, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
}

export const rows = (s: Snapshot, q: string, o: QueryOptions = {}) => json(s, q, o).rows;
export const names = (s: Snapshot, q: string) => json(s, q).columns.map((c) => c.name);
export const types = (s: Snapshot, q: string) => json(s, q).columns.map((c) => `${c.name}:${c.type}`);

/** [message, line, column] of the QueryError the query raises. */
export function err(s: Snapshot, q: string, o: QueryOptions = {}): [string, number | null, number | null] {
  try {
    runQuery(s, q, o);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    const qe = e as QueryError;
    return [qe.message, qe.line, qe.column];
  }
  throw new Error(`no error for: ${q}`);
}
