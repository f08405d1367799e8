/**
 * The parse cache (issue 15): across loads, a file whose text is unchanged is not parsed again and
 * its directives are reused as they are; a changed file is parsed again; the errors of unchanged
 * files stay. Books split into three files, read from memory. Cross-checked with bean-query 2.3.5
 * on the same files (clean version): Assets:Cash -519.75 USD, Expenses:Food 19.75 USD,
 * Expenses:Rent 500.00 USD; after the second rent -1019.75 / 1000.00.
 */
import { describe, expect, it } from 'vitest';
import { loadLedger } from '../../../engine/ledger/index';
import { ParseCache, loadFiles } from '../../../engine/ledger/load';
import { runQuery } from '../../../engine/query/index';

const MAIN = '/books/main.beancount';
const ACCOUNTS = '/books/accounts.beancount';
const YEAR = '/books/2024.beancount';

const RENT = '2024-03-01 * "rent"\n  Expenses:Rent  500.00 USD\n  Assets:Cash\n';
const files = (): Map<string, string> =>
  new Map([
    [MAIN, 'option "operating_currency" "USD"\ninclude "accounts.beancount"\ninclude "2024.beancount"\n' + RENT],
    [ACCOUNTS, '2024-01-01 open Assets:Cash\n2024-01-01 open Expenses:Food\n2024-01-01 open Expenses:Rent\n'],
    [YEAR, '2024-02-01 * "meal"\n  Expenses:Food  12.50 USD\n  Assets:Cash\n2024-02-03 * "meal"\n  Expenses:Food  7.25 USD\n  Assets:Cash\n'],
  ]);

const reader = (disk: Map<string, string>) => (f: string) => disk.get(f) ?? null;

function balances(disk: Map<string, string>, cache?: ParseCache): string[] {
  const snap = loadLedger(MAIN, { readFile: reader(disk), parseCache: cache, now: new Date('2025-01-01T00:00:00Z') });
  const r = runQuery(snap, 'SELECT account, sum(number) GROUP BY account ORDER BY account');
  return r.rows.map((row) => `${row[0]} ${String(row[1])}`);
}

describe('ParseCache', () => {
  it('reuses the directives of unchanged files and parses a changed one again', () => {
    const disk = files();
    const cache = new ParseCache();
    const first = loadFiles(MAIN, reader(disk), undefined, cache);
    expect([cache.hits, cache.misses]).toEqual([0, 3]);
    disk.set(MAIN, disk.get(MAIN)! + RENT.replace('03-01', '04-01'));
    const second = loadFiles(MAIN, reader(disk), undefined, cache);
    expect([cache.hits, cache.misses]).toEqual([2, 4]);
    // Included files: the very same directive objects; the main file: parsed anew (one more).
    const fromFile = (r: typeof first, f: string) => r.directives.filter((d) => d.src.file === f);
    expect(fromFile(second, YEAR)).toHaveLength(2);
    fromFile(second, YEAR).forEach((d, i) => expect(d).toBe(fromFile(first, YEAR)[i]));
    fromFile(second, ACCOUNTS).forEach((d, i) => expect(d).toBe(fromFile(first, ACCOUNTS)[i]));
    expect(fromFile(first, MAIN)).toHaveLength(1);
    expect(fromFile(second, MAIN)).toHaveLength(2);
    expect(fromFile(second, MAIN)[0]).not.toBe(fromFile(first, MAIN)[0]);
    // The same order as without a cache.
    const fresh = loadFiles(MAIN, reader(disk));
    expect(second.directives.map((d) => [d.src.file, d.src.start])).toEqual(fresh.directives.map((d) => [d.src.file, d.src.start]));
  });

  it('books the same ledger from cached files as from fresh ones', () => {
    const disk = files();
    const cache = new ParseCache();
    expect(balances(disk, cache)).toEqual(['Assets:Cash -519.75', 'Expenses:Food 19.75', 'Expenses:Rent 500.00']);
    disk.set(MAIN, disk.get(MAIN)! + RENT.replace('03-01', '04-01'));
    expect(balances(disk, cache)).toEqual(['Assets:Cash -1019.75', 'Expenses:Food 19.75', 'Expenses:Rent 1000.00']);
    expect(balances(disk)).toEqual(balances(disk, cache));
    // Two included files kept on the second load, all three on the third.
    expect(cache.hits).toBe(5);
  });

  it('keeps the errors of an unchanged file when another file changes', () => {
    const disk = files();
    disk.set(YEAR, disk.get(YEAR)!.replace('2024-02-03', 'this is not a directive\n2024-02-03'));
    const cache = new ParseCache();
    const load = () => loadLedger(MAIN, { readFile: reader(disk), parseCache: cache, now: new Date('2025-01-01T00:00:00Z') });
    const before = load().errors.map((e) => [e.src?.file, e.src?.line, e.message]);
    expect(before).toEqual([[YEAR, 4, 'unknown directive "this" (line 4, column 1)']]);
    disk.set(MAIN, disk.get(MAIN)! + RENT.replace('03-01', '04-01'));
    const after = load();
    expect(cache.misses).toBe(4);
    expect(after.errors.map((e) => [e.src?.file, e.src?.line, e.message])).toEqual(before);
    expect(after.errors[0].source).toBe('this is not a directive');
    // Healing the file clears its error; a removed include is forgotten.
    disk.set(YEAR, files().get(YEAR)!);
    expect(load().errors).toEqual([]);
    disk.set(MAIN, disk.get(MAIN)!.replace('include "2024.beancount"\n', ''));
    load();
    expect(cache.size).toBe(2);
  });
});
