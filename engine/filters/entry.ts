/**
 * The entry filter (Fava's "filter" field): a tokenizer and a recursive-descent parser that turn
 * `#trip -^invoice payee:"Shop" , any(account:"^Assets:Broker") units > 100` into a tree with
 * offsets, so an error names the column. Rendering into query conditions is render.ts.
 *
 * Syntax, as Fava's filter language:
 * - `#tag`, `^link`;
 * - `key:value` where value is a word or a quoted string, read as a regular expression
 *   (case-insensitive, any part): `payee:`, `narration:`, `flag:` read those fields, `account:`
 *   the account, any other key the metadata;
 * - a bare word or quoted string: a regular expression matched against payee and narration;
 * - `key op number` with op one of `> >= < <= = !=` on `units`, `cost`, `price`, `weight` (an
 *   addition to Fava's syntax, for `any(units > 100)`);
 * - `-x` excludes, juxtaposition is "and", `,` is "or" (looser than "and"), parentheses group;
 * - `any(x)` / `all(x)`: some / every posting of the transaction satisfies x.
 */
import { Dec } from '../decimal';
import { regexProblem } from '../query/regex';
import { columnOf, FilterError } from './errors';

export type CompareOp = '>' | '>=' | '<' | '<=' | '=' | '!=';

export type EntryNode =
  | { kind: 'tag'; name: string; start: number }
  | { kind: 'link'; name: string; start: number }
  /** A bare word or string: payee or narration matches the pattern. */
  | { kind: 'text'; pattern: string; start: number }
  | { kind: 'key'; key: string; pattern: string; start: number }
  | { kind: 'compare'; key: NumericKey; op: CompareOp; value: Dec; start: number }
  | { kind: 'not'; operand: EntryNode; start: number }
  | { kind: 'and' | 'or'; args: EntryNode[]; start: number }
  | { kind: 'any' | 'all'; operand: EntryNode; start: number };

export const NUMERIC_KEYS = ['units', 'cost', 'price', 'weight'] as const;
export type NumericKey = (typeof NUMERIC_KEYS)[number];

/** Nesting beyond this is refused (the rendered condition must stay inside the query's nesting limit). */
const MAX_DEPTH = 20;

type TokType = 'tag' | 'link' | 'key' | 'any' | 'all' | 'word' | 'string' | 'op' | '-' | ',' | '(' | ')' | 'end';
interface Tok {
  type: TokType;
  text: string;
  /** The value: tag/link name, key name, string contents, operator. */
  value: string;
  start: number;
  end: number;
}

const RULES: { type: TokType; re: RegExp }[] = [
  { type: 'link', re: /\^([A-Za-z0-9\-_/.]+)/y },
  { type: 'tag', re: /#([A-Za-z0-9\-_/.]+)/y },
  { type: 'key', re: /([a-z][a-zA-Z0-9\-_]*):/y },
  { type: 'all', re: /all\(/y },
  { type: 'any', re: /any\(/y },
  { type: 'op', re: /(>=|<=|!=|>|<|=)/y },
  { type: 'string', re: /"([^"]*)"|'([^']*)'/y },
  // A word: letters, digits, `_`, and `-` or `.` inside it (so `-5.5` after an operator is one word).
  { type: 'word', re: /([-+]?(?:\.\d|[\p{L}\p{N}_])[\p{L}\p{N}_.\-]*)/uy },
];

export function tokenize(text: string): Tok[] {
  const toks: Tok[] = [];
  let pos = 0;
  while (pos < text.length) {
    const c = text[pos];
    if (/\s/.test(c)) {
      pos++;
      continue;
    }
    const prev = toks[toks.length - 1];
    let matched = false;
    for (const { type, re } of RULES) {
      // A sign starts a word only right after a comparison (`units > -5`); elsewhere `-` excludes.
      if (type === 'word' && (c === '-' || c === '+') && prev?.type !== 'op') continue;
      re.lastIndex = pos;
      const m = re.exec(text);
      if (!m) continue;
      toks.push({ type, text: m[0], value: m[1] ?? m[2] ?? '', start: pos, end: pos + m[0].length });
      pos += m[0].length;
      matched = true;
      break;
    }
    if (matched) continue;
    if (c === '-' || c === ',' || c === '(' || c === ')') {
      toks.push({ type: c, text: c, value: c, start: pos, end: pos + 1 });
      pos++;
      continue;
    }
    if (c === '"' || c === "'") throw new FilterError('filter', `the string starting here has no closing ${c}`, columnOf(text, pos));
    throw new FilterError('filter', `unexpected character '${c}'`, columnOf(text, pos));
  }
  toks.push({ type: 'end', text: '', value: '', start: text.length, end: text.length });
  return toks;
}

/** Parses an entry filter; an empty or blank text is no filter (null). */
export function parseEntryFilter(text: string): EntryNode | null {
  if (text.trim() === '') return null;
  return new Parser(text, tokenize(text)).parse();
}

const STARTS_OPERAND = new Set<TokType>(['tag', 'link', 'key', 'any', 'all', 'word', 'string', '-', '(']);

class Parser {
  private i = 0;
  private depth = 0;
  constructor(
    private readonly text: string,
    private readonly toks: Tok[],
  ) {}

  private peek(): Tok {
    return this.toks[this.i];
  }
  private next(): Tok {
    return this.toks[this.i++];
  }
  private fail(t: Tok | number, reason: string): never {
    const offset = typeof t === 'number' ? t : t.start;
    throw new FilterError('filter', reason, columnOf(this.text, offset));
  }
  private describe(t: Tok): string {
    return t.type === 'end' ? 'the end of the filter' : `'${t.text}'`;
  }

  parse(): EntryNode {
    const node = this.or();
    const t = this.peek();
    if (t.type !== 'end') {
      this.fail(t, t.type === ')' ? "')' without a matching '('" : `unexpected ${this.describe(t)}`);
    }
    return node;
  }

  private or(): EntryNode {
    const first = this.and();
    const args = [first];
    while (this.peek().type === ',') {
      this.next();
      args.push(this.and());
    }
    return args.length === 1 ? first : { kind: 'or', args, start: first.start };
  }

  private and(): EntryNode {
    const first = this.unary();
    const args = [first];
    while (STARTS_OPERAND.has(this.peek().type)) args.push(this.unary());
    return args.length === 1 ? first : { kind: 'and', args, start: first.start };
  }

  private unary(): EntryNode {
    const t = this.peek();
    if (t.type === '-') {
      this.next();
      return this.nested(() => ({ kind: 'not', operand: this.unary(), start: t.start }));
    }
    return this.primary();
  }

  private nested<T>(f: () => T): T {
    if (++this.depth > MAX_DEPTH) this.fail(this.peek(), `the filter is nested too deeply (at most ${MAX_DEPTH} levels)`);
    const r = f();
    this.depth--;
    return r;
  }

  private primary(): EntryNode {
    const t = this.next();
    switch (t.type) {
      case 'tag':
        return { kind: 'tag', name: t.value, start: t.start };
      case 'link':
        return { kind: 'link', name: t.value, start: t.start };
      case '(': {
        const inner = this.nested(() => this.or());
        this.close(t);
        return inner;
      }
      case 'any':
      case 'all': {
        const inner = this.nested(() => this.or());
        this.close(t);
        return { kind: t.type, operand: inner, start: t.start };
      }
      case 'key': {
        const v = this.next();
        if (v.type !== 'word' && v.type !== 'string') {
          this.fail(v, `expected a value after '${t.text}' (a word or a quoted string) but found ${this.describe(v)}`);
        }
        this.checkPattern(v);
        return { kind: 'key', key: t.value, pattern: v.value, start: t.start };
      }
      case 'word':
      case 'string': {
        if (this.peek().type === 'op') return this.compare(t);
        this.checkPattern(t);
        return { kind: 'text', pattern: t.value, start: t.start };
      }
      default:
        this.fail(t, `expected a tag, a link, key:value, a word or a string but found ${this.describe(t)}`);
    }
  }

  /** Values are regular expressions: a bad one is reported here, at its column. */
  private checkPattern(t: Tok): void {
    const problem = regexProblem(t.value, true);
    if (problem !== null) this.fail(t, `${t.text} is not a valid regular expression (${problem})`);
  }

  private close(open: Tok): void {
    const t = this.peek();
    if (t.type !== ')') this.fail(t, `expected ')' to close '${open.text}' (column ${columnOf(this.text, open.start)}) but found ${this.describe(t)}`);
    this.next();
  }

  private compare(keyTok: Tok): EntryNode {
    const key = keyTok.value.toLowerCase();
    if (keyTok.type !== 'word' || !(NUMERIC_KEYS as readonly string[]).includes(key)) {
      this.fail(keyTok, `cannot compare '${keyTok.text}': comparisons work on ${NUMERIC_KEYS.join(', ')}`);
    }
    const op = this.next();
    const v = this.next();
    if (v.type !== 'word' || !/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(v.value)) {
      this.fail(v, `expected a number after '${op.text}' but found ${this.describe(v)}`);
    }
    return { kind: 'compare', key: key as NumericKey, op: op.value as CompareOp, value: Dec.parse(v.value.replace(/^\+/, ''))!, start: keyTok.start };
  }
}
