/**
 * A table keyed by a stretch of the source text, looked up without cutting the stretch out:
 * the scanner hashes the characters while it reads them and candidates are compared with the
 * code units in place. Names, tags, keys, payees and narrations repeat throughout a ledger, so
 * most look-ups hit and no substring is allocated for them.
 */

import type { Codes } from './codes';

/** Whether `t` has the code units `codes[start..start + len)` (`len` = t.length). */
function sameCodes(t: string, codes: Codes, start: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (t.charCodeAt(k) !== codes[start + k]) return false;
  return true;
}

/** The hash the readers compute as they scan: call with 0, then once per char code. */
export function hashStep(h: number, c: number): number {
  return (Math.imul(h, 31) + c) | 0;
}

/** Spreads the polynomial hash: texts differing in the last character would sit in adjacent slots. */
function slot(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Open addressing over typed arrays: no Map, no entry objects, compares chars in place. */
export class SliceTable<T> {
  private mask = 1023;
  private hashes = new Int32Array(1024);
  private texts: (string | undefined)[] = new Array(1024).fill(undefined);
  private values: (T | undefined)[] = new Array(1024).fill(undefined);
  private size = 0;

  /** `limit` bounds memory for tables of values that may all differ (number literals). */
  constructor(private readonly limit = Infinity) {}

  /** The value of the text whose code units are `codes[start..end)` (scan hash `hash`). */
  get(codes: Codes, start: number, end: number, hash: number): T | undefined {
    const len = end - start;
    const texts = this.texts;
    for (let i = slot(hash) & this.mask; ; i = (i + 1) & this.mask) {
      const t = texts[i];
      if (t === undefined) return undefined;
      if (this.hashes[i] === hash && t.length === len && sameCodes(t, codes, start, len)) return this.values[i];
    }
  }

  set(text: string, value: T, hash: number): void {
    if (this.size >= this.limit) this.reset(this.mask + 1);
    else if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    this.insert(text, value, hash);
  }

  private insert(text: string, value: T, hash: number): void {
    let i = slot(hash) & this.mask;
    while (this.texts[i] !== undefined) i = (i + 1) & this.mask;
    this.hashes[i] = hash;
    this.texts[i] = text;
    this.values[i] = value;
    this.size++;
  }

  private reset(cap: number): void {
    this.mask = cap - 1;
    this.hashes = new Int32Array(cap);
    this.texts = new Array(cap).fill(undefined);
    this.values = new Array(cap).fill(undefined);
    this.size = 0;
  }

  private grow(): void {
    const { hashes, texts, values } = this;
    this.reset((this.mask + 1) * 2);
    for (let i = 0; i < texts.length; i++) if (texts[i] !== undefined) this.insert(texts[i]!, values[i]!, hashes[i]);
  }
}
