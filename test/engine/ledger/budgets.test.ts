/**
 * Budgets on small text ledgers loaded through loadLedger (zhang format unless said otherwise).
 * Every figure is computed by hand from spec document 2, "Budget tables" and "States and
 * transitions". `today` is the clock of the load, in UTC.
 */
import { describe, expect, it } from 'vitest';
import { formatDate, parseDate, type DayNum } from '../../../engine/dates';
import { describeLongestSeries, type BudgetMonthRow } from '../../../engine/ledger/budgets';
import { BudgetErrorKind } from '../../../engine/ledger/errors';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { ledger, ROOT } from './ledger-text';

const day = (s: string): DayNum => {
  const d = parseDate(s);
  if (d === null) throw new Error(`bad date ${s}`);
  return d;
};

const BUDGET_KINDS = new Set<string>(Object.values(BudgetErrorKind));

/** Loads a zhang ledger as of `today`; any error outside the budget stage fails the test. */
function load(text: string, today: string, format: 'zhang' | 'beancount' = 'zhang'): Snapshot {
  const s = ledger(text, { format, now: new Date(`${today}T12:00:00Z`) });
  expect(s.errors.filter((e) => !BUDGET_KINDS.has(e.kind)).map((e) => e.message)).toEqual([]);
  return s;
}

/** 1-based line of the first line of `text` containing `needle`. */
function lineOf(text: string, needle: string): number {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`no line with ${needle}`);
  return i + 1;
}

/** A month row as one line of text: name | month | assigned | added | activity | available | closed. */
function show(r: BudgetMonthRow): string {
  return [
    r.name,
    formatDate(r.date),
    `${r.assigned.number} ${r.assigned.currency}`,
    `${r.added.number}`,
    `${r.activity.number}`,
    `${r.available.number}`,
    r.closed,
  ].join(' | ');
}

const rows = (s: Snapshot) => [...s.budgets.months()].map(show);

describe('monthly rows', () => {
  const text = `
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
  budget: "Food"
2024-01-10 budget Food USD
  alias: "Groceries"
  category: "Living"
  alias: "second alias ignored"
2024-01-10 budget-add Food 300 USD
2024-01-12 * "Market"
  Expenses:Food  50.00 USD
  Assets:Cash
2024-02-03 * "Market"
  Expenses:Food  120.50 USD
  Assets:Cash
2024-03-01 budget-add Food 100 USD
2024-03-15 * "Market"
  Expenses:Food  30 USD
  Assets:Cash
`;

  it('carries available from month to month through the current month', () => {
    const s = load(text, '2024-04-15');
    expect(s.errors).toEqual([]);
    expect(rows(s)).toEqual([
      // assigned = carried + added; available = assigned - activity
      'Food | 2024-01-01 | 300 USD | 300 | 50.00 | 250.00 | false',
      'Food | 2024-02-01 | 250.00 USD | 0 | 120.50 | 129.50 | false',
      'Food | 2024-03-01 | 229.50 USD | 100 | 30 | 199.50 | false',
      'Food | 2024-04-01 | 199.50 USD | 0 | 0 | 199.50 | false',
    ]);
    const march = [...s.budgets.months()][2];
    expect(march).toMatchObject({ year: 2024, month: 3, alias: 'Groceries', category: 'Living', currency: 'USD' });
    expect(march.accounts).toEqual(['Expenses:Food']);
    expect(march.meta.map((m) => m.key)).toEqual(['alias', 'category', 'alias']);
    expect(s.budgets.definitions().map((d) => [d.name, formatDate(d.date), d.currency, d.alias, d.category, d.accounts, d.close])).toEqual([
      ['Food', '2024-01-10', 'USD', 'Groceries', 'Living', ['Expenses:Food'], null],
    ]);
  });

  it('ends at the latest of the last budget directive, the last transaction and the current month', () => {
    // today in January: the March transaction and budget-add end the series
    expect(rows(load(text, '2024-01-20')).map((r) => r.split(' | ')[1])).toEqual(['2024-01-01', '2024-02-01', '2024-03-01']);
    // a budget-add in June ends it
    const withAdd = rows(load(text + '2024-06-30 budget-add Food 5 USD\n', '2024-01-20'));
    expect(withAdd.length).toBe(6);
    expect(withAdd[5]).toBe('Food | 2024-06-01 | 204.50 USD | 5 | 0 | 204.50 | false');
    // a transaction in August (not touching the budget) ends it too
    const withTxn = load(text + '2024-08-02 * "Other"\n  Assets:Cash  0 USD\n', '2024-01-20');
    expect(rows(withTxn).at(-1)).toBe('Food | 2024-08-01 | 199.50 USD | 0 | 0 | 199.50 | false');
    // the current month can be given at query time
    expect([...load(text, '2024-01-20').budgets.months({ today: day('2024-05-02') })].length).toBe(5);
  });

  it('lets available go negative when overspent and carries the debt; a refund lowers activity', () => {
    const s = load(
      `
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Fun
  budget: "Fun"
2024-01-01 budget Fun EUR
2024-01-01 budget-add Fun 40.00 EUR
2024-01-20 * "Concert"
  Expenses:Fun  65.25 EUR
  Assets:Cash
2024-02-01 budget-add Fun 40.00 EUR
2024-02-10 * "Refund"
  Expenses:Fun  -5.00 EUR
  Assets:Cash
`,
      '2024-02-10',
    );
    expect(rows(s)).toEqual([
      'Fun | 2024-01-01 | 40.00 EUR | 40.00 | 65.25 | -25.25 | false',
      'Fun | 2024-02-01 | 14.75 EUR | 40.00 | -5.00 | 19.75 | false',
    ]);
  });

  it('orders rows by budget name, then month, whatever the order of definition', () => {
    const s = load(
      `
2024-01-01 budget Apple USD
2024-01-15 budget Mango USD
2024-02-01 budget Zoo USD
2024-02-01 budget Banana USD
`,
      '2024-02-05',
    );
    expect([...s.budgets.months()].map((r) => `${r.name} ${formatDate(r.date)}`)).toEqual([
      'Apple 2024-01-01',
      'Apple 2024-02-01',
      'Banana 2024-02-01',
      'Mango 2024-01-01',
      'Mango 2024-02-01',
      'Zoo 2024-02-01',
    ]);
    expect(s.budgets.definitions().map((d) => d.name)).toEqual(['Apple', 'Banana', 'Mango', 'Zoo']);
  });
});

describe('transfers and closes', () => {
  const text = `
2024-01-01 budget Food USD
  owner: "me"
2024-01-01 budget Fun USD
2024-01-01 budget-add Food 300 USD
  note: "salary"
2024-02-02 10:30 budget-transfer Food Fun 50.00 USD
2024-03-31 budget-close Fun
2024-06-01 budget-close Fun
`;

  it('gives a transfer two event rows and moves added from one budget to the other', () => {
    const s = load(text, '2024-03-10');
    expect(s.errors).toEqual([]);
    const ev = s.budgets.events().map((e) => [e.name, formatDate(e.date), e.time, e.type, e.amount ? `${e.amount.number} ${e.amount.currency}` : null]);
    expect(ev).toEqual([
      ['Food', '2024-01-01', 0, 'assign', '300 USD'],
      ['Food', '2024-02-02', 37800, 'transfer_out', '-50.00 USD'],
      ['Fun', '2024-02-02', 37800, 'transfer_in', '50.00 USD'],
      ['Fun', '2024-03-31', 0, 'close', null],
    ]);
    // Unix seconds of 2024-02-02 10:30 UTC
    expect(s.budgets.events()[1].timestamp).toBe(Date.UTC(2024, 1, 2, 10, 30) / 1000);
    // the event reads its own directive's metadata; the budget's is there too
    expect(s.budgets.events()[0].meta.map((m) => [m.key, m.text])).toEqual([['note', 'salary']]);
    expect(s.budgets.events()[0].budgetMeta.map((m) => [m.key, m.text])).toEqual([['owner', 'me']]);
    expect(rows(s)).toEqual([
      'Food | 2024-01-01 | 300 USD | 300 | 0 | 300 | false',
      'Food | 2024-02-01 | 250.00 USD | -50.00 | 0 | 250.00 | false',
      'Food | 2024-03-01 | 250.00 USD | 0 | 0 | 250.00 | false',
      'Fun | 2024-01-01 | 0 USD | 0 | 0 | 0 | false',
      'Fun | 2024-02-01 | 50.00 USD | 50.00 | 0 | 50.00 | false',
      'Fun | 2024-03-01 | 50.00 USD | 0 | 0 | 50.00 | true',
    ]);
  });

  it('records the first close only: later closes change nothing and do not extend the months', () => {
    const s = load(text, '2024-04-10');
    const fun = s.budgets.definitions().find((d) => d.name === 'Fun')!;
    expect(formatDate(fun.close!)).toBe('2024-03-31');
    expect(s.budgets.definitions().find((d) => d.name === 'Food')!.close).toBeNull();
    expect(s.budgets.events().filter((e) => e.type === 'close').length).toBe(1);
    expect([...s.budgets.months()].filter((r) => r.name === 'Fun').map((r) => `${formatDate(r.date)} ${r.closed}`)).toEqual([
      '2024-01-01 false',
      '2024-02-01 false',
      '2024-03-01 true',
      '2024-04-01 true',
    ]);
  });

  it('reads Beancount custom budget directives the same way', () => {
    const s = load(
      `
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
  budget: "Food"
2024-01-01 custom "budget" "Food" "USD"
  alias: "Groceries"
2024-01-01 custom "budget" "Fun" "USD"
2024-01-02 custom "budget-add" "Food" 200.00 USD
2024-01-03 custom "budget-transfer" "Food" "Fun" 20.00 USD
2024-01-05 * "Market"
  Expenses:Food  12.30 USD
  Assets:Cash
2024-01-31 custom "budget-close" "Fun"
`,
      '2024-01-31',
      'beancount',
    );
    expect(rows(s)).toEqual([
      'Food | 2024-01-01 | 180.00 USD | 180.00 | 12.30 | 167.70 | false',
      'Fun | 2024-01-01 | 20.00 USD | 20.00 | 0 | 20.00 | true',
    ]);
    expect(s.budgets.definitions()[0].alias).toBe('Groceries');
  });
});

describe('activity in the budget commodity', () => {
  it('converts each posting at its own date, through the cost currency if needed, and leaves out the unconvertible', () => {
    const s = load(
      `
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Travel
  budget: "Trip"
2024-01-01 budget Trip EUR
2024-01-01 price USD 0.90 EUR
2024-01-10 price USD 0.95 EUR
2024-01-01 price ACME 110 USD
2024-01-01 price CHF 1.25 EUR
2024-01-05 * "Taxi"
  Expenses:Travel  10 USD
  Assets:Cash
2024-01-12 * "Hotel"
  Expenses:Travel  20 USD
  Assets:Cash
2024-01-13 * "Noodles"
  Expenses:Travel  1000 JPY
  Assets:Cash
2024-01-14 * "Museum"
  Expenses:Travel  3.5 EUR
  Assets:Cash
2024-01-15 * "Shares as a gift"
  Expenses:Travel  2 ACME {100 USD}
  Assets:Cash
2024-01-16 * "Gold as a gift"
  Expenses:Travel  1 GOLD {50 USD}
  Assets:Cash
2024-01-05 budget-add Trip 100 USD
2024-01-06 budget-add Trip 100 GBP
2024-01-07 budget-add Trip 8 CHF
`,
      '2024-01-20',
    );
    expect(s.errors).toEqual([]);
    const [jan] = [...s.budgets.months()];
    // 10 x 0.90 = 9.00; 20 x 0.95 = 19.00 (price of its own date); JPY: no price, left out;
    // 3.5 EUR as is; 2 ACME: no ACME->EUR price, so 2 x 110 = 220 USD x 0.95 = 209.00 through the
    // cost currency (the cost itself is not a price); GOLD: no price at all, left out.
    expect(`${jan.activity.number} ${jan.activity.currency}`).toBe('240.50 EUR');
    // 100 USD x 0.90 at the directive's date = 90.00; GBP unconvertible; 8 CHF x 1.25 = 10.00
    expect(jan.added.number.toString()).toBe('100.00');
    expect(jan.available.number.toString()).toBe('-140.50');
    // events keep the amounts as written
    expect(s.budgets.events().map((e) => `${e.amount!.number} ${e.amount!.currency}`)).toEqual(['100 USD', '100 GBP', '8 CHF']);
  });

  it('uses a price in the reverse direction', () => {
    const s = load(
      `
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Travel
  budget: "Trip"
2024-01-01 budget Trip USD
2024-01-01 price USD 0.80 EUR
2024-01-05 * "Taxi"
  Expenses:Travel  10 EUR
  Assets:Cash
`,
      '2024-01-20',
    );
    // 1 / 0.80 = 1.25 USD per EUR
    expect(`${[...s.budgets.months()][0].activity.number}`).toBe('12.50');
  });
});

describe('membership', () => {
  const text = `
2024-01-01 open Assets:Cash
2024-01-01 budget A USD
2024-01-01 budget B USD
2024-01-01 budget C USD
2024-01-01 open Expenses:Fun
  budget: "A"
2024-01-01 open Expenses:Dinner
  budget: "C"
  budget: "A"
  budget: "C"
2024-02-10 * "Bowling"
  Expenses:Fun  10 USD
  Assets:Cash
2024-02-20 close Expenses:Fun
2024-03-01 open Expenses:Fun
  budget: "B"
2024-03-10 * "Cinema"
  Expenses:Fun  7 USD
  Assets:Cash
2024-03-11 * "Dinner"
  Expenses:Dinner  4 USD
  Assets:Cash
`;

  it('answers account_budgets from the latest open on or before the date', () => {
    const b = load(text, '2024-03-31').budgets;
    expect(b.accountBudgets('Expenses:Fun', day('2023-12-31'))).toEqual([]);
    expect(b.accountBudgets('Expenses:Fun', day('2024-01-01'))).toEqual(['A']);
    expect(b.accountBudgets('Expenses:Fun', day('2024-02-29'))).toEqual(['A']);
    expect(b.accountBudgets('Expenses:Fun', day('2024-03-01'))).toEqual(['B']);
    expect(b.accountBudgets('Expenses:Dinner', day('2024-05-01'))).toEqual(['A', 'C']);
    expect(b.accountBudgets('Assets:Cash', day('2024-05-01'))).toEqual([]);
    expect(b.accountBudgets('Expenses:Unknown', day('2024-05-01'))).toEqual([]);
    expect(b.definitions().map((d) => [d.name, d.accounts])).toEqual([
      ['A', ['Expenses:Dinner', 'Expenses:Fun']],
      ['B', ['Expenses:Fun']],
      ['C', ['Expenses:Dinner']],
    ]);
  });

  it('counts a posting in the budgets of the open in effect at its date, every budget once', () => {
    const activity = [...load(text, '2024-03-31').budgets.months()].map((r) => `${r.name} ${formatDate(r.date)} ${r.activity.number}`);
    expect(activity).toEqual([
      'A 2024-01-01 0',
      'A 2024-02-01 10', // before the reopening: stays in A
      'A 2024-03-01 4', // the dinner counts in A and C (C named twice, counted once)
      'B 2024-01-01 0',
      'B 2024-02-01 0',
      'B 2024-03-01 7',
      'C 2024-01-01 0',
      'C 2024-02-01 0',
      'C 2024-03-01 4',
    ]);
  });
});

describe('errors', () => {
  it('reports postings before the budget directive, or naming no budget, and does not count them', () => {
    const text = `
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
  budget: "Food"
  budget: "Ghost"
2024-01-05 * "Early"
  Expenses:Food  8 USD
  Expenses:Food  2 USD
  Assets:Cash
2024-01-10 budget Food USD
2024-01-10 * "Same day"
  Expenses:Food  5 USD
  Assets:Cash
`;
    const s = load(text, '2024-01-31');
    expect(rows(s)).toEqual(['Food | 2024-01-01 | 0 USD | 0 | 5 | -5 | false']);
    // one error per transaction and budget: the first transaction names Food and Ghost,
    // the second only Ghost (Food exists from its date on)
    const early = lineOf(text, '"Early"');
    const same = lineOf(text, '"Same day"');
    expect(s.errors.map((e) => [e.kind, formatDate(e.date!), e.account, e.src!.line, e.message])).toEqual([
      [
        'BudgetDoesNotExist',
        '2024-01-05',
        'Expenses:Food',
        early,
        'Posting to Expenses:Food is not counted in budget "Food": budget "Food" does not exist on 2024-01-05 (its budget directive is dated 2024-01-10)',
      ],
      ['BudgetDoesNotExist', '2024-01-05', 'Expenses:Food', early, 'Posting to Expenses:Food is not counted in budget "Ghost": budget "Ghost" is not defined'],
      ['BudgetDoesNotExist', '2024-01-10', 'Expenses:Food', same, 'Posting to Expenses:Food is not counted in budget "Ghost": budget "Ghost" is not defined'],
    ]);
    const txnId = s.transactions.find((t) => t.narration === 'Early')!.id;
    expect(s.errors[0].metas).toEqual([
      ['account_name', 'Expenses:Food'],
      ['budget_name', 'Food'],
      ['txn_id', txnId],
    ]);
    expect(s.errors[0].id).toBe(txnId);
  });

  it('ignores a duplicate budget directive and reports it', () => {
    const text = `
2024-01-01 budget Food USD
  alias: "first"
2024-02-01 budget Food EUR
  alias: "second"
`;
    const s = load(text, '2024-02-15');
    expect(s.budgets.definitions()).toHaveLength(1);
    expect(s.budgets.definitions()[0]).toMatchObject({ currency: 'USD', alias: 'first', date: day('2024-01-01') });
    expect([...s.budgets.months()].map((r) => `${formatDate(r.date)} ${r.currency} ${r.alias}`)).toEqual([
      '2024-01-01 USD first',
      '2024-02-01 USD first',
    ]);
    expect(s.errors.map((e) => [e.kind, e.src!.line, e.message, e.metas, e.source])).toEqual([
      [
        'DefineDuplicatedBudget',
        lineOf(text, 'budget Food EUR'),
        'Duplicate budget directive for "Food" (already defined on 2024-01-01); it is ignored',
        [['budget_name', 'Food']],
        '2024-02-01 budget Food EUR\n  alias: "second"',
      ],
    ]);
  });

  it('gives budget-add, budget-transfer and budget-close on a missing budget no effect and reports them', () => {
    const s = load(
      `
2024-01-03 budget-add Food 10 USD
2024-01-05 budget Food USD
2024-01-05 budget-add Food 20 USD
2024-01-06 budget-add Nope 30 USD
2024-01-07 budget-transfer Food Nope 5 USD
2024-01-08 budget-close Nope
`,
      '2024-01-31',
    );
    expect(s.budgets.events().map((e) => `${e.name} ${e.type} ${e.amount?.number}`)).toEqual(['Food assign 20']);
    expect(rows(s)).toEqual(['Food | 2024-01-01 | 20 USD | 20 | 0 | 20 | false']);
    expect(s.errors.map((e) => [e.kind, formatDate(e.date!), e.message, e.metas])).toEqual([
      [
        'BudgetDoesNotExist',
        '2024-01-03',
        'budget-add has no effect: budget "Food" does not exist on 2024-01-03 (its budget directive is dated 2024-01-05)',
        [['budget_name', 'Food']],
      ],
      ['BudgetDoesNotExist', '2024-01-06', 'budget-add has no effect: budget "Nope" is not defined', [['budget_name', 'Nope']]],
      ['BudgetDoesNotExist', '2024-01-07', 'budget-transfer has no effect: budget "Nope" is not defined', [['budget_name', 'Nope']]],
      ['BudgetDoesNotExist', '2024-01-08', 'budget-close has no effect: budget "Nope" is not defined', [['budget_name', 'Nope']]],
    ]);
  });
});

describe('lazy generation and the longest series', () => {
  const text = `
2020-01-01 open Assets:Cash
2020-01-01 open Expenses:Food
  budget: "Food"
2020-01-01 budget Food USD
2024-01-01 budget Car USD
2020-01-01 budget-add Food 100 USD
2020-02-10 * "Market"
  Expenses:Food  30 USD
  Assets:Cash
2030-06-15 budget-add Car 1 USD
`;

  it('generates months only up to upTo and counts each generated month', () => {
    const s = load(text, '2024-06-01');
    let count = 0;
    const got = [...s.budgets.months({ upTo: day('2020-03-01'), onMonth: () => count++ })];
    // Car starts in 2024-01, after the bound: no month; Food 2020-01 .. 2020-03
    expect(got.map(show)).toEqual([
      'Food | 2020-01-01 | 100 USD | 100 | 0 | 100 | false',
      'Food | 2020-02-01 | 100 USD | 0 | 30 | 70 | false',
      'Food | 2020-03-01 | 70 USD | 0 | 0 | 70 | false',
    ]);
    expect(count).toBe(3);
    // date < 2020-03-01 is upTo 2020-02-29: March is not generated
    expect([...s.budgets.months({ upTo: day('2020-02-29') })].length).toBe(2);
  });

  it('computes nothing ahead of the reader', () => {
    const s = load(text, '2024-06-01');
    let count = 0;
    for (const row of s.budgets.months({ onMonth: () => count++ })) {
      expect(row.name).toBe('Car');
      break;
    }
    expect(count).toBe(1);
    // unbounded: Car 2024-01 .. 2030-06 = 78 months (its own far budget-add ends it);
    // Food 2020-01 .. 2024-06 = 54 months (the current month ends it)
    count = 0;
    expect([...s.budgets.months({ onMonth: () => count++ })].length).toBe(78 + 54);
    expect(count).toBe(132);
  });

  it('names the longest series and the directive whose date ends it', () => {
    const s = load(text, '2024-06-01');
    const longest = s.budgets.longestSeries()!;
    expect(longest).toMatchObject({ name: 'Car', months: 78, from: day('2024-01-01'), to: day('2030-06-01') });
    expect(longest.endedBy).toMatchObject({ kind: 'budget-add', date: day('2030-06-15'), transactionId: null });
    const line = lineOf(text, '2030-06-15 budget-add');
    expect(longest.endedBy.src!.line).toBe(line);
    expect(describeLongestSeries(longest)).toBe(
      `budget "Car" has 78 months (2024-01 to 2030-06), up to the budget-add directive dated 2030-06-15 (${ROOT}/main.zhang, line ${line})`,
    );
    // within a date bound the earlier-starting Food series is the longer one
    expect(s.budgets.longestSeries({ upTo: day('2025-01-01') })).toMatchObject({ name: 'Food', months: 54 });
  });

  it('names the budget directive when the series runs through the current month', () => {
    const s = load('\n1900-01-01 budget Old USD\n', '2024-06-01');
    const longest = s.budgets.longestSeries()!;
    expect(longest).toMatchObject({ name: 'Old', months: 124 * 12 + 6 });
    expect(longest.endedBy).toMatchObject({ kind: 'budget', date: day('1900-01-01') });
    expect(describeLongestSeries(longest)).toBe(
      `budget "Old" has 1494 months (1900-01 to 2024-06), running from its budget directive dated 1900-01-01 (${ROOT}/main.zhang, line 2) through the current month`,
    );
  });

  it('names the last transaction when it ends the series', () => {
    const text = `
2024-01-01 open Assets:Cash
2024-01-01 budget Food USD
2100-12-31 * "Far away"
  Assets:Cash  0 USD
`;
    const s = load(text, '2024-06-01');
    const longest = s.budgets.longestSeries()!;
    expect(longest.months).toBe(77 * 12);
    expect(longest.endedBy).toMatchObject({ kind: 'transaction', date: day('2100-12-31'), transactionId: s.transactions[0].id });
    expect(describeLongestSeries(longest)).toContain(`up to the transaction dated 2100-12-31 (${ROOT}/main.zhang, line ${lineOf(text, 'Far away')})`);
  });

  it('has no series without budgets', () => {
    const s = load('\n2024-01-01 open Assets:Cash\n', '2024-01-01');
    expect(s.budgets.longestSeries()).toBeNull();
    expect([...s.budgets.months()]).toEqual([]);
    expect(s.budgets.definitions()).toEqual([]);
    expect(s.budgets.events()).toEqual([]);
  });
});
