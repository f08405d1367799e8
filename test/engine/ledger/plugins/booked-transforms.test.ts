/**
 * Plugins that rewrite or add transactions from booked numbers (a first booking): unrealized,
 * split_expenses, currency_accounts. Every expected row is what Debian's Beancount 2.3.5 printed
 * for the same ledger (bean-query `select date, account, str(number), currency, ...`; bean-check
 * for the errors).
 */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../../engine/dates';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { ledger } from '../ledger-text';

const errs = (s: Snapshot) => s.errors.map((e) => `${e.kind}@${e.src?.line ?? '-'}: ${e.message}`);
const rows = (s: Snapshot) =>
  s.postings.map((p) => `${formatDate(p.txn.date)} ${p.account} ${p.units.number} ${p.units.currency}${p.cost ? ` {${p.cost.number}}` : ''}${p.price ? ` @ ${p.price.number}` : ''}`);

describe('unrealized', () => {
  const text = `plugin "beancount.plugins.unrealized" "Unrealized"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Broker
2024-01-02 * "Buy"
  Assets:Broker  10 HOOL {100.00 USD}
  Assets:Bank
2024-01-03 * "Buy more"
  Assets:Broker  5 HOOL {103.00 USD}
  Assets:Bank
2024-01-04 * "Buy other"
  Assets:Broker  3 ACME {7 USD}
  Assets:Bank
2024-02-01 price HOOL 110.12345 USD
2024-02-05 * "Coffee"
  Assets:Bank  -1 USD
  Assets:Bank   1 USD
`;
  it('books the gain of each priced holding on the last date, opening its accounts; an unpriced one is an error', () => {
    const s = ledger(text);
    // bean-check: "<unrealized_gains>:0: A valid price for ACME/USD could not be found" (here on the plugin line).
    expect(errs(s)).toEqual(['UnrealizedError@1: A valid price for ACME/USD could not be found']);
    const u = s.transactions.filter((t) => t.flag === 'U');
    expect(u.map((t) => `${formatDate(t.date)} ${t.narration}`)).toEqual([
      '2024-02-05 Unrealized gain for 15 units of HOOL (price: 110.1234 USD as of 2024-02-01, average cost: 101.0000 USD)',
    ]);
    // 15 x 110.12345 - (10 x 100.00 + 5 x 103.00) = 1651.85175 - 1515.00
    expect(u[0].postings.map((p) => `${p.account} ${p.units.number} ${p.units.currency}`)).toEqual([
      'Assets:Broker:Unrealized 136.85175 USD',
      'Income:Broker:Unrealized -136.85175 USD',
    ]);
    expect(s.entries.filter((e) => e.type === 'open').map((e) => e.accounts[0])).toContain('Income:Broker:Unrealized');
    expect(new Set(s.entries.map((e) => e.id)).size).toBe(s.entries.length);
  });
  it('a sub-account that is not a valid name is a config error', () => {
    expect(errs(ledger('plugin "beancount.plugins.unrealized" "bad name"\n'))[0]).toMatch(/^PluginConfigError@1: .*invalid subaccount name 'bad name'/);
  });
});

describe('split_expenses', () => {
  it("splits shared expenses among the members (a member's own account is left alone)", () => {
    const s = ledger(`plugin "beancount.plugins.split_expenses" "Martin Caroline"
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Food:Martin
2024-01-05 * "Dinner"
  Assets:Cash  -10.01 USD
  Expenses:Food
2024-01-06 * "His lunch"
  Assets:Cash  -4.00 USD
  Expenses:Food:Martin
`);
    expect(errs(s)).toEqual([]);
    expect(rows(s)).toEqual([
      '2024-01-05 Assets:Cash -10.01 USD',
      '2024-01-05 Expenses:Food:Martin 5.005 USD',
      '2024-01-05 Expenses:Food:Caroline 5.005 USD',
      '2024-01-06 Assets:Cash -4.00 USD',
      '2024-01-06 Expenses:Food:Martin 4.00 USD',
    ]);
    expect(s.entries.filter((e) => e.type === 'open').map((e) => `${formatDate(e.date)} ${e.accounts[0]}`)).toContain('2024-01-01 Expenses:Food:Caroline');
  });
});

describe('currency_accounts', () => {
  it('balances each currency of a conversion on a trading account and drops the prices', () => {
    const s = ledger(`plugin "beancount.plugins.currency_accounts" "Equity:Trading"
2024-01-01 open Assets:USD
2024-01-01 open Assets:EUR
2024-01-01 open Assets:Broker
2024-01-05 * "Exchange"
  Assets:EUR  100.00 EUR @ 1.10 USD
  Assets:USD
2024-01-06 * "Buy"
  Assets:Broker  2 HOOL {10.00 EUR}
  Assets:EUR
2024-01-07 * "Sell"
  Assets:Broker  -2 HOOL {10.00 EUR} @ 12.00 EUR
  Assets:EUR
  Assets:USD  -1.00 USD @ 0.9 EUR
`);
    expect(errs(s)).toEqual([]);
    expect(rows(s)).toEqual([
      '2024-01-05 Assets:EUR 100.00 EUR',
      '2024-01-05 Equity:Trading:EUR -100.00 EUR',
      '2024-01-05 Assets:USD -110.0000 USD',
      '2024-01-05 Equity:Trading:USD 110.0000 USD',
      '2024-01-06 Assets:Broker 2 HOOL {10.00}',
      '2024-01-06 Assets:EUR -20.00 EUR',
      '2024-01-07 Assets:Broker -2 HOOL {10.00}',
      '2024-01-07 Assets:EUR 20.900 EUR',
      '2024-01-07 Equity:Trading:EUR -0.900 EUR',
      '2024-01-07 Assets:USD -1.00 USD',
      '2024-01-07 Equity:Trading:USD 1.00 USD',
    ]);
    expect(s.transactions[0].meta).toContainEqual({ key: 'currency_accounts_processed', kind: 'bool', text: 'TRUE' });
  });
});

describe('ira_contribs', () => {
  it('adds the tracking postings for normal-signed postings on listed accounts (with the key flag), {year} filled', () => {
    const s = ledger(`plugin "beancount.plugins.ira_contribs" "{
    'currency': 'IRAUSD',
    'flag': 'M',
    'accounts': {
        'Income:US:Acme:Match401k': ('Assets:US:Fed:Match401k', 'Expenses:Taxes:TY{year}:Fed:Match401k'),
        ('C', 'Assets:US:Fidelity:Cash'): ('Assets:US:Fed:PreTax401k', 'Expenses:Taxes:TY{year}:Fed:PreTax401k'),
    }
}"
plugin "beancount.plugins.auto_accounts"
2024-01-05 * "Payroll"
  Income:US:Acme:Match401k  -500.00 USD
  C Assets:US:Fidelity:Cash  1000.00 USD
  Assets:US:Bank
2024-01-06 * "Withdrawal"
  Assets:US:Fidelity:Cash  -100.00 USD
  Assets:US:Bank
`);
    expect(errs(s)).toEqual([]);
    expect(rows(s)).toEqual([
      '2024-01-05 Income:US:Acme:Match401k -500.00 USD',
      '2024-01-05 Assets:US:Fidelity:Cash 1000.00 USD',
      '2024-01-05 Assets:US:Bank -500.00 USD',
      '2024-01-05 Assets:US:Fed:Match401k -500.00 IRAUSD',
      '2024-01-05 Expenses:Taxes:TY2024:Fed:Match401k 500.00 IRAUSD',
      '2024-01-05 Assets:US:Fed:PreTax401k -1000.00 IRAUSD',
      '2024-01-05 Expenses:Taxes:TY2024:Fed:PreTax401k 1000.00 IRAUSD',
      '2024-01-06 Assets:US:Fidelity:Cash -100.00 USD',
      '2024-01-06 Assets:US:Bank 100.00 USD',
    ]);
    expect(s.postings[3].flag).toBe('M');
  });
});

describe('book_conversions', () => {
  it('turns price conversions into FIFO lots with the gains booked on the income account; an unmatched sale is an error', () => {
    // bean-check 2.3.5 on this text: line 16 "Could not match position ..." and line 15 "Transaction does not
    // balance: (534.93195300 USD)" (the other posting keeps the amount interpolated before the plugin ran).
    const s = ledger(`plugin "beancount.plugins.book_conversions" "Assets:Bitcoin,Income:Bitcoin"
2015-01-01 open Assets:Bank
2015-01-01 open Assets:Bitcoin
2015-01-01 open Income:Bitcoin
2015-01-01 open Expenses:Something
2015-09-04 * "Buy some bitcoins"
  Assets:Bank          -1000.00 USD
  Assets:Bitcoin       4.333507 BTC @ 230.76 USD
2015-09-05 * "Buy some more bitcoins at a different price"
  Assets:Bank          -1000.00 USD
  Assets:Bitcoin       4.345747 BTC @ 230.11 USD
2015-09-20 * "Use (sell) some bitcoins"
  Assets:Bitcoin       -6.000000 BTC @ 230.50 USD
  Expenses:Something
2015-09-21 * "Too much"
  Assets:Bitcoin       -5.000000 BTC @ 230.50 USD
  Expenses:Something
`);
    expect(errs(s)).toEqual([
      'UnbalancedTransaction@15: Transaction does not balance: (534.93195300 USD)',
      'BookConversionError@16: Could not match position Assets:Bitcoin -5.000000 BTC @ 230.50 USD',
    ]);
    // bean-query: the same rows (its trade links are random UUIDs).
    expect(
      s.postings
        .filter((p) => p.account !== 'Assets:Bank')
        .map((p) => `${formatDate(p.txn.date)} ${p.account} ${p.units.number} ${p.units.currency}${p.cost ? ` {${p.cost.number}}` : ''} ${p.meta.find((m) => m.key === 'trades')?.text ?? ''}`),
    ).toEqual([
      '2015-09-04 Assets:Bitcoin 4.333507 BTC {230.76} trade-1',
      '2015-09-05 Assets:Bitcoin 4.345747 BTC {230.11} trade-2,trade-3',
      '2015-09-20 Assets:Bitcoin -4.333507 BTC {230.76} trade-1',
      '2015-09-20 Assets:Bitcoin -1.666493 BTC {230.11} trade-2',
      '2015-09-20 Income:Bitcoin 0.47677955 USD ',
      '2015-09-20 Expenses:Something 1383.00000000 USD ',
      '2015-09-21 Assets:Bitcoin -2.679254 BTC {230.11} trade-3',
      '2015-09-21 Income:Bitcoin -1.04490906 USD ',
      '2015-09-21 Expenses:Something 1152.50000000 USD ',
    ]);
  });
});

describe('fava.plugins.link_documents', () => {
  // Fava is not installed on the build machines: the expectations follow Fava's plugin source
  // (a document found by file name under one of the directive's accounts, or by path).
  it('links a transaction to the documents its metadata names, tags them #linked, and reports unknown ones', () => {
    const s = ledger(`plugin "fava.plugins.link_documents"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-02 document Expenses:Food "receipts/lunch.pdf"
2024-01-02 document Assets:Bank "other/lunch.pdf"
2024-01-03 * "Lunch"
  document: "lunch.pdf"
  document2: "missing.pdf"
  Expenses:Food  5 USD
  Assets:Bank
`);
    expect(errs(s)).toEqual(["DocumentError@6: Document not found: 'missing.pdf'"]);
    const t = s.transactions[0];
    expect(t.links).toHaveLength(1);
    expect(t.links[0]).toMatch(/^[0-9a-f]{8}$/);
    const docs = s.entries.filter((e) => e.type === 'document').map((e) => e.directive as import('../../../../engine/ledger/ast').DocumentAst);
    // Both documents are named lunch.pdf and stand under an account of the transaction.
    expect(docs.map((d) => [d.filename, d.links, d.tags])).toEqual([
      ['receipts/lunch.pdf', t.links, ['linked']],
      ['other/lunch.pdf', t.links, ['linked']],
    ]);
  });
});

describe('split_expenses with a total price', () => {
  it('splits at the per-unit price (bean-query: 8.765 EUR @ 1.099828864803194523673702225 USD each, no error)', () => {
    const s = ledger(`plugin "beancount.plugins.split_expenses" "A B"
2021-01-01 open Expenses:Financial:Interest
2021-01-01 open Liabilities:Card
2021-01-02 * "Chase" "commissions"
  Expenses:Financial:Interest  17.53 EUR @@ 19.28 USD
  Liabilities:Card  -19.28 USD
`);
    expect(errs(s)).toEqual([]);
    expect(rows(s)).toEqual([
      '2021-01-02 Expenses:Financial:Interest:A 8.765 EUR @ 1.099828864803194523673702225',
      '2021-01-02 Expenses:Financial:Interest:B 8.765 EUR @ 1.099828864803194523673702225',
      '2021-01-02 Liabilities:Card -19.28 USD',
    ]);
  });
});
