/**
 * Statements as trees on the statements ledger (test/engine/builtins/statements-ledger.ts, which
 * `bean-check` accepts); the per-account figures are those of the built-in tests, cross-checked
 * there with bean-query. Here: subtree totals, the Unrealized row that makes the sheet balance at
 * every conversion, interval columns and the filter written into each column's query.
 */
import { describe, expect, it } from 'vitest';
import { ledger } from '../ledger/ledger-text';
import { LEDGER } from '../builtins/statements-ledger';
import { parseDate } from '../../../engine/dates';
import { runQuery } from '../../../engine/query/index';
import { parseFilter } from '../../../engine/filters/index';
import { buildStatement, type StatementRequest } from '../../../engine/reports/statements';
import type { AmountJson, Statement, StatementNode } from '../../../engine/api-types';
import type { Interval } from '../../../engine/reports/intervals';

const s = ledger(LEDGER);
const day = (t: string) => parseDate(t)!;
const text = (a: AmountJson[]) => a.map((x) => `${x.number} ${x.currency}`).join(', ');

function statement(
  kind: StatementRequest['kind'],
  begin: string,
  end: string,
  conversion: string,
  opts: { interval?: Interval; invert?: boolean; account?: string; entry?: string; latest?: boolean } = {},
): Statement {
  const filter = opts.account || opts.entry ? parseFilter({ account: opts.account, filter: opts.entry }, { today: day('2025-06-01') }) : null;
  const req: StatementRequest = { kind, begin: day(begin), end: day(end), interval: opts.interval ?? null, conversion, invert: opts.invert ?? false, prices: opts.latest ? 'latest' : 'end', currencies: ['USD'], filter };
  return buildStatement(s, req, (q) => runQuery(s, q))!;
}

/** `account own | subtree` of every node, depth first, for one column. */
function flat(st: Statement, column = 0): string[] {
  const out: string[] = [];
  const walk = (n: StatementNode) => {
    out.push(`${n.account} ${text(n.balance[column])} | ${text(n.balance_children[column])}`);
    n.children.forEach(walk);
  };
  st.tree.forEach(walk);
  return out;
}

describe('balance sheet', () => {
  it('at cost the roots add up to nothing and no Unrealized row is needed', () => {
    const st = statement('balance-sheet', '2024-01-01', '2024-03-01', 'at_cost');
    expect(flat(st)).toEqual([
      'Assets  | 90.00 EUR, 1401.00 USD',
      'Assets:Bank 1101.00 USD | 1101.00 USD',
      'Assets:Broker 300.00 USD | 300.00 USD',
      'Assets:Euro 90.00 EUR | 90.00 EUR',
      'Liabilities  | -30.00 USD',
      'Liabilities:Card -30.00 USD | -30.00 USD',
      // -90.00 EUR + 99.00 USD - 470.00 - 1000.00 = -90.00 EUR, -1371.00 USD
      'Equity  | -90.00 EUR, -1371.00 USD',
      'Equity:Conversions  | -90.00 EUR, 99.00 USD',
      'Equity:Conversions:Current -90.00 EUR, 99.00 USD | -90.00 EUR, 99.00 USD',
      'Equity:Earnings  | -470.00 USD',
      'Equity:Earnings:Current -470.00 USD | -470.00 USD',
      'Equity:Opening -1000.00 USD | -1000.00 USD',
    ]);
    // Net worth: 90.00 EUR + 1401.00 - 30.00 USD.
    expect(text(st.total[0])).toBe('90.00 EUR, 1371.00 USD');
  });

  it('at value, Equity:Unrealized books the 50.00 USD gain of STK (GLD counts at its cost, and is marked)', () => {
    const st = statement('balance-sheet', '2024-01-01', '2024-03-01', 'at_value');
    const rows = flat(st);
    expect(rows).toContain('Equity:Unrealized -50.00 USD | -50.00 USD');
    expect(rows).toContain('Assets:Broker 350.00 USD | 350.00 USD');
    const assets = st.tree[0];
    expect(text(assets.at_cost[0])).toBe('2 GLD');
    // Assets + Liabilities + Equity = 0 in every currency.
    const sum = st.tree.flatMap((r) => r.balance_children[0]);
    const byCurrency = new Map<string, number>();
    for (const a of sum) byCurrency.set(a.currency, (byCurrency.get(a.currency) ?? 0) + Math.round(Number(a.number) * 100));
    expect([...byCurrency.values()].every((v) => v === 0)).toBe(true);
  });

  it('at the latest price the February sheet values STK at 26.00: Unrealized -60.00', () => {
    const st = statement('balance-sheet', '2024-01-01', '2024-03-01', 'at_value', { latest: true });
    expect(flat(st)).toContain('Equity:Unrealized -60.00 USD | -60.00 USD');
    expect(st.columns[0].query).toContain('9999-12-31');
  });

  it('at units, Unrealized holds the lots against their cost; inverted, equity reads positive', () => {
    const st = statement('balance-sheet', '2024-01-01', '2024-03-01', 'units', { invert: true });
    // Units total: USD 1101.00 - 30.00 - 1000.00 - 470.00 + 99.00 = -300.00, plus 10 STK and 2 GLD.
    // Unrealized = -(that) = -10 STK, -2 GLD, +300.00 USD; inverted (an Equity account) it reads the other way.
    expect(flat(st)).toContain('Equity:Unrealized 2 GLD, 10 STK, -300.00 USD | 2 GLD, 10 STK, -300.00 USD');
    expect(flat(st)).toContain('Equity:Opening 1000.00 USD | 1000.00 USD');
    expect(flat(st)).toContain('Liabilities:Card 30.00 USD | 30.00 USD');
  });

  it('monthly columns are balances at each month end; each column keeps its own query', () => {
    const st = statement('balance-sheet', '2024-01-01', '2024-04-01', 'at_cost', { interval: 'month' });
    expect(st.columns.map((c) => `${c.label} ${c.begin}..${c.end}`)).toEqual([
      '2024-01 2024-01-01..2024-02-01',
      '2024-02 2024-02-01..2024-03-01',
      '2024-03 2024-03-01..2024-04-01',
    ]);
    const bank = st.tree[0].children[0];
    // January: 1000 + 500 - 200; February: - 99 - 100; March: + 500.
    expect(bank.balance.map(text)).toEqual(['1300.00 USD', '1101.00 USD', '1601.00 USD']);
    expect(st.columns[1].query).toContain('FROM OPEN ON 2024-01-01 CLOSE ON 2024-03-01 CLEAR');
    // Net worth per month: Jan 1300 + 200; Feb 1101 + 300 + 90 EUR - 30; Mar + 500.
    expect(st.total.map(text)).toEqual(['1500.00 USD', '90.00 EUR, 1371.00 USD', '90.00 EUR, 1871.00 USD']);
  });
});

describe('income statement', () => {
  it('monthly: the change in each month, net profit = -(income + expenses)', () => {
    const st = statement('income-statement', '2024-01-01', '2024-04-01', 'USD', { interval: 'month' });
    expect(st.tree.map((n) => `${n.account} ${n.balance_children.map(text).join(' / ')}`)).toEqual([
      'Income -500.00 USD /  / -500.00 USD',
      'Expenses  / 30.00 USD / ',
    ]);
    expect(st.total.map(text)).toEqual(['500.00 USD', '-30.00 USD', '500.00 USD']);
    expect(st.columns[1].query).toContain('date >= 2024-02-01 AND date < 2024-03-01');
  });

  it('the account filter is written into every column query', () => {
    const st = statement('income-statement', '2024-01-01', '2024-04-01', 'units', { account: 'Expenses' });
    expect(flat(st)).toEqual(['Expenses  | 30.00 USD', 'Expenses:Food 30.00 USD | 30.00 USD']);
    expect(st.columns[0].query).not.toBe(statement('income-statement', '2024-01-01', '2024-04-01', 'units').columns[0].query);
  });
});

describe('entry filter', () => {
  it('payee:"Grocer" keeps February\'s food and its card posting only', () => {
    const st = statement('trial-balance', '2024-01-01', '2024-04-01', 'units', { entry: 'payee:"Grocer"' });
    expect(flat(st).filter((r) => !r.includes('  |'))).toEqual(['Liabilities:Card -30.00 USD | -30.00 USD', 'Expenses:Food 30.00 USD | 30.00 USD']);
    expect(st.columns[0].query).toContain('Grocer');
  });
});

/*
 * Fava's order (issue 16 follow-up): the account and entry filters choose whole transactions,
 * then the time filter summarizes the chosen ones before the range into opening balances. The
 * figures were computed by hand and cross-checked with bean-query 2.3.5 on copies of the ledger
 * holding only the chosen transactions (`BALANCES FROM OPEN ON 2024-02-01 CLOSE ON 2024-04-01
 * CLEAR`: the two purchases give Bank -300.00 USD, Broker 10 STK + 2 GLD; the two pays give Bank
 * 1000.00, Earnings:Previous -500.00, Earnings:Current -500.00).
 */
describe('filters choose transactions before the time', () => {
  // Accounts with a balance of their own (parents and the empty Equity:Opening-Balances left out).
  const rows = (st: Statement, column: number) => flat(st, column).filter((r) => !r.includes('  |'));
  it('account filter: the other legs of a matching transaction are on the sheet', () => {
    const st = statement('balance-sheet', '2024-02-01', '2024-04-01', 'at_cost', { account: 'Assets:Broker', interval: 'month' });
    // February: STK bought in January is an opening balance with its bank side; GLD in February.
    expect(rows(st, 0)).toEqual(['Assets:Bank -300.00 USD | -300.00 USD', 'Assets:Broker 300.00 USD | 300.00 USD']);
    expect(st.total.map(text)).toEqual(['', '']);
    // At value at the end of March: STK 10 x 26.00, GLD never quoted so at its cost 100.00:
    // 360.00 against the bank's -300.00; the 60.00 gain is Equity:Unrealized.
    const v = statement('balance-sheet', '2024-02-01', '2024-04-01', 'at_value', { account: 'Assets:Broker', interval: 'month' });
    expect(rows(v, 1)).toEqual([
      'Assets:Bank -300.00 USD | -300.00 USD',
      'Assets:Broker 360.00 USD | 360.00 USD',
      'Equity:Unrealized -60.00 USD | -60.00 USD',
    ]);
    expect(v.columns[1].query).toMatch(/^[\s\S]*FROM FILTER \(.*Assets:Broker.*\) OPEN ON 2024-02-01 CLOSE ON 2024-04-01 CLEAR/);
  });
  it('entry filter with a time: the balances carried from before the range stay', () => {
    const st = statement('balance-sheet', '2024-02-01', '2024-04-01', 'at_cost', { entry: 'payee:"Employer"', interval: 'month' });
    // January's pay is the opening balance (its income in previous earnings); March's pay is current.
    expect(rows(st, 0)).toEqual([
      'Assets:Bank 500.00 USD | 500.00 USD',
      'Equity:Earnings:Previous -500.00 USD | -500.00 USD',
    ]);
    expect(rows(st, 1)).toEqual([
      'Assets:Bank 1000.00 USD | 1000.00 USD',
      'Equity:Earnings:Current -500.00 USD | -500.00 USD',
      'Equity:Earnings:Previous -500.00 USD | -500.00 USD',
    ]);
    expect(st.total.map(text)).toEqual(['500.00 USD', '1000.00 USD']);
  });
});

describe('trial balance', () => {
  it('every account; at cost the total is nothing', () => {
    const st = statement('trial-balance', '2024-01-01', '2024-03-01', 'at_cost');
    expect(st.tree.map((n) => n.account)).toEqual(['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses']);
    expect(text(st.total[0])).toBe('');
  });
});
