/**
 * Amount numbers: literals (`1,234.50`, `.5`) and arithmetic over them (`(120+35)/2`, unary
 * minus), computed exactly with Dec (division to 28 significant digits via Dec.div), as
 * Beancount's grammar allows wherever a number stands.
 */
import { Dec } from '../../decimal';
import { SyntaxMessages as M } from '../errors';
import { COMMA, DOT, LPAREN, MINUS, PLUS, RPAREN, SLASH, STAR, isDigit } from './chars';
import type { Scanner } from './scanner';
import { detach } from './detach';

/** Deep enough for any real amount, shallow enough to never exhaust the stack. */
const MAX_DEPTH = 64;

/** Can a number expression start at the cursor? */
export function isNumberStart(sc: Scanner): boolean {
  const c = sc.code();
  return isDigit(c) || c === MINUS || c === PLUS || c === LPAREN || (c === DOT && isDigit(sc.code(sc.pos + 1)));
}

export function readNumberExpr(sc: Scanner): Dec {
  // Nearly every amount is one literal: read it without going down the operator levels (sum,
  // product, factor) and back up through their look-ahead for an operator. The same result as
  // sum(): a literal that an operator follows (`10 - 5`, or a date's `2024-`) is read again by it.
  const start = sc.pos;
  const c = sc.code();
  if (isDigit(c) || (c === MINUS && isDigit(sc.code(start + 1)))) {
    const v = literal(sc);
    const end = sc.pos;
    sc.ws();
    const d = sc.code();
    sc.pos = end;
    if (d !== PLUS && d !== MINUS && d !== STAR && d !== SLASH) return v;
    sc.pos = start;
  }
  return sum(sc, 0);
}

function sum(sc: Scanner, depth: number): Dec {
  let v = product(sc, depth);
  for (;;) {
    const save = sc.pos;
    sc.ws();
    const c = sc.code();
    if (c !== PLUS && c !== MINUS) {
      sc.pos = save;
      return v;
    }
    sc.pos++;
    sc.ws();
    const r = product(sc, depth);
    v = c === PLUS ? v.plus(r) : v.minus(r);
  }
}

function product(sc: Scanner, depth: number): Dec {
  let v = factor(sc, depth);
  for (;;) {
    const save = sc.pos;
    sc.ws();
    const c = sc.code();
    if (c !== STAR && c !== SLASH) {
      sc.pos = save;
      return v;
    }
    const opAt = sc.pos;
    sc.pos++;
    sc.ws();
    const r = factor(sc, depth);
    if (c === STAR) v = v.times(r);
    else {
      const q = v.div(r);
      if (q === null) sc.fail(M.divisionByZero(), opAt);
      v = q;
    }
  }
}

function factor(sc: Scanner, depth: number): Dec {
  if (depth > MAX_DEPTH) sc.fail(M.nestedTooDeeply());
  const c = sc.code();
  if (c === MINUS && isDigit(sc.code(sc.pos + 1))) {
    // `-12.50` is one literal: no negation step, and the signed text is cached as is.
    return literal(sc);
  }
  if (c === MINUS || c === PLUS) {
    sc.pos++;
    sc.ws();
    const v = factor(sc, depth + 1);
    return c === MINUS ? v.neg() : v;
  }
  if (c === LPAREN) {
    sc.pos++;
    sc.ws();
    const v = sum(sc, depth + 1);
    sc.ws();
    if (sc.code() !== RPAREN) sc.fail(M.expected('")"', sc.describe()));
    sc.pos++;
    return v;
  }
  if (isDigit(c) || (c === DOT && isDigit(sc.code(sc.pos + 1)))) {
    // bean-check 2.3.5's lexer has no number without an integer part ("Invalid token: '.5'"); the
    // spec is silent, so Beancount files follow it. zhang keeps reading `.5`.
    if (c === DOT && !sc.zhang) sc.fail(M.noIntegerPart(sc.describe()));
    if (sc.matchDate(sc.pos) >= 0) sc.fail(M.expected('a number', 'a date'));
    return literal(sc);
  }
  return sc.fail(M.expected('a number', sc.describe()));
}

/**
 * Literals repeat (1.00, 100 USD, prices): decimals are immutable, so one per distinct value.
 * Keyed by the scanned digits as a number, the places and the sign (not by the text), so a
 * look-up allocates nothing: no key string is cut out of the source on a miss either (a large
 * ledger has hundreds of thousands of distinct amounts, and each key string was garbage).
 * `1,000` and `1000` are the same value and places, so they may share one Dec.
 */
const CACHE_BITS = 15;
const CACHE_MASK = (1 << CACHE_BITS) - 1;
const cacheM = new Float64Array(1 << CACHE_BITS);
/** dp * 2 + sign, or -1 for an empty slot. */
const cacheTag = new Int32Array(1 << CACHE_BITS).fill(-1);
const cacheDec: (Dec | undefined)[] = new Array(1 << CACHE_BITS).fill(undefined);

/** Largest digit count whose value is exact in a double (and so as a cache key). */
const MAX_EXACT_DIGITS = 15;

/** Slot of a literal from the hash of its digits (taken while scanning them) and its tag. */
function cacheSlot(digitHash: number, tag: number): number {
  let h = Math.imul(digitHash ^ Math.imul(tag, 0x85ebca6b), 0xcc9e2d51);
  h ^= h >>> 15;
  return h & CACHE_MASK;
}

/** `123`, `-1,234.50` (commas group thousands, checked), `12.`, `.5`. */
function literal(sc: Scanner): Dec {
  const cs = sc.codes;
  const n = sc.n;
  const start = sc.pos;
  let i = start;
  let commas = false;
  let groupOk = true;
  let run = 0;
  // The digits as a number while exact (15 digits at most): BigInt of a number is much cheaper
  // than BigInt of a string, and the number is the cache key.
  let m = 0;
  // The digits' hash for the cache slot, in integer arithmetic (splitting the double `m` into
  // 32-bit halves took a float division and remainder per literal).
  let dh = 0;
  let digits = 0;
  let dp = 0;
  const neg = cs[i] === MINUS;
  if (neg) i++;
  while (i < n) {
    const c = cs[i];
    if (c >= 48 && c <= 57) {
      run++;
      m = m * 10 + (c - 48);
      dh = (Math.imul(dh, 31) + c) | 0;
      digits++;
    } else if (c === COMMA && i + 1 < n && isDigit(cs[i + 1])) {
      // The first group has 1 to 3 digits, each later one exactly 3.
      if (commas ? run !== 3 : run > 3 || run === 0) groupOk = false;
      commas = true;
      run = 0;
    } else break;
    i++;
  }
  if (commas && run !== 3) groupOk = false;
  if (i < n && cs[i] === DOT) {
    i++;
    for (let c: number; i < n && (c = cs[i]) >= 48 && c <= 57; i++) {
      m = m * 10 + (c - 48);
      dh = (Math.imul(dh, 31) + c) | 0;
      digits++;
      dp++;
    }
  }
  if (!groupOk || digits === 0) return sc.fail(M.invalidNumber(sc.cut(start, i)), start);
  sc.pos = i;
  if (digits > MAX_EXACT_DIGITS) {
    // Beyond a double's exact range: the text is the only exact form (rare; not cached).
    // Detached: Dec.parse runs a regular expression, and V8 keeps the last subject string (a
    // slice would pin the whole file text until the next match elsewhere).
    const d = Dec.parse(detach(sc.cut(start, i)));
    if (d === null) return sc.fail(M.invalidNumber(sc.cut(start, i)), start);
    return d;
  }
  const tag = dp * 2 + (neg ? 1 : 0);
  const k = cacheSlot(dh, tag);
  if (cacheTag[k] === tag && cacheM[k] === m) return cacheDec[k]!;
  const d = Dec.fromScaled(neg ? -m : m, dp);
  cacheM[k] = m;
  cacheTag[k] = tag;
  cacheDec[k] = d;
  return d;
}
