/**
 * A character trie over a flat transition table, for the names a ledger repeats most (accounts
 * and currencies): reading a known name is one table step per character, with no hash to compute
 * and no comparison against the text afterwards (SliceTable's `startsWith` was half the time of
 * reading an account on the bench ledgers).
 *
 * Only ASCII characters of the name's class take part (a class table maps each to a column); a
 * name with any other character is never inserted, and its readers fall back to the name table.
 * The table is bounded (`maxStates`): a ledger with more distinct names than that keeps the rest
 * on the slower path, never more memory.
 */
import type { Codes } from './codes';

export class NameTrie<T> {
  /** state * width + column -> next state; 0 is "none" (the root, state 0, is never a target). */
  private next: Int32Array;
  /** The value of the name ending at each state (undefined for a prefix only). */
  readonly values: (T | undefined)[] = [undefined];
  private states = 1;
  /** Where the last `walk` stopped. */
  end = 0;

  /**
   * `columns`: for each char code below 128, its column (1 .. width - 1), or 0 for a character no
   * name here holds.
   */
  constructor(
    private readonly columns: Uint8Array,
    private readonly width: number,
    private readonly maxStates = 8192,
  ) {
    this.next = new Int32Array(64 * width);
  }

  /**
   * Follows the code units `s` (codes.ts) from `start` while the trie has a path for them; returns
   * the state reached (0 when not even the first character is known) and leaves in `end` the
   * index it stopped at.
   */
  walk(s: Codes, start: number, n: number): number {
    const next = this.next;
    const columns = this.columns;
    const w = this.width;
    let st = 0;
    let i = start;
    for (; i < n; i++) {
      const c = s[i];
      if (c >= 128) break;
      const k = columns[c];
      if (k === 0) break;
      const to = next[st * w + k];
      if (to === 0) break;
      st = to;
    }
    this.end = i;
    return st;
  }

  /** Adds `name` with its value; a name with a character outside the class is left out. */
  insert(name: string, value: T): void {
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      if (c >= 128 || this.columns[c] === 0) return;
    }
    const w = this.width;
    let st = 0;
    for (let i = 0; i < name.length; i++) {
      const slot = st * w + this.columns[name.charCodeAt(i)];
      let to = this.next[slot];
      if (to === 0) {
        if (this.states >= this.maxStates) return;
        to = this.states++;
        if (to * w + w > this.next.length) {
          const grown = new Int32Array(this.next.length * 2);
          grown.set(this.next);
          this.next = grown;
        }
        this.next[slot] = to;
        this.values.push(undefined);
      }
      st = to;
    }
    this.values[st] = value;
  }
}

/** Columns of the given characters, in order, from 1. */
export function columnsOf(chars: string): Uint8Array {
  const out = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) out[chars.charCodeAt(i)] = i + 1;
  return out;
}
