import { describe, expect, it } from 'vitest';
import { loadCollapsed, parents, saveCollapsed, visibleRows, type KeyValueStore, type Walkable } from '../../../../renderer/pages/statements/tree-state';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const n = (account: string, ...children: Walkable[]): Walkable => ({ account, children });
const TREE = [n('Assets', n('Assets:Bank', n('Assets:Bank:Savings')), n('Assets:Cash')), n('Income', n('Income:Salary'))];

describe('tree state', () => {
  it('remembers collapsed accounts per statement; a damaged entry starts open', () => {
    const store = memoryStore();
    saveCollapsed(store, 'balance-sheet', new Set(['Assets:Bank', 'Assets']));
    expect([...loadCollapsed(store, 'balance-sheet')]).toEqual(['Assets', 'Assets:Bank']);
    expect(loadCollapsed(store, 'income-statement').size).toBe(0);
    store.data.set('ledger-query.tree.x', '{not json');
    expect(loadCollapsed(store, 'x').size).toBe(0);
    expect(loadCollapsed(null, 'x').size).toBe(0);
  });

  it('only parents collapse; collapsed subtrees are hidden', () => {
    expect(parents(TREE)).toEqual(['Assets', 'Assets:Bank', 'Income']);
    const rows = visibleRows(TREE, new Set(['Assets:Bank', 'Income']));
    expect(rows.map((r) => `${r.depth}${r.node.account}`)).toEqual(['0Assets', '1Assets:Bank', '1Assets:Cash', '0Income']);
    expect(visibleRows(TREE, new Set(parents(TREE))).map((r) => r.node.account)).toEqual(['Assets', 'Income']);
  });
});
