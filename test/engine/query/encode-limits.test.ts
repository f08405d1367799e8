/**
 * The time limit and the host's cancellation cover encoding a result (issue 15 §4): JSON and CSV
 * writers tick the query's deadline (or read the cancellation flag) as they write, and stop with
 * the spec's time-limit QueryError. Chunked writing yields exactly the joined text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { csvChunks, toCsv } from '../../../engine/query/csv';
import { stringifyResult, writeJsonChunks, writeResultJson } from '../../../engine/query/encode';
import { Deadline, setCancellationCheck, timeLimitError, workTicker } from '../../../engine/query/execute/limits';
import { QueryError, encodeResult, type QueryResult } from '../../../engine/query/index';

afterEach(() => setCancellationCheck(null));

/** n rows of (int, amount): amounts split into one CSV column per currency. */
function result(n: number, deadline?: Deadline): QueryResult {
  const rows: unknown[][] = [];
  for (let i = 0; i < n; i++) rows.push([BigInt(i), { number: Dec.of(`${i}.50`), currency: i % 2 ? 'EUR' : 'USD' }]);
  const r: QueryResult = { columns: [{ name: 'i', type: 'int' }, { name: 'a', type: 'amount' }], rows };
  if (deadline) Object.defineProperty(r, 'deadline', { value: deadline, enumerable: false });
  return r;
}

/** A clock that moves one ms per reading: a deadline of `limit` ms passes after `limit` readings. */
function steppingClock(): () => number {
  let t = 0;
  return () => t++;
}

describe('encoding under the time limit', () => {
  it('JSON: the query deadline passing while rows are written stops with the time-limit error', () => {
    // Readings happen every 256 ticks; 3 readings pass a 2 ms deadline, well before 10,000 rows end.
    const deadline = new Deadline(2, steppingClock());
    const r = result(10_000, deadline);
    expect(() => stringifyResult(encodeResult(r), () => deadline.tick())).toThrow(timeLimitError(2).message);
  });

  it('JSON: the host cancellation flag stops encoding without a deadline', () => {
    let calls = 0;
    setCancellationCheck(() => (++calls > 3 ? timeLimitError(10_000) : null));
    let err: unknown = null;
    try {
      encodeResult(result(5_000));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).message).toBe('the query was stopped because it ran longer than the 10s time limit');
    // 5,000 rows read the flag every 256 rows: it was read 4 times, the 4th stopped it.
    expect(calls).toBe(4);
  });

  it('JSON as POST /api/query writes it (writeResultJson): the deadline passing while rows are written stops it', () => {
    const deadline = new Deadline(2, steppingClock());
    const chunks: string[] = [];
    expect(() => writeResultJson(result(10_000, deadline), (c) => chunks.push(c), workTicker(deadline))).toThrow(timeLimitError(2).message);
    // Stopped early: 3 readings of the clock, one per 256 ticks (a tick per row and per cell).
    expect(chunks.join('').length).toBeLessThan(stringifyResult(encodeResult(result(10_000))).length / 10);
  });

  it('JSON as POST /api/query writes it: the host cancellation flag stops it without a deadline', () => {
    let calls = 0;
    setCancellationCheck(() => (++calls > 3 ? timeLimitError(10_000) : null));
    expect(() => writeResultJson(result(5_000), () => undefined, workTicker(undefined))).toThrow(
      'the query was stopped because it ran longer than the 10s time limit',
    );
    expect(calls).toBe(4);
  });

  it('CSV: the deadline passing stops the export', () => {
    const deadline = new Deadline(2, steppingClock());
    expect(() => toCsv(result(10_000, deadline))).toThrow(/ran longer than the 2ms time limit/);
  });

  it('a result written within its time is unchanged, whole or in chunks', () => {
    const r = result(20_000, new Deadline(60_000));
    const json = stringifyResult(encodeResult(r));
    const parts: string[] = [];
    writeJsonChunks(encodeResult(r), (c) => parts.push(c));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(json);
    expect(json.startsWith('{"data":{"columns":[{"name":"i","type":"int"},{"name":"a","type":"amount"}],"rows":[[0,{"number":"0.50","currency":"USD"}],[1,')).toBe(true);
    const csv = toCsv(r);
    const csvParts: string[] = [];
    csvChunks(r, (c) => csvParts.push(c));
    expect(csvParts.length).toBeGreaterThan(1);
    expect(csvParts.join('')).toBe(csv);
    // Header: int column, then amount columns by rows (10,000 each), ties by currency descending.
    expect(csv.startsWith('i,a (USD),a (EUR)\r\n0,0.50,\r\n1,,1.50\r\n2,2.50,\r\n')).toBe(true);
  });
});
