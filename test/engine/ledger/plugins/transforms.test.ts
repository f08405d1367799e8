/**
 * Plugins that add, remove or change directives. Each ledger was also run through Debian's
 * Beancount 2.3.5 (bean-check for the errors, bean-query for the rows compared here) on the same
 * text; the expected values are what it printed. close_tree is Beancount 3 only: its expectations
 * follow Beancount 3's documented behaviour (no 2.3.5 oracle).
 */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../../engine/dates';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { ledger, postingText } from '../ledger-text';

const errs = (s: Snapshot) => s.errors.map((e) => `${e.kind}@${e.src?.line ?? '-'}: ${e.message}`);
const rows = (s: Snapshot, account?: string) =>
  s.postings.filter((p) => !account || p.account === account).map((p) => `${formatDate(p.txn.date)} ${p.txn.narration}: ${postingText(p)}`);

describe('check_closing', () => {
  const s = ledger(`plugin "beancount.plugins.check_closing"
2024-01-01 open Assets:Broker
2024-01-01 open Assets:Bank
2024-01-02 * "Buy"
  Assets:Broker  10 HOOL {10 USD}
  Assets:Bank
2024-02-01 * "Sell all but one"
  Assets:Broker  -9 HOOL {10 USD}
    closing: TRUE
  Assets:Bank
2024-03-01 * "Sell the rest"
  Assets:Broker  -1 HOOL {10 USD}
    closing: TRUE
  Assets:Bank
`);
  it('adds a zero balance assertion the next day, checked like a written one (bean-check: Balance failed on 2024-02-02)', () => {
    expect(errs(s)).toEqual(['AccountBalanceCheckError@8: Balance failed for Assets:Broker: expected 0 HOOL != accumulated 1 HOOL (1 HOOL too much)']);
    expect(s.balances.map((b) => `${formatDate(b.date)} ${b.account} ${b.amount.number} ${b.amount.currency} ${b.passed}`)).toEqual([
      '2024-02-02 Assets:Broker 0 HOOL false',
      '2024-03-02 Assets:Broker 0 HOOL true',
    ]);
    expect(s.entries.filter((e) => e.type === 'balance').length).toBe(2);
    expect(new Set(s.entries.map((e) => e.id)).size).toBe(s.entries.length);
    expect(s.postings.some((p) => p.meta.some((m) => m.key === 'closing'))).toBe(false);
  });
});

describe('close_tree', () => {
  it('closes open sub-accounts with the parent; an unopened parent close is dropped', () => {
    const s = ledger(`plugin "beancount.plugins.close_tree"
2024-01-01 open Assets:XBank
2024-01-01 open Assets:XBank:AAPL
2024-01-01 open Assets:XBank:AAPL:Fuji
2024-01-01 open Assets:Brokerage:ORNG
2024-06-01 close Assets:XBank:AAPL
2025-01-01 close Assets:XBank
2025-01-01 close Assets:Brokerage
2025-02-01 * "too late"
  Assets:XBank:AAPL:Fuji  1 USD
  Assets:Brokerage:ORNG
`);
    const closes = s.entries.filter((e) => e.type === 'close').map((e) => `${formatDate(e.date)} ${e.accounts[0]}`).sort();
    expect(closes).toEqual(['2024-06-01 Assets:XBank:AAPL', '2024-06-01 Assets:XBank:AAPL:Fuji', '2025-01-01 Assets:Brokerage:ORNG', '2025-01-01 Assets:XBank']);
    expect(s.errors.map((e) => e.kind)).toEqual(['AccountClosed', 'AccountClosed']);
  });
});

describe('exclude_tag', () => {
  it('drops #virtual transactions before balance checks', () => {
    const s = ledger(`plugin "beancount.plugins.exclude_tag"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-02 * "Real"
  Assets:Bank  -5 USD
  Expenses:Food
2024-01-03 * "Imagined" #virtual
  Assets:Bank  -7 USD
  Expenses:Food
2024-01-04 balance Assets:Bank  -5 USD
`);
    expect(errs(s)).toEqual([]);
    expect(rows(s, 'Assets:Bank')).toEqual(['2024-01-02 Real: Assets:Bank -5 USD']);
  });
});

describe('forecast', () => {
  it('repeats # transactions by their rule (rrule: the 31st skips short months; SKIP 1 = every other week)', () => {
    const s = ledger(`plugin "beancount.plugins.forecast"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Rent
2024-01-31 # "Rent [MONTHLY REPEAT 4 TIMES]"
  Expenses:Rent  100 USD
  Assets:Bank
2024-01-01 # "Gym [WEEKLY SKIP 1 TIME UNTIL 2024-02-01]"
  Expenses:Rent  10 USD
  Assets:Bank
2024-01-01 # "Not a forecast"
  Expenses:Rent  1 USD
  Assets:Bank
`);
    expect(errs(s)).toEqual([]);
    expect(s.transactions.map((t) => `${formatDate(t.date)} ${t.flag} ${t.narration}`)).toEqual([
      '2024-01-01 # Gym',
      '2024-01-01 # Not a forecast',
      '2024-01-15 # Gym',
      '2024-01-29 # Gym',
      '2024-01-31 # Rent',
      '2024-03-31 # Rent',
      '2024-05-31 # Rent',
      '2024-07-31 # Rent',
    ]);
    expect(new Set(s.transactions.map((t) => t.id)).size).toBe(8);
  });
  it('without REPEAT or UNTIL runs to the end of the current year', () => {
    const s = ledger(
      `plugin "beancount.plugins.forecast"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Rent
2025-10-15 # "Rent [MONTHLY]"
  Expenses:Rent  100 USD
  Assets:Bank
`,
      { now: new Date('2025-06-01T12:00:00Z') },
    );
    expect(s.transactions.map((t) => formatDate(t.date))).toEqual(['2025-10-15', '2025-11-15', '2025-12-15']);
  });
});

describe('tag_pending', () => {
  it('tags linked groups whose common accounts do not net to zero, and lone links', () => {
    const s = ledger(`plugin "beancount.plugins.tag_pending"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Transfer
2024-01-01 open Assets:Other
2024-01-02 * "Send" ^t1
  Assets:Bank  -100 USD
  Assets:Transfer
2024-01-05 * "Arrive" ^t1
  Assets:Transfer  -100 USD
  Assets:Other
2024-01-06 * "Send" ^t2
  Assets:Bank  -50 USD
  Assets:Transfer
2024-01-07 * "Half arrives" ^t2
  Assets:Transfer  -40 USD
  Assets:Other
2024-01-08 * "Alone" ^t3
  Assets:Bank  -1 USD
  Assets:Other
`);
    expect(s.transactions.map((t) => `${formatDate(t.date)} ${t.narration} ${t.tags.join(',')}`)).toEqual([
      '2024-01-02 Send ',
      '2024-01-05 Arrive ',
      '2024-01-06 Send PENDING',
      '2024-01-07 Half arrives PENDING',
      '2024-01-08 Alone PENDING',
    ]);
  });
});

describe('fix_payees', () => {
  it('renames payees by description and account rules', () => {
    const s = ledger(`plugin "beancount.plugins.fix_payees" "[
  ('Whole Foods', 'D:whole\\s*foods'),
  ('Amazon', 'A:Expenses:Shopping', 'D:amzn'),
]"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Shopping
2024-01-02 * "WHOLEFOODS #123" "groceries"
  Assets:Bank  -5 USD
  Expenses:Food
2024-01-03 * "AMZN Mktp" "book"
  Assets:Bank  -7 USD
  Expenses:Shopping
2024-01-04 * "AMZN Mktp" "food"
  Assets:Bank  -7 USD
  Expenses:Food
`);
    expect(errs(s)).toEqual([]);
    expect(s.transactions.map((t) => t.payee)).toEqual(['Whole Foods', 'Amazon', 'AMZN Mktp']);
  });
  it('a config that is not a literal is one error on the plugin line', () => {
    const s = ledger(`plugin "beancount.plugins.fix_payees" "[('X', 'D:x')"
2024-01-01 open Assets:Bank
`);
    expect(errs(s)).toEqual([
      'PluginConfigError@1: Invalid configuration for plugin "beancount.plugins.fix_payees": cannot read "[(\'X\', \'D:x\')" as a Python literal: expected , or ] at the end; the plugin is not run',
    ]);
  });
});

describe('fill_account', () => {
  it('balances single-posting transactions on the account (at cost: the cost total)', () => {
    const s = ledger(`plugin "beancount.plugins.fill_account" "Assets:Cash"
2024-01-01 open Assets:Cash
2024-01-01 open Assets:Broker
2024-01-01 open Expenses:Food
2024-01-02 * "Lunch"
  Expenses:Food  5.50 USD
2024-01-03 * "Shares"
  Assets:Broker  2 HOOL {10.00 USD}
2024-01-04 * "Normal"
  Expenses:Food  1 USD
  Assets:Cash
`);
    expect(errs(s)).toEqual([]);
    expect(rows(s)).toEqual([
      '2024-01-02 Lunch: Expenses:Food 5.50 USD',
      '2024-01-02 Lunch: Assets:Cash -5.50 USD',
      '2024-01-03 Shares: Assets:Broker 2 HOOL {10.00 USD, 2024-01-03}',
      '2024-01-03 Shares: Assets:Cash -20.00 USD',
      '2024-01-04 Normal: Expenses:Food 1 USD',
      '2024-01-04 Normal: Assets:Cash -1 USD',
    ]);
  });
  it('an invalid account is a config error (bean-check: "Invalid account name: \'cash\'")', () => {
    const s = ledger(`plugin "beancount.plugins.fill_account" "cash"
2024-01-01 open Expenses:Food
`);
    expect(errs(s)).toEqual([
      'PluginConfigError@1: Invalid configuration for plugin "beancount.plugins.fill_account": invalid account name \'cash\'; the plugin is not run',
    ]);
  });
});

describe('divert_expenses', () => {
  it('moves Expenses postings of tagged transactions, keeping divert: FALSE ones', () => {
    const s = ledger(`plugin "beancount.plugins.divert_expenses" "{'tag': 'kid', 'account': 'Expenses:Kid'}"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Toys
2024-01-01 open Expenses:Kid
2024-01-02 * "Mixed" #kid
  Assets:Bank  -15 USD
  Expenses:Food  5 USD
    divert: FALSE
  Expenses:Toys  10 USD
2024-01-03 * "Untagged"
  Assets:Bank  -3 USD
  Expenses:Toys
`);
    expect(errs(s)).toEqual([]);
    expect(rows(s)).toEqual([
      '2024-01-02 Mixed: Assets:Bank -15 USD',
      '2024-01-02 Mixed: Expenses:Food 5 USD',
      '2024-01-02 Mixed: Expenses:Kid 10 USD',
      '2024-01-03 Untagged: Assets:Bank -3 USD',
      '2024-01-03 Untagged: Expenses:Toys 3 USD',
    ]);
    expect(s.postings[2].meta).toEqual([{ key: 'diverted_account', kind: 'string', text: 'Expenses:Toys' }]);
  });
});

describe('mark_unverified', () => {
  it('marks postings on or after the last balance assertion of their account', () => {
    const s = ledger(`plugin "beancount.plugins.mark_unverified"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-02 * "Before"
  Assets:Bank  -5 USD
  Expenses:Food
2024-01-03 balance Assets:Bank  -5 USD
2024-01-03 * "Same day"
  Assets:Bank  -1 USD
  Expenses:Food
2024-01-04 * "After"
  Assets:Bank  -2 USD
  Expenses:Food
`);
    expect(errs(s)).toEqual([]);
    expect(s.postings.map((p) => `${p.txn.narration} ${p.account} ${p.meta.find((m) => m.key === 'unverified')?.text ?? ''}`)).toEqual([
      'Before Assets:Bank ',
      'Before Expenses:Food ',
      'Same day Assets:Bank TRUE',
      'Same day Expenses:Food ',
      'After Assets:Bank TRUE',
      'After Expenses:Food ',
    ]);
  });
});

describe('forecast with an unreadable date', () => {
  it('fails as a whole, as Beancount\'s plugin does ("Error applying plugin"): one error, the # transaction kept as written', () => {
    const s = ledger(`plugin "beancount.plugins.forecast"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Rent
2024-01-31 # "Rent [MONTHLY UNTIL 2024-13-45]"
  Expenses:Rent  100 USD
  Assets:Bank
`);
    expect(errs(s)).toEqual(['PluginFailed@1: Plugin "beancount.plugins.forecast" failed: invalid UNTIL date "2024-13-45" in "Rent [MONTHLY UNTIL 2024-13-45]" (line 4)']);
    expect(s.transactions.map((t) => t.narration)).toEqual(['Rent [MONTHLY UNTIL 2024-13-45]']);
  });
});
