/**
 * Writing a filter into a query's text, and what the filtered queries answer on a small ledger.
 * The figures were computed by hand and cross-checked with bean-query (Beancount 2.3.5) running
 * the same filtered texts (`BALANCES FROM OPEN ON 2024-01-01 CLOSE ON 2025-01-01`: Assets:Bank
 * 1510.00 USD, Equity:Earnings:Previous -950.00 USD, Income:Salary -1200.00 USD, ...;
 * `... FROM 'trip-2024' IN tags AND NOT 'food' IN tags`: the two postings of the flight).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate } from '../../../engine/dates';
import { loadLedger } from '../../../engine/ledger/index';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { runQuery } from '../../../engine/query/index';
import { filterQuery, parseFilter, FilterError, type FilterParams } from '../../../engine/filters/index';
import { toText } from '../../../engine/query/values';
import { FILTER_LEDGER } from './ledger';


let snap: Snapshot;
const today = parseDate('2024-03-15')!;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'filters-'));
  writeFileSync(join(dir, 'main.beancount'), FILTER_LEDGER);
  snap = loadLedger(join(dir, 'main.beancount'));
  expect(snap.errors).toEqual([]);
});

const text = (query: string, params: FilterParams) => filterQuery(query, parseFilter(params, { today }), snap);
function rows(query: string, params: FilterParams = {}): string[] {
  const r = runQuery(snap, text(query, params));
  return r.rows.map((row) => row.map((v, i) => (v === null ? '' : toText(r.columns[i].type, v))).join(' | '));
}

describe('the filtered text', () => {
  it('postings statements without FROM get FROM condition and period clauses', () => {
    expect(text('BALANCES', { time: '2024' })).toBe('BALANCES FROM OPEN ON 2024-01-01 CLOSE ON 2025-01-01');
    expect(text('SELECT date, account', { filter: '#food' })).toBe("SELECT date, account FROM (tags IS NOT NULL AND 'food' IN tags)");
    // The account filter keeps whole transactions: the posting's account or one of the others.
    expect(text('JOURNAL "Bank" AT cost', { account: 'Assets' })).toBe(
      "JOURNAL \"Bank\" AT cost FROM ((account IS NOT NULL AND under(account, 'Assets')) OR (other_accounts IS NOT NULL AND '(^|,)Assets(:[^,]*)?(,|$)' ?~ str(other_accounts)))",
    );
    // With period clauses the conditions are a FILTER: they choose postings before OPEN ON summarizes.
    expect(text('BALANCES WHERE number > 0', { time: 'month', account: 'bank' })).toBe(
      "BALANCES FROM FILTER (((account IS NOT NULL AND account ~ 'bank') OR (str(other_accounts) IS NOT NULL AND str(other_accounts) ~ 'bank'))) OPEN ON 2024-03-01 CLOSE ON 2024-04-01 WHERE number > 0",
    );
  });
  it('an existing FROM: the condition before its expression, period clauses combined', () => {
    expect(text('SELECT account FROM year = 2024 OR flag = "!" CLEAR', { filter: '-#food', time: '2023-06 - 2024' })).toBe(
      "SELECT account FROM FILTER (NOT (tags IS NOT NULL AND 'food' IN tags)) year = 2024 OR flag = \"!\" OPEN ON 2023-06-01 CLOSE ON 2025-01-01 CLEAR",
    );
    // The later OPEN and the earlier CLOSE; a bare CLOSE takes the range's end.
    expect(text('BALANCES FROM OPEN ON 2024-02-01 CLOSE ON 2024-12-01', { time: '2024' })).toBe(
      'BALANCES FROM OPEN ON 2024-02-01 CLOSE ON 2024-12-01',
    );
    expect(text('BALANCES FROM OPEN ON 2023-02-01 CLOSE', { time: '2024-Q1' })).toBe('BALANCES FROM OPEN ON 2024-01-01 CLOSE ON 2024-04-01');
    expect(text('SELECT account FROM CLEAR', { time: '2024', filter: '#x' })).toBe(
      "SELECT account FROM FILTER ((tags IS NOT NULL AND 'x' IN tags)) OPEN ON 2024-01-01 CLOSE ON 2025-01-01 CLEAR",
    );
    // A query's own FILTER gets the page filter ANDed in; `FROM #postings` becomes the FILTER.
    expect(text('BALANCES FROM FILTER (year = 2024) CLEAR', { filter: '#x' })).toBe(
      "BALANCES FROM FILTER (((tags IS NOT NULL AND 'x' IN tags)) AND (year = 2024)) CLEAR",
    );
    expect(text('SELECT account FROM #postings', { filter: '#x', time: '2024' })).toBe(
      "SELECT account FROM FILTER ((tags IS NOT NULL AND 'x' IN tags)) OPEN ON 2024-01-01 CLOSE ON 2025-01-01",
    );
    // A range entirely before the query's period: an empty period, not an error.
    expect(text('BALANCES FROM OPEN ON 2024-06-01', { time: '2023' })).toBe('BALANCES FROM OPEN ON 2024-06-01 CLOSE ON 2024-06-01');
    expect(text('SELECT account FROM #postings LIMIT 1', { time: '2024' })).toBe('SELECT account FROM OPEN ON 2024-01-01 CLOSE ON 2025-01-01 LIMIT 1');
  });
  it('another table: one condition before WHERE, the time filter on its date', () => {
    expect(text('SELECT date FROM #transactions WHERE payee ~ "o"', { time: '2024', filter: 'Groceries, #trip-2024' })).toBe(
      "SELECT date FROM #transactions WHERE ((((payee IS NOT NULL AND payee ~ 'Groceries') OR (narration IS NOT NULL AND narration ~ 'Groceries')) OR (tags IS NOT NULL AND 'trip-2024' IN tags)) AND ((date >= 2024-01-01 AND date < 2025-01-01))) AND (payee ~ \"o\")",
    );
    expect(text('SELECT date FROM #prices', { filter: '#x' })).toBe('SELECT date FROM #prices WHERE FALSE');
    expect(text('SELECT date FROM #prices', { time: '2024-03' })).toBe('SELECT date FROM #prices WHERE (date >= 2024-03-01 AND date < 2024-04-01)');
  });
  it('a WHERE or FROM whose first and last operands are parenthesised is wrapped whole', () => {
    expect(text("SELECT date FROM #entries WHERE (type = 'open') OR (type = 'transaction' AND year = 2024)", { filter: '#food' })).toBe(
      "SELECT date FROM #entries WHERE ((tags IS NOT NULL AND 'food' IN tags)) AND ((type = 'open') OR (type = 'transaction' AND year = 2024))",
    );
    expect(rows("SELECT date FROM #entries WHERE (type = 'open') OR (type = 'transaction')", { filter: '#food' })).toEqual(['2023-12-20', '2024-02-10']);
    expect(text('SELECT account FROM (year = 2023) OR ((flag = "!"))', { filter: '#food' })).toBe(
      "SELECT account FROM ((tags IS NOT NULL AND 'food' IN tags)) AND ((year = 2023) OR ((flag = \"!\")))",
    );
  });
  it('any(account:...) and all(-account:...) read the set of the transaction\'s accounts; other any() use any_posting', () => {
    expect(text('SELECT date', { filter: 'any(account:"^Assets:Broker")' })).toBe(
      "SELECT date FROM ((account IS NOT NULL AND account ~ '^Assets:Broker') OR (str(other_accounts) IS NOT NULL AND str(other_accounts) ~ '(^|,)(Assets:Broker)'))",
    );
    expect(text('SELECT date FROM #transactions', { filter: 'all(-account:"Food$")' })).toBe(
      "SELECT date FROM #transactions WHERE NOT (str(accounts) IS NOT NULL AND str(accounts) ~ '(Food)(,|$)')",
    );
    // A pattern that could match across the comma between two names: a condition on each posting.
    expect(text('SELECT date', { filter: 'any(account:"Broker.*")' })).toBe(
      "SELECT date FROM any_posting((account IS NOT NULL AND account ~ 'Broker.*'))",
    );
    expect(text('SELECT date', { filter: 'any(units > 1000)' })).toBe('SELECT date FROM any_posting((number IS NOT NULL AND number > 1000))');
    expect(text('SELECT date FROM #entries', { filter: 'all(currency:USD)' })).toBe(
      "SELECT date FROM #entries WHERE all_postings((currency IS NOT NULL AND currency ~ 'USD'))",
    );
    expect(text('SELECT date FROM #balances', { filter: 'any(units > 1)' })).toBe('SELECT date FROM #balances WHERE FALSE');
    expect(text('SELECT date', { account: 'Ban.' })).toBe("SELECT date FROM any_posting((account IS NOT NULL AND account ~ 'Ban.'))");
  });
  it('no filter leaves the text alone', () => {
    expect(text('SELECT 1', {})).toBe('SELECT 1');
  });
});

describe('figures with and without the filter', () => {
  it('time filter: opening balances and previous earnings, nothing after the range', () => {
    expect(rows('BALANCES')).toEqual([
      'Assets:Bank | (1510.00 USD)',
      'Assets:Broker | (2 HOOL {150.00 USD, 2024-03-05})',
      'Income:Salary | (-2200.00 USD)',
      'Expenses:Food | (90.00 USD)',
      'Expenses:Travel | (300.00 USD)',
    ]);
    expect(rows('BALANCES', { time: '2024' })).toEqual([
      'Assets:Bank | (1510.00 USD)',
      'Assets:Broker | (2 HOOL {150.00 USD, 2024-03-05})',
      'Equity:Earnings:Previous | (-950.00 USD)',
      'Equity:Opening-Balances | ()',
      'Income:Salary | (-1200.00 USD)',
      'Expenses:Food | (40.00 USD)',
      'Expenses:Travel | (300.00 USD)',
    ]);
    // 2024-01-01 .. 2024-02-29: Bank 950 - 300 - 40.
    expect(rows("SELECT account, sum(position) WHERE account ~ 'Bank' GROUP BY account", { time: '2024-01 to 2024-02' })).toEqual([
      'Assets:Bank | (610.00 USD)',
    ]);
  });
  it('entry filter: tags, exclusion, payee, metadata, or', () => {
    expect(rows('SELECT date, account, position', { filter: '#trip-2024 -#food' })).toEqual([
      '2024-01-15 | Expenses:Travel | 300.00 USD',
      '2024-01-15 | Assets:Bank | -300.00 USD',
    ]);
    expect(rows('SELECT date, account', { filter: 'payee:"^shop$", source:card' })).toEqual([
      '2023-12-20 | Expenses:Food',
      '2023-12-20 | Assets:Bank',
      '2024-01-15 | Expenses:Travel',
      '2024-01-15 | Assets:Bank',
    ]);
    expect(rows("SELECT sum(number) WHERE account = 'Assets:Bank'", { filter: '^trip' })).toEqual(['-300.00']);
  });
  it('any() and all() over the postings of a transaction', () => {
    expect(rows('SELECT date, account', { filter: 'any(account:"^Assets:Broker")' })).toEqual([
      '2024-03-05 | Assets:Broker',
      '2024-03-05 | Assets:Bank',
    ]);
    // Transactions with no Food posting: both salaries, the flight, the shares.
    expect(rows('SELECT DISTINCT date', { filter: 'all(-account:"Expenses:Food")' })).toEqual([
      '2023-06-01',
      '2024-01-15',
      '2024-03-05',
      '2024-04-01',
    ]);
    // A posting over 100 units: both salaries and the flight; minus the employer.
    expect(rows('SELECT DISTINCT narration', { filter: 'any(units > 100) -Employer' })).toEqual(['Flight']);
  });
  it('account filter: a name keeps the account and its children, not siblings', () => {
    // Whole transactions (Fava): everything touches Assets, so every balance is there.
    expect(rows('BALANCES', { account: 'Assets' })).toEqual([
      'Assets:Bank | (1510.00 USD)',
      'Assets:Broker | (2 HOOL {150.00 USD, 2024-03-05})',
      'Income:Salary | (-2200.00 USD)',
      'Expenses:Food | (90.00 USD)',
      'Expenses:Travel | (300.00 USD)',
    ]);
    expect(rows("BALANCES WHERE account ~ 'Assets'", { account: 'Assets:Bank:Sub' })).toEqual([]);
    // 2024-Q1: the flight and the trip's food; the bank side comes along: -300 - 40; the opening
    // balances are those of the chosen transactions (the groceries of 2023-12: Bank -50, Food 50
    // moved to previous earnings).
    expect(rows('BALANCES', { account: 'food|travel', time: '2024-Q1' })).toEqual([
      'Assets:Bank | (-390.00 USD)',
      'Equity:Earnings:Previous | (50.00 USD)',
      'Equity:Opening-Balances | ()',
      'Expenses:Food | (40.00 USD)',
      'Expenses:Travel | (300.00 USD)',
    ]);
    expect(rows('SELECT count(*) FROM #transactions', { account: 'Expenses:Food' })).toEqual(['2']);
    // #entries: the open directive and the two transactions touching the account, by name or regex.
    const food = ['2023-01-01 | open', '2023-12-20 | transaction', '2024-02-10 | transaction'];
    expect(rows('SELECT date, type FROM #entries', { account: 'Expenses:Food' })).toEqual(food);
    expect(rows('SELECT date, type FROM #entries', { account: 'es:fo+d' })).toEqual(food);
  });
  it('a bad filter is a FilterError naming the filter', () => {
    expect(() => text('BALANCES', { time: '2024-13' })).toThrow(FilterError);
    expect(() => text('BALANCES', { filter: 'any(#a' })).toThrow(/^entry filter at column 7/);
  });
});

/**
 * FILTER (cond), the query-language extension the page filter is written as when a query has
 * period clauses: the condition chooses postings before OPEN ON/CLOSE ON/CLEAR, so the opening
 * balances come from the chosen transactions only (Fava filters entries first, then clamps them
 * to the time). Figures cross-checked with bean-query 2.3.5 on a copy of the ledger holding only
 * the chosen transactions: `BALANCES FROM OPEN ON 2024-01-01 CLOSE ON 2024-04-01` with the
 * groceries, the flight and the trip's food gives Bank -390.00, Earnings:Previous 50.00.
 */
describe('FILTER (cond) before the period clauses', () => {
  const run = (q: string, params: Record<string, unknown> = {}) => {
    const r = runQuery(snap, q, { params });
    return r.rows.map((row) => row.map((v, i) => (v === null ? '' : toText(r.columns[i].type, v))).join(' | '));
  };
  it('opening balances are summarized from the chosen postings only', () => {
    // #food before 2024: the groceries (Bank -50, Food 50 -> previous earnings); in 2024 the trip's food.
    expect(run("BALANCES FROM FILTER ('food' IN tags) OPEN ON 2024-01-01 CLOSE ON 2025-01-01")).toEqual([
      'Assets:Bank | (-90.00 USD)',
      'Equity:Earnings:Previous | (50.00 USD)',
      'Equity:Opening-Balances | ()',
      'Expenses:Food | (40.00 USD)',
    ]);
    // The same condition in the FROM expression filters after the rewrite: the S rows have no tags.
    expect(run("BALANCES FROM 'food' IN tags OPEN ON 2024-01-01 CLOSE ON 2025-01-01")).toEqual([
      'Assets:Bank | (-40.00 USD)',
      'Expenses:Food | (40.00 USD)',
    ]);
    // Different conditions over the same clauses are not confused (the rewrite is cached per text).
    expect(run("BALANCES FROM FILTER ('trip-2024' IN tags) OPEN ON 2024-02-01")).toEqual([
      'Assets:Bank | (-340.00 USD)',
      'Equity:Earnings:Previous | (300.00 USD)',
      'Equity:Opening-Balances | ()',
      'Expenses:Food | (40.00 USD)',
    ]);
  });
  it('with an expression and CLEAR; parameters are bound each time', () => {
    // 2024 salary-free, bank side only: flight, trip food, shares; earnings cleared to current.
    expect(run("SELECT account, sum(position) FROM FILTER (payee != 'Employer') account ~ 'Earnings' OPEN ON 2024-01-01 CLEAR GROUP BY account")).toEqual([
      // The groceries of 2023 summarized; 2024's expenses (300 + 40) transferred by CLEAR.
      'Equity:Earnings:Previous | (50.00 USD)',
      'Equity:Earnings:Current | (340.00 USD)',
    ]);
    const q = 'SELECT sum(number) FROM FILTER (number > $1) OPEN ON 2024-01-01 WHERE account = "Assets:Bank"';
    // Over 500: the two salaries (opening 1000, April 1200); over 1000: only April's.
    expect(run(q, { 1: 500 })).toEqual(['2200.00']);
    expect(run(q, { 1: 1000 })).toEqual(['1200.00']);
  });
  it('without period clauses it is one more condition; errors as FROM and WHERE', () => {
    expect(run("SELECT count(*) FROM FILTER ('food' IN tags) account ~ 'Bank'")).toEqual(['2']);
    expect(() => run('SELECT count(*) FROM FILTER (balance) OPEN ON 2024-01-01')).toThrow(/balance cannot be used in FILTER/);
    expect(() => run('SELECT count(*) FROM FILTER (number) OPEN ON 2024-01-01')).toThrow(/FILTER condition must be boolean/);
    expect(() => run("SELECT count(*) FROM FILTER (year = 2024 OPEN ON 2024-01-01")).toThrow(/expected '\)' to close FILTER/);
  });
});

/**
 * any_posting(cond) / all_postings(cond), the query-language extension any()/all() are written
 * with: a short condition however many transactions match (an id list used to be refused over
 * the 64 KiB query limit, at about 1,600 transactions).
 */
describe('any_posting and all_postings', () => {
  const run = (q: string, s: Snapshot = snap) => {
    const r = runQuery(s, q);
    return r.rows.map((row) => row.map((v, i) => (v === null ? '' : toText(r.columns[i].type, v))).join(' | '));
  };
  it('some / every posting of the row\'s transaction, on postings, #transactions and #entries', () => {
    // Over 250 in one posting: both salaries (1000, 1200) and the flight (300); the shares' bank side is -300.
    expect(run('SELECT DISTINCT narration FROM any_posting(number > 250)')).toEqual(['June salary', 'Flight', 'April salary']);
    expect(run('SELECT narration FROM #transactions WHERE all_postings(currency = "USD")')).toEqual([
      'June salary',
      'Groceries',
      'Flight',
      'Food on the trip',
      'April salary',
    ]);
    // #entries: opens and the balance have no postings: any is false, all is true (Fava's all()).
    expect(run("SELECT count(*) FROM #entries WHERE any_posting(account ~ 'Broker')")).toEqual(['1']);
    expect(run("SELECT type, count(*) FROM #entries WHERE all_postings(account ~ 'Bank') GROUP BY type ORDER BY type")).toEqual([
      'balance | 1',
      'open | 5',
    ]);
    // Posting metadata and flags inside, NULL counts as false.
    expect(run("SELECT count(*) FROM #transactions WHERE any_posting(meta('x') = 'y')")).toEqual(['0']);
    expect(() => run('SELECT any_posting(number) FROM #transactions')).toThrow(/condition of any_posting must be boolean/);
    expect(() => run('SELECT count(*) WHERE all_postings(balance = balance)')).toThrow(/balance/);
  });
  it('a filter matching thousands of transactions stays a short query', () => {
    // 3000 transactions of 2 units each and 3000 of 1 unit: any(units > 1) matches 3000, which
    // as ids would be about 120 KB of query text.
    let text = 'option "operating_currency" "USD"\n2020-01-01 open Assets:A\n2020-01-01 open Assets:B\n';
    for (let i = 0; i < 6000; i++) text += `2021-01-01 * "t${i}"\n  Assets:A  ${i % 2 === 0 ? 2 : 1} USD\n  Assets:B\n\n`;
    const dir = mkdtempSync(join(tmpdir(), 'filters-many-'));
    writeFileSync(join(dir, 'main.beancount'), text);
    const many = loadLedger(join(dir, 'main.beancount'));
    const q = filterQuery('SELECT count(*), sum(number) WHERE account = "Assets:B"', parseFilter({ filter: 'any(units > 1)' }, { today }), many);
    expect(q.length).toBeLessThan(200);
    // The B side of the 3000 two-unit transactions: 3000 x -2.
    expect(run(q, many)).toEqual(['3000 | -6000']);
    const all = filterQuery('SELECT count(*) FROM #transactions', parseFilter({ filter: 'all(-units > 1)' }, { today }), many);
    expect(run(all, many)).toEqual(['3000']);
  });
});
