/**
 * #budgets, #budget_definitions and #budget_events through queries. Figures by hand from spec
 * document 2 "Budget tables": assigned = carried + added, available = assigned - activity.
 * The query's today() is fixed with `now` (the months run through the current month).
 */
import { describe, expect, it } from 'vitest';
import type { QueryOptions } from '../../../../engine/query/index';
import { parseDate } from '../../../../engine/dates';
import { compileQuery } from '../../../../engine/query/index';
import { budgetDateBound } from '../../../../engine/query/tables/budgets';
import { err, json, ledger, names, rows, types } from './helpers';

const TEXT = `
2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
  budget: "Food"
2024-01-01 open Expenses:Fun
  budget: "Fun"
2024-01-05 budget-add Food 10 USD
2024-01-10 budget Food USD
  alias: "Groceries"
  category: "Living"
2024-01-10 budget Fun USD
2024-01-10 budget-add Food 300 USD
  by: "me"
2024-01-12 * "Market"
  Expenses:Food  50.00 USD
  Assets:Cash
2024-02-03 09:30 budget-transfer Food Fun 20 USD
2024-02-05 * "Cinema"
  Expenses:Fun  15 USD
  Assets:Cash
2024-03-01 budget-close Fun
`;
const s = ledger(TEXT, { format: 'zhang' });
const NOW: QueryOptions = { now: new Date('2024-03-20T12:00:00Z') };
const at = (o: QueryOptions = {}): QueryOptions => ({ ...NOW, ...o });
const usd = (n: string) => ({ number: n, currency: 'USD' });
const q = (text: string, o: QueryOptions = {}) => rows(s, text, at(o));
const lineOf = (needle: string) => TEXT.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('#budgets', () => {
  it('SELECT * is name, date, assigned, activity, available; every column has its type', () => {
    expect(names(s, 'SELECT * FROM #budgets')).toEqual(['name', 'date', 'assigned', 'activity', 'available']);
    expect(types(s, 'SELECT alias, category, currency, year, month, added, accounts, closed FROM #budgets')).toEqual([
      'alias:str', 'category:str', 'currency:str', 'year:int', 'month:int', 'added:amount', 'accounts:set', 'closed:bool',
    ]);
  });

  it('one row per budget per month through the current month, by name then month', () => {
    expect(q('SELECT * FROM #budgets')).toEqual([
      ['Food', '2024-01-01', usd('300'), usd('50.00'), usd('250.00')],
      ['Food', '2024-02-01', usd('230.00'), usd('0'), usd('230.00')],
      ['Food', '2024-03-01', usd('230.00'), usd('0'), usd('230.00')],
      ['Fun', '2024-01-01', usd('0'), usd('0'), usd('0')],
      ['Fun', '2024-02-01', usd('20'), usd('15'), usd('5')],
      ['Fun', '2024-03-01', usd('5'), usd('0'), usd('5')],
    ]);
    expect(q('SELECT name, year, month, added, closed, alias, category, currency, accounts FROM #budgets')).toEqual([
      ['Food', 2024, 1, usd('300'), false, 'Groceries', 'Living', 'USD', ['Expenses:Food']],
      ['Food', 2024, 2, usd('-20'), false, 'Groceries', 'Living', 'USD', ['Expenses:Food']],
      ['Food', 2024, 3, usd('0'), false, 'Groceries', 'Living', 'USD', ['Expenses:Food']],
      ['Fun', 2024, 1, usd('0'), false, null, null, 'USD', ['Expenses:Fun']],
      ['Fun', 2024, 2, usd('20'), false, null, null, 'USD', ['Expenses:Fun']],
      ['Fun', 2024, 3, usd('0'), true, null, null, 'USD', ['Expenses:Fun']],
    ]);
  });

  it('the current month is the query clock\'s: a later today adds carried-over months', () => {
    expect(rows(s, "SELECT date, available FROM #budgets WHERE name = 'Fun'", { now: new Date('2024-05-02T00:00:00Z') })).toEqual([
      ['2024-01-01', usd('0')],
      ['2024-02-01', usd('5')],
      ['2024-03-01', usd('5')],
      ['2024-04-01', usd('5')],
      ['2024-05-01', usd('5')],
    ]);
  });

  it('meta() and the other metadata functions read the budget directive; aggregates work', () => {
    expect(q("SELECT DISTINCT name, meta('alias'), entry_meta('category'), any_meta('alias') FROM #budgets")).toEqual([
      ['Food', 'Groceries', 'Living', 'Groceries'],
      ['Fun', null, null, null],
    ]);
    expect(q('SELECT name, sum(added), last(available) FROM #budgets GROUP BY name ORDER BY name')).toEqual([
      // sum of amounts is an inventory.
      ['Food', { positions: [{ units: usd('280'), cost: null }] }, usd('230.00')],
      ['Fun', { positions: [{ units: usd('20'), cost: null }] }, usd('5')],
    ]);
    expect(err(s, 'SELECT meta FROM #budgets')).toEqual(["unknown column 'meta' in table 'budgets'", 1, 8]);
  });

  it('counts every generated month toward the result size, even months WHERE drops', () => {
    // 6 months generated + 1 result value = 7.
    expect(q("SELECT count(*) FROM #budgets WHERE name = 'nothing'", { maxResultValues: 7 })).toEqual([[0]]);
    const [message, line, column] = err(s, "SELECT count(*) FROM #budgets WHERE name = 'nothing'", at({ maxResultValues: 5 }));
    expect([line, column]).toEqual([null, null]);
    expect(message).toMatch(/^the result is too large: /);
    // Both series have 3 months; the first by name is named, with the directive ending it.
    expect(message).toContain(
      `budget "Food" has 3 months (2024-01 to 2024-03), running from its budget directive dated 2024-01-10 (/ledger/main.zhang, line ${lineOf('budget Food USD')}) through the current month`,
    );
  });

  it('does not generate months after an ANDed upper bound on the date', () => {
    // Unbounded: 6 generated months + 2 result values > 5.
    expect(err(s, "SELECT name FROM #budgets WHERE date <= 2024-01-31 OR name = 'x'", at({ maxResultValues: 5 }))[0]).toMatch(/too large/);
    // Bounded to January: 2 generated + 2 result values = 4.
    const jan = [['Food'], ['Fun']];
    for (const cond of [
      'date <= 2024-01-31',
      'date < 2024-02-01',
      'date = 2024-01-01',
      'yearmonth(date) = 2024-01-01',
      '2024-01-31 >= date',
      "date <= '2024-01-31'",
      "name != 'x' AND (date < 2024-02-01 AND TRUE)",
    ]) {
      expect(q(`SELECT name FROM #budgets WHERE ${cond}`, { maxResultValues: 5 }), cond).toEqual(jan);
    }
    // The FROM expression and WHERE are ANDed too.
    expect(q('SELECT name FROM #budgets WHERE date <= 2024-01-01 AND date <= 2024-03-01', { maxResultValues: 5 })).toEqual(jan);
  });

  it('reads the upper date bound from ANDed comparisons only, the tightest winning', () => {
    const bound = (where: string, params: Record<string, unknown> = {}) =>
      budgetDateBound(compileQuery(`SELECT name FROM #budgets WHERE ${where}`, params).filter);
    expect(bound('date <= 2024-01-31 AND date < 2024-01-15')).toBe(parseDate('2024-01-14'));
    expect(bound('yearmonth(date) = 2024-05-01 AND 2024-06-30 >= date')).toBe(parseDate('2024-05-01'));
    // A parameter is bound as if written literally (the string-to-date rule applies).
    expect(bound('date = :d', { d: '2024-02-01' })).toBe(parseDate('2024-02-01'));
    for (const open of ['date >= 2024-01-01', 'date != 2024-01-01', 'NOT (date > 2024-01-01)', "date <= 2024-01-01 OR name = 'x'", 'date <= NULL']) {
      expect(bound(open), open).toBe(null);
    }
  });

  it('a bound changes no row: carried amounts are those of the full series', () => {
    const all = q('SELECT name, date, assigned, available FROM #budgets');
    expect(q('SELECT name, date, assigned, available FROM #budgets WHERE date <= 2024-02-15')).toEqual(all.filter((r) => r[1] !== '2024-03-01'));
  });

  it('names the longest series and the directive that ends it when it is far too long', () => {
    const far = ledger(TEXT + '9999-12-01 * "far future"\n  Expenses:Food  1 USD\n  Assets:Cash\n', { format: 'zhang' });
    const [message] = err(far, 'SELECT count(*) FROM #budgets', at({ maxResultValues: 1000 }));
    // January 2024 to December 9999: 7976 years of 12 months.
    expect(message).toContain(
      `budget "Food" has 95712 months (2024-01 to 9999-12), up to the transaction dated 9999-12-01 (/ledger/main.zhang, line ${lineOf('budget-close Fun') + 1})`,
    );
    // A bound keeps the query small.
    expect(rows(far, 'SELECT count(*) FROM #budgets WHERE date < 2024-03-01', at({ maxResultValues: 1000 }))).toEqual([[4]]);
  });

  it('explains a too-large error raised while collecting result rows too', () => {
    // 6 generated, then SELECT * rows of 5 values: the third row passes 20.
    const [message] = err(s, 'SELECT * FROM #budgets', at({ maxResultValues: 20 }));
    expect(message).toMatch(/^the result is too large: .*budget "Food" has 3 months/);
    expect(json(s, 'SELECT * FROM #budgets', at({ maxResultValues: 36 })).rows).toHaveLength(6);
  });
});

describe('#budget_definitions', () => {
  it('one row per budget by name with every column in SELECT *', () => {
    expect(types(s, 'SELECT * FROM #budget_definitions')).toEqual([
      'name:str', 'date:date', 'currency:str', 'alias:str', 'category:str', 'accounts:set', 'close:date',
    ]);
    expect(rows(s, 'SELECT * FROM #budget_definitions')).toEqual([
      ['Food', '2024-01-10', 'USD', 'Groceries', 'Living', ['Expenses:Food'], null],
      ['Fun', '2024-01-10', 'USD', null, null, ['Expenses:Fun'], '2024-03-01'],
    ]);
    expect(rows(s, "SELECT name, meta('category') FROM budget_definitions WHERE close IS NULL")).toEqual([['Food', 'Living']]);
  });
});

describe('#budget_events', () => {
  it('one row per effect in ledger order; none for a directive without effect', () => {
    expect(types(s, 'SELECT * FROM #budget_events')).toEqual([
      'name:str', 'date:date', 'time:str', 'timestamp:int', 'type:str', 'amount:amount',
    ]);
    const feb3 = Date.UTC(2024, 1, 3) / 1000 + 9.5 * 3600;
    expect(rows(s, 'SELECT * FROM #budget_events')).toEqual([
      ['Food', '2024-01-10', '00:00:00', Date.UTC(2024, 0, 10) / 1000, 'assign', usd('300')],
      ['Food', '2024-02-03', '09:30:00', feb3, 'transfer_out', usd('-20')],
      ['Fun', '2024-02-03', '09:30:00', feb3, 'transfer_in', usd('20')],
      ['Fun', '2024-03-01', '00:00:00', Date.UTC(2024, 2, 1) / 1000, 'close', null],
    ]);
    expect(rows(s, "SELECT type, meta('by') FROM #budget_events WHERE meta('by') IS NOT NULL")).toEqual([['assign', 'me']]);
    // The budget-add before the budget exists is an error instead.
    expect(rows(s, 'SELECT kind, date FROM #errors')).toEqual([['BudgetDoesNotExist', '2024-01-05']]);
  });
});
