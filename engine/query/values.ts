/**
 * Ordering, equality, hashing and text form of query values (document 2 "Types" / "Ordering",
 * `str(any)`; document 1 "CSV export rules" for the text forms).
 *
 * Every function takes the static type of the values, because the JavaScript representation
 * alone is ambiguous (an empty array is a set or a metas list). int and decimal mix freely in the
 * numeric helpers: columns of one type may still meet the other through IN lists and CASE.
 */
import { Dec } from '../decimal';
import { formatDate } from '../dates';
import type { Amount, Cost, Position } from '../ledger/snapshot';
import { Inventory } from './inventory';
import { QueryError } from './errors';
import type { Interval, Metas, StrSet, TypeName } from './types';
import { intervalText } from './interval';

// ---------------------------------------------------------------------------------------------
// Strings: by character code, i.e. by Unicode code point (as Python compares str). JavaScript's
// `<` compares UTF-16 units, which differs only when a surrogate pair meets a character in
// U+E000..U+FFFF; that case is corrected below.

export function compareStr(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length < 0 ? -1 : 1;
  let x = a.charCodeAt(i);
  let y = b.charCodeAt(i);
  if (x >= 0xd800 && y >= 0xd800) {
    // Surrogates (code points above U+FFFF) sort after every BMP character.
    if (x >= 0xd800 && x <= 0xdfff) x += 0x10000;
    if (y >= 0xd800 && y <= 0xdfff) y += 0x10000;
  }
  return x < y ? -1 : 1;
}

/** Sorts and de-duplicates strings into a set value. */
export function makeSet(items: Iterable<string>): StrSet {
  const arr = Array.from(new Set(items));
  if (arr.length > 1) arr.sort(compareStr);
  return arr;
}

// ---------------------------------------------------------------------------------------------
// Numbers

function cmpNum(a: bigint | Dec, b: bigint | Dec): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = typeof a === 'bigint' ? Dec.of(a) : a;
  const y = typeof b === 'bigint' ? Dec.of(b) : b;
  return x.cmp(y);
}

// ---------------------------------------------------------------------------------------------
// Positions (Beancount's Position.sortkey): well-known currencies first in a fixed order, then
// other currencies shorter names first; then cost number, cost currency, units number. A position
// without cost reads as cost number 0 and cost currency '' there, as in Beancount. The spec's key
// stops at units; equal keys are further ordered by currency name, cost date and label so that
// the order is total (sorting stays deterministic).

const CURRENCY_ORDER: ReadonlyMap<string, number> = new Map(
  ['USD', 'EUR', 'JPY', 'CAD', 'GBP', 'AUD', 'NZD', 'CHF'].map((c, i) => [c, i]),
);

function currencyRank(c: string): number {
  return CURRENCY_ORDER.get(c) ?? CURRENCY_ORDER.size + c.length;
}

function compareCostKey(a: Cost | null, b: Cost | null): number {
  const na = a === null ? Dec.ZERO : a.number;
  const nb = b === null ? Dec.ZERO : b.number;
  const n = na.cmp(nb);
  if (n !== 0) return n;
  return compareStr(a === null ? '' : a.currency, b === null ? '' : b.currency);
}

export function comparePositions(a: Position, b: Position): number {
  const ca = a.units.currency;
  const cb = b.units.currency;
  if (ca !== cb) {
    const r = currencyRank(ca) - currencyRank(cb);
    if (r !== 0) return r;
  }
  let c = compareCostKey(a.cost, b.cost);
  if (c !== 0) return c;
  c = a.units.number.cmp(b.units.number);
  if (c !== 0) return c;
  if (ca !== cb) return compareStr(ca, cb);
  return compareLotDetail(a.cost, b.cost);
}

function compareLotDetail(a: Cost | null, b: Cost | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (a.date !== b.date) return a.date - b.date;
  if (a.label === b.label) return 0;
  if (a.label === null) return -1;
  if (b.label === null) return 1;
  return compareStr(a.label, b.label);
}

function compareAmounts(a: Amount, b: Amount): number {
  const c = compareStr(a.currency, b.currency);
  return c !== 0 ? c : a.number.cmp(b.number);
}

function positionsInOrder(inv: Inventory): Position[] {
  const arr = inv.positions().slice();
  if (arr.length > 1) arr.sort(comparePositions);
  return arr;
}

function compareSeq<T>(a: readonly T[], b: readonly T[], cmp: (x: T, y: T) => number): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = cmp(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}

function comparePair(a: readonly [string, string], b: readonly [string, string]): number {
  return compareStr(a[0], b[0]) || compareStr(a[1], b[1]);
}

/**
 * Total order of document 2 "Ordering" (ORDER BY, min, max, <, <=, >, >=). NULL is lower than any
 * value. Intervals have no order: the compiler rejects them, so reaching here is a bug.
 */
export function compareValues(type: TypeName, a: unknown, b: unknown): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  switch (type) {
    case 'bool':
      return a === b ? 0 : a === false ? -1 : 1;
    case 'int':
    case 'decimal':
      return cmpNum(a as bigint | Dec, b as bigint | Dec);
    case 'str':
      return compareStr(a as string, b as string);
    case 'date':
      return (a as number) - (b as number);
    case 'set':
      return compareSeq(a as StrSet, b as StrSet, compareStr);
    case 'amount':
      return compareAmounts(a as Amount, b as Amount);
    case 'position':
      return comparePositions(a as Position, b as Position);
    case 'inventory':
      return compareSeq(positionsInOrder(a as Inventory), positionsInOrder(b as Inventory), comparePositions);
    case 'metas':
      return compareSeq(a as Metas, b as Metas, comparePair);
    case 'null':
      return 0;
    case 'interval':
      throw new QueryError('intervals have no order');
  }
}

// ---------------------------------------------------------------------------------------------
// Equality (=, DISTINCT, GROUP BY, IN): by value, so 1 = 1.00 and 10.0 USD = 10 USD.

function costsEqual(a: Cost | null, b: Cost | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return a.number.eq(b.number) && a.currency === b.currency && a.date === b.date && a.label === b.label;
}

function amountsEqual(a: Amount, b: Amount): boolean {
  return a.currency === b.currency && a.number.eq(b.number);
}

function seqEqual<T>(a: readonly T[], b: readonly T[], eq: (x: T, y: T) => boolean): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!eq(a[i], b[i])) return false;
  return true;
}

/** Equality for `=`, DISTINCT, GROUP BY and IN. Two NULLs are equal here (DISTINCT and GROUP BY). */
export function valuesEqual(type: TypeName, a: unknown, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  switch (type) {
    case 'int':
    case 'decimal':
      return cmpNum(a as bigint | Dec, b as bigint | Dec) === 0;
    case 'bool':
    case 'str':
    case 'date':
      return a === b;
    case 'set':
      return seqEqual(a as StrSet, b as StrSet, (x, y) => x === y);
    case 'amount':
      return amountsEqual(a as Amount, b as Amount);
    case 'position': {
      const p = a as Position;
      const q = b as Position;
      return amountsEqual(p.units, q.units) && costsEqual(p.cost, q.cost);
    }
    case 'inventory':
      return (a as Inventory).equals(b as Inventory);
    case 'interval': {
      const x = a as Interval;
      const y = b as Interval;
      return x.months === y.months && x.days === y.days;
    }
    case 'metas':
      return seqEqual(a as Metas, b as Metas, (x, y) => x[0] === y[0] && x[1] === y[1]);
    case 'null':
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Hash keys: equal values (valuesEqual) give equal keys, so a Map can group, de-duplicate and
// look up IN lists. Keys are only compared within one column (or one IN list), so types need
// no tag, except that NULL must differ from every string: its key is "\u0000" and a string
// starting with \u0000 or \u0001 is escaped with a \u0001 prefix. Numbers use a normalised
// decimal text (no trailing zeros, no exponent), so int 1, 1.0 and 1.00 share one key.

const NULL_KEY = '\u0000';

function numKey(v: bigint | Dec): string {
  return typeof v === 'bigint' ? v.toString() : v.v.toFixed();
}

function decKeyText(d: Dec): string {
  return d.v.toFixed();
}

function costKey(c: Cost | null): string {
  if (c === null) return '';
  return `{${decKeyText(c.number)} ${c.currency}, ${c.date}, ${c.label === null ? '-' : JSON.stringify(c.label)}}`;
}

export function valueKey(type: TypeName, v: unknown): string {
  if (v === null) return NULL_KEY;
  switch (type) {
    case 'str': {
      const s = v as string;
      return s.length === 0 || s.charCodeAt(0) > 1 ? s : '\u0001' + s;
    }
    case 'int':
    case 'decimal':
      return numKey(v as bigint | Dec);
    case 'bool':
      return v ? 'T' : 'F';
    case 'date':
      return String(v);
    case 'set':
    case 'metas':
      return JSON.stringify(v);
    case 'amount': {
      const a = v as Amount;
      return decKeyText(a.number) + ' ' + a.currency;
    }
    case 'position': {
      const p = v as Position;
      return decKeyText(p.units.number) + ' ' + p.units.currency + costKey(p.cost);
    }
    case 'inventory':
      return 'I' + (v as Inventory).hashKey();
    case 'interval': {
      const i = v as Interval;
      return i.months + 'm' + i.days + 'd';
    }
    case 'null':
      return NULL_KEY;
  }
}

// ---------------------------------------------------------------------------------------------
// Text forms: str(any), CSV cells, the C transaction narration of CLOSE.

export function amountText(a: Amount): string {
  return a.number.toString() + ' ' + a.currency;
}

/**
 * Beancount's Position.to_string: `5 HOOL {500.00 USD, 2024-01-01, "lot1"}`; the date and the
 * label are left out when missing (an empty label too, as Beancount's `if cost.label`).
 */
export function positionText(p: Position): string {
  const units = amountText(p.units);
  const c = p.cost;
  if (c === null) return units;
  let inner = c.number.toString() + ' ' + c.currency;
  inner += ', ' + formatDate(c.date);
  if (c.label) inner += ', "' + c.label + '"';
  return units + ' {' + inner + '}';
}

/** `(10 USD, 5 HOOL {500.00 USD, 2024-01-01})`, positions in encoding order; empty: `()`. */
export function inventoryText(inv: Inventory): string {
  return '(' + inv.positions().map(positionText).join(', ') + ')';
}

/**
 * str(any): booleans TRUE/FALSE, dates YYYY-MM-DD, decimals with their places, sets joined
 * with a comma (no space, as in CSV), metas as `key: value` joined by `; `, intervals like
 * `1 year 2 months`. NULL gives '' (the CSV form; str(NULL) itself is NULL by the NULL rule).
 */
export function toText(type: TypeName, v: unknown): string {
  if (v === null) return '';
  switch (type) {
    case 'bool':
      return v ? 'TRUE' : 'FALSE';
    case 'int':
      return (v as bigint).toString();
    case 'decimal':
      return (v as Dec).toString();
    case 'str':
      return v as string;
    case 'date':
      return formatDate(v as number);
    case 'set':
      return (v as StrSet).join(',');
    case 'amount':
      return amountText(v as Amount);
    case 'position':
      return positionText(v as Position);
    case 'inventory':
      return inventoryText(v as Inventory);
    case 'interval':
      return intervalText(v as Interval);
    case 'metas':
      return (v as Metas).map(([k, x]) => k + ': ' + x).join('; ');
    case 'null':
      return '';
  }
}

/**
 * A metas value from written metadata: (key, text) pairs sorted by key, every value of a
 * repeated key kept in written order (the sort is stable).
 */
export function metasOf(meta: readonly { key: string; text: string }[]): Metas {
  const pairs = meta.map((e) => [e.key, e.text] as const);
  if (pairs.length > 1) pairs.sort((a, b) => compareStr(a[0], b[0]));
  return pairs;
}

/** First value of a key in written metadata, or null. */
export function metaValue(meta: readonly { key: string; text: string }[] | null, key: string): string | null {
  if (meta === null) return null;
  for (let i = 0; i < meta.length; i++) if (meta[i].key === key) return meta[i].text;
  return null;
}
