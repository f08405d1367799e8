import { describe, expect, it } from 'vitest';
import type { DirectiveAst } from '../../../../engine/ledger/ast';
import { day, ok, parse, str } from './helpers';

function only<T extends DirectiveAst['type']>(ds: DirectiveAst[], type: T): Extract<DirectiveAst, { type: T }> {
  const found = ds.filter((d) => d.type === type);
  expect(found).toHaveLength(1);
  return found[0] as Extract<DirectiveAst, { type: T }>;
}

const BEANCOUNT = `option "title" "Test"
option "operating_currency" "USD"
plugin "beancount.plugins.auto_accounts"
plugin "my.plugin" "config text"
include "other.bean"

2024-01-01 open Assets:Bank USD,EUR "FIFO"
2024-01-01 open Assets:Cash
2024-01-02 close Assets:Cash
2024-01-01 commodity HOOL
  name: "Hooli"
2024-01-03 balance Assets:Bank 100.00 USD
2024-01-04 balance Assets:Bank 100.00 ~ 0.01 USD
2024-01-05 pad Assets:Bank Equity:Opening
2024-01-06 price HOOL 520.25 USD
2024-01-07 note Assets:Bank "Called the bank" #call ^ref1
2024-01-08 document Assets:Bank "docs/statement.pdf" #stmt
2024-01-09 event "location" "Paris"
2024-01-10 custom "autopay" 2024-02-01 "text" TRUE 10.50 USD Assets:Bank 3
2024-01-11 query "cash" "SELECT account WHERE account ~ '\\d'"
2024-01-12 * "Shop" "Bread"
  Assets:Bank  -2.50 USD
  Expenses:Food
`;

describe('Beancount directives', () => {
  const r = parse(BEANCOUNT);
  const ds = r.directives;

  it('reads without errors, in file order', () => {
    expect(r.errors).toEqual([]);
    expect(ds.map((d) => d.type)).toEqual([
      'open', 'open', 'close', 'commodity', 'balance', 'balance', 'pad', 'price', 'note', 'document', 'event', 'custom', 'query', 'transaction',
    ]);
  });

  it('records options, plugins and includes with positions', () => {
    expect(r.options.map((o) => [o.name, o.value, o.src.line])).toEqual([
      ['title', 'Test', 1],
      ['operating_currency', 'USD', 2],
    ]);
    expect(r.plugins.map((p) => [p.name, p.config])).toEqual([
      ['beancount.plugins.auto_accounts', null],
      ['my.plugin', 'config text'],
    ]);
    expect(r.includes).toEqual([{ pattern: 'other.bean', src: { file: '/ledger/main.bean', line: 5, column: 1, start: 130, end: 150 } }]);
  });

  it('open: currencies and booking method', () => {
    const [a, b] = ds.filter((d) => d.type === 'open');
    expect(a).toMatchObject({ date: day(2024, 1, 1), time: null, account: 'Assets:Bank', currencies: ['USD', 'EUR'], booking: 'FIFO' });
    expect(b).toMatchObject({ account: 'Assets:Cash', currencies: [], booking: null });
  });

  it('close, commodity with metadata, pad, price', () => {
    expect(only(ds, 'close')).toMatchObject({ date: day(2024, 1, 2), account: 'Assets:Cash' });
    expect(only(ds, 'commodity')).toMatchObject({ currency: 'HOOL', meta: [{ key: 'name', kind: 'string', text: 'Hooli' }] });
    expect(only(ds, 'pad')).toMatchObject({ account: 'Assets:Bank', source: 'Equity:Opening' });
    const p = only(ds, 'price');
    expect([p.currency, str(p.amount.number), p.amount.currency]).toEqual(['HOOL', '520.25', 'USD']);
  });

  it('balance with and without tolerance', () => {
    const [a, b] = ds.filter((d) => d.type === 'balance');
    if (a.type !== 'balance' || b.type !== 'balance') throw new Error('not balances');
    expect([str(a.amount.number), a.amount.currency, a.tolerance, a.padAccount]).toEqual(['100.00', 'USD', null, null]);
    expect([str(b.amount.number), str(b.tolerance)]).toEqual(['100.00', '0.01']);
  });

  it('note and document with tags and links', () => {
    expect(only(ds, 'note')).toMatchObject({ account: 'Assets:Bank', comment: 'Called the bank', tags: ['call'], links: ['ref1'] });
    expect(only(ds, 'document')).toMatchObject({ filename: 'docs/statement.pdf', tags: ['stmt'], links: [] });
  });

  it('event, query (unknown escape kept), custom with typed values', () => {
    expect(only(ds, 'event')).toMatchObject({ name: 'location', description: 'Paris' });
    expect(only(ds, 'query')).toMatchObject({ name: 'cash', query: "SELECT account WHERE account ~ '\\d'" });
    expect(only(ds, 'custom')).toMatchObject({
      name: 'autopay',
      values: [
        { key: '', kind: 'date', text: '2024-02-01' },
        { key: '', kind: 'string', text: 'text' },
        { key: '', kind: 'bool', text: 'TRUE' },
        { key: '', kind: 'amount', text: '10.50 USD' },
        { key: '', kind: 'account', text: 'Assets:Bank' },
        { key: '', kind: 'number', text: '3' },
      ],
    });
  });

  it('transaction', () => {
    const t = only(ds, 'transaction');
    expect([t.flag, t.payee, t.narration, t.postings.length]).toEqual(['*', 'Shop', 'Bread', 2]);
    expect(str(t.postings[0].number)).toBe('-2.50');
    expect(t.postings[1]).toMatchObject({ account: 'Expenses:Food', number: null, currency: null });
  });
});

describe('budgets written as custom directives (Beancount)', () => {
  it('turns the four custom budget forms into budget directives, quoted or not', () => {
    const ds = ok(`2024-01-01 custom "budget" "Food" "USD"
  alias: "Groceries"
2024-01-01 custom budget Fun EUR
2024-01-02 custom "budget-add" "Food" 200 USD
2024-01-03 custom "budget-transfer" "Food" "Fun" 50.5 USD
2024-01-04 custom "budget-close" "Food"
2024-01-05 custom budget-add Fun 10 EUR
`);
    expect(ds[0]).toMatchObject({ type: 'budget', name: 'Food', currency: 'USD', meta: [{ key: 'alias', text: 'Groceries' }] });
    expect(ds[1]).toMatchObject({ type: 'budget', name: 'Fun', currency: 'EUR' });
    expect(ds[2]).toMatchObject({ type: 'budget-add', name: 'Food' });
    if (ds[2].type !== 'budget-add' || ds[3].type !== 'budget-transfer' || ds[5].type !== 'budget-add') throw new Error('types');
    expect([str(ds[2].amount.number), ds[2].amount.currency]).toEqual(['200', 'USD']);
    expect([ds[3].from, ds[3].to, str(ds[3].amount.number)]).toEqual(['Food', 'Fun', '50.5']);
    expect(ds[4]).toMatchObject({ type: 'budget-close', name: 'Food', date: day(2024, 1, 4) });
    expect([ds[5].name, str(ds[5].amount.number), ds[5].amount.currency]).toEqual(['Fun', '10', 'EUR']);
  });

  it('reports a custom budget with the wrong arguments and drops it', () => {
    const r = parse('2024-01-02 custom "budget-add" "Food" "lots"\n2024-01-03 custom "other" 1\n');
    expect(r.directives.map((d) => d.type)).toEqual(['custom']);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ kind: 'ParseError', date: day(2024, 1, 2), src: { line: 1, start: 0, end: 44 } });
    expect(r.errors[0].message).toContain('custom "budget-add" needs a budget name and an amount');
  });

  it("keeps Fava's budget form (an account, a period, an amount) as a plain custom entry", () => {
    // bean-check 2.3.5 reads these lines without error (checked in /tmp); Fava reads them as budgets.
    const r = parse(`2020-02-01 custom "budget" Expenses:Food "monthly" 400.00 USD
2020-02-01 custom "budget" Expenses:Food "weekly" 100.00 USD
2024-01-01 custom "budget" Expenses:Food "USD"
`);
    expect(r.errors).toEqual([]);
    expect(r.directives.map((d) => d.type)).toEqual(['custom', 'custom', 'budget']);
    expect(r.directives[0]).toMatchObject({ name: 'budget', values: [{ kind: 'account', text: 'Expenses:Food' }, { kind: 'string', text: 'monthly' }, { kind: 'amount', text: '400.00 USD' }] });
    // An account followed by only a currency is the project's own form (a budget named like an account).
    expect(r.directives[2]).toMatchObject({ type: 'budget', name: 'Expenses:Food', currency: 'USD' });
  });

  it('refuses the native budget keywords and `with pad` in Beancount files', () => {
    const r = parse('2024-01-01 budget Food USD\n2024-01-01 balance Assets:A 1 USD with pad Equity:B\n');
    expect(r.directives).toEqual([]);
    expect(r.errors.map((e) => e.message)).toEqual([
      'the "budget" directive is only available in .zhang files; in Beancount files write: custom "budget" ... (line 1, column 12)',
      'balance ... with pad is only available in .zhang files (line 2, column 35)',
    ]);
  });
});

const ZHANG = `option "title" "Z"
2024-01-01 open Assets:Bank CNY
  booking_method: FIFO
  rounding: Round Down ; comment
2024-01-01 09:30 open Expenses:Food CNY
  budget: "Food"
2024-01-01 budget Food CNY
  alias: "Eating"
  category: "Living"
2024-01-02 budget-add Food 300 CNY
2024-01-03 budget-transfer Food "Fun Stuff" 50 CNY
2024-01-04 budget-close Food
2024-01-05 10:00:30 balance Assets:Bank 100.00 CNY with pad Equity:Opening
2024-01-06 document Assets:Bank "documents/a.pdf"
2024-01-07 23:59 * "Shop" "Lunch"
  Assets:Bank  -12 CNY
  Expenses:Food
2024-01-08 price USD 7.10 CNY
`;

describe('zhang directives', () => {
  const r = parse(ZHANG, 'zhang', '/ledger/main.zhang');
  const ds = r.directives;

  it('reads without errors', () => {
    expect(r.errors).toEqual([]);
    expect(ds.map((d) => d.type)).toEqual(['open', 'open', 'budget', 'budget-add', 'budget-transfer', 'budget-close', 'balance', 'document', 'transaction', 'price']);
  });

  it('times of day after the date, in seconds', () => {
    expect(ds.map((d) => d.time)).toEqual([null, 9 * 3600 + 30 * 60, null, null, null, null, 10 * 3600 + 30, null, 23 * 3600 + 59 * 60, null]);
  });

  it('reads unquoted metadata values typed when they fit, else as text', () => {
    expect(ds[0].meta).toEqual([
      { key: 'booking_method', kind: 'currency', text: 'FIFO' },
      { key: 'rounding', kind: 'string', text: 'Round Down' },
    ]);
  });

  it('native budget directives', () => {
    expect(ds[2]).toMatchObject({ name: 'Food', currency: 'CNY', meta: [{ key: 'alias', text: 'Eating' }, { key: 'category', text: 'Living' }] });
    if (ds[3].type !== 'budget-add' || ds[4].type !== 'budget-transfer') throw new Error('types');
    expect([ds[3].name, str(ds[3].amount.number), ds[3].amount.currency]).toEqual(['Food', '300', 'CNY']);
    expect([ds[4].from, ds[4].to, str(ds[4].amount.number)]).toEqual(['Food', 'Fun Stuff', '50']);
    expect(ds[5]).toMatchObject({ type: 'budget-close', name: 'Food' });
  });

  it('balance with pad, document path as written', () => {
    expect(ds[6]).toMatchObject({ type: 'balance', account: 'Assets:Bank', padAccount: 'Equity:Opening', tolerance: null });
    expect(ds[7]).toMatchObject({ type: 'document', filename: 'documents/a.pdf' });
  });

  it('a time in a Beancount file is an error that says how to write it', () => {
    const b = parse('2024-01-01 10:00 open Assets:A\n');
    expect(b.errors[0].message).toBe(
      'a time of day after the date (10:00) is only allowed in .zhang files; in Beancount files write it as metadata: time: "10:00" (line 1, column 12)',
    );
  });

  it('an impossible time is an error', () => {
    const z = parse('2024-01-01 24:00 open Assets:A\n2024-01-01 10:61 open Assets:B\n2024-01-01 10:00 open Assets:C\n', 'zhang');
    expect(z.errors.map((e) => e.message)).toEqual([
      'invalid time of day 24:00 (expected HH:MM or HH:MM:SS) (line 1, column 12)',
      'invalid time of day 10:61 (expected HH:MM or HH:MM:SS) (line 2, column 12)',
    ]);
    expect(z.directives).toHaveLength(1);
  });
});

describe('time of day from metadata (Beancount)', () => {
  it('fills time from time: "HH:MM[:SS]" and keeps the entry', () => {
    const ds = ok('2024-01-01 open Assets:A\n  time: "08:15"\n2024-01-02 * "x"\n  time: "23:05:09"\n');
    expect(ds[0].time).toBe(8 * 3600 + 15 * 60);
    expect(ds[0].meta).toEqual([{ key: 'time', kind: 'string', text: '08:15' }]);
    expect(ds[1].time).toBe(23 * 3600 + 5 * 60 + 9);
  });

  // bean-check 2.3.5 reads these three without an error (time is plain metadata there).
  it('another time value is plain metadata: no error, the directive has no time', () => {
    const r = parse('2024-01-01 open Assets:A\n  time: "25:00"\n2024-01-02 open Assets:B\n  time: 10\n2024-01-03 open Assets:C\n  time: "bad"\n');
    expect(r.errors).toEqual([]);
    expect(r.directives.map((d) => [d.time, d.meta[0].text])).toEqual([
      [null, '25:00'],
      [null, '10'],
      [null, 'bad'],
    ]);
  });

  it('zhang ignores time metadata (the written time decides)', () => {
    const ds = ok('2024-01-01 open Assets:A\n  time: "08:15"\n', 'zhang');
    expect(ds[0].time).toBeNull();
  });
});
