/**
 * Tokens of the query language (document 2 "Lexical rules"), made with moo.
 *
 * The lexer never fails: a character that starts no token becomes a one-character `badchar`
 * token and an unclosed string a `badstr` token, so the editor can colour any text and the parser
 * can report the problem with its position.
 *
 * Only the reserved words are keywords at this level (type `kw`). Words that are keywords only in
 * some places (OFFSET after the LIMIT count, CASE ... END inside CASE WHEN, OPEN/ON/CLOSE/CLEAR in
 * FROM, BALANCES/JOURNAL/AT) stay `name` tokens and the parser decides by context, so a column may
 * be called `end` or `offset`.
 */
import moo from 'moo';

/** Words that can never name a column (case-insensitive). */
export const RESERVED_WORDS = [
  'SELECT', 'DISTINCT', 'FROM', 'WHERE', 'GROUP', 'BY', 'ORDER', 'ASC', 'DESC', 'LIMIT', 'AS',
  'AND', 'OR', 'NOT', 'IN', 'IS', 'NULL', 'TRUE', 'FALSE', 'HAVING', 'PIVOT',
] as const;

/** Words that are keywords only in some positions (see the file comment). */
export const CONTEXTUAL_KEYWORDS = [
  'OFFSET', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'OPEN', 'ON', 'CLOSE', 'CLEAR', 'BALANCES', 'JOURNAL', 'AT',
] as const;

/** Every keyword, for the editor's autocompletion. */
export const KEYWORDS: readonly string[] = [...RESERVED_WORDS, ...CONTEXTUAL_KEYWORDS];

const RESERVED = new Set<string>(RESERVED_WORDS.map((w) => w.toLowerCase()));

export function isReserved(word: string): boolean {
  return RESERVED.has(word.toLowerCase());
}

export type TokenType =
  | 'ws'
  | 'comment'
  | 'kw' // reserved word
  | 'name' // identifier (maybe a contextual keyword)
  | 'field' // name.field without spaces
  | 'str' // complete string literal, quotes included
  | 'badstr' // string without its closing quote (runs to the end of the text)
  | 'date' // YYYY-MM-DD (validity is checked by the parser)
  | 'dec'
  | 'int'
  | 'param' // $1 or :name
  | 'table' // #name
  | 'hash' // '#' not followed by a name
  | 'op'
  | 'lparen'
  | 'rparen'
  | 'comma'
  | 'semi'
  | 'lbracket'
  | 'rbracket'
  | 'badchar';

export interface Token {
  type: TokenType;
  /** The text exactly as written. */
  text: string;
  /** UTF-16 offsets into the query text; end exclusive. */
  start: number;
  end: number;
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';

// Rule order matters: moo tries the rules in this order at each position.
const lexer = moo.compile({
  ws: { match: /[ \t\n\r\f\v]+/, lineBreaks: true },
  comment: /--[^\n\r]*/,
  str: { match: /'[^']*'|"[^"]*"/, lineBreaks: true },
  badstr: { match: /'[^']*|"[^"]*/, lineBreaks: true },
  // A date must not run into more digits (2024-01-011 is not a date followed by 1).
  date: /[0-9]{4}-[0-9]{2}-[0-9]{2}(?![0-9])/,
  dec: /[0-9]+\.[0-9]*|\.[0-9]+/,
  int: /[0-9]+/,
  param: /\$[0-9]+|:[A-Za-z_][A-Za-z0-9_]*/,
  table: new RegExp('#' + NAME),
  hash: '#',
  field: new RegExp(NAME + '\\.' + NAME),
  name: { match: new RegExp(NAME), type: (word: string) => (RESERVED.has(word.toLowerCase()) ? 'kw' : 'name') },
  op: ['==', '!=', '<>', '<=', '>=', '!~', '?~', '=', '<', '>', '~', '+', '-', '*', '/', '%'],
  lparen: '(',
  rparen: ')',
  comma: ',',
  semi: ';',
  lbracket: '[',
  rbracket: ']',
  // Anything else, one code point at a time (a surrogate pair stays together).
  badchar: { match: /[\uD800-\uDBFF][\uDC00-\uDFFF]|[^]/, lineBreaks: true },
});

/** Every token including whitespace and comments (the parser and the editor filter them). */
export function lexAll(text: string): Token[] {
  const out: Token[] = [];
  lexer.reset(text);
  for (let t = lexer.next(); t !== undefined; t = lexer.next()) {
    out.push({ type: t.type as TokenType, text: t.text, start: t.offset, end: t.offset + t.text.length });
  }
  return out;
}

/** Tokens without whitespace (comments kept, for highlighting). Never throws. */
export function tokenize(text: string): Token[] {
  return lexAll(text).filter((t) => t.type !== 'ws');
}
