import { describe, expect, it } from 'vitest';
import { amounts, ancestors, buildAccountTree, visibleRows, type AccountNode, type BalanceRow, type ListRow } from '../../../../renderer/pages/accounts/account-tree';
import { builtinRows, ledger } from '../builtin-rows';

const TEXT = `
option "operating_currency" "USD"
2024-01-01 open Assets:Bank:Checking USD
2024-01-01 open Assets:Broker
2024-01-01 open Income:Salary
  alias: "Pay"
2024-01-01 open Equity:Opening
2024-01-01 open Assets:Old
2024-03-01 close Assets:Old

2024-01-02 * "Employer" "Pay"
  Assets:Bank:Checking   1000.00 USD
  Income:Salary         -1000.00 USD

2024-01-03 * "Buy"
  Assets:Broker            10 ABC {20.00 USD}
  Assets:Bank:Checking   -200.00 USD

2024-01-04 * "Points"
  Assets:Bank:Rewards        5 PTS
  Equity:Opening            -5 PTS

2024-01-05 price ABC 25.00 USD
`;

function tree(): AccountNode[] {
  const s = ledger(TEXT);
  const list = builtinRows(s, 'accounts.list', {}) as unknown as ListRow[];
  const balances = builtinRows(s, 'accounts.balances', { operating_currency: 'USD' }) as unknown as BalanceRow[];
  return buildAccountTree(list, balances, 'USD');
}

function find(roots: AccountNode[], account: string): AccountNode {
  const n = visibleRows(roots, new Set()).find((x) => x.account === account);
  if (!n) throw new Error(`no node ${account}`);
  return n;
}

describe('buildAccountTree on accounts.list and accounts.balances of a text ledger', () => {
  it('values holdings at the latest price and adds children into totals', () => {
    const roots = tree();
    expect(roots.map((r) => r.account)).toEqual(['Assets', 'Equity', 'Income']);
    // Checking: 1000.00 - 200.00 = 800.00 USD.
    expect(find(roots, 'Assets:Bank:Checking').total.value.toString()).toBe('800.00');
    // Broker: 10 ABC at the 25.00 USD price = 250.00 USD.
    expect(find(roots, 'Assets:Broker').total.value.toString()).toBe('250.00');
    // Assets = 800.00 + 250.00; 5 PTS have no price and stay unconverted.
    const assets = find(roots, 'Assets');
    expect(assets.total.value.toString()).toBe('1050.00');
    expect(amounts(assets.total.unconverted)).toEqual([{ number: '5', currency: 'PTS' }]);
    expect(amounts(assets.total.units)).toEqual([
      { number: '10', currency: 'ABC' },
      { number: '5', currency: 'PTS' },
      { number: '800.00', currency: 'USD' },
    ]);
    expect(assets.own.value.isZero()).toBe(true);
    expect(find(roots, 'Income').total.value.toString()).toBe('-1000.00');
  });

  it('lists accounts with postings but no open directive, and adds missing parents', () => {
    const roots = tree();
    const rewards = find(roots, 'Assets:Bank:Rewards');
    expect(rewards.declared).toBe(false);
    expect(rewards.posted).toBe(true);
    const bank = find(roots, 'Assets:Bank');
    expect(bank.declared).toBe(false);
    expect(bank.posted).toBe(false);
    expect(bank.children.map((c) => c.part)).toEqual(['Checking', 'Rewards']);
  });

  it('keeps directive fields: alias, open and close dates', () => {
    const roots = tree();
    expect(find(roots, 'Income:Salary').alias).toBe('Pay');
    const old = find(roots, 'Assets:Old');
    expect([old.open, old.close, old.posted]).toEqual(['2024-01-01', '2024-03-01', false]);
  });

  it('hides the subtree of a collapsed account, depth first otherwise', () => {
    const roots = tree();
    expect(visibleRows(roots, new Set(['Assets:Bank', 'Equity', 'Income'])).map((n) => n.account)).toEqual([
      'Assets',
      'Assets:Bank',
      'Assets:Broker',
      'Assets:Old',
      'Equity',
      'Income',
    ]);
  });
});

describe('hiding closed accounts', () => {
  const text = `
2024-01-01 open Assets:Closed:A
2024-01-01 open Assets:Closed:B
2024-01-01 open Assets:Live
2024-01-01 open Equity:Opening
2024-01-02 * "in"
  Assets:Closed:B   5 USD
  Equity:Opening
2024-01-03 * "out"
  Assets:Closed:B  -5 USD
  Equity:Opening
2024-02-01 close Assets:Closed:A
2024-03-01 close Assets:Closed:B
`;
  const s = ledger(text);
  const roots = buildAccountTree(
    builtinRows(s, 'accounts.list', {}) as unknown as ListRow[],
    builtinRows(s, 'accounts.balances', { operating_currency: 'USD' }) as unknown as BalanceRow[],
    'USD',
  );
  const names = (asOf: string | null) => visibleRows(roots, new Set(), asOf).map((n) => n.account);

  it('hides a bare parent whose accounts are all closed and empty', () => {
    expect(names('2024-03-01')).toEqual(['Assets', 'Assets:Live', 'Equity', 'Equity:Opening']);
  });

  it('keeps accounts closed after the day, and everything when not hiding', () => {
    expect(names('2024-02-15')).toEqual(['Assets', 'Assets:Closed', 'Assets:Closed:B', 'Assets:Live', 'Equity', 'Equity:Opening']);
    expect(names(null)).toEqual(['Assets', 'Assets:Closed', 'Assets:Closed:A', 'Assets:Closed:B', 'Assets:Live', 'Equity', 'Equity:Opening']);
  });
});

describe('ancestors', () => {
  it('lists the parents outermost first', () => {
    expect(ancestors('Assets:US:BofA:Checking')).toEqual(['Assets', 'Assets:US', 'Assets:US:BofA']);
    expect(ancestors('Assets')).toEqual([]);
  });
});
