/**
 * Verdicts of account-only conditions kept across snapshots (execute/account-verdicts.ts): a
 * condition on the account name alone is not evaluated again for a name it judged in an earlier
 * snapshot, and one that reads the snapshot (open_date) is evaluated in each snapshot anew.
 * Ledgers written here; figures by hand.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { compileQuery, runQuery } from '../../../../engine/query/index';
import { accountVerdicts, clearAccountVerdicts, keptVerdicts, rememberVerdict } from '../../../../engine/query/execute/account-verdicts';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { ledger } from '../../ledger/ledger-text';

/** A ledger whose Expenses:Food opens on `foodOpens`; `extra` adds Expenses:Books and its spending. */
function book(foodOpens: string, extra = false): Snapshot {
  const s = ledger(
    [
      '2024-01-01 open Assets:Cash USD',
      `${foodOpens} open Expenses:Food USD`,
      '2024-01-01 open Expenses:Rent USD',
      '2024-01-01 open Income:Salary USD',
      ...(extra ? ['2024-01-01 open Expenses:Books USD'] : []),
      '2024-03-01 * "Pay"',
      '  Income:Salary  -1000.00 USD',
      '  Assets:Cash',
      '2024-03-02 * "Rent"',
      '  Expenses:Rent  400.00 USD',
      '  Assets:Cash',
      '2024-03-03 * "Lunch"',
      '  Expenses:Food  12.50 USD',
      '  Assets:Cash',
      ...(extra ? ['2024-03-04 * "Novel"', '  Expenses:Books  20.00 USD', '  Assets:Cash'] : []),
      '',
    ].join('\n'),
  );
  expect(s.errors).toEqual([]);
  return s;
}

/** `account: number currency` of each row of a query grouped by account, in order. */
function sums(s: Snapshot, q: string): string[] {
  const r = runQuery(s, q);
  return r.rows.map((row) => `${row[0]}: ${String(row[1])}`);
}

beforeEach(() => clearAccountVerdicts());

describe('account-only verdicts across snapshots', () => {
  const PURE = "SELECT account, sum(number) WHERE under(account, 'Expenses') GROUP BY account ORDER BY account";

  it('keeps the verdicts of a condition on the name alone, and judges new names in a later snapshot', () => {
    const plan = compileQuery(PURE);
    expect(plan.accountFilter).not.toBeNull();
    expect(plan.accountFilter!.readsSnapshot).toBe(false);

    expect(sums(book('2024-01-01'), PURE)).toEqual(['Expenses:Food: 12.50', 'Expenses:Rent: 400.00']);
    const verdicts = accountVerdicts(plan.accountFilter!.key).map;
    expect([...verdicts].sort()).toEqual([
      ['Assets:Cash', false],
      ['Expenses:Food', true],
      ['Expenses:Rent', true],
      ['Income:Salary', false],
    ]);

    // A later snapshot with one more account: the new name is judged, the others are read.
    expect(sums(book('2024-01-01', true), PURE)).toEqual(['Expenses:Books: 20.00', 'Expenses:Food: 12.50', 'Expenses:Rent: 400.00']);
    expect(accountVerdicts(plan.accountFilter!.key).map.get('Expenses:Books')).toBe(true);
    expect(accountVerdicts(plan.accountFilter!.key).map.size).toBe(5);
  });

  it('uses a kept verdict instead of evaluating the condition again', () => {
    const plan = compileQuery(PURE);
    // A planted verdict (what no evaluation gives) shows that the kept one is what the scan reads.
    accountVerdicts(plan.accountFilter!.key).map.set('Expenses:Rent', false);
    expect(sums(book('2024-01-01'), PURE)).toEqual(['Expenses:Food: 12.50']);
  });

  it('evaluates a condition that reads the snapshot in every snapshot', () => {
    const q = 'SELECT account, sum(number) WHERE open_date(account) > 2024-01-15 GROUP BY account ORDER BY account';
    const plan = compileQuery(q);
    expect(plan.accountFilter).not.toBeNull();
    expect(plan.accountFilter!.readsSnapshot).toBe(true);
    // Food opens on 2024-01-01 in the first ledger, on 2024-02-01 in the second.
    expect(sums(book('2024-01-01'), q)).toEqual([]);
    expect(sums(book('2024-02-01'), q)).toEqual(['Expenses:Food: 12.50']);
    expect(accountVerdicts(plan.accountFilter!.key).map.size).toBe(0);
  });

  it('keeps conditions apart by their constants', () => {
    const s = book('2024-01-01');
    expect(sums(s, "SELECT account, sum(number) WHERE under(account, 'Income') GROUP BY account")).toEqual(['Income:Salary: -1000.00']);
    expect(sums(s, "SELECT account, sum(number) WHERE under(account, 'Assets') GROUP BY account")).toEqual(['Assets:Cash: 587.50']);
    expect(sums(s, "SELECT account, sum(number) WHERE account ~ 'Rent|Food' GROUP BY account ORDER BY account")).toEqual([
      'Expenses:Food: 12.50',
      'Expenses:Rent: 400.00',
    ]);
    expect(sums(s, "SELECT account, sum(number) WHERE account ~ 'Rent' GROUP BY account")).toEqual(['Expenses:Rent: 400.00']);
  });

  it('stays within its bounds: least recently used conditions go first, and a condition past the budget keeps no more', () => {
    const s = book('2024-01-01');
    const q = (root: string) => `SELECT account, sum(number) WHERE under(account, '${root}') GROUP BY account ORDER BY account`;
    // Four accounts a condition; room for two conditions and six names.
    clearAccountVerdicts({ conditions: 2, names: 6 });
    expect(sums(s, q('Income'))).toEqual(['Income:Salary: -1000.00']);
    expect(keptVerdicts()).toEqual({ conditions: 1, names: 4 });
    // The second condition fills the names: the first (least recently used) is dropped for it.
    expect(sums(s, q('Assets'))).toEqual(['Assets:Cash: 587.50']);
    expect(keptVerdicts()).toEqual({ conditions: 1, names: 4 });
    const assets = accountVerdicts(compileQuery(q('Assets')).accountFilter!.key);
    expect(assets.map.size).toBe(4);
    // A third condition: when the names run out, the least recently used (Assets) is dropped.
    expect(sums(s, q('Expenses'))).toEqual(['Expenses:Food: 12.50', 'Expenses:Rent: 400.00']);
    expect(keptVerdicts()).toEqual({ conditions: 1, names: 4 });
    expect(assets.dropped).toBe(true);
    // One condition alone past the budget keeps what fits and is still answered right.
    clearAccountVerdicts({ conditions: 2, names: 3 });
    expect(sums(s, q('Expenses'))).toEqual(['Expenses:Food: 12.50', 'Expenses:Rent: 400.00']);
    expect(keptVerdicts()).toEqual({ conditions: 1, names: 3 });
    expect(sums(s, q('Expenses'))).toEqual(['Expenses:Food: 12.50', 'Expenses:Rent: 400.00']);
    clearAccountVerdicts();
  });

  it('counts only what the table holds: a dropped condition keeps no more', () => {
    clearAccountVerdicts({ conditions: 1, names: 10 });
    const a = accountVerdicts('a');
    rememberVerdict(a, 'Assets:Cash', true);
    const b = accountVerdicts('b');
    expect(a.dropped).toBe(true);
    rememberVerdict(a, 'Assets:Bank', true);
    rememberVerdict(b, 'Assets:Cash', false);
    rememberVerdict(b, 'Assets:Cash', false);
    expect(keptVerdicts()).toEqual({ conditions: 1, names: 1 });
    expect(accountVerdicts('a').map.size).toBe(0);
    clearAccountVerdicts();
  });

  it('keeps conditions apart by their parameters', () => {
    const s = book('2024-01-01');
    const q = 'SELECT account, sum(number) WHERE under(account, :root) GROUP BY account ORDER BY account';
    expect(runQuery(s, q, { params: { root: 'Income' } }).rows.map((r) => r[0])).toEqual(['Income:Salary']);
    expect(runQuery(s, q, { params: { root: 'Expenses' } }).rows.map((r) => r[0])).toEqual(['Expenses:Food', 'Expenses:Rent']);
  });
});
