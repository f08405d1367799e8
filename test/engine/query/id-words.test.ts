/**
 * `id IN (...)` tests a row's id by its first 32 bits before making it (ledger/ids.ts
 * positionIdWord, idWord; booking/rows.ts idWord; compile/expr.ts): the word computed from a
 * position must be the first eight hex digits of the id made from it, and the rows a query keeps
 * must be exactly those whose id is in the set, for directives, padding (ids salted by currency)
 * and directives a plugin made (salted by the plugin).
 */
import { describe, expect, it } from 'vitest';
import { idWord, positionId, positionIdWord } from '../../../engine/ledger/ids';
import { runQuery } from '../../../engine/query/index';
import { ledger } from '../ledger/ledger-text';
import { rng } from './execute/rng';

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
