/**
 * A map keyed by small non-negative integers (a lot table's ids: execute/lot-ids.ts) that behaves
 * as a Map does: iteration in insertion order, a set of a present key keeps its place, a deleted
 * key set again goes last.
 *
 * Why not a Map: a running balance that starts from a carried opening of thousands of lots
 * (11,600 on the xlarge bench ledger) keys them by id on its first row, and Map.set costs about
 * 250 ns an entry on these machines: 3 ms per balance, four balances per dashboard visit after a
 * save. Here that is an Int32Array write per lot.
 *
 * Entries are a base (the lots it starts from, taken as they are) then a tail (entries added
 * since), each in insertion order. `slot[key]` is the entry's place + 1 in base-then-tail order
 * (0: absent); an entry whose key's slot no longer points at it is dead (deleted, or deleted and
 * added again further on). No array of the size of the base is copied or grown: on these machines
 * a fresh array past 128 KB is fresh pages, each faulted in at about 11 us.
 */
export class IdMap<V> {
  private slot: Int32Array;
  private baseKeys: ArrayLike<number> = EMPTY;
  private baseVals: V[] = [];
  private tailKeys: number[] = [];
  private tailVals: V[] = [];
  private live = 0;

  /** `capacity`: keys below it need no growth of the index (the id table's size). */
  constructor(capacity = 16) {
    this.slot = new Int32Array(Math.max(16, capacity));
  }

  /**
   * The map of `keys[i]` to `values[i]` (keys distinct), in that order. It takes both arrays as
   * its own: the caller changes neither from then on.
   */
  static of<V>(keys: ArrayLike<number>, values: V[], capacity = 0): IdMap<V> {
    let max = capacity - 1;
    for (let i = 0; i < keys.length; i++) if (keys[i] > max) max = keys[i];
    const m = new IdMap<V>(max + 1);
    const slot = m.slot;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (slot[k] !== 0) throw new Error(`internal error: lot id ${k} twice in one inventory`);
      slot[k] = i + 1;
    }
    m.baseKeys = keys;
    m.baseVals = values;
    m.live = keys.length;
    return m;
  }

  get size(): number {
    return this.live;
  }

  get(key: number): V | undefined {
    if (key >= this.slot.length) return undefined;
    const j = this.slot[key];
    if (j === 0) return undefined;
    const b = this.baseVals.length;
    return j <= b ? this.baseVals[j - 1] : this.tailVals[j - 1 - b];
  }

  has(key: number): boolean {
    return key < this.slot.length && this.slot[key] !== 0;
  }

  set(key: number, value: V): this {
    if ((key | 0) !== key || key < 0) throw new Error(`internal error: ${key} is not a lot id`);
    if (key >= this.slot.length) this.grow(key);
    const j = this.slot[key];
    const b = this.baseVals.length;
    if (j === 0) {
      this.tailKeys.push(key);
      this.tailVals.push(value);
      this.slot[key] = b + this.tailKeys.length;
      this.live++;
    } else if (j <= b) this.baseVals[j - 1] = value;
    else this.tailVals[j - 1 - b] = value;
    return this;
  }

  delete(key: number): boolean {
    if (key >= this.slot.length || this.slot[key] === 0) return false;
    this.slot[key] = 0;
    this.live--;
    const entries = this.baseVals.length + this.tailVals.length;
    if (entries > 64 && this.live * 2 < entries) this.compact();
    return true;
  }

  /** A copy with the same entries in the same order (as `new Map(map)`). */
  copy(): IdMap<V> {
    const { keys, vals } = this.liveEntries();
    return IdMap.of(keys, vals, this.slot.length);
  }

  /** The live entries in order, as two new arrays. */
  private liveEntries(): { keys: Int32Array; vals: V[] } {
    const keys = new Int32Array(this.live);
    const vals = new Array<V>(this.live);
    let n = 0;
    this.forEach((v, k) => {
      keys[n] = k;
      vals[n++] = v;
    });
    return { keys, vals };
  }

  /** Each entry in order, as Map.forEach (value, key): no iterator or pair per entry. */
  forEach(fn: (value: V, key: number) => void): void {
    const slot = this.slot;
    const bk = this.baseKeys;
    const bv = this.baseVals;
    for (let i = 0; i < bk.length; i++) if (slot[bk[i]] === i + 1) fn(bv[i], bk[i]);
    const b = bk.length;
    const tk = this.tailKeys;
    const tv = this.tailVals;
    for (let i = 0; i < tk.length; i++) if (slot[tk[i]] === b + i + 1) fn(tv[i], tk[i]);
  }

  /** The keys in order, as an array. */
  keys(): number[] {
    const out = new Array<number>(this.live);
    let n = 0;
    this.forEach((_, k) => void (out[n++] = k));
    return out;
  }

  /** The values in order, as an array (a for-of over it is an array's, not a generator's). */
  values(): V[] {
    const out = new Array<V>(this.live);
    let n = 0;
    this.forEach((v) => void (out[n++] = v));
    return out;
  }

  *entries(): IterableIterator<[number, V]> {
    const out: [number, V][] = [];
    this.forEach((v, k) => void out.push([k, v]));
    yield* out;
  }

  [Symbol.iterator](): IterableIterator<[number, V]> {
    return this.entries();
  }

  private grow(key: number): void {
    let n = this.slot.length;
    while (n <= key) n *= 2;
    const s = new Int32Array(n);
    s.set(this.slot);
    this.slot = s;
  }

  /** The live entries as the base, no tail (when the dead outnumber them). */
  private compact(): void {
    const { keys, vals } = this.liveEntries();
    for (let i = 0; i < keys.length; i++) this.slot[keys[i]] = i + 1;
    this.baseKeys = keys;
    this.baseVals = vals;
    this.tailKeys = [];
    this.tailVals = [];
  }
}

const EMPTY = new Int32Array(0);
