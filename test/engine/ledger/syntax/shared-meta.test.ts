/**
 * Directives and postings that write the same single metadata line share one frozen list
 * (syntax/values.ts keptMeta); other lists are their own; a pushed entry goes to a copy; the table
 * is bounded and a ledger past its bound still reads every value right; queries read the values.
 */
import { describe, expect, it } from 'vitest';
import type { OpenAst, TransactionAst } from '../../../../engine/ledger/ast';
import { runQuery } from '../../../../engine/query/index';
import { ledger } from '../ledger-text';

const OPENS = '2024-01-01 open Assets:A\n2024-01-01 open Assets:B\n';
const txn = (day: number, meta: string, postingMeta = '') =>
  `2024-01-${String(day).padStart(2, '0')} * "x"\n${meta}  Assets:A  1 EUR\n${postingMeta}  Assets:B\n`;
const asts = (text: string) =>
  ledger(text)
    .entries.filter((e) => e.type === 'transaction')
    .map((e) => e.directive as TransactionAst);

describe('shared metadata lists', () => {
  it('one frozen list per single short line; longer lists and long values are their own', () => {
    const [a, b, c, d, e, f] = asts(
      OPENS +
        txn(2, '  time: "14:29"\n', '    note: "split"\n') +
        txn(3, '  time: "14:29"\n', '    note: "split"\n') +
        txn(4, '  time: "14:30"\n') +
        txn(5, '  time: "14:29"\n  receipt: TRUE\n') +
        txn(6, `  memo: "${'m'.repeat(65)}"\n`) +
        txn(7, `  memo: "${'m'.repeat(65)}"\n`),
    );
    expect(a.meta).toEqual([{ key: 'time', kind: 'string', text: '14:29' }]);
    expect(b.meta).toBe(a.meta);
    expect(Object.isFrozen(a.meta)).toBe(true);
    expect(Object.isFrozen(a.meta[0])).toBe(true);
    // Postings' lists too.
    expect(b.postings[0].meta).toBe(a.postings[0].meta);
    expect(a.postings[0].meta).toEqual([{ key: 'note', kind: 'string', text: 'split' }]);
    // Another value, a longer list, a long value: lists of their own.
    expect(c.meta).toEqual([{ key: 'time', kind: 'string', text: '14:30' }]);
    expect(d.meta).toEqual([
      { key: 'time', kind: 'string', text: '14:29' },
      { key: 'receipt', kind: 'bool', text: 'TRUE' },
    ]);
    expect(e.meta).toEqual(f.meta);
    expect(e.meta).not.toBe(f.meta);
    // The time of day is read from the shared line as from any other.
    expect(a.time).not.toBeNull();
    expect(b.time).toBe(a.time);
    expect(c.time).not.toBe(a.time);
  });

  it('the same line of another kind is another list', () => {
    const [a, b] = asts(OPENS + txn(2, '  nn: "12"\n') + txn(3, '  nn: 12\n'));
    expect(a.meta[0].kind).toBe('string');
    expect(b.meta[0].kind).toBe('number');
    expect(b.meta).not.toBe(a.meta);
  });

  it('a pushed entry goes to a copy; the shared list is unchanged', () => {
    const l = ledger(
      OPENS + txn(2, '  time: "09:00"\n') + 'pushmeta trip: "rome"\n' + txn(3, '  time: "09:00"\n') + 'popmeta trip:\n' + txn(4, '  time: "09:00"\n'),
    );
    const [a, b, c] = l.entries.filter((e) => e.type === 'transaction').map((e) => e.directive as TransactionAst);
    expect(a.meta).toEqual([{ key: 'time', kind: 'string', text: '09:00' }]);
    expect(b.meta).toEqual([
      { key: 'time', kind: 'string', text: '09:00' },
      { key: 'trip', kind: 'string', text: 'rome' },
    ]);
    expect(c.meta).toBe(a.meta);
    expect(l.errors).toEqual([]);
    // Pushed onto a directive with no metadata of its own, and onto an open.
    const m = ledger('pushmeta trip: "rome"\n' + OPENS + txn(2, '') + 'popmeta trip:\n');
    const open = m.entries.find((e) => e.type === 'open')!.directive as OpenAst;
    expect(open.meta).toEqual([{ key: 'trip', kind: 'string', text: 'rome' }]);
    expect((m.entries.find((e) => e.type === 'transaction')!.directive as TransactionAst).meta).toEqual([{ key: 'trip', kind: 'string', text: 'rome' }]);
  });

  it('past the table’s bound every list still reads as written, in queries too', () => {
    let text = OPENS;
    for (let i = 0; i < 5000; i++) text += txn(2 + (i % 27), `  invoice: "inv-${i}"\n`);
    const l = ledger(text);
    const all = l.entries.filter((e) => e.type === 'transaction').map((e) => e.directive as TransactionAst);
    expect(all).toHaveLength(5000);
    const seen = new Set<string>();
    for (const t of all) {
      expect(t.meta).toHaveLength(1);
      expect(t.meta[0].key).toBe('invoice');
      seen.add(t.meta[0].text);
    }
    expect(seen.size).toBe(5000);
    const r = runQuery(l, "SELECT count(*) WHERE entry_meta('invoice') = 'inv-4999'");
    // The two postings of that one transaction.
    expect(r.rows).toEqual([[2n]]);
  });
});
