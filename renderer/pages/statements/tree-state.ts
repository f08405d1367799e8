/**
 * Which accounts of a statement tree are open, remembered per statement in localStorage (as
 * Fava keeps its tree state), so a reload or a later visit shows the same view. Stored as the
 * list of collapsed accounts: a new account appears open, as on a first visit.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const PREFIX = 'ledger-query.tree.';

export function loadCollapsed(store: KeyValueStore | null, name: string): Set<string> {
  try {
    const raw = store?.getItem(PREFIX + name);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    // A damaged entry (edited by hand, another version) starts the tree open rather than failing.
    return new Set();
  }
}

export function saveCollapsed(store: KeyValueStore | null, name: string, collapsed: Set<string>): void {
  try {
    store?.setItem(PREFIX + name, JSON.stringify([...collapsed].sort()));
  } catch {
    // Storage full or disabled: the view still works, it is just not remembered.
  }
}

/** The browser's localStorage, or null where there is none (tests, locked-down profiles). */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export interface Walkable {
  account: string;
  children: Walkable[];
}

/** Accounts with children (the only ones that can collapse). */
export function parents(nodes: Walkable[]): string[] {
  const out: string[] = [];
  const walk = (n: Walkable) => {
    if (n.children.length) out.push(n.account);
    n.children.forEach(walk);
  };
  nodes.forEach(walk);
  return out;
}

/** Rows shown: depth-first, skipping the descendants of collapsed accounts. */
export function visibleRows<T extends Walkable>(nodes: T[], collapsed: Set<string>): Array<{ node: T; depth: number }> {
  const out: Array<{ node: T; depth: number }> = [];
  const walk = (n: T, depth: number) => {
    out.push({ node: n, depth });
    if (!collapsed.has(n.account)) (n.children as T[]).forEach((c) => walk(c, depth + 1));
  };
  nodes.forEach((n) => walk(n, 0));
  return out;
}
