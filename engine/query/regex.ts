/**
 * Regular expressions of `~`, `!~`, `?~` and JOURNAL patterns (document 2 "Operators"):
 * RE2 syntax (no look-around, no back-references), `~` case-insensitive, `?~` case-sensitive,
 * both matching any part of the text. Compiled programs over 1 MiB are refused (document 1
 * "Limits") with the spec's message.
 *
 * Measuring the compiled size: the node binding of re2 does not expose RE2's max_mem (it
 * compiles with about 8 MiB), but RE2.Set takes a `maxMem` option and refuses to compile a
 * program over that budget. So a pattern that RE2 accepts is compiled once more as a one-pattern
 * Set with maxMem = 1 MiB; if that fails, the program is too large. (RE2 counts its budget
 * generously: a plain literal of about 10,000 characters, or `\pL{17}`, reaches 1 MiB.)
 *
 * RE2 refuses nested counted repetitions whose product exceeds 1000 (`(a{100}){100}`) as an
 * "invalid repetition size" before compiling. For those the program size is estimated from the
 * pattern's structure (each counted repetition multiplies its body); if the estimate is over
 * the budget the size error is reported, as an engine without that rule would (spec example
 * `(((a{100}){100}){100})`), else RE2's own message.
 */
import RE2 from 're2';
import { QueryError } from './errors';
import { MAX_REGEX_BYTES } from './limits';

/** A compiled pattern: `test` is true when it matches any part of the text. */
export interface Regex {
  test(text: string): boolean;
  readonly source: string;
}

/**
 * RE2 converts every JavaScript string to UTF-8 before matching (about 0.6 us a call), while
 * the texts matched over a whole ledger repeat a lot (accounts, payees): results for short texts
 * are remembered, up to a bound per pattern so memory stays small.
 */
const MEMO_ENTRIES = 2048;
const MEMO_TEXT_LENGTH = 128;

class Matcher implements Regex {
  private readonly memo = new Map<string, boolean>();
  constructor(
    private readonly re: RE2,
    readonly source: string,
  ) {}

  test(text: string): boolean {
    if (text.length > MEMO_TEXT_LENGTH) return this.re.test(text);
    let r = this.memo.get(text);
    if (r === undefined) {
      r = this.re.test(text);
      if (this.memo.size < MEMO_ENTRIES) this.memo.set(text, r);
    }
    return r;
  }
}

const PREFIX = 'invalid regular expression: ';
export const REGEX_TOO_LARGE = `${PREFIX}Compiled regex exceeds size limit of ${MAX_REGEX_BYTES} bytes`;

/** RE2.Set reaches a 1 MiB budget at about 10,066 one-character instructions: ~104 bytes each. */
const BYTES_PER_INSTRUCTION = 104;
const MAX_ESTIMATED_INSTRUCTIONS = Math.floor(MAX_REGEX_BYTES / BYTES_PER_INSTRUCTION);

const CACHE_LIMIT = 500;
const cache = new Map<string, Matcher | QueryError>();

/**
 * Compiles a pattern (cached). Throws a QueryError without position
 * (`invalid regular expression: <reason>`); the caller adds the position of the pattern.
 */
export function compileRegex(pattern: string, caseInsensitive: boolean): Regex {
  const key = (caseInsensitive ? 'i' : 's') + pattern;
  let hit = cache.get(key);
  if (hit === undefined) {
    hit = build(pattern, caseInsensitive ? 'i' : '');
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, hit);
  }
  if (hit instanceof QueryError) throw new QueryError(hit.message);
  return hit;
}

/** The error message a pattern would raise, or null if it compiles. */
export function regexProblem(pattern: string, caseInsensitive: boolean): string | null {
  try {
    compileRegex(pattern, caseInsensitive);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** `text ~ pattern`: any part matches, ignoring case. */
export function matchesInsensitive(text: string, pattern: string): boolean {
  return compileRegex(pattern, true).test(text);
}

/** `pattern ?~ text`: any part matches, case-sensitive. */
export function matchesSensitive(pattern: string, text: string): boolean {
  return compileRegex(pattern, false).test(text);
}

function build(pattern: string, flags: string): Matcher | QueryError {
  let re: RE2;
  try {
    re = new RE2(pattern, flags);
  } catch (e) {
    const msg = (e as Error).message;
    if (/pattern too large/.test(msg)) return new QueryError(REGEX_TOO_LARGE);
    if (/^invalid repetition size/.test(msg) && estimateInstructions(pattern) > MAX_ESTIMATED_INSTRUCTIONS) {
      return new QueryError(REGEX_TOO_LARGE);
    }
    return new QueryError(PREFIX + msg);
  }
  try {
    new RE2.Set([pattern], flags, { maxMem: MAX_REGEX_BYTES });
  } catch {
    return new QueryError(REGEX_TOO_LARGE);
  }
  return new Matcher(re, pattern);
}

/**
 * Rough program size of a pattern in RE2 instructions: one per literal, class or escape, plus
 * one per operator, with counted repetitions multiplying their body by the upper count. Only
 * used to tell a huge nested repetition from a merely over-counted one, so it need not be exact.
 * Capped to stay a finite number for absurd nestings.
 */
export function estimateInstructions(pattern: string): number {
  let i = 0;
  const n = pattern.length;
  const CAP = 1e12;

  function alternation(): number {
    let total = sequence();
    while (i < n && pattern[i] === '|') {
      i++;
      total += sequence() + 1;
    }
    return Math.min(total, CAP);
  }

  function sequence(): number {
    let total = 0;
    while (i < n && pattern[i] !== '|' && pattern[i] !== ')') {
      let size = atom();
      size = quantifiers(size);
      total += size;
    }
    return total;
  }

  function atom(): number {
    const c = pattern[i];
    if (c === '(') {
      i++;
      if (pattern[i] === '?') {
        // (?:...), (?i), (?i:...), (?P<name>...), (?<name>...)
        while (i < n && pattern[i] !== ':' && pattern[i] !== ')' && pattern[i] !== '>') i++;
        if (pattern[i] === ')') {
          i++;
          return 0;
        }
        i++;
      }
      const inner = alternation();
      if (pattern[i] === ')') i++;
      return inner + 1;
    }
    if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < n && pattern[i] !== ']') {
        if (pattern[i] === '\\') i += 2;
        else if (pattern[i] === '[' && pattern[i + 1] === ':') {
          const end = pattern.indexOf(':]', i + 2);
          i = end < 0 ? i + 1 : end + 2;
        } else i++;
      }
      i++;
      return 1;
    }
    if (c === '\\') {
      i += 2;
      if (pattern[i - 1] === 'p' || pattern[i - 1] === 'P' || pattern[i - 1] === 'x') {
        if (pattern[i] === '{') {
          const end = pattern.indexOf('}', i);
          i = end < 0 ? n : end + 1;
        } else if (pattern[i - 1] !== 'x') i++;
        else i += 2;
      }
      return 1;
    }
    i++;
    return 1;
  }

  function quantifiers(size: number): number {
    for (;;) {
      const c = pattern[i];
      if (c === '*' || c === '+' || c === '?') {
        i++;
        size += 1;
      } else if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
        if (!m) return size;
        i += m[0].length;
        const hi = m[3] ? Number(m[3]) : Number(m[1]);
        size = Math.min(size * Math.max(hi, 1) + 1, CAP);
      } else return size;
      if (pattern[i] === '?') i++; // non-greedy
    }
  }

  let total = 0;
  while (i < n) {
    total += alternation();
    if (i < n) i++; // unbalanced ')': skip it, RE2 reports it anyway
  }
  return Math.min(total, CAP);
}
