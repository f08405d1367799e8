/**
 * Search functions (document 2 "Functions", Search): plain-text containment ignoring case, and
 * set tests.
 */
import { compareStr, makeSet } from '../values';
import { scalar } from './declare';
import type { ScalarOverload } from './registry';

/**
 * Unicode lower-casing (String.prototype.toLowerCase is locale-independent). The needle is
 * usually one constant for a whole query: its lower-cased form is remembered.
 */
let lastNeedle = '';
let lastLower = '';
function lowerNeedle(s: string): string {
  if (s !== lastNeedle) {
    lastNeedle = s;
    lastLower = s.toLowerCase();
  }
  return lastLower;
}

export function icontains(text: string, needle: string): boolean {
  return text.toLowerCase().includes(lowerNeedle(needle));
}

/** Common element of two sorted sets (one merge walk). */
export function intersects(a: readonly string[], b: readonly string[]): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = compareStr(a[i], b[j]);
    if (c === 0) return true;
    if (c < 0) i++;
    else j++;
  }
  return false;
}

export const SEARCH: readonly ScalarOverload[] = [
  scalar(
    'icontains(str, str) -> bool',
    'text contains the second argument ignoring case (Unicode lower-casing of both); plain text, not regex',
    ([t, n]: [string, string]) => icontains(t, n),
  ),
  scalar('any_icontains(set, str) -> bool', 'some element contains it ignoring case', ([s, n]: [readonly string[], string]) =>
    s.some((e) => icontains(e, n)),
  ),
  scalar('intersects(set, set) -> bool', 'common element', ([a, b]: [readonly string[], readonly string[]]) => intersects(a, b)),
  scalar('set(str, ...) -> set', 'set of the given strings; set() is empty', (args: string[]) => makeSet(args)),
];
