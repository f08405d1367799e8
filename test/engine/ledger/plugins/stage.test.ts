/**
 * The plugin stage as a whole: unknown plugins, bad configs, short names, Beancount's ops names,
 * files read by merge_meta, check_average_cost, and one ledger enabling many plugins at once.
 * Each ledger was checked with Debian's bean-check / bean-query 2.3.5 on the same text; where the
 * app differs on purpose the comment says so.
 */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../../engine/dates';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { ledger, ROOT } from '../ledger-text';

const errs = (s: Snapshot) => s.errors.map((e) => `${e.kind}@${e.src?.line ?? '-'}: ${e.message}`);

describe('plugin stage', () => {
  it("an unknown plugin is one error on its line naming the README; the rest loads (bean-check: 'Error importing')", () => {
    const s = ledger(`plugin "my_books.plugins.rename" "{'a': 'b'}"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-02 * "Eat"
  Assets:Bank  -5 USD
  Expenses:Food
`);
    expect(errs(s)).toEqual([
      'UnsupportedPlugin@1: Plugin "my_books.plugins.rename" is not run: this app runs only the plugins listed in its README (section Plugins), natively; the rest of the ledger is loaded without it',
    ]);
    expect(s.transactions.length).toBe(1);
  });
  it('a bad config stops only that plugin; the next one runs', () => {
    const s = ledger(`plugin "beancount.plugins.divert_expenses" "{'tag': 'kid'"
plugin "beancount.plugins.nounused"
2024-01-01 open Assets:Unused
`);
    expect(s.errors.map((e) => `${e.kind}@${e.src?.line}`)).toEqual(['PluginConfigError@1', 'UnusedAccountError@3']);
  });
  it("accepts short names and Beancount's ops modules (the engine pads, checks balances and documents anyway)", () => {
    const s = ledger(`plugin "beancount.ops.pad"
plugin "beancount.ops.balance"
plugin "beancount.ops.documents"
plugin "nounused"
2024-01-01 open Assets:Bank
2024-01-01 open Equity:Opening
2024-01-01 open Assets:Idle
2024-01-01 pad Assets:Bank Equity:Opening
2024-01-02 balance Assets:Bank  10 USD
`);
    // bean-check (where the short name would be an import error) reports "Unused Pad entry" here, an artefact
    // of running its pad stage twice when it is also named explicitly; the app runs it once.
    expect(errs(s)).toEqual(["UnusedAccountError@7: Unused account 'Assets:Idle'"]);
    expect(s.balances[0].passed).toBe(true);
  });
  it('auto adds opens and implicit prices', () => {
    const s = ledger(`plugin "beancount.plugins.auto"
2024-01-02 * "Buy"
  Assets:Broker  2 HOOL {10.00 USD}
  Assets:Bank
`);
    expect(errs(s)).toEqual([]);
    expect(s.prices.map((p) => `${formatDate(p.date)} ${p.currency} ${p.amount.number} ${p.amount.currency}`)).toEqual(['2024-01-02 HOOL 10.00 USD']);
    expect(s.entries.filter((e) => e.type === 'open').map((e) => e.accounts[0])).toEqual(['Assets:Bank', 'Assets:Broker']);
  });
});

describe('merge_meta', () => {
  const main = `plugin "beancount.plugins.merge_meta" "other.beancount"
2024-01-01 open Assets:Bank
  owner: "me"
2024-01-01 commodity HOOL
`;
  const other = `2024-01-01 open Assets:Bank
  owner: "both"
  bank: "ACME"
2024-01-01 commodity HOOL
  name: "Hooli"
2024-01-01 open Assets:Other
  bank: "X"
`;
  it("merges the other file's open and commodity metadata (its values win); its accounts are not added", () => {
    // Beancount 2.3.5 (loader.load_file): Open Assets:Bank {'owner': 'both', 'bank': 'ACME'}, Commodity HOOL {'name': 'Hooli'}.
    const s = ledger(main, { files: { [`${ROOT}/other.beancount`]: other } });
    expect(errs(s)).toEqual([]);
    const open = s.entries.find((e) => e.type === 'open')!.directive;
    expect(open.meta.map((m) => `${m.key}=${m.text}`)).toEqual(['owner=both', 'bank=ACME']);
    expect(s.commodities[0].meta.map((m) => `${m.key}=${m.text}`)).toEqual(['name=Hooli']);
    expect(s.accounts.has('Assets:Other')).toBe(false);
  });
  it('a missing file is one error on the plugin line', () => {
    const s = ledger(main);
    expect(errs(s)).toEqual([`MergeMetaError@1: merge_meta: cannot read ${ROOT}/other.beancount; no metadata is merged`]);
  });
});

describe('check_average_cost', () => {
  it('reports a reduction on a NONE account too far from the average cost (28-digit average, as bean-check prints)', () => {
    const s = ledger(`plugin "beancount.plugins.check_average_cost"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Broker "NONE"
2024-01-01 open Income:Gains
2024-01-02 * "Buy"
  Assets:Broker  10 HOOL {100.00 USD}
  Assets:Bank
2024-01-03 * "Buy"
  Assets:Broker  10 HOOL {110.00 USD}
  Assets:Bank
2024-02-01 * "Sell near the average"
  Assets:Broker  -2 HOOL {105.50 USD}
  Assets:Bank  211.00 USD
2024-02-02 * "Sell far from it"
  Assets:Broker  -2 HOOL {100.00 USD}
  Assets:Bank  200.00 USD
`);
    expect(errs(s)).toEqual(['MatchBasisError@14: Cost basis on reducing posting is too far from the average cost (100.00 vs. 104.9444444444444444444444444)']);
  });
  it('a config that is not a float is a config error', () => {
    expect(errs(ledger('plugin "beancount.plugins.check_average_cost" "1"\n'))[0]).toMatch(/^PluginConfigError@1: .*must be a float, found an int/);
  });
});

describe('many plugins at once', () => {
  it('a clean ledger stays clean (bean-check: no errors) and the plugins act together', () => {
    const s = ledger(`
plugin "beancount.plugins.implicit_prices"
plugin "beancount.plugins.check_commodity"
plugin "beancount.plugins.leafonly"
plugin "beancount.plugins.noduplicates"
plugin "beancount.plugins.nounused"
plugin "beancount.plugins.onecommodity" "Assets:Bank"
plugin "beancount.plugins.unique_prices"
plugin "beancount.plugins.coherent_cost"
plugin "beancount.plugins.sellgains"
plugin "beancount.plugins.check_closing"
plugin "beancount.plugins.exclude_tag"
plugin "beancount.plugins.mark_unverified"
plugin "beancount.plugins.forecast"
2024-01-01 commodity USD
2024-01-01 commodity HOOL
2024-01-01 open Assets:Bank:Checking USD
2024-01-01 open Assets:Broker:HOOL
2024-01-01 open Income:Gains
2024-01-01 open Expenses:Food
2024-01-01 open Equity:Opening
2024-01-01 pad Assets:Bank:Checking Equity:Opening
2024-01-02 balance Assets:Bank:Checking  5000.00 USD
2024-01-03 * "Buy"
  Assets:Broker:HOOL  10 HOOL {100.00 USD}
  Assets:Bank:Checking
2024-01-04 * "Lunch"
  Expenses:Food  12.50 USD
  Assets:Bank:Checking
2024-01-05 * "Dream" #virtual
  Expenses:Food  1000.00 USD
  Assets:Bank:Checking
2024-02-01 * "Sell all"
  Assets:Broker:HOOL  -10 HOOL {100.00 USD} @ 120.00 USD
    closing: TRUE
  Assets:Bank:Checking  1200.00 USD
  Income:Gains
2024-02-02 price HOOL 121.00 USD
2024-03-01 # "Groceries [MONTHLY REPEAT 2 TIMES]"
  Expenses:Food  50.00 USD
  Assets:Bank:Checking
2024-05-01 balance Assets:Bank:Checking  5087.50 USD
`);
    expect(errs(s)).toEqual([]);
    expect(s.postings.filter((p) => p.account === 'Assets:Bank:Checking').map((p) => `${formatDate(p.txn.date)} ${p.txn.narration} ${p.units.number}`)).toEqual([
      '2024-01-01 pad Equity:Opening to Assets:Bank:Checking 5000.00',
      '2024-01-03 Buy -1000.00',
      '2024-01-04 Lunch -12.50',
      '2024-02-01 Sell all 1200.00',
      '2024-03-01 Groceries -50.00',
      '2024-04-01 Groceries -50.00',
    ]);
    expect(s.balances.map((b) => `${formatDate(b.date)} ${b.account} ${b.amount.number} ${b.passed}`)).toEqual([
      '2024-01-02 Assets:Bank:Checking 5000.00 true',
      '2024-02-02 Assets:Broker:HOOL 0 true',
      '2024-05-01 Assets:Bank:Checking 5087.50 true',
    ]);
    expect(new Set(s.entries.map((e) => e.id)).size).toBe(s.entries.length);
  });
});

describe('each plugin passes a clean ledger', () => {
  // The same ledger under each plugin, bean-check 2.3.5 clean for every one of them: a duplicate-looking
  // transaction that differs in its postings, two agreeing prices (11.00 and 11.0), a sale whose proceeds
  // match its price, an opened account holding one currency each, no parent accounts in use.
  const base = `2024-01-01 commodity USD
2024-01-01 commodity HOOL
2024-01-01 open Assets:Bank USD
2024-01-01 open Assets:Broker HOOL
2024-01-01 open Income:Gains USD
2024-01-01 open Expenses:Food USD
2024-01-02 * "Buy"
  Assets:Broker  2 HOOL {10.00 USD}
  Assets:Bank
2024-01-03 * "Eat" "Lunch"
  Assets:Bank  -5.00 USD
  Expenses:Food
2024-01-04 * "Eat" "Lunch"
  Assets:Bank  -5.00 USD
  Expenses:Food  4.00 USD
  Expenses:Food  1.00 USD
2024-01-05 price HOOL 11.00 USD
2024-01-05 price HOOL 11.0 USD
2024-02-01 * "Sell"
  Assets:Broker  -2 HOOL {10.00 USD} @ 12.00 USD
  Assets:Bank  24.00 USD
  Income:Gains
2024-02-02 balance Assets:Bank  -6.00 USD
`;
  const names = [
    'check_commodity',
    'leafonly',
    'noduplicates',
    'nounused',
    'onecommodity',
    'unique_prices',
    'coherent_cost',
    'sellgains',
    'pedantic',
    'check_closing',
    'exclude_tag',
    'mark_unverified',
    'tag_pending',
    'forecast',
    'implicit_prices',
    'auto_accounts',
    'close_tree',
  ];
  it.each(names)('%s', (name) => {
    const s = ledger(`plugin "beancount.plugins.${name}"\n${base}`);
    expect(errs(s)).toEqual([]);
    expect(s.transactions.length).toBe(4);
  });
});

describe('a config given to a plugin that takes none', () => {
  it('is one error and the plugin is not run (bean-check: "Error applying plugin ... takes 2 positional arguments")', () => {
    const s = ledger(`plugin "beancount.plugins.nounused" "yes"
2024-01-01 open Assets:Idle
`);
    expect(errs(s)).toEqual(['PluginConfigError@1: Invalid configuration for plugin "beancount.plugins.nounused": this plugin takes no configuration; the plugin is not run']);
  });
});

describe('a plugin that needs a config, without one', () => {
  it('is one error and the plugin is not run (bean-check: "missing 1 required positional argument")', () => {
    const s = ledger(`plugin "beancount.plugins.currency_accounts"
2024-01-01 open Assets:USD
2024-01-01 open Assets:EUR
2024-01-05 * "Exchange"
  Assets:EUR  100.00 EUR @ 1.10 USD
  Assets:USD
`);
    expect(errs(s)).toEqual([
      'PluginConfigError@1: Invalid configuration for plugin "beancount.plugins.currency_accounts": the base account is required (write "Equity:CurrencyAccounts" for the default); the plugin is not run',
    ]);
    expect(s.postings.map((p) => p.account)).toEqual(['Assets:EUR', 'Assets:USD']);
  });
});

describe('ids of directives made or copied by plugins', () => {
  it('stay distinct and stable across loads when a transform changes copies another made', () => {
    const text = `plugin "beancount.plugins.forecast"
plugin "beancount.plugins.mark_unverified"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Rent
2024-01-01 balance Assets:Bank  0 USD
2024-01-31 # "Rent [MONTHLY REPEAT 3 TIMES]"
  Expenses:Rent  100 USD
  Assets:Bank
`;
    const a = ledger(text);
    const b = ledger(text);
    expect(a.transactions.map((t) => t.postings[1].meta.map((m) => m.key))).toEqual([['unverified'], ['unverified'], ['unverified']]);
    expect(new Set(a.entries.map((e) => e.id)).size).toBe(a.entries.length);
    expect(a.entries.map((e) => e.id)).toEqual(b.entries.map((e) => e.id));
  });
});
