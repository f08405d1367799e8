/**
 * The trie that reads known accounts and currencies (engine/ledger/syntax/name-trie.ts), alone and
 * in the scanner: a name is found only when the text holds exactly that name, names that are
 * prefixes of one another stay apart, and names past the trie's bound or with other characters
 * still read through the name table.
 */
import { describe, expect, it } from 'vitest';
import { NameTrie, columnsOf } from '../../../../engine/ledger/syntax/name-trie';
import { parseText } from '../../../../engine/ledger/syntax';
import { codesOf } from '../../../../engine/ledger/syntax/codes';
import type { TransactionAst } from '../../../../engine/ledger/ast';
import { rng } from '../../query/execute/rng';

const ABC = columnsOf('ABC:');

describe('NameTrie', () => {
  it('finds exactly the names inserted, and says where it stopped', () => {
    const t = new NameTrie<string>(ABC, 5);
    t.insert('AB', 'ab');
    t.insert('ABC', 'abc');
    t.insert('A:C', 'a:c');
    const at = (s: string, start = 0) => {
      const v = t.values[t.walk(codesOf(s), start, s.length)];
      return [v ?? null, t.end];
    };
    expect(at('AB')).toEqual(['ab', 2]);
    expect(at('AB C')).toEqual(['ab', 2]);
    expect(at('ABC ')).toEqual(['abc', 3]);
    // A prefix of a name, and a name followed by more of the class: the walk stops where the
    // trie has no path, and the caller decides (here: 'A' is no name; 'ABCA' stops after ABC).
    expect(at('A ')).toEqual([null, 1]);
    expect(at('ABCA')).toEqual(['abc', 3]);
    expect(at('x A:C', 2)).toEqual(['a:c', 5]);
    // Characters outside the class (lowercase, non-ASCII) stop it.
    expect(at('ABc')).toEqual(['ab', 2]);
    expect(at('AÄ')).toEqual([null, 1]);
    expect(at('')).toEqual([null, 0]);
  });

  it('leaves out names with other characters, and names past its bound', () => {
    const t = new NameTrie<number>(ABC, 5, 4);
    t.insert('AB', 1);
    t.insert('Ab', 2);
    expect(t.values[t.walk(codesOf('Ab'), 0, 2)]).toBeUndefined();
    t.insert('ABC', 3); // states: root, A, AB, ABC: the bound
    t.insert('C', 4);
    expect(t.values[t.walk(codesOf('ABC'), 0, 3)]).toBe(3);
    expect(t.values[t.walk(codesOf('C'), 0, 1)]).toBeUndefined();
  });

  it('grows its table past the first size', () => {
    const t = new NameTrie<number>(columnsOf('AB'), 3);
    const names: string[] = [];
    for (let i = 0; i < 200; i++) names.push(i.toString(2).replace(/0/g, 'A').replace(/1/g, 'B') + 'A');
    names.forEach((n, i) => t.insert(n, i));
    names.forEach((n, i) => expect(t.values[t.walk(codesOf(n), 0, n.length)]).toBe(i));
  });
});

describe('known accounts and currencies in the scanner', () => {
  // Names that are prefixes of one another or differ in one late character, ASCII and not.
  const ACCOUNTS = ['Assets:A', 'Assets:AB', 'Assets:A-B', 'Assets:AB:C', 'Assets:ABC', 'Assets:Ä', 'Assets:ÄB', 'Expenses:X1', 'Expenses:X12', 'Income:Y'];
  const CURRENCIES = ['AB', 'ABC', 'AB.C', 'AB_CD', 'ABCD', 'X1', 'X12'];

  for (const format of ['beancount', 'zhang'] as const) {
    it(`reads each posting's account and currency as written (${format}, random ledgers)`, () => {
      for (let seed = 1; seed <= 40; seed++) {
        const r = rng(seed);
        const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
        const expected: [string, string][] = [];
        let text = '';
        for (let t = 0; t < 30; t++) {
          text += `2024-01-${String(1 + (t % 28)).padStart(2, '0')} * "t${t}"\n`;
          for (let p = 0; p < 2; p++) {
            const a = pick(ACCOUNTS);
            const c = pick(CURRENCIES);
            // What may follow a currency: end of line, a blank and a comment, a cost, a price.
            const after = pick(['', '  ; note', ' {1 AB}', ' @ 2 X1']);
            text += `  ${a}  ${p === 0 ? '1' : '-1'} ${c}${after}\n`;
            expected.push([a, c]);
          }
        }
        const parsed = parseText(text, '/l.' + format, format);
        const got = parsed.directives.flatMap((d) => (d as TransactionAst).postings.map((p) => [p.account, p.currency]));
        expect(got, `seed ${seed}`).toEqual(expected);
      }
    });
  }

  it('never reads a longer word as a known currency or account', () => {
    // `ABX` after `AB` is known: an unknown currency, read whole (an error only if invalid).
    const parsed = parseText(
      `2024-01-01 * "a"\n  Assets:AB  1 AB\n  Assets:A  -1 AB\n2024-01-02 * "b"\n  Assets:ABX  1 ABX\n  Assets:AB  -1 ABX\n2024-01-03 * "c"\n  Assets:AB  1 AB#x\n  Assets:A\n`,
      '/l.beancount',
      'beancount',
    );
    const txns = parsed.directives as TransactionAst[];
    expect(txns.map((t) => t.postings.map((p) => `${p.account} ${p.currency}`))).toEqual([
      ['Assets:AB AB', 'Assets:A AB'],
      ['Assets:ABX ABX', 'Assets:AB ABX'],
    ]);
    // `AB#x` is no currency (a word glued to it): the third transaction is an error.
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0].src?.line).toBe(8);
  });
});
