/**
 * Account names Beancount 2.3.5's lexer takes but its grammar calls "Invalid account name"
 * (issue 13): a root that is not one of the five root names, or a first component that starts
 * with a non-ASCII character other than an uppercase letter or a digit. The directive is kept.
 * Every ledger here was run through Debian's bean-check 2.3.5; its output is quoted above each
 * expectation.
 */
import { describe, expect, it } from 'vitest';
import { ledger, ROOT } from '../ledger-text';

const lines = (s: ReturnType<typeof ledger>) => s.errors.map((e) => `${e.src?.line}:${e.src?.column}: ${e.kind} ${e.message.split(' (')[0]}`);

describe('account names in Beancount files (bean-check 2.3.5 parity)', () => {
  it('reports each use of an account whose first component starts with a non-uppercase letter, and keeps the entries', () => {
    // bean-check: "1: Invalid account name: Assets:日本", "5: Invalid account name: Assets:日本",
    // "7: Invalid account name: Assets:日本", and nothing else (the transaction books, the
    // balance passes; Assets:Bank:日本 and Assets:Ünter are clean: only the first component
    // after the root is checked, and Ü is an uppercase letter).
    const s = ledger(`2020-01-01 open Assets:日本 USD
2020-01-01 open Assets:Bank:日本
2020-01-01 open Assets:Ünter
2020-01-02 * "x"
  Assets:日本  10 USD
  Assets:Ünter
2020-01-03 balance Assets:日本 10 USD
`);
    expect(lines(s)).toEqual([
      '1:17: ParseError Invalid account name: Assets:日本',
      '5:3: ParseError Invalid account name: Assets:日本',
      '7:20: ParseError Invalid account name: Assets:日本',
    ]);
    expect(s.transactions).toHaveLength(1);
    expect(s.balances.map((b) => b.passed)).toEqual([true]);
    expect([...s.accounts.keys()]).toContain('Assets:日本');
  });

  it('reports a root that is not a root name, a lowercase non-ASCII start and a symbol start', () => {
    // bean-check: "1: Invalid account name: Foo:Bar", "2: Invalid account name: 資産:Cash",
    // "3: Invalid account name: Assets:ünter", "4: Invalid account name: Assets:😀x"; line 5
    // (an Arabic-Indic digit, \p{Nd}) is clean.
    const s = ledger(`2020-01-01 open Foo:Bar
2020-01-01 open 資産:Cash
2020-01-01 open Assets:ünter
2020-01-01 open Assets:😀x
2020-01-01 open Assets:١٢
`);
    expect(lines(s)).toEqual([
      '1:17: ParseError Invalid account name: Foo:Bar',
      '2:17: ParseError Invalid account name: 資産:Cash',
      '3:17: ParseError Invalid account name: Assets:ünter',
      '4:17: ParseError Invalid account name: Assets:😀x',
    ]);
    expect(s.accounts.size).toBe(5);
  });

  it('follows name_* options from their line on, in the file that sets them only', () => {
    // bean-check on main.beancount + inc.beancount: "main.beancount:4: Invalid account name:
    // Assets:Y" and "inc.beancount:1: Invalid account name: Aktiva:Z" (each file has its own
    // parser, with the default root names); Aktiva:X on line 3 is clean.
    const s = ledger(
      `option "name_assets" "Aktiva"
include "inc.beancount"
2020-01-01 open Aktiva:X
2020-01-01 open Assets:Y
`,
      { files: { [`${ROOT}/inc.beancount`]: '2020-01-01 open Aktiva:Z\n' } },
    );
    expect(s.errors.map((e) => `${e.src?.file.split('/').pop()}:${e.src?.line}: ${e.message.split(' (')[0]}`).sort()).toEqual([
      'inc.beancount:1: Invalid account name: Aktiva:Z',
      'main.beancount:4: Invalid account name: Assets:Y',
    ]);
  });

  it('checks a name read again after a name_* option under the new roots (accounts are looked up once read)', () => {
    // bean-check: "9: Invalid account name: Assets:Y" only: Assets:Y was clean on lines 1 and 4,
    // before the option; Aktiva:X is clean after it.
    const s = ledger(`2020-01-01 open Assets:Y
2020-01-01 open Assets:Z
2020-01-02 * "x"
  Assets:Y  1 USD
  Assets:Z
option "name_assets" "Aktiva"
2020-01-03 open Aktiva:X
2020-01-04 * "x"
  Assets:Y  1 USD
  Aktiva:X
`);
    expect(lines(s)).toEqual(['9:3: ParseError Invalid account name: Assets:Y']);
    expect(s.transactions).toHaveLength(2);
  });

  it('never takes a malformed account for a name read before as text (a payee or narration)', () => {
    // bean-check: "4: Invalid token: 'Assets::Y'" (the transaction is dropped).
    const s = ledger(`2020-01-01 open Assets:Y
2020-01-02 * "Assets::Y" "Assets:Y"
  Assets:Y  1 USD
  Assets::Y
`);
    expect(s.errors.map((e) => `${e.src?.line}: ${e.message.split(' (')[0]}`)).toEqual(['4: invalid account name "Assets::Y"']);
    expect(s.transactions).toHaveLength(0);
  });

  it('accepts these names in .zhang files', () => {
    const s = ledger(
      `2020-01-01 open Assets:日本
2020-01-01 open Assets:ünter
2020-01-02 balance Assets:日本 0 USD
`,
      { format: 'zhang' },
    );
    expect(s.errors).toEqual([]);
  });
});
