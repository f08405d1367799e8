/**
 * Amount numbers: literals (`1,234.50`, `.5`) and arithmetic over them (`(120+35)/2`, unary
 * minus), computed exactly with Dec (division to 28 significant digits via Dec.div), as
 * Beancount's grammar allows wherever a number stands.
 */
import { Dec } from '../../decimal';
import { SyntaxMessages as M } from '../errors';
import { COMMA, DOT, LPAREN, MINUS, PLUS, RPAREN, SLASH, STAR, isDigit } from './chars';
import type { Scanner } from './scanner';
import { SliceCache, hashStep } from './slice-table';

/** Deep enough for any real amount, shallow enough to never exhaust the stack. */
const MAX_DEPTH = 64;

/** Can a number expression start at the cursor? */
export function isNumberStart(sc: Scanner): boolean {
  const c = sc.code();
  return isDigit(c) || c === MINUS || c === PLUS || c === LPAREN || (c === DOT && isDigit(sc.code(sc.pos + 1)));
}

export function readNumberExpr(sc: Scanner): Dec {
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

/** Literals repeat (1.00, 100 USD, prices): decimals are immutable, so one per distinct text. */
const literals = new SliceCache<Dec>(8192);

/** `123`, `-1,234.50` (commas group thousands, checked), `12.`, `.5`. */
function literal(sc: Scanner): Dec {
  const s = sc.s;
  const start = sc.pos;
  let i = start;
  let h = 0;
  let commas = false;
  let groupOk = true;
  let run = 0;
  // The digits as a number while exact (15 digits at most): BigInt of a number is much cheaper
  // than BigInt of a string.
  let m = 0;
  let digits = 0;
  let dp = 0;
  const neg = s.charCodeAt(i) === MINUS;
  if (neg) h = hashStep(h, s.charCodeAt(i++));
  while (i < sc.n) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      run++;
      m = m * 10 + (c - 48);
      digits++;
    } else if (c === COMMA && isDigit(sc.code(i + 1))) {
      // The first group has 1 to 3 digits, each later one exactly 3.
      if (commas ? run !== 3 : run > 3 || run === 0) groupOk = false;
      commas = true;
      run = 0;
    } else break;
    h = hashStep(h, c);
    i++;
  }
  if (commas && run !== 3) groupOk = false;
  if (sc.code(i) === DOT) {
    h = hashStep(h, DOT);
    i++;
    for (let c: number; i < sc.n && isDigit((c = s.charCodeAt(i))); i++) {
      h = hashStep(h, c);
      m = m * 10 + (c - 48);
      digits++;
      dp++;
    }
  }
  const hit = literals.get(s, start, i, h);
  if (hit !== undefined) {
    sc.pos = i;
    return hit;
  }
  const text = s.slice(start, i);
  const d = !groupOk ? null : digits > 0 && digits <= 15 ? Dec.fromScaled(BigInt(neg ? -m : m), dp) : Dec.parse(text);
  if (d === null) return sc.fail(M.invalidNumber(text), start);
  literals.set(text, d, h);
  sc.pos = i;
  return d;
}
