/**
 * Balance directives as bean-check 2.3.5 validates them (issue 13): an account never opened,
 * a currency the open does not allow, two assertions of one day. Every ledger here was run
 * through Debian's bean-check 2.3.5; its output is quoted above each expectation.
 */
import { describe, expect, it } from 'vitest';
import { kinds, ledger } from '../ledger-text';

const lines = (s: ReturnType<typeof ledger>) => s.errors.map((e) => `${e.src?.line}: ${e.kind}`);

describe('balance directives (bean-check 2.3.5 parity)', () => {
  it('reports an account never opened once, without a second "Balance failed"', () => {
    // bean-check: only "main.beancount:2: Account 'Assets:B' does not exist:" (ops/balance.py
    // skips the check of such an account).
    const s = ledger(`2020-01-01 open Assets:A USD
2020-01-02 balance Assets:B 10 USD
`);
    expect(lines(s)).toEqual(['2: AccountDoesNotExist']);
    expect(s.errors[0].message).toBe('Account Assets:B does not exist (no open directive)');
    // The assertion stays a row of #balances with its figures.
    expect(s.balances).toHaveLength(1);
    expect(s.balances[0].actual.number.toString()).toBe('0');
  });

  it('still checks an account used before its open (bean-check reports both)', () => {
    // bean-check: "3: Invalid reference to inactive account" and "3: Balance failed for
    // 'Assets:A': expected 10 USD != accumulated 0 USD (10 too little)".
    const s = ledger(`2020-01-05 open Assets:A USD
2020-01-01 open Equity:E
2020-01-02 balance Assets:A 10 USD
`);
    expect(lines(s)).toEqual(['3: AccountDoesNotExist', '3: AccountBalanceCheckError']);
  });

  it('reports a currency the open does not allow, and still checks the balance', () => {
    // bean-check: "2: Invalid currency 'EUR' for Balance directive:" and "2: Balance failed for
    // 'Assets:A': expected 10 EUR != accumulated 0 EUR (10 too little)".
    const s = ledger(`2020-01-01 open Assets:A USD,CAD
2020-01-02 balance Assets:A 10 EUR
2020-01-02 balance Assets:A 0 CAD
`);
    expect(lines(s)).toEqual(['2: CurrencyNotAllowed', '2: AccountBalanceCheckError']);
    expect(s.errors[0].message).toBe('Invalid currency EUR for balance directive of Assets:A (allowed: USD, CAD)');
  });

  it('checks the currency against the earliest open, whatever the date of the balance', () => {
    // bean-check (getters.get_account_open_close keeps the earliest open): only "4: Invalid
    // currency 'EUR' for Balance directive:" (a balance after the close is allowed, next test).
    const s = ledger(`2020-01-01 open Assets:A USD
2020-01-05 close Assets:A
2020-01-01 open Equity:E
2020-01-10 balance Assets:A 0 EUR
`);
    expect(lines(s)).toEqual(['4: CurrencyNotAllowed']);
  });

  it('allows balance and note directives after the close in Beancount files, not in .zhang', () => {
    // bean-check: only "5: Balance failed for 'Assets:A': expected 1 USD != accumulated 0 USD
    // (1 too little)" (validation.py ALLOW_AFTER_CLOSE = Balance, Document, Note).
    const text = `2020-01-01 open Assets:A USD
2020-01-05 close Assets:A
2020-01-10 balance Assets:A 0 USD
2020-01-11 note Assets:A "statement came"
2020-01-12 balance Assets:A 1 USD
`;
    expect(lines(ledger(text))).toEqual(['5: AccountBalanceCheckError']);
    expect(lines(ledger(text, { format: 'zhang' }))).toEqual([
      '3: AccountClosed',
      '4: AccountClosed',
      '5: AccountClosed',
      '5: AccountBalanceCheckError',
    ]);
  });

  it('reports a second assertion of the same day with another amount; identical ones pass', () => {
    // bean-check: "5: Balance failed for 'Assets:A': expected 5 USD != accumulated 0 USD (5 too
    // little)" and "5: Duplicate balance assertion with different amounts"; lines 6-9 are clean
    // (identical amounts, 0 = 0.00; another currency; another day), line 10 is compared with the
    // first of its day (line 9), not with line 6.
    const s = ledger(`2020-01-01 open Assets:A
2020-01-01 open Equity:E
2020-01-03 balance Assets:A 0 USD
2020-01-03 balance Assets:A 0 EUR
2020-01-03 balance Assets:A 5 USD
2020-01-04 balance Assets:A 0 USD
2020-01-04 balance Assets:A 0.00 USD
2020-01-05 * "in"
  Assets:A  5 USD
  Equity:E
2020-01-06 balance Assets:A 5 USD
2020-01-06 balance Assets:A 5.0 USD
`);
    expect(lines(s)).toEqual(['5: DuplicateBalanceAssertion', '5: AccountBalanceCheckError']);
    expect(s.errors[0].message).toBe(
      'Duplicate balance assertion with different amounts for Assets:A: 5 USD (earlier the same day: 0 USD)',
    );
  });

  it('reports two identical failing assertions of a day as two failures, not as duplicates', () => {
    // bean-check: "3: Balance failed ..." and "4: Balance failed ..." only.
    const s = ledger(`2020-01-01 open Assets:A
2020-01-02 balance Assets:A 1 USD
2020-01-02 balance Assets:A 1 USD
`);
    expect(lines(s)).toEqual(['2: AccountBalanceCheckError', '3: AccountBalanceCheckError']);
  });

  it('keeps the duplicate rule out of .zhang files, whose balance lines carry a time of day', () => {
    const s = ledger(
      `2020-01-01 open Assets:A
2020-01-01 open Equity:E
2020-01-03 09:00:00 balance Assets:A 0 USD
2020-01-03 10:00:00 "in"
  Assets:A  5 USD
  Equity:E
2020-01-03 11:00:00 balance Assets:A 5 USD
`,
      { format: 'zhang' },
    );
    expect(kinds(s)).toEqual([]);
  });
});
