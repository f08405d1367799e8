/**
 * The bench's dashboard section (main/bench/dashboard.ts): the range it times and that each of the
 * four requests is computed and counted in the first visit.
 */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../engine/dates';
import { lastYearSoFar, savedEdit, timeDashboard } from '../../../main/bench/dashboard';
import { ledger } from '../../engine/ledger/ledger-text';

const TEXT = `
2023-01-01 open Assets:Cash
2023-01-01 open Expenses:Food
2023-01-01 open Income:Salary

2023-06-01 * "Salary"
  Assets:Cash  100.00 USD
  Income:Salary

2024-03-05 * "Lunch"
  Expenses:Food  12.00 USD
  Assets:Cash

2024-02-01 * "Dinner"
  Expenses:Food  20.00 USD
  Assets:Cash
`;
const L = ledger(TEXT);

describe('dashboard bench', () => {
  it('times the year of the last posting, from January 1st to that posting', () => {
    const r = lastYearSoFar(L)!;
    expect([formatDate(r.from), formatDate(r.to)]).toEqual(['2024-01-01', '2024-03-05']);
  });

  it('saves a copy of the last transaction without cost or price, on the last posting day', () => {
    // The last transaction in ledger order is the lunch of 2024-03-05 (interpolated: -12.00 USD).
    expect(savedEdit(L, 2)).toBe('\n2024-03-05 * "bench save 2"\n  Expenses:Food  12.00 USD\n  Assets:Cash  -12.00 USD\n');
    const saved = ledger(TEXT + savedEdit(L, 2));
    expect(saved.errors).toEqual([]);
    expect(saved.transactions.length).toBe(L.transactions.length + 1);
  });

  it('reports each request and their sum, for the first visit and the visit after a save, with and without the warm-up', () => {
    const edits: string[] = [];
    const m = timeDashboard((edit) => {
      edits.push(edit);
      return ledger(TEXT + edit);
    }, 3);
    // The first visit (the file as it is), three saves with the warm-up, three before it; each
    // save adds one transaction to the previous one's.
    expect(edits.length).toBe(7);
    expect(edits[0]).toBe('');
    for (let k = 1; k <= 6; k++) {
      expect(edits[k].startsWith(edits[k - 1])).toBe(true);
      expect(edits[k].slice(edits[k - 1].length).split('\n')[1]).toBe(`2024-03-05 * "bench save ${k}"`);
    }
    const parts = ['summary ms', 'graph week ms', 'graph month ms', 'expenses ms'];
    for (const k of parts) expect(typeof m[k]).toBe('number');
    expect(m['first visit ms']).toBeCloseTo(parts.map((k) => m[k] as number).reduce((a, b) => a + b, 0), 6);
    // After a reload: medians of three rounds, each request's and the total's.
    for (const k of parts) expect(typeof m['after reload: ' + k]).toBe('number');
    expect(typeof m['after reload ms']).toBe('number');
    expect(m['after reload ms'] as number).toBeGreaterThan(0);
    expect(m['after reload, before the warm-up ms'] as number).toBeGreaterThan(0);
  });

  it('says so for a ledger without postings', () => {
    expect(timeDashboard(() => ledger('2024-01-01 open Assets:Cash\n'))).toEqual({ 'first visit ms': 'n/a (no postings)' });
  });
});
