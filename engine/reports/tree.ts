/**
 * An account tree with per-column totals (Fava's core/tree.py, per interval): each node has its
 * own balance (the rows of that account) and the balance of its subtree; parents without rows of
 * their own are created so every account hangs under its root.
 */
import { Inventory } from '../query/inventory';

export interface TreeNode {
  account: string;
  name: string;
  own: Inventory[];
  total: Inventory[];
  atCost: Inventory[];
  children: TreeNode[];
}

export interface TreeRow {
  column: number;
  account: string;
  balance: Inventory;
  /** Lots valued at cost (at_value), or null. */
  atCost: Inventory | null;
}

const ROOT_ORDER = ['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses'];

function rootRank(account: string): number {
  const i = ROOT_ORDER.indexOf(account);
  return i < 0 ? ROOT_ORDER.length : i;
}

const empties = (n: number) => Array.from({ length: n }, () => new Inventory());

/** The roots of the tree of `rows` over `columns` columns, in type order, children by name. */
export function buildTree(columns: number, rows: readonly TreeRow[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  const node = (account: string): TreeNode => {
    let n = nodes.get(account);
    if (!n) {
      const colon = account.lastIndexOf(':');
      n = { account, name: account.slice(colon + 1), own: empties(columns), total: empties(columns), atCost: empties(columns), children: [] };
      nodes.set(account, n);
      if (colon >= 0) node(account.slice(0, colon)).children.push(n);
    }
    return n;
  };
  for (const r of rows) {
    node(r.account).own[r.column].addInventory(r.balance);
    // Subtree totals: the row counts in its account and every ancestor.
    for (let a: string | null = r.account; a !== null; a = parentOf(a)) {
      const n = node(a);
      n.total[r.column].addInventory(r.balance);
      if (r.atCost) n.atCost[r.column].addInventory(r.atCost);
    }
  }
  const roots = [...nodes.values()].filter((n) => !n.account.includes(':'));
  const sortChildren = (n: TreeNode) => {
    n.children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    n.children.forEach(sortChildren);
  };
  roots.forEach(sortChildren);
  return roots.sort((a, b) => rootRank(a.account) - rootRank(b.account) || (a.account < b.account ? -1 : 1));
}

function parentOf(account: string): string | null {
  const colon = account.lastIndexOf(':');
  return colon < 0 ? null : account.slice(0, colon);
}
