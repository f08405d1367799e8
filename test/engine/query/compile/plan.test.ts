/**
 * What the compiler hands the executor (compile/plan.ts): the account-only part of the condition
 * used to narrow the scan, which forms of the running balance are read, group keys (explicit and
 * implicit), the consecutive-groups flag, and the BALANCES/JOURNAL rewrites.
 */
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../../../engine/query/index';

const plan = (q: string) => compileQuery(q);
const keyTexts = (q: string) => plan(q).aggregate?.keys.map((k) => k.key) ?? null;

describe('account filter (scan narrowing)', () => {
  it('takes the conjuncts that read only account', () => {
    const p = plan("SELECT date WHERE account = 'A' AND year = 2024");
    expect(p.accountFilter?.key).toBe('(col:account=lit:str:A)');
    expect(p.filterRest?.key).toBe('(col:year=lit:int:2024)');
    expect(plan("SELECT date WHERE account = 'A'").filterRest).toBeNull();
    expect(plan("SELECT date FROM account ~ '^Assets' WHERE under(account, 'Assets:Bank')").accountFilter?.key).toMatch(/^and\(/);
    expect(plan("SELECT date WHERE account IN ('A', 'B')").accountFilter).not.toBeNull();
    expect(plan("JOURNAL 'Cash'").accountFilter).not.toBeNull();
  });
  it('has none when no conjunct reads account alone', () => {
    expect(plan("SELECT date WHERE account = 'A' OR year = 2024").accountFilter).toBeNull();
    expect(plan('SELECT date WHERE year = 2024').accountFilter).toBeNull();
    expect(plan('SELECT date WHERE year = 2024').filterRest?.key).toBe('(col:year=lit:int:2024)');
    expect(plan("SELECT date WHERE account = payee").accountFilter).toBeNull();
    expect(plan('SELECT date').accountFilter).toBeNull();
  });
});

describe('running balance use', () => {
  it('distinguishes the full inventory from the per-currency totals', () => {
    expect(plan('SELECT date, balance').balance).toEqual({ full: true, units: false, cost: false });
    expect(plan('SELECT units(balance), cost(balance)').balance).toEqual({ full: false, units: true, cost: true });
    expect(plan('SELECT account, last(balance) GROUP BY account').balance).toEqual({ full: true, units: false, cost: false });
    expect(plan('SELECT date ORDER BY date').balance).toEqual({ full: false, units: false, cost: false });
    expect(plan("JOURNAL 'Cash' AT units").balance).toEqual({ full: false, units: true, cost: false });
  });
});

describe('grouping', () => {
  it('groups by the non-aggregate targets without GROUP BY, by the keys with it', () => {
    expect(keyTexts('SELECT account, sum(number)')).toEqual(['col:account']);
    expect(keyTexts("SELECT 'x', year, count(*)")).toEqual(['col:year']);
    expect(keyTexts('SELECT count(*)')).toEqual([]);
    expect(keyTexts('SELECT account, count(*) GROUP BY account, year')).toEqual(['col:account', 'col:year']);
    expect(keyTexts('SELECT date')).toBeNull();
  });
  it('BALANCES groups by account and its sort key and sorts by the sort key', () => {
    const p = plan('BALANCES');
    expect(p.aggregate!.keys.map((k) => k.key)).toEqual(['col:account', 'call:account_sortkey(col:account)']);
    expect(p.order.map((o) => o.expr.key)).toEqual(['call:account_sortkey(col:account)']);
    expect(p.columns).toEqual([
      { name: 'account', type: 'str' },
      { name: 'sum(position)', type: 'inventory' },
    ]);
  });
  it('marks groups that come one after another in ledger order', () => {
    expect(plan('SELECT date, count(*)').aggregate!.consecutive).toBe(true);
    expect(plan('SELECT year, sum(number)').aggregate!.consecutive).toBe(true);
    expect(plan('SELECT yearmonth(date), sum(number) GROUP BY 1').aggregate!.consecutive).toBe(true);
    expect(plan('SELECT id, posting_index, count(*)').aggregate!.consecutive).toBe(true);
    expect(plan('SELECT posting_index, count(*)').aggregate!.consecutive).toBe(false);
    expect(plan('SELECT year, month, count(*)').aggregate!.consecutive).toBe(true);
    expect(plan('SELECT year, month, day, count(*)').aggregate!.consecutive).toBe(true);
    expect(plan('SELECT month, count(*)').aggregate!.consecutive).toBe(false);
    expect(plan('SELECT year, day, count(*)').aggregate!.consecutive).toBe(false);
    // seq is ledger order only without period clauses (synthetic transactions have NULL seq).
    expect(plan('SELECT seq, count(*)').aggregate!.consecutive).toBe(true);
    expect(plan('SELECT seq, posting_index, count(*)').aggregate!.consecutive).toBe(true);
    expect(plan('SELECT seq, count(*) FROM OPEN ON 2020-01-01').aggregate!.consecutive).toBe(false);
    expect(plan('SELECT seq, date, count(*)').aggregate!.consecutive).toBe(false);
    // Only the postings table is in ledger order: #budgets is by name, then month.
    expect(plan('SELECT date, count(*) FROM #budgets').aggregate!.consecutive).toBe(false);
    expect(plan('SELECT timestamp, count(*)').aggregate!.consecutive).toBe(false);
    expect(plan('SELECT account, count(*)').aggregate!.consecutive).toBe(false);
  });
});

describe('LIMIT and OFFSET binding', () => {
  it('binds literals and parameters', () => {
    expect(plan('SELECT date LIMIT 5 OFFSET 2')).toMatchObject({ limit: 5n, offset: 2n });
    expect(compileQuery('SELECT date LIMIT $1 OFFSET :o', { '1': 3, o: 4n })).toMatchObject({ limit: 3n, offset: 4n });
    expect(plan('SELECT date')).toMatchObject({ limit: null, offset: 0n });
  });
});
