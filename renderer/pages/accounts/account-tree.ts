/**
 * The account tree of the Accounts page, built from two built-in results (account page rule 2):
 * the account list (accounts.list: account, open, close, alias) and the per-account balances
 * (accounts.balances: account, currency, units, value, first_date; value = the units converted
 * to the operating currency at today's prices, an inventory). Accounts with postings but no
 * open directive come from the balances rows; parents that are neither (e.g. a bare `Assets`)
 * are added so the tree has no gaps. A node's total is the sum of its own rows and every row
 * under it, added with exact decimals.
 */
import type { Cell, InventoryJson } from '../../../engine/api-types';
import { Dec } from '../../../engine/decimal';

export interface Holdings {
  /** Sum of what converts to the operating currency. */
  value: Dec;
  /** Per currency: units no price converts (left out of `value`). */
  unconverted: Map<string, Dec>;
  /** Per currency: units before valuation. */
  units: Map<string, Dec>;
}

export interface AccountNode {
  account: string;
  /** Last component, shown indented under the parent. */
  part: string;
  depth: number;
  open: string | null;
  close: string | null;
  alias: string | null;
  /** Has an open or close directive (false for accounts known only from postings, and added parents). */
  declared: boolean;
  /** Has postings of its own. */
  posted: boolean;
  own: Holdings;
  total: Holdings;
  children: AccountNode[];
}

export interface ListRow {
  account: Cell;
  open: Cell;
  close: Cell;
  alias: Cell;
}

export interface BalanceRow {
  account: Cell;
  currency: Cell;
  units: Cell;
  value: Cell;
}

const emptyHoldings = (): Holdings => ({ value: Dec.of(0), unconverted: new Map(), units: new Map() });

function addTo(map: Map<string, Dec>, currency: string, n: Dec): void {
  const old = map.get(currency);
  map.set(currency, old === undefined ? n : old.plus(n));
}

function addHoldings(into: Holdings, h: Holdings): void {
  into.value = into.value.plus(h.value);
  for (const [c, n] of h.unconverted) addTo(into.unconverted, c, n);
  for (const [c, n] of h.units) addTo(into.units, c, n);
}

const str = (c: Cell): string | null => (typeof c === 'string' ? c : null);

/**
 * Builds the forest (one root per top-level component, sorted by name; children sorted by name).
 * `operatingCurrency` decides which positions of a value count as converted.
 */
export function buildAccountTree(list: ListRow[], balances: BalanceRow[], operatingCurrency: string): AccountNode[] {
  const nodes = new Map<string, AccountNode>();
  function node(account: string): AccountNode {
    let n = nodes.get(account);
    if (n === undefined) {
      const cut = account.lastIndexOf(':');
      n = {
        account,
        part: cut < 0 ? account : account.slice(cut + 1),
        depth: account.split(':').length - 1,
        open: null,
        close: null,
        alias: null,
        declared: false,
        posted: false,
        own: emptyHoldings(),
        total: emptyHoldings(),
        children: [],
      };
      nodes.set(account, n);
      if (cut >= 0) node(account.slice(0, cut)).children.push(n);
    }
    return n;
  }

  for (const r of list) {
    const account = str(r.account);
    if (account === null || account === '') continue;
    const n = node(account);
    n.declared = true;
    n.open = str(r.open);
    n.close = str(r.close);
    n.alias = str(r.alias);
  }
  for (const r of balances) {
    const account = str(r.account);
    const currency = str(r.currency);
    if (account === null || account === '' || currency === null) continue;
    const n = node(account);
    n.posted = true;
    const units = typeof r.units === 'string' ? Dec.parse(r.units) : null;
    if (units !== null) addTo(n.own.units, currency, units);
    const value = r.value as InventoryJson | null;
    for (const p of value?.positions ?? []) {
      const v = Dec.parse(p.units.number);
      if (v === null) continue;
      if (p.units.currency === operatingCurrency) n.own.value = n.own.value.plus(v);
      else addTo(n.own.unconverted, p.units.currency, v);
    }
  }

  const roots = [...nodes.values()].filter((n) => n.depth === 0 || !nodes.has(n.account.slice(0, n.account.lastIndexOf(':'))));
  const byName = (a: AccountNode, b: AccountNode) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0);
  // Post-order: children first, so each total is its own rows plus the finished child totals.
  function finish(n: AccountNode): void {
    n.children.sort(byName);
    addHoldings(n.total, n.own);
    for (const c of n.children) {
      finish(c);
      addHoldings(n.total, c.total);
    }
  }
  roots.sort(byName);
  for (const r of roots) finish(r);
  return roots;
}

/**
 * Whether a subtree is only history as of `today`: nothing held in it, and each account in it is
 * closed on or before today or is a mere parent without directive or postings. Such subtrees are
 * hidden unless the page shows closed accounts (choice, like Fava's "hide closed accounts").
 */
export function isClosedSubtree(n: AccountNode, today: string): boolean {
  const closed = n.close !== null && n.close <= today;
  const bareParent = !n.declared && !n.posted;
  if (!closed && !bareParent) return false;
  for (const units of n.total.units.values()) if (!units.isZero()) return false;
  return n.children.every((c) => isClosedSubtree(c, today));
}

/**
 * The visible rows, depth first, skipping the children of collapsed accounts and, when
 * `hideClosedAsOf` is a day, the closed subtrees as of that day.
 */
export function visibleRows(roots: AccountNode[], collapsed: ReadonlySet<string>, hideClosedAsOf: string | null = null): AccountNode[] {
  const out: AccountNode[] = [];
  const walk = (n: AccountNode) => {
    if (hideClosedAsOf !== null && isClosedSubtree(n, hideClosedAsOf)) return;
    out.push(n);
    if (!collapsed.has(n.account)) for (const c of n.children) walk(c);
  };
  for (const r of roots) walk(r);
  return out;
}

/** Non-zero entries of a per-currency map as amounts, ordered by currency. */
export function amounts(map: Map<string, Dec>): Array<{ number: string; currency: string }> {
  return [...map.entries()]
    .filter(([, n]) => !n.isZero())
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, n]) => ({ number: n.toString(), currency }));
}

/** The parent accounts of an account, outermost first (`A:B:C` -> `A`, `A:B`), for a breadcrumb. */
export function ancestors(account: string): string[] {
  const parts = account.split(':');
  const out: string[] = [];
  for (let i = 1; i < parts.length; i++) out.push(parts.slice(0, i).join(':'));
  return out;
}
