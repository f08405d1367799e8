/**
 * Small pieces every directive table shares: the column builder, the ledger-relative file name,
 * per-snapshot row caches and the text/pair forms of metadata (reused from the postings table so
 * `meta` reads the same on every table).
 */
import * as nodePath from 'node:path';
import type { Meta } from '../../ledger/ast';
import type { Snapshot } from '../../ledger/snapshot';
import { civilFromDays, formatTime, type DayNum } from '../../dates';
import type { TypeName } from '../types';
import type { ColumnDef } from './registry';

export { metaPairs, metaText } from './postings';

/** A column; `ext` marks a service extension (after the reference columns, not in `SELECT *`). */
export function col<R>(name: string, type: TypeName, description: string, get: (row: R) => unknown, ext = false): ColumnDef<R> {
  return { name, type, description, get, ext };
}

/**
 * Rows of a table built once per snapshot: a snapshot never changes, so a query after the first
 * reads the cached array (a reload makes a new snapshot and the old cache is collected with it).
 */
export function perSnapshot<T>(build: (s: Snapshot) => T): ((s: Snapshot) => T) & { known(s: Snapshot): T | undefined } {
  const cache = new WeakMap<Snapshot, T>();
  const get = (s: Snapshot): T => {
    let v = cache.get(s);
    if (v === undefined) {
      v = build(s);
      cache.set(s, v);
    }
    return v;
  };
  /** The value if built for `s`, without building it. */
  return Object.assign(get, { known: (s: Snapshot) => cache.get(s) });
}

/**
 * A file as the tables show it: relative to the ledger directory with `/` separators, or the full
 * path when the file lies outside it (spec #errors `file`; #entries `filename` follows the same
 * rule so the two can be compared and joined by a reader).
 */
export function ledgerRelative(root: string, file: string): string {
  const rel = nodePath.relative(root, file);
  if (rel === '' || rel === '..' || rel.startsWith('..' + nodePath.sep) || nodePath.isAbsolute(rel)) return file;
  return rel.split(nodePath.sep).join('/');
}

export const yearOf = (d: DayNum) => BigInt(civilFromDays(d)[0]);
export const monthOf = (d: DayNum) => BigInt(civilFromDays(d)[1]);
export const dayOf = (d: DayNum) => BigInt(civilFromDays(d)[2]);
export const timeText = (seconds: number) => formatTime(seconds);
export const int = (n: number) => BigInt(n);

/** Recorded `[key, value]` pairs as the Meta that meta()/entry_meta()/any_meta() read. */
export function pairsAsMeta(pairs: readonly (readonly [string, string])[]): Meta {
  return pairs.map(([key, text]) => ({ key, kind: 'string', text }));
}

/** payee and narration joined with ' | ', missing or empty parts left out (as the postings column). */
export function describe(payee: string | null, narration: string): string {
  if (payee && narration) return payee + ' | ' + narration;
  return payee || narration || '';
}

export const EMPTY_META: Meta = Object.freeze([]) as unknown as Meta;
