/**
 * ORDER BY a column the table keeps in order (#entries by seq: TableDef.orderedBy) with a LIMIT
 * reads the rows in that order and stops at the window (execute/plain.ts orderedRows), where the
 * straightforward path sorts every row through a top-k. Both must give the same rows and total
 * (count_total), with filters, offsets past the end, LIMIT 0, and entries whose reference order
 * differs from their processing order (a document listed before a note of its day, a balance
 * after a transaction of its day).
 */
import { describe, expect, it, vi } from 'vitest';
import { encodeResult, runQuery } from '../../../../engine/query/index';
import { stringifyResult } from '../../../../engine/query/encode';
import { fastPaths } from '../../../../engine/query/execute/fast-paths';
import { getTable } from '../../../../engine/query/tables/registry';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { ledger } from '../../ledger/ledger-text';
import { rng } from './rng';

function randomText(seed: number): string {
  const r = rng(seed);
  const accounts = ['Assets:Bank', 'Assets:Cash', 'Expenses:Food', 'Income:Job'];
  let out = accounts.map((a) => `2024-01-01 open ${a}\n`).join('');
  for (let i = 0; i < 120; i++) {
    const day = `2024-02-${String(1 + Math.floor(r() * 20)).padStart(2, '0')}`;
    const a = accounts[Math.floor(r() * accounts.length)];
    const k = r();
    if (k < 0.5) out += `${day} * "Shop ${i % 7}" "buy ${i}" #t${i % 3}\n  Expenses:Food  ${1 + (i % 9)}.50 USD\n  ${a === 'Expenses:Food' ? 'Assets:Cash' : a}\n`;
    else if (k < 0.6) out += `${day} balance Assets:Bank  ${i}.00 USD\n`;
    else if (k < 0.7) out += `${day} document ${a} "r${i}.pdf"\n`;
    else if (k < 0.8) out += `${day} note ${a} "n${i}"\n`;
    else if (k < 0.9) out += `${day} price EUR 1.${i % 10} USD\n`;
    else out += `${day} event "city" "c${i % 4}"\n`;
  }
  return out;
}

const answer = (s: Snapshot, q: string, params: Record<string, unknown>, fast: boolean) => {
  fastPaths.enabled = fast;
  try {
    return stringifyResult(encodeResult(runQuery(s, q, { params, countTotal: true })));
  } catch (e) {
    return 'error: ' + (e as Error).message;
  } finally {
    fastPaths.enabled = true;
  }
};

describe('ORDER BY a kept order with a LIMIT (#entries by seq)', () => {
  it('gives the rows and total of the sort, on random ledgers', () => {
    const queries = [
      'SELECT seq, type, id, date, narration FROM #entries ORDER BY seq DESC LIMIT :size OFFSET :offset',
      'SELECT seq, type, date FROM #entries ORDER BY seq LIMIT :size OFFSET :offset',
      "SELECT seq, payee FROM #entries WHERE type = 'transaction' AND (:tag IS NULL OR :tag IN tags) ORDER BY seq DESC LIMIT :size OFFSET :offset",
      "SELECT seq, detail FROM #entries WHERE type != 'transaction' ORDER BY seq DESC LIMIT :size OFFSET :offset",
    ];
    const r = rng(77);
    let differ = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const s = ledger(randomText(seed));
      // Reference order (the rows') is not processing order (seq) here.
      if (s.referenceOrder.some((e, i) => e !== i)) differ++;
      for (const q of queries) {
        for (const size of [0, 1, 7, 20, 500]) {
          const params = { size, offset: Math.floor(r() * 3) * size + (r() < 0.2 ? 400 : 0), tag: r() < 0.5 ? null : 't1' };
          expect(answer(s, q, params, true), `${q} ${JSON.stringify(params)}`).toBe(answer(s, q, params, false));
        }
      }
    }
    expect(differ).toBe(10);
  });

  it('by hand: newest first by processing order, not by the table order', () => {
    const s = ledger(`2024-01-01 open Assets:Bank
2024-01-02 document Assets:Bank "a.pdf"
2024-01-02 note Assets:Bank "called"
2024-01-02 balance Assets:Bank  0 USD
2024-01-03 * "Tea"
  Assets:Bank  -1 USD
  Assets:Bank  1 USD
`);
    const spy = vi.spyOn(getTable('entries')!, 'orderedBy');
    const q = (text: string) => runQuery(s, text, { countTotal: true });
    const r = q('SELECT seq, type FROM #entries ORDER BY seq DESC LIMIT 3');
    expect(r.rows.map((x) => `${x[0]} ${x[1]}`)).toEqual(['4 transaction', '3 note', '2 document']);
    expect(r.total).toBe(5);
    // Table order (reference order) lists the balance, then the note, then the document.
    expect(q('SELECT type FROM #entries').rows.map((x) => x[0])).toEqual(['open', 'balance', 'note', 'document', 'transaction']);
    expect(q('SELECT seq, type FROM #entries ORDER BY seq LIMIT 2 OFFSET 1').rows.map((x) => `${x[0]} ${x[1]}`)).toEqual(['1 balance', '2 document']);
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});
