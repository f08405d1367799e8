/**
 * Budgets on small hand-built inputs (the loader is written in parallel; these inputs are what it
 * hands to buildBudgets). Every figure below is computed by hand from spec document 2,
 * "Budget tables" and "States and transitions".
 */
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { formatDate, parseDate, type DayNum } from '../../../engine/dates';
import type { DirectiveAst, Meta, OpenAst, SourceRef } from '../../../engine/ledger/ast';
import type { PriceMap } from '../../../engine/ledger/snapshot';
import {
  buildBudgets,
  describeLongestSeries,
  type BudgetEntryInput,
  type BudgetInput,
  type BudgetMonthRow,
  type BudgetPostingInput,
} from '../../../engine/ledger/budgets';

const day = (s: string): DayNum => {
  const d = parseDate(s);
  if (d === null) throw new Error(`bad date ${s}`);
  return d;
};

/** A tiny ledger under construction: each directive gets the next line of a fake file. */
class Ledger {
  private line = 0;
  private seq = 0;
  entries: BudgetEntryInput[] = [];
  opens = new Map<string, { opens: OpenAst[] }>();
  postings: BudgetPostingInput[] = [];
  quotes: { base: string; quote: string; date: DayNum; rate: Dec }[] = [];
  lastTxn: BudgetInput['lastTransaction'] = null;

  src(): SourceRef {
    this.line++;
    return { file: '/l/main.zhang', line: this.line, column: 1, start: this.line * 100, end: this.line * 100 + 50 };
  }
  private push(d: DirectiveAst) {
    this.entries.push({ directive: d, seq: this.seq++, time: 0, timestamp: d.date * 86400 });
    return this;
  }
  budget(date: string, name: string, currency: string, meta: Meta = []) {
    return this.push({ type: 'budget', date: day(date), time: null, meta, src: this.src(), name, currency });
  }
  add(date: string, name: string, amount: string, currency = 'USD', meta: Meta = []) {
    return this.push({
      type: 'budget-add',
      date: day(date),
      time: null,
      meta,
      src: this.src(),
      name,
      amount: { number: Dec.of(amount), currency },
    });
  }
  transfer(date: string, from: string, to: string, amount: string, currency = 'USD') {
    return this.push({
      type: 'budget-transfer',
      date: day(date),
      time: null,
      meta: [],
      src: this.src(),
      from,
      to,
      amount: { number: Dec.of(amount), currency },
    });
  }
  close(date: string, name: string) {
    return this.push({ type: 'budget-close', date: day(date), time: null, meta: [], src: this.src(), name });
  }
  open(date: string, account: string, ...budgets: string[]) {
    const open: OpenAst = {
      type: 'open',
      date: day(date),
      time: null,
      meta: budgets.map((b) => ({ key: 'budget', kind: 'string' as const, text: b })),
      src: this.src(),
      account,
      currencies: [],
      booking: null,
    };
    let info = this.opens.get(account);
    if (!info) this.opens.set(account, (info = { opens: [] }));
    info.opens.push(open);
    return this;
  }
  /** One transaction: postings as [account, number, currency, cost currency?]. */
  txn(date: string, ...postings: [string, string, string, string?][]) {
    const txn = { id: `t${this.seq}`, date: day(date), src: this.src() };
    this.seq++;
    for (const [account, number, currency, costCurrency] of postings)
      this.postings.push({
        account,
        units: { number: Dec.of(number), currency },
        cost: costCurrency ? { currency: costCurrency } : null,
        txn,
      });
    if (!this.lastTxn || txn.date >= this.lastTxn.date) this.lastTxn = txn;
    return this;
  }
  price(date: string, base: string, rate: string, quote: string) {
    this.quotes.push({ base, quote, date: day(date), rate: Dec.of(rate) });
    return this;
  }
  /** Direct quotes only, latest on or before the date (enough for these tests; prices.ts does the rest). */
  priceMap(): PriceMap {
    const quotes = this.quotes;
    const find = (base: string, quote: string, date?: DayNum | null) => {
      let best: (typeof quotes)[number] | null = null;
      for (const q of quotes)
        if (q.base === base && q.quote === quote && (date == null || q.date <= date) && (!best || q.date >= best.date)) best = q;
      return best;
    };
    return {
      rate: (b, q, d) => find(b, q, d)?.rate ?? null,
      rateDate: (b, q, d) => find(b, q, d)?.date ?? null,
      quotedAgainst: () => [],
    };
  }
  build(today: string) {
    return buildBudgets({
      entries: this.entries,
      accounts: this.opens,
      postings: this.postings,
      prices: this.priceMap(),
      today: day(today),
      lastTransaction: this.lastTxn,
    });
  }
}

/** A month row as plain text, to compare whole rows at once. */
function show(r: BudgetMonthRow) {
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

describe('monthly rows', () => {
  const ledger = () =>
    new Ledger()
      .open('2024-01-01', 'Expenses:Food', 'Food')
      .open('2024-01-01', 'Assets:Cash')
      .budget('2024-01-10', 'Food', 'USD', [
        { key: 'alias', kind: 'string', text: 'Groceries' },
        { key: 'category', kind: 'string', text: 'Living' },
        { key: 'alias', kind: 'string', text: 'second alias ignored' },
      ])
      .add('2024-01-10', 'Food', '300')
      .txn('2024-01-12', ['Expenses:Food', '50.00', 'USD'], ['Assets:Cash', '-50.00', 'USD'])
      .txn('2024-02-03', ['Expenses:Food', '120.50', 'USD'], ['Assets:Cash', '-120.50', 'USD'])
      .add('2024-03-01', 'Food', '100')
      .txn('2024-03-15', ['Expenses:Food', '30', 'USD'], ['Assets:Cash', '-30', 'USD']);

  it('carries available from month to month through the current month', () => {
    const { book, errors } = ledger().build('2024-04-15');
    expect(errors).toEqual([]);
    const rows = [...book.months()];
    expect(rows.map(show)).toEqual([
      // assigned = carried + added; available = assigned - activity
      'Food | 2024-01-01 | 300 USD | 300 | 50.00 | 250.00 | false',
      'Food | 2024-02-01 | 250.00 USD | 0 | 120.50 | 129.50 | false',
      'Food | 2024-03-01 | 229.50 USD | 100 | 30 | 199.50 | false',
      'Food | 2024-04-01 | 199.50 USD | 0 | 0 | 199.50 | false',
    ]);
    expect(rows[2]).toMatchObject({ year: 2024, month: 3, alias: 'Groceries', category: 'Living', currency: 'USD' });
    expect(rows[0].accounts).toEqual(['Expenses:Food']);
    expect(rows[0].meta.map((m) => m.key)).toEqual(['alias', 'category', 'alias']);
  });

  it('ends at the latest of the last budget directive, the last transaction and the current month', () => {
    // today in January: the March transaction ends the series
    expect([...ledger().build('2024-01-20').book.months()].map((r) => formatDate(r.date))).toEqual([
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
    ]);
    // a budget-add in June ends it
    const withAdd = ledger().add('2024-06-30', 'Food', '5').build('2024-01-20');
    const rows = [...withAdd.book.months()];
    expect(rows.map((r) => formatDate(r.date)).at(-1)).toBe('2024-06-01');
    expect(show(rows.at(-1)!)).toBe('Food | 2024-06-01 | 204.50 USD | 5 | 0 | 204.50 | false');
    // the current month may be asked for at query time
    expect([...ledger().build('2024-01-20').book.months({ today: day('2024-05-02') })].length).toBe(5);
  });

  it('lets available go negative when overspent and carries the debt', () => {
    const { book } = new Ledger()
      .open('2024-01-01', 'Expenses:Fun', 'Fun')
      .budget('2024-01-01', 'Fun', 'EUR')
      .add('2024-01-01', 'Fun', '40.00', 'EUR')
      .txn('2024-01-20', ['Expenses:Fun', '65.25', 'EUR'])
      .add('2024-02-01', 'Fun', '40.00', 'EUR')
      .txn('2024-02-10', ['Expenses:Fun', '-5.00', 'EUR']) // a refund lowers activity
      .build('2024-02-10');
    expect([...book.months()].map(show)).toEqual([
      'Fun | 2024-01-01 | 40.00 EUR | 40.00 | 65.25 | -25.25 | false',
      'Fun | 2024-02-01 | 14.75 EUR | 40.00 | -5.00 | 19.75 | false',
    ]);
  });

  it('orders rows by budget name, then month, whatever the order of definition', () => {
    const { book } = new Ledger()
      .budget('2024-02-01', 'Zoo', 'USD')
      .budget('2024-01-01', 'Apple', 'USD')
      .budget('2024-01-15', 'Mango', 'USD')
      .build('2024-02-05');
    expect([...book.months()].map((r) => `${r.name} ${formatDate(r.date)}`)).toEqual([
      'Apple 2024-01-01',
      'Apple 2024-02-01',
      'Mango 2024-01-01',
      'Mango 2024-02-01',
      'Zoo 2024-02-01',
    ]);
    expect(book.definitions().map((d) => d.name)).toEqual(['Apple', 'Mango', 'Zoo']);
  });
});

describe('transfers and closes', () => {
  const ledger = () =>
    new Ledger()
      .budget('2024-01-01', 'Food', 'USD', [{ key: 'owner', kind: 'string', text: 'me' }])
      .budget('2024-01-01', 'Fun', 'USD')
      .add('2024-01-01', 'Food', '300', 'USD', [{ key: 'note', kind: 'string', text: 'salary' }])
      .transfer('2024-02-02', 'Food', 'Fun', '50.00')
      .close('2024-03-31', 'Fun')
      .close('2024-06-01', 'Fun');

  it('gives a transfer two event rows and moves added from one budget to the other', () => {
    const { book, errors } = ledger().build('2024-03-10');
    expect(errors).toEqual([]);
    const ev = book.events().map((e) => [e.name, formatDate(e.date), e.type, e.amount ? `${e.amount.number} ${e.amount.currency}` : null]);
    expect(ev).toEqual([
      ['Food', '2024-01-01', 'assign', '300 USD'],
      ['Food', '2024-02-02', 'transfer_out', '-50.00 USD'],
      ['Fun', '2024-02-02', 'transfer_in', '50.00 USD'],
      ['Fun', '2024-03-31', 'close', null],
    ]);
    // the event reads its own directive's metadata; the budget's is there too
    expect(book.events()[0].meta).toEqual([{ key: 'note', kind: 'string', text: 'salary' }]);
    expect(book.events()[0].budgetMeta).toEqual([{ key: 'owner', kind: 'string', text: 'me' }]);
    const rows = [...book.months()].map(show);
    expect(rows).toEqual([
      'Food | 2024-01-01 | 300 USD | 300 | 0 | 300 | false',
      'Food | 2024-02-01 | 250.00 USD | -50.00 | 0 | 250.00 | false',
      'Food | 2024-03-01 | 250.00 USD | 0 | 0 | 250.00 | false',
      'Fun | 2024-01-01 | 0 USD | 0 | 0 | 0 | false',
      'Fun | 2024-02-01 | 50.00 USD | 50.00 | 0 | 50.00 | false',
      'Fun | 2024-03-01 | 50.00 USD | 0 | 0 | 50.00 | true',
    ]);
  });

  it('records the first close only: later closes change nothing and do not extend the months', () => {
    const { book } = ledger().build('2024-04-10');
    const fun = book.definitions().find((d) => d.name === 'Fun')!;
    expect(formatDate(fun.close!)).toBe('2024-03-31');
    expect(book.definitions().find((d) => d.name === 'Food')!.close).toBeNull();
    expect(book.events().filter((e) => e.type === 'close').length).toBe(1);
    const funRows = [...book.months()].filter((r) => r.name === 'Fun');
    expect(funRows.map((r) => `${formatDate(r.date)} ${r.closed}`)).toEqual([
      '2024-01-01 false',
      '2024-02-01 false',
      '2024-03-01 true',
      '2024-04-01 true',
    ]);
  });
});

describe('activity in the budget commodity', () => {
  it('converts each posting at its own date, through the cost currency if needed, and leaves out the unconvertible', () => {
    const { book, errors } = new Ledger()
      .open('2024-01-01', 'Expenses:Travel', 'Trip')
      .budget('2024-01-01', 'Trip', 'EUR')
      .price('2024-01-01', 'USD', '0.90', 'EUR')
      .price('2024-01-10', 'USD', '0.95', 'EUR')
      .price('2024-01-01', 'ACME', '110', 'USD')
      .txn('2024-01-05', ['Expenses:Travel', '10', 'USD']) // 10 x 0.90 = 9.00
      .txn('2024-01-12', ['Expenses:Travel', '20', 'USD']) // 20 x 0.95 = 19.00
      .txn('2024-01-13', ['Expenses:Travel', '1000', 'JPY']) // no price: left out
      .txn('2024-01-14', ['Expenses:Travel', '3.5', 'EUR']) // own currency: as is
      .txn('2024-01-15', ['Expenses:Travel', '2', 'ACME', 'USD']) // 2 x 110 USD = 220 USD, x 0.95 = 209.00
      .txn('2024-01-16', ['Expenses:Travel', '1', 'GOLD', 'USD']) // held at cost but no GOLD price: left out
      .add('2024-01-05', 'Trip', '100', 'USD') // 100 x 0.90 = 90.00 at the directive's date
      .add('2024-01-06', 'Trip', '100', 'CHF') // unconvertible: no effect on added, still an event
      .build('2024-01-20');
    expect(errors).toEqual([]);
    const [jan] = [...book.months()];
    // 9.00 + 19.00 + 3.5 + 209.00
    expect(jan.activity.currency).toBe('EUR');
    expect(jan.activity.number.toString()).toBe('240.50');
    expect(jan.added.number.toString()).toBe('90.00');
    expect(jan.available.number.toString()).toBe('-150.50');
    expect(book.events().map((e) => `${e.amount!.number} ${e.amount!.currency}`)).toEqual(['100 USD', '100 CHF']);
  });
});

describe('membership', () => {
  const ledger = () =>
    new Ledger()
      .budget('2024-01-01', 'A', 'USD')
      .budget('2024-01-01', 'B', 'USD')
      .budget('2024-01-01', 'C', 'USD')
      .open('2024-01-01', 'Expenses:Fun', 'A')
      .open('2024-01-01', 'Expenses:Dinner', 'C', 'A', 'C')
      // closed in between (close directives do not matter here), reopened with another budget
      .open('2024-03-01', 'Expenses:Fun', 'B')
      .txn('2024-02-10', ['Expenses:Fun', '10', 'USD'])
      .txn('2024-03-10', ['Expenses:Fun', '7', 'USD'])
      .txn('2024-03-11', ['Expenses:Dinner', '4', 'USD']);

  it('answers account_budgets from the latest open on or before the date', () => {
    const { book } = ledger().build('2024-03-31');
    expect(book.accountBudgets('Expenses:Fun', day('2023-12-31'))).toEqual([]);
    expect(book.accountBudgets('Expenses:Fun', day('2024-01-01'))).toEqual(['A']);
    expect(book.accountBudgets('Expenses:Fun', day('2024-02-29'))).toEqual(['A']);
    expect(book.accountBudgets('Expenses:Fun', day('2024-03-01'))).toEqual(['B']);
    expect(book.accountBudgets('Expenses:Dinner', day('2024-05-01'))).toEqual(['A', 'C']);
    expect(book.accountBudgets('Expenses:Unknown', day('2024-05-01'))).toEqual([]);
    expect(book.definitions().map((d) => [d.name, d.accounts])).toEqual([
      ['A', ['Expenses:Dinner', 'Expenses:Fun']],
      ['B', ['Expenses:Fun']],
      ['C', ['Expenses:Dinner']],
    ]);
  });

  it('counts a posting in the budgets of the open in effect at its date, every entry once', () => {
    const { book } = ledger().build('2024-03-31');
    const activity = [...book.months()].map((r) => `${r.name} ${formatDate(r.date)} ${r.activity.number}`);
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
  it('reports postings before the budget directive and does not count them', () => {
    const { book, errors } = new Ledger()
      .open('2024-01-01', 'Expenses:Food', 'Food', 'Ghost')
      .txn('2024-01-05', ['Expenses:Food', '8', 'USD'], ['Expenses:Food', '2', 'USD'])
      .budget('2024-01-10', 'Food', 'USD')
      .txn('2024-01-10', ['Expenses:Food', '5', 'USD'])
      .build('2024-01-31');
    expect([...book.months()].map(show)).toEqual(['Food | 2024-01-01 | 0 USD | 0 | 5 | -5 | false']);
    // one error per transaction and budget: the first transaction names Food and Ghost,
    // the second only Ghost (Food exists from its date on)
    expect(errors.map((e) => [e.kind, formatDate(e.date!), e.account, e.src!.line, e.message])).toEqual([
      [
        'BudgetDoesNotExist',
        '2024-01-05',
        'Expenses:Food',
        2,
        'Posting to Expenses:Food is not counted in budget "Food": budget "Food" does not exist on 2024-01-05 (its budget directive is dated 2024-01-10)',
      ],
      ['BudgetDoesNotExist', '2024-01-05', 'Expenses:Food', 2, 'Posting to Expenses:Food is not counted in budget "Ghost": budget "Ghost" is not defined'],
      ['BudgetDoesNotExist', '2024-01-10', 'Expenses:Food', 4, 'Posting to Expenses:Food is not counted in budget "Ghost": budget "Ghost" is not defined'],
    ]);
    expect(errors[0].metas).toEqual([
      ['account_name', 'Expenses:Food'],
      ['budget_name', 'Food'],
      ['txn_id', 't0'],
    ]);
  });

  it('ignores a duplicate budget directive and reports it', () => {
    const { book, errors } = new Ledger()
      .budget('2024-01-01', 'Food', 'USD', [{ key: 'alias', kind: 'string', text: 'first' }])
      .budget('2024-02-01', 'Food', 'EUR', [{ key: 'alias', kind: 'string', text: 'second' }])
      .build('2024-02-15');
    expect(book.definitions()).toHaveLength(1);
    expect(book.definitions()[0]).toMatchObject({ currency: 'USD', alias: 'first', date: day('2024-01-01') });
    expect([...book.months()].map((r) => `${formatDate(r.date)} ${r.currency}`)).toEqual(['2024-01-01 USD', '2024-02-01 USD']);
    expect(errors.map((e) => [e.kind, e.src!.line, e.message, e.metas])).toEqual([
      [
        'DefineDuplicatedBudget',
        2,
        'Duplicate budget directive for "Food" (already defined on 2024-01-01); it is ignored',
        [['budget_name', 'Food']],
      ],
    ]);
  });

  it('gives budget-add, budget-transfer and budget-close on a missing budget no effect and reports them', () => {
    const { book, errors } = new Ledger()
      .add('2024-01-03', 'Food', '10') // before the directive
      .budget('2024-01-05', 'Food', 'USD')
      .add('2024-01-05', 'Food', '20') // same day: exists
      .add('2024-01-06', 'Nope', '30')
      .transfer('2024-01-07', 'Food', 'Nope', '5')
      .close('2024-01-08', 'Nope')
      .build('2024-01-31');
    expect(book.events().map((e) => `${e.name} ${e.type} ${e.amount?.number}`)).toEqual(['Food assign 20']);
    expect([...book.months()].map(show)).toEqual(['Food | 2024-01-01 | 20 USD | 20 | 0 | 20 | false']);
    expect(errors.map((e) => [e.kind, formatDate(e.date!), e.message])).toEqual([
      [
        'BudgetDoesNotExist',
        '2024-01-03',
        'budget-add has no effect: budget "Food" does not exist on 2024-01-03 (its budget directive is dated 2024-01-05)',
      ],
      ['BudgetDoesNotExist', '2024-01-06', 'budget-add has no effect: budget "Nope" is not defined'],
      ['BudgetDoesNotExist', '2024-01-07', 'budget-transfer has no effect: budget "Nope" is not defined'],
      ['BudgetDoesNotExist', '2024-01-08', 'budget-close has no effect: budget "Nope" is not defined'],
    ]);
  });
});

describe('lazy generation and the longest series', () => {
  const ledger = () =>
    new Ledger()
      .open('2020-01-01', 'Expenses:Food', 'Food')
      .budget('2020-01-01', 'Food', 'USD')
      .budget('2024-01-01', 'Car', 'USD')
      .add('2020-01-01', 'Food', '100')
      .txn('2020-02-10', ['Expenses:Food', '30', 'USD'])
      .add('2030-06-15', 'Car', '1'); // far ahead: the Car series ends here

  it('generates months only up to upTo and counts each generated month', () => {
    const { book } = ledger().build('2024-06-01');
    let count = 0;
    const rows = [...book.months({ upTo: day('2020-03-01'), onMonth: () => count++ })];
    // Car starts in 2024-01, after the bound: no month; Food 2020-01 .. 2020-03
    expect(rows.map(show)).toEqual([
      'Food | 2020-01-01 | 100 USD | 100 | 0 | 100 | false',
      'Food | 2020-02-01 | 100 USD | 0 | 30 | 70 | false',
      'Food | 2020-03-01 | 70 USD | 0 | 0 | 70 | false',
    ]);
    expect(count).toBe(3);
    // date < 2020-03-01 is upTo 2020-02-29: March is not generated
    expect([...book.months({ upTo: day('2020-02-29') })].length).toBe(2);
  });

  it('computes nothing ahead of the reader', () => {
    const { book } = ledger().build('2024-06-01');
    let count = 0;
    for (const row of book.months({ onMonth: () => count++ })) {
      expect(row.name).toBe('Car');
      break;
    }
    expect(count).toBe(1);
    // unbounded: Car 2024-01 .. 2030-06 = 78 months, Food 2020-01 .. 2024-06 = 54 months
    count = 0;
    expect([...book.months({ onMonth: () => count++ })].length).toBe(132);
    expect(count).toBe(132);
  });

  it('names the longest series and the directive whose date ends it', () => {
    const { book } = ledger().build('2024-06-01');
    const longest = book.longestSeries()!;
    expect(longest).toMatchObject({ name: 'Car', months: 78, from: day('2024-01-01'), to: day('2030-06-01') });
    expect(longest.endedBy).toMatchObject({ kind: 'budget-add', date: day('2030-06-15'), transactionId: null });
    expect(longest.endedBy.src!.line).toBe(6);
    expect(describeLongestSeries(longest)).toBe(
      'budget "Car" has 78 months (2024-01 to 2030-06), up to the budget-add directive dated 2030-06-15 (/l/main.zhang, line 6)',
    );
    // within a date bound the earlier-starting Food series is the longer one
    expect(book.longestSeries({ upTo: day('2025-01-01') })).toMatchObject({ name: 'Food', months: 54 });
  });

  it('names the budget directive when the series runs through the current month', () => {
    const { book } = new Ledger().budget('1900-01-01', 'Old', 'USD').build('2024-06-01');
    const longest = book.longestSeries()!;
    expect(longest).toMatchObject({ name: 'Old', months: 124 * 12 + 6 });
    expect(longest.endedBy).toMatchObject({ kind: 'budget', date: day('1900-01-01') });
    expect(describeLongestSeries(longest)).toBe(
      'budget "Old" has 1494 months (1900-01 to 2024-06), running from its budget directive dated 1900-01-01 (/l/main.zhang, line 1) through the current month',
    );
  });

  it('names the last transaction when it ends the series', () => {
    const { book } = new Ledger()
      .budget('2024-01-01', 'Food', 'USD')
      .txn('2100-12-31', ['Assets:Cash', '1', 'USD'])
      .build('2024-06-01');
    const longest = book.longestSeries()!;
    expect(longest.months).toBe(77 * 12);
    expect(longest.endedBy).toMatchObject({ kind: 'transaction', date: day('2100-12-31'), transactionId: 't1' });
    expect(describeLongestSeries(longest)).toContain('up to the transaction dated 2100-12-31 (/l/main.zhang, line 2)');
  });

  it('has no series without budgets', () => {
    const { book, errors } = new Ledger().txn('2024-01-01', ['Assets:Cash', '1', 'USD']).build('2024-01-01');
    expect(book.longestSeries()).toBeNull();
    expect([...book.months()]).toEqual([]);
    expect(book.definitions()).toEqual([]);
    expect(book.events()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
