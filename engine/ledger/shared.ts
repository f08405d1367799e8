/**
 * Shared immutable values for the many directives and postings that have no metadata, tags,
 * links or errors. A large ledger has hundreds of thousands of them, and an empty array per field
 * is a heap object each that the garbage collector copies until the ledger is dropped.
 *
 * Frozen, so that a reader that wrongly mutates one fails loudly instead of changing every
 * directive at once. Writers (the parser) replace them with a fresh array before the first push.
 */
import type { Meta } from './ast';

export const NO_META: Meta = Object.freeze([]) as unknown as Meta;
export const NO_STRINGS: string[] = Object.freeze([]) as unknown as string[];

/**
 * One frozen array per distinct sorted list of names (the accounts of #entries rows): a ledger
 * has a few thousand distinct account sets for hundreds of thousands of directives.
 */
export class NameLists {
  private readonly root: TrieNode = { next: new Map(), list: null };

  /** The shared list holding only `name`. */
  one(name: string): string[] {
    let node = this.root.next.get(name);
    if (node === undefined) this.root.next.set(name, (node = { next: new Map(), list: null }));
    return (node.list ??= Object.freeze([name]) as unknown as string[]);
  }

  /** The shared list of two names, `a` < `b` (no list made to look it up). */
  two(a: string, b: string): string[] {
    let first = this.root.next.get(a);
    if (first === undefined) this.root.next.set(a, (first = { next: new Map(), list: null }));
    let node = first.next.get(b);
    if (node === undefined) first.next.set(b, (node = { next: new Map(), list: null }));
    return (node.list ??= Object.freeze([a, b]) as unknown as string[]);
  }

  /** The shared list equal to `sorted` (sorted, without duplicates; not kept). */
  of(sorted: readonly string[]): string[] {
    if (sorted.length === 0) return NO_STRINGS;
    let node = this.root;
    for (let i = 0; i < sorted.length; i++) {
      let next = node.next.get(sorted[i]);
      if (next === undefined) node.next.set(sorted[i], (next = { next: new Map(), list: null }));
      node = next;
    }
    return (node.list ??= Object.freeze(sorted.slice()) as unknown as string[]);
  }
}

interface TrieNode {
  next: Map<string, TrieNode>;
  list: string[] | null;
}

/**
 * A copy of exactly its length, for lists kept by the snapshot. V8 gives an array grown by push
 * room for 17 elements on the first push; a ledger keeps hundreds of thousands of short lists
 * (postings, metadata), and the spare room is most of their memory and of the collector's copying.
 */
export function exact<T>(xs: T[]): T[] {
  return xs.slice();
}

/**
 * Stable in-place insertion sort for the short lists of one transaction (its postings, rows,
 * currencies). Array.prototype.sort allocates a work copy on every call, which adds up over a
 * hundred thousand transactions; insertion sort on a handful of items allocates nothing.
 */
export function sortSmall<T>(xs: T[], cmp: (a: T, b: T) => number): T[] {
  // Long lists (a sale spanning hundreds of lots) keep the n log n sort.
  if (xs.length > 24) return xs.sort(cmp);
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i];
    let j = i - 1;
    while (j >= 0 && cmp(xs[j], x) > 0) {
      xs[j + 1] = xs[j];
      j--;
    }
    xs[j + 1] = x;
  }
  return xs;
}

/** Text of the first `key` entry of some metadata (a repeated key gives its first value), or null. */
export function firstMeta(meta: readonly { key: string; text: string }[], key: string): string | null {
  for (const e of meta) if (e.key === key) return e.text;
  return null;
}

/** Index of the first item whose key is >= `at` in a list sorted by key. */
export function firstAtOrAfter<T>(list: readonly T[], at: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(list[mid]) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
