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
    expect([...mergeRows(pick('B', 'C', 'A'), rows.length)!]).toEqual([0, 1, 2, 3, 5]);
    expect([...mergeRows(pick('H'), rows.length)!]).toEqual([9]);
    expect([...mergeRows([], rows.length)!]).toEqual([]);
  });
  it('merges most of the rows too, and gives null (full scan) for all of them', () => {
    expect([...mergeRows(pick('A', 'B', 'C', 'D', 'E', 'F', 'G'), rows.length)!]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(mergeRows(idx, rows.length)).toBeNull();
  });
});
