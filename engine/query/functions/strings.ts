/**
 * String functions (document 2 "Functions", Strings): str, length, maxwidth.
 */
import { QueryError } from '../errors';
import { MIN_MAXWIDTH } from '../limits';
import { typeOfValue, type Value } from '../types';
import { toText } from '../values';
import { scalar } from './declare';
import type { ScalarOverload } from './registry';

/** Length in characters (code points, as Python's len), not UTF-16 units. */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

const PLACEHOLDER = '[...]';
const MIN_WIDTH = BigInt(MIN_MAXWIDTH);
/** Whitespace the normalisation below would change: at an end, two in a row, or other than a space. */
const NOT_NORMAL = /^\s|\s$|\s\s|[^\S ]/u;
const LETTER = /\p{L}/u;

/**
 * maxwidth(text, n), the behaviour of Python's textwrap.shorten(text, n, placeholder=' [...]')
 * as the spec describes it: whitespace runs become one space and the ends are trimmed; a text
 * of at most n characters is returned as is; otherwise the longest prefix of whole words (a word
 * may also end after a hyphen between letters) that leaves room for ' [...]', or just '[...]'.
 * n below 5 is an error.
 */
export function maxwidth(text: string, n: bigint): string {
  if (n < MIN_WIDTH) throw new QueryError(`maxwidth: the width must be at least ${MIN_MAXWIDTH}, got ${n}`);
  // JOURNAL calls this on every row: a short text already in normal form (no whitespace at the
  // ends, none but single plain spaces inside) is returned without splitting it into words.
  if (text.length <= n && !NOT_NORMAL.test(text)) return text;
  const t = text.split(/\s+/u).filter((w) => w !== '').join(' ');
  if (BigInt(t.length) <= n) return t; // UTF-16 length bounds the character count
  const chars = Array.from(t);
  if (BigInt(chars.length) <= n) return t;
  const room = Number(n) - (PLACEHOLDER.length + 1); // characters left for the words
  // Candidate ends: before a space, or after a hyphen with a letter on both sides.
  let best = 0;
  for (let i = 1; i <= room && i < chars.length; i++) {
    const c = chars[i];
    if (c === ' ' || (chars[i - 1] === '-' && i >= 2 && LETTER.test(chars[i - 2]) && LETTER.test(c))) best = i;
  }
  return best === 0 ? PLACEHOLDER : chars.slice(0, best).join('') + ' ' + PLACEHOLDER;
}

export const STRINGS: readonly ScalarOverload[] = [
  scalar(
    'str(any) -> str',
    'text form; booleans TRUE and FALSE; sets joined with a comma; inventory in parentheses',
    ([v]: [Value]) => toText(typeOfValue(v), v),
  ),
  scalar('length(str) -> int', 'characters', ([s]: [string]) => BigInt(codePointLength(s))),
  scalar('length(set) -> int', 'elements', ([s]: [readonly string[]]) => BigInt(s.length)),
  scalar('maxwidth(str, int) -> str', 'shorten to at most n characters', ([s, n]: [string, bigint]) => maxwidth(s, n)),
];
