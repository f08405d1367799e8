/**
 * Plugins that only report errors. Every ledger below was also checked with Debian's bean-check
 * 2.3.5 (the same text in a scratch file): the error lines and messages expected here are the ones
 * bean-check printed, except where a comment says how this app differs (check_commodity places
 * its error on the first use instead of "<check_commodity>:0"; messages say where the other
 * directive is).
 */
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { ledger } from '../ledger-text';

/** Errors as `kind@line: message`. */
const errs = (s: Snapshot) => s.errors.map((e) => `${e.kind}@${e.src?.line ?? '-'}: ${e.message}`);

describe('check_commodity', () => {
  it('reports each currency used without a commodity directive once, at its first use', () => {
    // bean-check: "<check_commodity>:0: Missing Commodity directive for 'HOOL'" and the same for 'EUR'.
    const s = ledger(`plugin "beancount.plugins.check_commodity"
2024-01-01 commodity USD
2024-01-01 open Assets:Bank USD
2024-01-01 open Assets:Broker
2024-01-01 open Expenses:Food
2024-01-02 * "Buy"
  Assets:Broker  2 HOOL {10 USD}
  Assets:Bank
2024-01-03 price EUR 1.1 USD
`);
    expect(errs(s)).toEqual([
      "CheckCommodityError@6: Missing Commodity directive for 'HOOL'",
      "CheckCommodityError@9: Missing Commodity directive for 'EUR'",
    ]);
  });
  it('passes when every currency is declared', () => {
    const s = ledger(`plugin "beancount.plugins.check_commodity"
2024-01-01 commodity USD
2024-01-01 commodity HOOL
2024-01-01 open Assets:Bank USD
2024-01-01 open Assets:Broker
2024-01-02 * "Buy"
  Assets:Broker  2 HOOL {10 USD}
  Assets:Bank
`);
    expect(errs(s)).toEqual([]);
  });
});

describe('leafonly', () => {
  it('reports an account with sub-accounts that is used, on its open (its open alone counts)', () => {
    const text = (extra: string) => `plugin "beancount.plugins.leafonly"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Bank:Checking
2024-01-01 open Expenses:Food
2024-01-02 * "x"
  Assets:Bank:Checking  -5 USD
  Expenses:Food
${extra}`;
    expect(errs(ledger(text('')))).toEqual(["LeafOnlyError@2: Non-leaf account 'Assets:Bank' has postings on it"]);
    expect(errs(ledger(text('2024-01-03 * "y"\n  Assets:Bank  -5 USD\n  Expenses:Food\n')))).toEqual([
      "LeafOnlyError@2: Non-leaf account 'Assets:Bank' has postings on it",
    ]);
  });
  it('passes a ledger that uses only leaves', () => {
    const s = ledger(`plugin "beancount.plugins.leafonly"
2024-01-01 open Assets:Bank:Checking
2024-01-01 open Expenses:Food
2024-01-02 * "x"
  Assets:Bank:Checking  -5 USD
  Expenses:Food
`);
    expect(errs(s)).toEqual([]);
  });
});

describe('noduplicates', () => {
  it('reports a transaction equal to an earlier one but for metadata; other numbers or prices are not duplicates', () => {
    // bean-check: line 7 "Duplicate entry: ..." (the 5.0 USD one differs; repeated prices are allowed).
    const s = ledger(`plugin "beancount.plugins.noduplicates"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-02 * "Eat" "Lunch"
  Assets:Bank  -5.00 USD
  Expenses:Food
2024-01-02 * "Eat" "Lunch"
  memo: "differs only in metadata"
  Assets:Bank  -5.00 USD
  Expenses:Food
2024-01-02 * "Eat" "Lunch"
  Assets:Bank  -5.0 USD
  Expenses:Food
2024-01-03 price HOOL 10 USD
2024-01-03 price HOOL 10 USD
`);
    expect(errs(s)).toEqual(['DuplicateEntry@7: Duplicate entry: this transaction is the same as the one on line 4']);
  });
  it('compares other directives by their fields (bean-check: duplicates on lines 5, 7, 9, 11)', () => {
    const s = ledger(`plugin "beancount.plugins.noduplicates"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-03 balance Assets:Bank  0 USD
2024-01-03 balance Assets:Bank  0 USD
2024-01-04 note Assets:Bank "hello"
2024-01-04 note Assets:Bank "hello"
2024-01-05 event "location" "Paris"
2024-01-05 event "location" "Paris"
2024-01-06 custom "x" 1
2024-01-06 custom "x" 1
2024-01-06 custom "x" 2
`);
    expect(errs(s)).toEqual([
      'DuplicateEntry@5: Duplicate entry: this balance is the same as the one on line 4',
      'DuplicateEntry@7: Duplicate entry: this note is the same as the one on line 6',
      'DuplicateEntry@9: Duplicate entry: this event is the same as the one on line 8',
      'DuplicateEntry@11: Duplicate entry: this custom is the same as the one on line 10',
    ]);
  });
});

describe('nounused', () => {
  it('reports accounts opened and never used; a close counts as a use', () => {
    const s = ledger(`plugin "beancount.plugins.nounused"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Unused
2024-01-01 open Assets:Closed
2024-01-01 open Expenses:Food
2024-01-02 * "Eat"
  Assets:Bank  -5 USD
  Expenses:Food
2024-02-01 close Assets:Closed
`);
    expect(errs(s)).toEqual(["UnusedAccountError@3: Unused account 'Assets:Unused'"]);
  });
});

describe('onecommodity', () => {
  it('reports accounts with two currencies on the last directive touching them; onecommodity: FALSE skips', () => {
    // bean-check reports the same three lines (its unbalanced message lists the currencies in another order).
    const s = ledger(`plugin "beancount.plugins.onecommodity"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Multi
  onecommodity: FALSE
2024-01-01 open Expenses:Food
2024-01-02 * "Eat"
  Assets:Bank  -5 USD
  Expenses:Food
2024-01-03 * "Eat"
  Assets:Bank  -5 EUR
  Expenses:Food
2024-01-04 * "Multi"
  Assets:Multi  -5 EUR
  Assets:Multi   5 USD
  Expenses:Food  0 USD
`);
    expect(errs(s).filter((e) => e.startsWith('OneCommodity'))).toEqual([
      "OneCommodityError@9: More than one currency in account 'Assets:Bank': EUR,USD",
      "OneCommodityError@12: More than one currency in account 'Expenses:Food': EUR,USD",
    ]);
    expect(s.errors.map((e) => e.src?.line)).toEqual([9, 12, 12]);
  });
  it('checks only the accounts matching the configured expression', () => {
    const text = (re: string) => `plugin "beancount.plugins.onecommodity" "${re}"
2024-01-01 open Assets:Bank
2024-01-01 open Expenses:Food
2024-01-02 * "Eat"
  Assets:Bank  -5 USD
  Expenses:Food
2024-01-03 * "Eat"
  Assets:Bank  -5 EUR
  Expenses:Food
`;
    expect(errs(ledger(text('Expenses:.*')))).toEqual(["OneCommodityError@7: More than one currency in account 'Expenses:Food': EUR,USD"]);
    expect(errs(ledger(text('Income')))).toEqual([]);
    expect(errs(ledger(text('(')))[0]).toMatch(/^PluginConfigError@1: Invalid configuration for plugin "beancount.plugins.onecommodity": invalid regular expression/);
  });
});

describe('unique_prices', () => {
  it('reports disagreeing prices of one day (10.0 and 10.00 agree; another quote currency is another pair)', () => {
    const s = ledger(`plugin "beancount.plugins.unique_prices"
2024-01-01 price HOOL 10.0 USD
2024-01-01 price HOOL 10.00 USD
2024-01-02 price HOOL 10 USD
2024-01-02 price HOOL 11 USD
2024-01-02 price HOOL 11 EUR
`);
    expect(errs(s)).toEqual(['UniquePricesError@4: Disagreeing price entries for HOOL in USD on 2024-01-02: 10, 11']);
  });
});

describe('coherent_cost', () => {
  it('reports a currency held both at cost and without, on the first use without cost', () => {
    const s = ledger(`plugin "beancount.plugins.coherent_cost"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Broker
2024-01-02 * "Buy"
  Assets:Broker  2 HOOL {10 USD}
  Assets:Bank
2024-01-03 * "Move"
  Assets:Broker  1 HOOL
  Assets:Bank   -1 HOOL
`);
    expect(errs(s)).toEqual(["CoherentCostError@7: Currency 'HOOL' is used both with and without cost (with cost on line 4)"]);
  });
});

describe('sellgains', () => {
  it('checks sale proceeds against the price total, Income aside, Expenses counted', () => {
    const s = ledger(`plugin "beancount.plugins.sellgains"
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Broker
2024-01-01 open Income:Gains
2024-01-01 open Expenses:Fees
2024-01-02 * "Buy"
  Assets:Broker  10 HOOL {100.00 USD}
  Assets:Bank
2024-02-01 * "Sell right"
  Assets:Broker  -5 HOOL {100.00 USD} @ 120.00 USD
  Assets:Bank    590.00 USD
  Expenses:Fees   10.00 USD
  Income:Gains
2024-02-02 * "Sell wrong"
  Assets:Broker  -5 HOOL {100.00 USD} @ 120.00 USD
  Assets:Bank    580.00 USD
  Income:Gains
`);
    expect(errs(s)).toEqual(['SellGainsError@14: Invalid price vs. proceeds/gains: (600.00 USD) vs. (580.00 USD)']);
  });
});

describe('commodity_attr', () => {
  it('reports missing and invalid attributes', () => {
    const s = ledger(`plugin "beancount.plugins.commodity_attr" "{'name': None, 'class': ('Stock', 'Bond')}"
2024-01-01 commodity HOOL
  name: "Hooli"
  class: "Stock"
2024-01-01 commodity BND
  class: "Cash"
`);
    expect(errs(s)).toEqual([
      "CommodityError@5: Missing attribute 'name' for Commodity directive BND",
      "CommodityError@5: Invalid value 'Cash' for attribute class, Commodity directive BND; valid options: Stock, Bond",
    ]);
  });
  it('a config that is not a dict is one error on the plugin line (bean-check: "Invalid configuration ... skipping")', () => {
    const s = ledger(`plugin "beancount.plugins.commodity_attr" "['name']"
2024-01-01 commodity BND
`);
    expect(errs(s)).toEqual([
      'PluginConfigError@1: Invalid configuration for plugin "beancount.plugins.commodity_attr": expected a dict, found a list; the plugin is not run',
    ]);
  });
});

describe('pedantic', () => {
  it('runs the checks of its set', () => {
    const s = ledger(`plugin "beancount.plugins.pedantic"
2024-01-01 commodity USD
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Idle
2024-01-01 open Expenses:Food
2024-01-02 * "Eat"
  Assets:Bank  -5 USD
  Expenses:Food
2024-01-03 * "Eat"
  Assets:Bank  -5 EUR
  Expenses:Food
`);
    expect(s.errors.map((e) => `${e.kind}@${e.src?.line}`)).toEqual([
      'UnusedAccountError@4',
      'CheckCommodityError@9',
      'OneCommodityError@9',
      'OneCommodityError@9',
    ]);
  });
});
