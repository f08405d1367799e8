/**
 * The bench's dashboard section (main/bench/dashboard.ts): the range it times and that each of the
 * four requests is computed and counted in the first visit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../engine/dates';
import { ParseCache } from '../../../engine/ledger/load';
import { lastYearSoFar, savedEdit, timeDashboard, workerLoad } from '../../../main/bench/dashboard';
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

  it('loads as a worker does: the main file with the edit appended, included files from the disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lq-dash-'));
    try {
      const main = path.join(dir, 'main.beancount');
      // The included file is not ASCII: it is decoded, the main file is parsed as its bytes.
      fs.writeFileSync(path.join(dir, 'food.beancount'), '2024-01-01 open Expenses:Café\n');
      const text = `include "food.beancount"\n${TEXT}`;
      fs.writeFileSync(main, text);
      const loads: string[] = [];
      const load = workerLoad(main, Buffer.from(text), new ParseCache(), (run) => {
        loads.push('load');
        return run();
      });
      const first = load('');
      expect(first.errors).toEqual([]);
      expect(first.transactions.length).toBe(3);
      const edit = '\n2024-03-05 * "Coffee"\n  Expenses:Café  3.50 EUR\n  Assets:Cash\n';
      const saved = load(edit);
      expect(saved.errors).toEqual([]);
      expect(saved.transactions.map((t) => t.narration)).toEqual(['Salary', 'Dinner', 'Lunch', 'Coffee']);
      expect(saved.postings.filter((p) => p.account === 'Expenses:Café').map((p) => p.units.number.toString())).toEqual(['3.50']);
      // The rows before the save are the same objects (the walk resumed through the parse cache).
      expect(saved.transactions[0]).toBe(first.transactions[0]);
      // The file on disk is not what was loaded: it never changed.
      expect(fs.readFileSync(main, 'utf8')).toBe(text);
      expect(loads).toEqual(['load', 'load']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so for a ledger without postings', () => {
    expect(timeDashboard(() => ledger('2024-01-01 open Assets:Cash\n'))).toEqual({ 'first visit ms': 'n/a (no postings)' });
  });
});
