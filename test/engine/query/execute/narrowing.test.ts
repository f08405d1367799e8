/**
 * The scan narrows to the rows of accounts an account-only condition accepts (spec: results are
 * identical whether or not the engine narrows). Every query here runs twice, once with the
 * compiled plan and once with its account filter removed (a full scan), and must give the same
 * columns, rows and total; the narrowed plan must actually have an account filter.
 */
import { describe, expect, it } from 'vitest';
import { generateLedger } from '../../../../main/gen/ledger-generator';
import { compileQuery, encodeResult } from '../../../../engine/query/index';
import { execute } from '../../../../engine/query/execute/run';
import { Deadline, ResultBudget } from '../../../../engine/query/execute/limits';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import type { Plan } from '../../../../engine/query/compile/plan';
import { ledger } from '../../ledger/ledger-text';

const gen = ledger(generateLedger({ transactions: 400, seed: 7 }).text);

function run(snap: Snapshot, plan: Plan, countTotal = true) {
  const r = execute(plan, {
    snapshot: snap,
    today: 20000,
    countTotal,
    deadline: new Deadline(10_000),
    budget: new ResultBudget(1_000_000),
  });
  return JSON.stringify(encodeResult(r), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

function same(snap: Snapshot, q: string): string {
  const plan = compileQuery(q);
  expect(plan.accountFilter, `no account filter for ${q}`).not.toBeNull();
  const narrowed = run(snap, plan);
  const full = run(snap, { ...plan, accountFilter: null });
  expect(narrowed).toBe(full);
  return narrowed;
}

describe('account narrowing gives the full scan result', () => {
  it('has postings on several accounts to choose from', () => {
    expect(gen.errors).toEqual([]);
    expect(new Set(gen.postings.map((p) => p.account)).size).toBeGreaterThan(20);
  });
  const queries = [
    "SELECT date, account, position, balance WHERE account = 'Assets:US:BofA:Checking'",
    "SELECT date, account, position, balance WHERE account ~ '^Expenses:Food' ORDER BY date DESC LIMIT 7",
    "SELECT account, sum(position), last(balance) WHERE under(account, 'Income') GROUP BY account",
    "SELECT date, account, number WHERE account IN ('Assets:US:BofA:Checking', 'Expenses:Home:Rent') LIMIT 5 OFFSET 3",
    "SELECT count(*), sum(number) WHERE account ~ 'Expenses' AND year = 2024",
    "BALANCES WHERE account ~ '^Assets'",
    "JOURNAL '^Liabilities'",
    "SELECT DISTINCT account WHERE NOT account ~ 'Expenses' LIMIT 4",
    "SELECT account, units(balance), cost(balance) WHERE account ~ 'Invest' AND number > 0",
  ];
  for (const q of queries) {
    it(q, () => {
      const out = JSON.parse(same(gen, q));
      expect(out.data.total).toBeGreaterThan(0);
    });
  }

  it('chooses exactly the rows of the accepted accounts, in ledger order, with their running balance', () => {
    const snap = ledger(`
2024-01-01 open Assets:A
2024-01-01 open Assets:AB
2024-01-01 open Income:X
2024-01-02 * "one"
  Assets:A   5 USD
  Income:X  -5 USD
2024-01-03 * "two"
  Assets:AB  7 USD
  Income:X  -7 USD
2024-01-04 * "three"
  Assets:A   1 USD
  Assets:AB  2 USD
  Income:X  -3 USD
`);
    const usd = (n: string) => ({ positions: [{ units: { number: n, currency: 'USD' }, cost: null }] });
    const out = JSON.parse(same(snap, "SELECT narration, account, balance WHERE account IN ('Assets:A', 'Assets:AB')"));
    expect(out.data.rows).toEqual([
      ['one', 'Assets:A', usd('5')],
      ['two', 'Assets:AB', usd('12')],
      ['three', 'Assets:A', usd('13')],
      ['three', 'Assets:AB', usd('15')],
    ]);
  });
});
