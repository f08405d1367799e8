/**
 * A safe reader of Python literals, for plugin configurations. Beancount's plugins read their
 * config string with `eval` or `ast.literal_eval` (a dict, a list of tuples, a float); this reads
 * the same literal forms without evaluating anything: strings (with '…', "…", triple quotes and
 * r/u prefixes; adjacent strings concatenate), ints and floats (kept as their decimal text, so a
 * tolerance never becomes a binary float), True/False/None, lists, tuples, sets and dicts.
 * Anything else (names, calls, operators) is a config error with its character offset.
 */

export type PyValue =
  | { t: 'str'; v: string }
  | { t: 'num'; v: string; float: boolean }
  | { t: 'bool'; v: boolean }
  | { t: 'none' }
  | { t: 'list' | 'tuple' | 'set'; items: PyValue[] }
  | { t: 'dict'; entries: [PyValue, PyValue][] };

export class LiteralError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v' };

/** Deepest nesting of lists, tuples, sets and dicts a plugin configuration may have. */
export const MAX_LITERAL_DEPTH = 100;

/** Parses one Python literal (surrounding whitespace allowed); throws LiteralError. */
export function parsePyLiteral(text: string): PyValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new LiteralError(i >= text.length ? `${what} at the end` : `${what} at character ${i + 1}`, i);
  };
  const ws = () => {
    while (i < text.length) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
      else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
      else break;
    }
  };
  const str = (): string => {
    let raw = false;
    while (/[rRuU]/.test(text[i])) {
      if (text[i] === 'r' || text[i] === 'R') raw = true;
      i++;
    }
    const q = text[i];
    const triple = text.startsWith(q.repeat(3), i);
    i += triple ? 3 : 1;
    let out = '';
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text[i];
      if (triple ? text.startsWith(q.repeat(3), i) : c === q) {
        i += triple ? 3 : 1;
        return out;
      }
      if (!triple && c === '\n') fail('unterminated string');
      if (c === '\\' && i + 1 < text.length) {
        const n = text[i + 1];
        if (raw) {
          out += c + n;
          i += 2;
        } else if (n in ESCAPES) {
          out += ESCAPES[n];
          i += 2;
        } else if (n === '\n') i += 2;
        else if (n === 'x' || n === 'u' || n === 'U') {
          const len = n === 'x' ? 2 : n === 'u' ? 4 : 8;
          const hex = text.slice(i + 2, i + 2 + len);
          if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) fail('invalid escape in string');
          out += String.fromCodePoint(parseInt(hex, 16));
          i += 2 + len;
        } else {
          // Python keeps an unknown escape as written.
          out += c + n;
          i += 2;
        }
        continue;
      }
      out += c;
      i++;
    }
  };
  const seq = (close: string): PyValue[] => {
    const items: PyValue[] = [];
    ws();
    while (text[i] !== close) {
      items.push(value());
      ws();
      if (text[i] === ',') {
        i++;
        ws();
      } else if (text[i] !== close) fail(`expected , or ${close}`);
    }
    i++;
    return items;
  };
  // Nesting is bounded: each level is a JS call, and a config of 20,000 '[' must be a config
  // error, not a stack overflow that aborts the load.
  let depth = 0;
  const value = (): PyValue => {
    if (++depth > MAX_LITERAL_DEPTH) fail(`nested more than ${MAX_LITERAL_DEPTH} levels deep`);
    try {
      return valueAt();
    } finally {
      depth--;
    }
  };
  const valueAt = (): PyValue => {
    ws();
    const c = text[i];
    if (c === undefined) fail('expected a value');
    if (c === '"' || c === "'" || (/[rRuU]/.test(c) && /^[rRuU]{1,2}["']/.test(text.slice(i, i + 3)))) {
      let s = str();
      ws();
      // Adjacent string literals concatenate, as in Python.
      while (i < text.length && (text[i] === '"' || text[i] === "'" || /^[rRuU]{1,2}["']/.test(text.slice(i, i + 3)))) {
        s += str();
        ws();
      }
      return { t: 'str', v: s };
    }
    if (c === '[') {
      i++;
      return { t: 'list', items: seq(']') };
    }
    if (c === '(') {
      i++;
      ws();
      if (text[i] === ')') {
        i++;
        return { t: 'tuple', items: [] };
      }
      const first = value();
      ws();
      if (text[i] === ')') {
        // A parenthesised value, not a tuple (Python needs a trailing comma for one item).
        i++;
        return first;
      }
      // Go on after the first item instead of reading it again: re-reading made nested tuples
      // take time doubling with each level (30 levels hung the load).
      if (text[i] !== ',') fail('expected , or )');
      i++;
      return { t: 'tuple', items: [first, ...seq(')')] };
    }
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return { t: 'dict', entries: [] };
      }
      const firstKey = value();
      ws();
      if (text[i] !== ':') {
        // A set literal.
        const items = [firstKey];
        if (text[i] === ',') {
          i++;
          items.push(...seq('}'));
        } else if (text[i] === '}') i++;
        else fail('expected : or , or }');
        return { t: 'set', items };
      }
      const entries: [PyValue, PyValue][] = [];
      let key: PyValue | null = firstKey;
      for (;;) {
        if (key === null) {
          ws();
          if (text[i] === '}') {
            i++;
            break;
          }
          key = value();
          ws();
        }
        if (text[i] !== ':') fail('expected :');
        i++;
        entries.push([key, value()]);
        key = null;
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          break;
        } else fail('expected , or }');
      }
      return { t: 'dict', entries };
    }
    const num = /^[-+]?(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)([eE][-+]?\d+)?/.exec(text.slice(i));
    if (num) {
      i += num[0].length;
      const v = num[0].replace(/_/g, '');
      return { t: 'num', v, float: /[.eE]/.test(v) };
    }
    const word = /^[A-Za-z_]\w*/.exec(text.slice(i));
    if (word) {
      const w = word[0];
      if (w === 'True' || w === 'False') {
        i += w.length;
        return { t: 'bool', v: w === 'True' };
      }
      if (w === 'None') {
        i += w.length;
        return { t: 'none' };
      }
      fail(`the name ${w} is not a literal (only strings, numbers, True/False/None, lists, tuples and dicts are read)`);
    }
    return fail(`unexpected ${JSON.stringify(c)}`);
  };
  const v = value();
  ws();
  if (i < text.length) fail('unexpected text after the value');
  return v;
}

/** The Python type name of a value, for config error messages. */
export function pyTypeName(v: PyValue): string {
  return v.t === 'num' ? (v.float ? 'float' : 'int') : v.t === 'none' ? 'None' : v.t;
}

/** A dict's value for a string key, or undefined. */
export function dictGet(v: PyValue, key: string): PyValue | undefined {
  if (v.t !== 'dict') return undefined;
  for (const [k, x] of v.entries) if (k.t === 'str' && k.v === key) return x;
  return undefined;
}
