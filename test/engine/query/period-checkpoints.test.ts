/**
 * The period clauses' checkpoints (engine/query/periods/checkpoints.ts): OPEN ON, CLOSE ON and
 * CLEAR sum from the latest checkpoint before their cut instead of the first row. Answers must be
 * exactly those of a sum from the first row: same lots, places, costs and order, whether the
 * checkpoints were recorded by the warm-up or by earlier queries, and for the rows a FILTER keeps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeResult, runQuery, warmQueryCaches } from '../../../engine/query/index';
import { stringifyResult } from '../../../engine/query/encode';
import { checkpointBefore, setCheckpointRowsForTests, CHECKPOINT_ROWS } from '../../../engine/query/periods/checkpoints';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { toText } from '../../../engine/query/values';
import { ledger } from '../ledger/ledger-text';
import { randomText } from './period-ledger';

afterEach(() => {
  setCheckpointRowsForTests(CHECKPOINT_ROWS);
});


const answer = (s: Snapshot, q: string): string => {
  try {
    return stringifyResult(encodeResult(runQuery(s, q)));
  } catch (e) {
    return 'error: ' + (e as Error).message;
  }
};

function queries(dates: string[]): string[] {
  const out: string[] = [];
  for (const d of dates) {
    out.push(`SELECT account, sum(position) FROM OPEN ON ${d} GROUP BY account ORDER BY account`);
    out.push(`SELECT date, flag, account, position, narration FROM OPEN ON ${d} WHERE flag = 'S' OR flag = 'C' OR flag = 'T'`);
    out.push(`BALANCES FROM CLOSE ON ${d}`);
    out.push(`SELECT date, account, position, narration FROM CLOSE ON ${d} WHERE flag = 'C'`);
    out.push(`SELECT account, sum(position) FROM OPEN ON ${d} CLOSE ON 2026-06-01 CLEAR GROUP BY account ORDER BY account`);
    out.push(`SELECT account, sum(position) FROM FILTER (account ~ 'Assets|Income') OPEN ON ${d} CLEAR GROUP BY account ORDER BY account`);
    out.push(`SELECT date, account, position, narration FROM FILTER (currency != 'EUR') CLOSE ON ${d} WHERE flag = 'C'`);
  }
  out.push('SELECT account, position, narration FROM CLEAR WHERE flag = \'T\'');
  return out;
}

const DATES = ['2023-01-01', '2023-02-15', '2023-06-30', '2023-09-02', '2024-01-01', '2024-05-17', '2024-12-31', '2026-01-01'];

describe('period clause checkpoints', () => {
  it('give the answers of a sum from the first row, on 12 random ledgers, checkpoints from queries and from the warm-up', () => {
    const qs = queries(DATES);
    for (let seed = 1; seed <= 12; seed++) {
      const text = randomText(seed, 90);
      // Without checkpoints: far fewer rows than the real interval.
      const plain = ledger(text);
      expect(plain.errors).toEqual([]);
      expect(plain.postings.length).toBe(180);
      const expected = qs.map((q) => answer(plain, q));
      expect(expected.filter((a) => a.startsWith('error')), `seed ${seed}`).toEqual([]);
      expect(expected.join('').match(/"S"/g)?.length ?? 0).toBeGreaterThan(50);
      expect(checkpointBefore(plain.postings, plain.postings.length, true, true)).toBeNull();

      for (const every of [1, 5, 16]) {
        setCheckpointRowsForTests(every);
        // Checkpoints recorded by the queries themselves (the first OPEN ON sums every row before it).
        const lazy = ledger(text);
        expect(qs.map((q) => answer(lazy, q)), `seed ${seed} every ${every} (lazy)`).toEqual(expected);
        // Checkpoints recorded by the warm-up first, then asked in reverse order too.
        const warm = ledger(text);
        warmQueryCaches(warm);
        expect(checkpointBefore(warm.postings, warm.postings.length, true, true), `seed ${seed}: warm-up recorded`).not.toBeNull();
        expect(qs.map((q) => answer(warm, q)), `seed ${seed} every ${every} (warm)`).toEqual(expected);
        const reversed = [...qs].reverse();
        const again = ledger(text);
        warmQueryCaches(again);
        expect(reversed.map((q) => answer(again, q)).reverse(), `seed ${seed} every ${every} (reverse)`).toEqual(expected);
        setCheckpointRowsForTests(CHECKPOINT_ROWS);
      }
    }
  });

  it('hand-computed: a lot gone to zero before the checkpoint comes back after it, last and with its new places', () => {
    setCheckpointRowsForTests(2);
    const s = ledger(`
2023-01-01 open Assets:A
2023-01-01 open Equity:O
; rows 0-1: the checkpoint at row 2 holds Assets:A 5.00 USD
2023-01-01 * "a"
  Assets:A 5.00 USD
  Equity:O -5.00 USD
; rows 2-3: the checkpoint at 4 holds Assets:A 5.00 USD, 2 EUR
2023-01-02 * "b"
  Assets:A 2 EUR
  Equity:O -2 EUR
; rows 4-5: USD on Assets:A goes to zero
2023-01-03 * "c"
  Assets:A -5.00 USD
  Equity:O 5.00 USD
; rows 6-7: USD back without places, after EUR
2023-01-04 * "d"
  Assets:A 3 USD
  Equity:O -3 USD
2023-01-05 * "e"
  Assets:A 1 EUR
  Equity:O -1 EUR
`);
    expect(s.errors).toEqual([]);
    warmQueryCaches(s);
    expect(checkpointBefore(s.postings, 8, true, true)?.at).toBe(8);
    const r = runQuery(s, "SELECT account, position FROM OPEN ON 2023-01-05 WHERE flag = 'S' AND account = 'Assets:A'");
    // The S rows list the lots in the order they (last) appeared: EUR first, then USD again.
    expect(r.rows.map((row) => toText('position', row[1]))).toEqual(['2 EUR', '3 USD']);
    const e = runQuery(s, "SELECT account, position FROM OPEN ON 2023-01-05 WHERE flag = 'S' AND account = 'Equity:O'");
    expect(e.rows.map((row) => toText('position', row[1]))).toEqual(['-2 EUR', '-3 USD']);
  });
});
