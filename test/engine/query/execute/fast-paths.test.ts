/**
 * Every fast path of the executor against the straightforward path (fastPaths switched off), on
 * random small ledgers: same columns, same rows, same order, same errors. The ledgers are made so
 * that a WHERE condition changes which posting of a group comes first, accounts and currencies
 * repeat, costs split lots, and numbers have different decimal places.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileQuery, encodeResult, runQuery } from '../../../../engine/query/index';
import { newState } from '../../../../engine/query/execute/run';
import { Scanner } from '../../../../engine/query/execute/scan';
import { Deadline } from '../../../../engine/query/execute/limits';
import { stringifyResult } from '../../../../engine/query/encode';
import { fastPaths } from '../../../../engine/query/execute/fast-paths';
import { snapshot } from '../fixture';
import { dateRange, sortedDates, tableDates } from '../../../../engine/query/execute/date-index';
import { transactionsTable } from '../../../../engine/query/tables/transactions';
import { loadLedger } from '../../../../engine/ledger/index';
import { formatDate } from '../../../../engine/dates';
import type { Transaction } from '../../../../engine/ledger/snapshot';
import type { EvalState } from '../../../../engine/query/compile/plan';
import { randomLedger } from './random-ledger';

/** The encoded result or the error message. */
function answer(snap: ReturnType<typeof snapshot>, q: string): string {
  try {
    return stringifyResult(encodeResult(runQuery(snap, q, { countTotal: true, now: new Date('2024-06-01T00:00:00Z') })));
  } catch (e) {
    return 'error: ' + (e as Error).message;
  }
}

/** `again`: the fast path twice (the second finds what the first kept), both against the plain one. */
function compareBothPaths(queries: string[], seeds: number[], size = 40, again = false): void {
  for (const seed of seeds) {
    const snap = snapshot(randomLedger(seed, size));
    for (const q of queries) {
      fastPaths.enabled = true;
      const fast = answer(snap, q);
      const second = again ? answer(snap, q) : fast;
      fastPaths.enabled = false;
      const plain = answer(snap, q);
      fastPaths.enabled = true;
      expect(fast, `seed ${seed}: ${q}`).toBe(plain);
      expect(second, `seed ${seed}, again: ${q}`).toBe(plain);
    }
  }
}

const SEEDS = Array.from({ length: 25 }, (_, i) => i + 1);

afterEach(() => {
  fastPaths.enabled = true;
});

describe('grouping by account id', () => {
  it('gives the rows of the map look-up, in first-row order, with and without WHERE and ORDER BY', () => {
    compareBothPaths(
      [
        'BALANCES',
        "BALANCES WHERE currency = 'HOOL'",
        "BALANCES WHERE date >= 2023-03-01 AND NOT (account ~ 'Bank')",
        'SELECT account, sum(position) GROUP BY account',
        "SELECT account, sum(position), count(*) WHERE payee = 'Shop' GROUP BY account",
        'SELECT account, currency, sum(number), first(date), last(narration), min(number), max(position) GROUP BY account, currency',
        'SELECT currency, account, count(*), sum(units(position)) GROUP BY 1, 2 ORDER BY count(*) DESC',
        'SELECT parent(account) AS p, account, sum(position) GROUP BY account, p HAVING count(*) > 2',
        'SELECT account, sum(cost(position)), sum(weight) GROUP BY account ORDER BY account DESC LIMIT 3',
        'SELECT account, year, sum(position) GROUP BY account, year',
      ],
      SEEDS,
    );
  });

  it('the fast path is taken: the same query answers with it on and off (a guard that the switch is read)', () => {
    // A hand-computed case cross-checked with bean-query 2.3.5 on the same postings written as a
    // ledger: Assets:Bank 2.5 USD + 10.00 USD = 12.50 USD; Expenses:Food -12.50 USD.
    const snap = snapshot([
      { date: '2023-01-01', postings: ['Assets:Bank 2.5 USD', 'Expenses:Food -2.5 USD'] },
      { date: '2023-01-02', postings: ['Expenses:Food -10.00 USD', 'Assets:Bank 10.00 USD'] },
    ]);
    const rows = runQuery(snap, 'SELECT account, sum(position) GROUP BY account').rows;
    expect(rows.map((r) => [r[0], String((r[1] as any).positions()[0].units.number)])).toEqual([
      ['Assets:Bank', '12.50'],
      ['Expenses:Food', '-12.50'],
    ]);
  });
});

describe('sums by account in a loop of their own (group.ts sumsByAccount)', () => {
  // The loop runs when the rows need no test of their own: all rows, an account-narrowed set
  // (position list) or a date range (run of positions), and the one aggregate is sum(position).
  const LOOP = [
    'BALANCES',
    "BALANCES WHERE account ~ 'Assets|Income'",
    'BALANCES WHERE date >= 2023-03-01 AND date < 2023-08-01',
    "BALANCES WHERE date <= 2023-05-01 AND under(account, 'Assets')",
    'SELECT account, sum(position) GROUP BY account HAVING count(*) > 0',
    'SELECT account, sum(position) AS s GROUP BY account HAVING count(*) > 1 ORDER BY account DESC LIMIT 3 OFFSET 1',
    'SELECT account, account_sortkey(account), str(sum(position)), units(sum(position)) GROUP BY account, 2',
  ];

  it('gives the rows of the general loop and of the plain path', () => {
    compareBothPaths(LOOP, SEEDS, 80);
  });

  it('is taken for those queries and not when a row needs a test or another aggregate (guard)', () => {
    const snap = snapshot(randomLedger(3, 40));
    const plainRows = (q: string) => {
      const plan = compileQuery(q);
      const st = newState(snap, 20000, snap.postings, plan.table);
      return new Scanner(plan, snap.postings, st, new Deadline(10_000)).plainRows();
    };
    for (const q of LOOP) expect(plainRows(q), q).not.toBeNull();
    expect(plainRows("BALANCES WHERE currency = 'HOOL'")).toBeNull();
    expect(plainRows("SELECT account, balance WHERE account ~ 'Bank'")).toBeNull();
    // Narrowed to one account: its rows by position.
    const bank = plainRows("BALANCES WHERE account = 'Assets:Bank'")!;
    expect([...bank.idx!].map((i) => snap.postings[i].account).every((a) => a === 'Assets:Bank')).toBe(true);
    expect(bank.n).toBe(snap.postings.filter((p) => p.account === 'Assets:Bank').length);
  });

  it('keeps each account in the order of its first row and a lot sold to zero made again with its new cost form (hand-computed, cross-checked with bean-query 2.3.5)', () => {
    // One date, so the lots' dates agree. Assets:B's first row comes before Assets:A's.
    // Assets:A: 1 HOOL {10 USD}, 2 EUR, -1 HOOL {10.00 USD} (the lot is gone), 3 HOOL {10.0 USD}
    // (made again, written 10.0). bean-query 2.3.5 on the same postings (booking NONE, balanced
    // with an Equity account) prints Assets:A "2 EUR, 3 HOOL {10.0 USD}", Assets:B "5.50 USD".
    const snap = snapshot([
      { date: '2023-01-01', postings: ['Assets:B 5.50 USD', 'Assets:A 1 HOOL {10 USD}'] },
      { date: '2023-01-01', postings: ['Assets:A 2 EUR', 'Assets:A -1 HOOL {10.00 USD}'] },
      { date: '2023-01-01', postings: ['Assets:A 3 HOOL {10.0 USD}'] },
    ]);
    const rows = runQuery(snap, 'SELECT account, sum(position) GROUP BY account').rows;
    const text = (inv: any) => inv.positions().map((p: any) => `${p.units.number} ${p.units.currency}${p.cost ? ` {${p.cost.number} ${p.cost.currency}}` : ''}`);
    expect(rows.map((r) => [r[0], text(r[1])])).toEqual([
      ['Assets:B', ['5.50 USD']],
      ['Assets:A', ['2 EUR', '3 HOOL {10.0 USD}']],
    ]);
  });
});

describe('ORDER BY ... LIMIT computes the targets of the kept rows only', () => {
  it('gives the rows of computing every admitted row, against and along ledger order, with OFFSET, ties and the balance', () => {
    compareBothPaths(
      [
        'SELECT date, account, position, narration ORDER BY date DESC LIMIT 7',
        'SELECT date, account, position, balance ORDER BY date DESC LIMIT 5 OFFSET 3',
        'SELECT seq, account, meta, upper(account) AS a ORDER BY seq DESC, posting_index LIMIT 4',
        "SELECT date, payee, number, other_accounts WHERE currency != 'HOOL' ORDER BY payee, number DESC LIMIT 6",
        "SELECT date, account, narration WHERE account ~ 'Expenses' ORDER BY date DESC LIMIT 4",
        'SELECT account, units(position), cost(position), balance ORDER BY account LIMIT 10 OFFSET 2',
        'SELECT id, type, date, narration FROM #entries ORDER BY seq DESC LIMIT 5 OFFSET 1',
        "SELECT id, date, narration FROM #entries WHERE narration ~ '1' ORDER BY seq DESC LIMIT 5",
        'SELECT date, number / 0 ORDER BY date DESC LIMIT 3',
      ],
      SEEDS,
    );
  });
});

describe('DISTINCT with an ORDER BY of its targets drops duplicates before the sort', () => {
  it('gives the rows of sorting every row first, NULLs and ties included', () => {
    compareBothPaths(
      [
        'SELECT DISTINCT payee ORDER BY payee',
        'SELECT DISTINCT payee FROM #transactions ORDER BY payee DESC',
        'SELECT DISTINCT account, currency ORDER BY 2, 1 DESC',
        'SELECT DISTINCT account, year ORDER BY year DESC LIMIT 5 OFFSET 2',
        // Sorted by what the targets do not hold: the first row of each kind in sorted order.
        'SELECT DISTINCT payee ORDER BY date DESC, payee',
        'SELECT DISTINCT narration ORDER BY length(narration), narration',
      ],
      SEEDS,
    );
  });
});

describe('sum(position) from flat columns', () => {
  it('gives the inventories of Inventory.add: lots by cost value (first form kept), zero sums removed, places, numbers past 2^53', () => {
    compareBothPaths(
      [
        'SELECT sum(position)',
        "SELECT sum(position), count(*) WHERE account ~ 'Assets' AND date < 2023-06-01",
        'SELECT account, sum(position), units(sum(position)), cost(sum(position)) GROUP BY account',
        'SELECT currency, sum(position) GROUP BY currency HAVING count(*) > 1',
        'SELECT seq, sum(position) GROUP BY seq LIMIT 6 OFFSET 2',
        'SELECT seq, sum(position), last(balance) GROUP BY seq HAVING count(*) > 1 LIMIT 5',
        "SELECT date, sum(position) WHERE currency = 'HOOL' GROUP BY date ORDER BY date DESC",
        'SELECT account, sum(position) GROUP BY account ORDER BY str(sum(position))',
      ],
      SEEDS,
      60,
    );
  });

  it('keeps the places of the first row and restarts them after a zero sum (hand-computed, as bean-query 2.3.5)', () => {
    // Assets:A: 5.00 USD - 5 USD = 0 (removed), then 3 USD: "3 USD", not "3.00 USD"; Assets:B:
    // 1 HOOL {100 USD} + 1 HOOL {100.00 USD} of one date is one lot written as first seen, 2 HOOL
    // {100 USD}. bean-query 2.3.5 on the same postings (booking NONE): "3 USD", "2 HOOL {100 USD}".
    const snap = snapshot([
      { date: '2023-01-01', postings: ['Assets:A 5.00 USD', 'Assets:B 1 HOOL {100 USD}', 'Assets:B 1 HOOL {100.00 USD}'] },
      { date: '2023-01-02', postings: ['Assets:A -5 USD'] },
      { date: '2023-01-03', postings: ['Assets:A 3 USD'] },
    ]);
    const rows = runQuery(snap, 'SELECT account, str(sum(position)) GROUP BY account').rows;
    expect(rows).toEqual([
      ['Assets:A', '(3 USD)'],
      ['Assets:B', '(2 HOOL {100 USD, 2023-01-01})'],
    ]);
  });
});

describe('the running balance from flat columns', () => {
  it('gives the balances of Inventory.add per row, in scans, replays and last(balance)', () => {
    compareBothPaths(
      [
        "JOURNAL 'Assets'",
        'SELECT date, account, position, balance',
        "SELECT account, balance WHERE currency = 'HOOL' LIMIT 5 OFFSET 2",
        'SELECT date, balance ORDER BY date DESC LIMIT 4',
        'SELECT date, currency, only(currency, last(balance)) GROUP BY date, currency ORDER BY date, currency',
        'SELECT seq, posting_index, sum(number), units(last(balance)) WHERE account ~ \'Assets\' GROUP BY seq, posting_index LIMIT 5 OFFSET 1',
        'SELECT year, last(balance), cost(last(balance)) GROUP BY year ORDER BY year',
      ],
      SEEDS,
      60,
    );
  });

  // OPEN ON's rows carry columns of their own (opening lots by lot id, then the range's rows):
  // the running balance adds them by lot id, as over the snapshot's postings.
  it('gives the same balances over the rows of OPEN ON, alone, filtered, grouped and closed', () => {
    compareBothPaths(
      [
        'SELECT date, account, position, balance FROM OPEN ON 2023-03-01',
        "SELECT date, account, balance FROM OPEN ON 2023-05-15 WHERE account ~ '^(Assets|Liabilities)'",
        "SELECT month, last(balance), units(last(balance)), cost(last(balance)) FROM OPEN ON 2023-04-01 WHERE account ~ 'Assets' AND date <= 2023-09-30 GROUP BY month ORDER BY month",
        "SELECT date, balance FROM OPEN ON 2023-02-01 CLOSE ON 2023-07-01 WHERE currency != 'USD' ORDER BY date DESC LIMIT 6",
        "SELECT account, balance FROM FILTER (account ~ 'Bank|Broker') OPEN ON 2023-06-01 WHERE currency = 'HOOL'",
        'SELECT date, balance FROM OPEN ON 2023-03-01 CLEAR LIMIT 20 OFFSET 3',
        'SELECT date, balance FROM OPEN ON 2022-01-01',
        // The same opening, other accounts chosen among its rows: each its own kept balance.
        "SELECT month, last(balance) FROM OPEN ON 2023-04-01 WHERE account ~ 'Bank' GROUP BY month ORDER BY month",
        "SELECT week, last(balance) FROM OPEN ON 2023-04-01 WHERE account ~ '^(Assets|Liabilities)' AND date <= 2023-09-30 GROUP BY week ORDER BY week",
        'SELECT year, last(balance) FROM OPEN ON 2023-04-01 GROUP BY year',
      ],
      SEEDS,
      60,
      true,
    );
  });
});

describe('date narrowing: the rows of a date range', () => {
  const QUERIES = [
    "SELECT date, account, position, balance WHERE date >= 2023-03-01 AND date <= 2023-06-30",
    "SELECT account, sum(position), count(*) WHERE date > 2023-02-10 AND account ~ 'Assets' GROUP BY account",
    "SELECT date, narration, balance WHERE 2023-04-01 > date AND date >= '2023-02-01' AND account ~ 'Bank' LIMIT 5 OFFSET 2",
    'SELECT count(*), sum(number) WHERE date = 2023-02-01 OR date < 2023-01-15',
    'SELECT count(*), sum(position) WHERE date = 2023-01-01',
    "SELECT date, account WHERE date < 2023-01-01 AND date > 2023-06-01",
    'SELECT date, position WHERE date >= 2023-05-01 ORDER BY date DESC LIMIT 3',
    "BALANCES WHERE date <= 2023-04-15 AND account ~ 'Assets|Income'",
    'SELECT year, month, sum(position) WHERE date >= 2023-02-01 AND date < 2023-09-01 AND NOT (date = 2023-03-05) GROUP BY year, month',
    'SELECT account, sum(position) FROM OPEN ON 2023-03-01 WHERE date >= 2023-03-01 AND date <= 2023-08-01 GROUP BY account',
  ];

  it('gives the rows of testing every row, alone, with account narrowing, limits and period clauses', () => {
    // The random ledgers are in date order, so the fast path narrows them.
    expect(sortedDates(snapshot(randomLedger(1, 60)).postings)).not.toBeNull();
    compareBothPaths(QUERIES, SEEDS, 60);
  });

  it('scans rows out of date order whole: same rows as the plain path (hand-counted)', () => {
    const snap = snapshot([
      { date: '2023-03-01', postings: ['Assets:Bank 1 USD', 'Income:Salary -1 USD'] },
      { date: '2023-01-01', postings: ['Assets:Bank 2 USD', 'Income:Salary -2 USD'] },
      { date: '2023-02-01', postings: ['Assets:Bank 4 USD', 'Income:Salary -4 USD'] },
    ]);
    expect(sortedDates(snap.postings)).toBeNull();
    // Postings after 2023-01-15 on the bank: 1 + 4 USD.
    const rows = runQuery(snap, "SELECT count(*), sum(number) WHERE date > 2023-01-15 AND account = 'Assets:Bank'").rows;
    expect(rows.map((r) => [r[0], String(r[1])])).toEqual([[2n, '5']]);
    for (const q of QUERIES) {
      const fast = answer(snap, q);
      fastPaths.enabled = false;
      expect(fast, q).toBe(answer(snap, q));
      fastPaths.enabled = true;
    }
  });

  it('narrows #transactions (reference order, by date) as the plain path filters it, on the example ledger', () => {
    const snap = loadLedger(new URL('../../../../main/demo/example.beancount', import.meta.url).pathname, { defaultTimezone: 'UTC' });
    const rows = transactionsTable.rows({ snapshot: snap } as never) as Transaction[];
    expect(rows.length).toBeGreaterThan(100);
    expect(tableDates('transactions', rows)).not.toBeNull();
    // Bounds on days with transactions, and on the days next to them: an off-by-one range shows.
    const lo = rows[Math.floor(rows.length / 3)].date;
    const hi = rows[Math.floor((rows.length * 2) / 3)].date;
    const from = formatDate(lo);
    const to = formatDate(hi);
    expect(rows.some((t) => t.date === lo - 1) || rows.some((t) => t.date === hi + 1)).toBe(true);
    // Counted here from the rows themselves: the padding transactions (flag P) left out.
    const expected = rows.filter((t) => t.date >= lo && t.date <= hi && t.flag !== 'P').length;
    expect(expected).toBeGreaterThan(5);
    const count = runQuery(snap, `SELECT count(*) FROM #transactions WHERE date >= ${from} AND date <= ${to} AND flag != 'P'`).rows;
    expect(count).toEqual([[BigInt(expected)]]);
    for (const q of [
      `SELECT count(*) FROM #transactions WHERE date >= ${from} AND date <= ${to} AND flag != 'P'`,
      `SELECT date, narration FROM #transactions WHERE date > ${from} AND date < ${to} ORDER BY date DESC LIMIT 3`,
      `SELECT narration FROM #transactions WHERE date = ${from} OR payee ~ 'a'`,
      `SELECT date, payee FROM #transactions WHERE ${to} < date LIMIT 4 OFFSET 1`,
      `SELECT count(*) FROM #transactions WHERE date = ${from}`,
      `SELECT count(*) FROM #transactions WHERE date > ${formatDate(lo - 1)} AND date < ${formatDate(hi + 1)}`,
    ]) {
      const fast = answer(snap, q);
      fastPaths.enabled = false;
      expect(fast, q).toBe(answer(snap, q));
      fastPaths.enabled = true;
    }
  });

  it('narrows to the right range: bounds at, between and beyond the dates, NULL', () => {
    const dates = Int32Array.from([1, 3, 3, 3, 7, 9]);
    const st = {} as EvalState;
    const at = (op: '<' | '<=' | '>' | '>=' | '=', v: number | null) => dateRange(dates, [{ op, value: { eval: () => v } as never }], st);
    expect(at('<', 3)).toEqual([0, 1]);
    expect(at('<=', 3)).toEqual([0, 4]);
    expect(at('>', 3)).toEqual([4, 6]);
    expect(at('>=', 3)).toEqual([1, 6]);
    expect(at('=', 3)).toEqual([1, 4]);
    expect(at('=', 4)).toEqual([4, 4]);
    expect(at('>', 9)).toEqual([6, 6]);
    expect(at('<', 1)).toEqual([0, 0]);
    expect(at('>=', null)).toEqual([0, 0]);
    const both = dateRange(dates, [{ op: '>', value: { eval: () => 1 } as never }, { op: '<=', value: { eval: () => 7 } as never }], st);
    expect(both).toEqual([1, 5]);
  });
});
