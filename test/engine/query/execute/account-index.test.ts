/** Per-account row positions and their merge (scan narrowing). */
import { describe, expect, it } from 'vitest';
import { accountIds, accountRows, mergeRows } from '../../../../engine/query/execute/account-index';
import type { Posting } from '../../../../engine/ledger/snapshot';

const rows = ['A', 'B', 'A', 'C', 'D', 'B', 'E', 'F', 'G', 'H'].map((account) => ({ account }) as Posting);

describe('accountRows', () => {
  it('lists each account once with its positions ascending, cached per array', () => {
    const idx = accountRows(rows);
    expect(idx.map((a) => [a.account, [...a.at]])).toEqual([
      ['A', [0, 2]],
      ['B', [1, 5]],
      ['C', [3]],
      ['D', [4]],
      ['E', [6]],
      ['F', [7]],
      ['G', [8]],
      ['H', [9]],
    ]);
    expect(idx[0].sample).toBe(rows[0]);
    expect(accountRows(rows)).toBe(idx);
  });

  it('numbers each row by its account in order of first row, the index of its accountRows entry', () => {
    // Account texts equal but not the same string object still share an id.
    const copies = rows.map((r) => ({ account: [...r.account].join('') }) as Posting);
    expect([...accountIds(copies)]).toEqual([0, 1, 0, 2, 3, 1, 4, 5, 6, 7]);
    const idx = accountRows(copies);
    accountIds(copies).forEach((id, i) => expect(idx[id].at).toContain(i));
  });
});

describe('mergeRows', () => {
  const idx = accountRows(rows);
  const pick = (...names: string[]) => idx.filter((a) => names.includes(a.account));
  it('merges the chosen accounts into ledger order', () => {
    expect([...mergeRows(pick('B', 'C', 'A'), 0, rows.length)!]).toEqual([0, 1, 2, 3, 5]);
    expect([...mergeRows(pick('H'), 0, rows.length)!]).toEqual([9]);
    expect([...mergeRows([], 0, rows.length)!]).toEqual([]);
  });
  it('merges most of the rows too, and gives null (full scan) for all of them', () => {
    expect([...mergeRows(pick('A', 'B', 'C', 'D', 'E', 'F', 'G'), 0, rows.length)!]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(mergeRows(idx, 0, rows.length)).toBeNull();
  });
  it('merges only the rows of a range [lo, hi), null when every row of the range is chosen', () => {
    // Rows 2..6 are A C D B E; of A, B, C: 2, 3, 5.
    expect([...mergeRows(pick('B', 'C', 'A'), 2, 7)!]).toEqual([2, 3, 5]);
    // One account: a window of its own positions (B at 1 and 5; only 5 in [2, 9)).
    expect([...mergeRows(pick('B'), 2, 9)!]).toEqual([5]);
    expect([...mergeRows(pick('H'), 0, 9)!]).toEqual([]);
    expect([...mergeRows(pick('A', 'H'), 3, 10)!]).toEqual([9]);
    // Rows 3..5 are C, D, B: all chosen.
    expect(mergeRows(pick('B', 'C', 'D'), 3, 6)).toBeNull();
    expect(mergeRows(pick('A'), 4, 4)).toBeNull();
  });
});

describe('account ids built by the position columns (one pass over the postings)', () => {
  it('are the ids, names and first rows accountIds/accountRows build alone, on random ledgers', async () => {
    const { positionColumns } = await import('../../../../engine/query/execute/position-sums');
    const { snapshot } = await import('../fixture');
    const ACCOUNTS = ['Assets:Bank', 'Assets:Broker', 'Expenses:Food', 'Income:Salary', 'Equity:Opening'];
    for (let seed = 1; seed <= 10; seed++) {
      // A linear congruential pick per seed: accounts repeat, some rows at cost.
      let x = seed;
      const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
      const txns = Array.from({ length: 50 }, (_, i) => ({
        date: `2023-01-${String(1 + (i % 28)).padStart(2, '0')}`,
        postings: Array.from({ length: 1 + Math.floor(next() * 3) }, () => `${ACCOUNTS[Math.floor(next() * ACCOUNTS.length)]} ${next() < 0.5 ? '1.5' : '-2'} ${next() < 0.3 ? 'HOOL {10 USD}' : 'USD'}`),
      }));
      const alone = snapshot(txns).postings;
      const together = snapshot(txns).postings;
      positionColumns(together);
      expect([...accountIds(together)], `seed ${seed}`).toEqual([...accountIds(alone)]);
      const shape = (rs: ReturnType<typeof accountRows>, ps: readonly Posting[]) => rs.map((r) => [r.account, ps.indexOf(r.sample), [...r.at]]);
      expect(shape(accountRows(together), together)).toEqual(shape(accountRows(alone), alone));
    }
  });

  it('are left as they are when a query built them first (hand-made rows)', async () => {
    const { positionColumns } = await import('../../../../engine/query/execute/position-sums');
    const { snapshot } = await import('../fixture');
    const ps = snapshot([{ date: '2023-01-01', postings: ['Assets:B 1 USD', 'Assets:A -1 USD'] }]).postings;
    const ids = accountIds(ps);
    positionColumns(ps);
    expect(accountIds(ps)).toBe(ids);
    expect([...ids]).toEqual([0, 1]);
  });
});
