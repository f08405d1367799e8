/**
 * `id IN (...)` tests a row's id by its first 32 bits before making it (ledger/ids.ts
 * positionIdWord, idWord; booking/rows.ts idWord; compile/expr.ts): the word computed from a
 * position must be the first eight hex digits of the id made from it, and the rows a query keeps
 * must be exactly those whose id is in the set, for directives, padding (ids salted by currency)
 * and directives a plugin made (salted by the plugin).
 */
import { describe, expect, it } from 'vitest';
import { idWord, positionId, positionIdWord } from '../../../engine/ledger/ids';
import { encodeResult, runQuery } from '../../../engine/query/index';
import { stringifyResult } from '../../../engine/query/encode';
import { ledger } from '../ledger/ledger-text';
import { rng } from './execute/rng';
import { fastPaths } from '../../../engine/query/execute/fast-paths';
import { postingRowsWithIdWords } from '../../../engine/query/execute/id-rows';

import type { Snapshot } from '../../../engine/ledger/snapshot';
import { randomLedger } from './execute/random-ledger';
import { snapshot as snapshotOf } from './fixture';

describe('positionIdWord', () => {
  it('is the first eight hex digits of positionId, for any file, salt and offset', () => {
    const r = rng(5);
    const files = ['main.beancount', 'sub/2024.bean', 'a\u0000pad:USD', 'x\u0000plugin:auto:12:0', 'ünï.bean', ''];
    for (let i = 0; i < 20_000; i++) {
      const file = files[Math.floor(r() * files.length)];
      const start = i % 3 === 0 ? Math.floor(r() * 2 ** 40) : Math.floor(r() * 100_000);
      const id = positionId(file, start);
      expect(positionIdWord(file, start)).toBe(parseInt(id.slice(0, 8), 16));
      expect(idWord(id)).toBe(parseInt(id.slice(0, 8), 16));
    }
  });

  it('reads upper-case hex too, and gives -1 for text that is not an id', () => {
    expect(idWord('ABCDEF01-xxxx')).toBe(0xabcdef01);
    expect(idWord('0000000f')).toBe(15);
    expect(idWord('abc')).toBe(-1);
    expect(idWord('abcdefgh-0000')).toBe(-1);
    expect(idWord('')).toBe(-1);
  });
});

const TEXT = `plugin "beancount.plugins.auto_accounts"
2024-01-01 pad Assets:Bank Equity:Opening
2024-01-02 balance Assets:Bank 100.00 USD
2024-01-03 * "Lunch"
  Expenses:Food  12.50 USD
  Assets:Bank
2024-01-04 * "Rent"
  Expenses:Rent  50.00 USD
  Assets:Bank
2024-01-05 price HOOL 12 USD
2024-01-06 note Assets:Bank "called"
`;

describe('id IN a set', () => {
  it('keeps exactly the rows whose id is in the set, in every table with ids', () => {
    const s = ledger(TEXT);
    // Made before any query reads them: the opens auto_accounts added, the padding, the others.
    const entryIds = s.entries.map((e) => e.id);
    expect(s.entries.filter((e) => e.type === 'open')).toHaveLength(4);
    expect(s.transactions.some((t) => t.flag === 'P')).toBe(true);
    const r = rng(9);
    for (let round = 0; round < 12; round++) {
      const chosen = entryIds.filter(() => r() < 0.4);
      const ids = [...chosen, 'not-an-id', entryIds[0].toUpperCase()];
      const col = (q: string) => runQuery(ledger(TEXT), q, { params: { ids } }).rows.map((row) => row[0]);
      const inSet = new Set(ids);
      expect(col('SELECT id FROM #entries WHERE id IN :ids').sort()).toEqual(entryIds.filter((id) => inSet.has(id)).sort());
      expect(col('SELECT id FROM #entries WHERE id NOT IN :ids').sort()).toEqual(entryIds.filter((id) => !inSet.has(id)).sort());
      expect(col('SELECT id WHERE id IN :ids').sort()).toEqual(s.postings.map((p) => p.txn.id).filter((id) => inSet.has(id)).sort());
      expect(col('SELECT id FROM #transactions WHERE id NOT IN :ids').sort()).toEqual(s.transactions.map((t) => t.id).filter((id) => !inSet.has(id)).sort());
    }
  });

  it('makes the ids of the rows whose first 32 bits match, not of every row', () => {
    const s = ledger(TEXT);
    const lunch = s.transactions.find((t) => t.narration === 'Lunch')!;
    const id = positionId('main.beancount', TEXT.indexOf('2024-01-03 *'));
    expect(runQuery(s, 'SELECT narration FROM #entries WHERE id IN :ids', { params: { ids: [id] } }).rows).toEqual([['Lunch']]);
    // The other transaction's id maker is still unused (rows.ts keeps the maker until the id is read).
    const rent = s.transactions.find((t) => t.narration === 'Rent')! as unknown as { made: unknown };
    expect(typeof rent.made).toBe('function');
    expect((lunch as unknown as { made: unknown }).made).toBe(id);
  });
});

describe('postings narrowed by `id IN` to the named transactions (execute/id-rows.ts)', () => {
  const withPaths = <T>(on: boolean, f: () => T): T => {
    fastPaths.enabled = on;
    try {
      return f();
    } finally {
      fastPaths.enabled = true;
    }
  };
  const both = (s: Snapshot, q: string, params: Record<string, unknown> = {}) => {
    const fast = withPaths(true, () => stringifyResult(encodeResult(runQuery(s, q, { params, countTotal: true }))));
    const plain = withPaths(false, () => stringifyResult(encodeResult(runQuery(s, q, { params, countTotal: true }))));
    expect(fast, q).toBe(plain);
    return runQuery(s, q, { params });
  };

  it('by hand: the running balance counts only the chosen rows; list, set, parameter and further conditions', () => {
    const s = ledger(TEXT);
    const lunch = s.transactions.find((t) => t.narration === 'Lunch')!.id;
    const rent = s.transactions.find((t) => t.narration === 'Rent')!.id;
    // Cells as the API encodes them; an inventory as its units.
    const cell = (v: unknown): string =>
      v !== null && typeof v === 'object' && 'positions' in v
        ? (v as { positions: { units: { number: string; currency: string } }[] }).positions.map((p) => `${p.units.number} ${p.units.currency}`).join(',') || '0'
        : String(v);
    const rows = (q: string, params: Record<string, unknown> = {}) => {
      both(s, q, params);
      return (encodeResult(runQuery(s, q, { params })) as { data: { rows: unknown[][] } }).data.rows.map((r) => r.map(cell).join(' '));
    };
    expect(rows('SELECT narration, account, number, balance WHERE id IN :ids', { ids: [rent, lunch] })).toEqual([
      'Lunch Expenses:Food 12.50 12.50 USD',
      'Lunch Assets:Bank -12.50 0',
      'Rent Expenses:Rent 50.00 50.00 USD',
      'Rent Assets:Bank -50.00 0',
    ]);
    expect(rows(`SELECT account, number WHERE id IN ('${rent}', 'nope') AND number > 0`)).toEqual(['Expenses:Rent 50.00']);
    expect(rows(`SELECT sum(number) WHERE id IN :ids AND account ~ 'Bank'`, { ids: [lunch, rent.toUpperCase()] })).toEqual(['-12.50']);
    expect(rows('SELECT count(*) WHERE id IN :ids', { ids: [] })).toEqual(['0']);
    // Not narrowed (NOT IN, OR): the same rows as every posting tested.
    expect(rows('SELECT count(*) WHERE id NOT IN :ids', { ids: [lunch] })).toEqual(['4']);
    expect(rows(`SELECT count(*) WHERE id IN :ids OR account = 'Assets:Bank'`, { ids: [lunch] })).toEqual(['4']);
  });

  it('reads no row of another transaction', () => {
    const s = ledger(TEXT);
    const lunch = s.transactions.find((t) => t.narration === 'Lunch')!;
    // The other rows throw when read: only a narrowed scan answers.
    const trap = new Proxy({}, { get: () => { throw new Error('read a row of another transaction'); } });
    const postings = s.postings.map((p) => (p.txn === lunch ? p : trap)) as typeof s.postings;
    const narrowed = { ...s, postings } as Snapshot;
    expect(runQuery(narrowed, 'SELECT account WHERE id IN :ids', { params: { ids: [lunch.id] } }).rows).toEqual([['Expenses:Food'], ['Assets:Bank']]);
    expect(() => withPaths(false, () => runQuery(narrowed, 'SELECT account WHERE id IN :ids', { params: { ids: [lunch.id] } }))).toThrow('another transaction');
  });

  it('finds exactly the rows of the named transactions, in ledger order', () => {
    const s = ledger(TEXT);
    const deadline = { tick: () => {} } as unknown as Parameters<typeof postingRowsWithIdWords>[2];
    const rent = s.transactions.find((t) => t.narration === 'Rent')!;
    const at = s.postings.findIndex((p) => p.txn === rent);
    expect([...postingRowsWithIdWords(s, [idWord(rent.id)], deadline)!]).toEqual([at, at + 1]);
    const all = s.transactions.map((t) => idWord(t.id));
    expect([...postingRowsWithIdWords(s, all, deadline)!]).toEqual(s.postings.map((_, i) => i));
    expect([...postingRowsWithIdWords(s, [-1], deadline)!]).toEqual([]);
  });

  it('answers as the unnarrowed scan on random ledgers, ids of several transactions and none', () => {
    const r = rng(21);
    for (let seed = 1; seed <= 12; seed++) {
      const s = snapshotOf(randomLedger(seed, 40));
      const ids = s.transactions.filter(() => r() < 0.2).map((t) => t.id);
      ids.push('0000000-not-an-id');
      for (const q of [
        'SELECT id, posting_index, account, position, balance WHERE id IN :ids',
        'SELECT id, sum(position) WHERE id IN :ids GROUP BY id ORDER BY id',
        'SELECT account, balance WHERE id IN :ids AND date >= 2024-03-01 ORDER BY date DESC LIMIT 5',
        "SELECT count(*) WHERE id IN :ids AND account ~ '^Assets'",
      ]) {
        both(s, q, { ids });
      }
    }
  });
});
