/**
 * Character classes of the ledger syntax, over UTF-16 char codes (the scanner never builds
 * regular expressions in its hot path). Any code unit >= 0x80 counts as a letter, the way
 * Beancount's lexer accepts any UTF-8 sequence in account names, tags and links.
 */

export const TAB = 9;
export const LF = 10;
export const CR = 13;
export const SPACE = 32;
export const BANG = 33;
export const QUOTE = 34;
export const HASH = 35;
export const PERCENT = 37;
export const AMP = 38;
export const APOS = 39;
export const LPAREN = 40;
export const RPAREN = 41;
export const STAR = 42;
export const PLUS = 43;
export const COMMA = 44;
export const MINUS = 45;
export const DOT = 46;
export const SLASH = 47;
export const COLON = 58;
export const SEMI = 59;
export const QUESTION = 63;
export const AT = 64;
export const BACKSLASH = 92;
export const CARET = 94;
export const UNDERSCORE = 95;
export const LBRACE = 123;
export const RBRACE = 125;
export const TILDE = 126;
export const BOM = 0xfeff;

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
export function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
export function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}
export function isNonAscii(c: number): boolean {
  return c >= 0x80;
}
export function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/** First character of an account's first component (Beancount: uppercase or non-ASCII). */
export function isAccountFirstStart(c: number): boolean {
  return (c >= 65 && c <= 90) || c >= 0x80;
}
/** First character of later components: also a digit (`Assets:99Ranch`). */
export function isAccountPartStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c >= 0x80;
}
export function isAccountChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === MINUS || c >= 0x80;
}
/** Characters of a bare word that could be an account, a currency or a keyword. */
export function isWordChar(c: number): boolean {
  return isAccountChar(c) || c === COLON || c === UNDERSCORE || c === DOT || c === APOS;
}
export function isCurrencyChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === APOS || c === DOT || c === UNDERSCORE || c === MINUS;
}
export function isTagChar(c: number): boolean {
  return (
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    (c >= 48 && c <= 57) ||
    c === MINUS ||
    c === UNDERSCORE ||
    c === SLASH ||
    c === DOT ||
    c >= 0x80
  );
}
export function isKeyStart(c: number): boolean {
  return c >= 97 && c <= 122;
}
export function isKeyChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === MINUS || c === UNDERSCORE;
}
/** Transaction and posting flags: `* ! & # ? %` and any single uppercase letter (P, S, T, C, U, R, M, ...). */
export function isFlagChar(c: number): boolean {
  return c === STAR || c === BANG || c === AMP || c === HASH || c === QUESTION || c === PERCENT || (c >= 65 && c <= 90);
}
/**
 * A line starting with one of these in column 1 is not a directive and is skipped, as Beancount's
 * lexer does: org-mode headings (`*`), drawers (`:PROPERTIES:`), and prose that starts with a
 * flag character.
 */
export function isIgnoredLineStart(c: number): boolean {
  switch (c) {
    case STAR:
    case COLON:
    case HASH:
    case BANG:
    case AMP:
    case QUESTION:
    case PERCENT:
    case 80: // P
    case 83: // S
    case 84: // T
    case 67: // C
    case 85: // U
    case 82: // R
    case 77: // M
      return true;
    default:
      return false;
  }
}
