/**
 * Writes parameter values into a built-in's query text (spec 1, "Parameter values written into
 * query text"), for the Open query action: the text must read back exactly the bound value, so
 * running it returns the rows the page got.
 */
import type { Dec } from '../decimal';
import { formatDate, type DayNum } from '../dates';
import { lexAll } from '../query/lexer';
import { INT64_MIN } from '../query/limits';
import type { BuiltinParamType } from '../api-types';
import type { Builtin } from './declare';
import { BuiltinParamError, type ParamValue, type ParamValues } from './params';

/**
 * A string literal has no escapes and ends at the next quote of its own kind, so a text is
 * written in the quote kind it does not contain. A text with both kinds is cut into the fewest
 * pieces that each lack one kind (cutting as late as possible is optimal: a piece of a valid
 * piece is valid) and written as a parenthesised + concatenation, which constant folding joins.
 */
export function renderString(s: string): string {
  const hasSingle = s.includes("'");
  if (!hasSingle) return `'${s}'`;
  if (!s.includes('"')) return `"${s}"`;
  const pieces: string[] = [];
  let start = 0;
  let single = false;
  let double = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "'") single = true;
    else if (c === '"') double = true;
    else continue;
    if (single && double) {
      pieces.push(s.slice(start, i));
      start = i;
      single = c === "'";
      double = c === '"';
    }
  }
  pieces.push(s.slice(start));
  return '(' + pieces.map((p) => (p.includes("'") ? `"${p}"` : `'${p}'`)).join(' + ') + ')';
}

/** Negative numbers in parentheses so `- (-5)` or `LIMIT (-1)` never reads as another token. */
const signed = (text: string) => (text.startsWith('-') ? `(${text})` : text);

/** The literal of one value of `type`; NULL for no value. */
export function renderValue(type: BuiltinParamType, v: ParamValue): string {
  if (v === null) return 'NULL';
  switch (type) {
    case 'date':
      return formatDate(v as DayNum);
    case 'str':
      return renderString(v as string);
    case 'set':
      return `set(${[...new Set(v as readonly string[])].sort().map(renderString).join(', ')})`;
    case 'int':
      // -2^63 has no literal: 2^63 does not fit in an int and would read back as a decimal.
      if ((v as bigint) === INT64_MIN) return '(-9223372036854775807 - 1)';
      return signed(String(v as bigint));
    case 'decimal': {
      // `5.` and not `5`: an integral decimal must not read back as an int.
      const text = (v as Dec).toString();
      return signed(text.includes('.') ? text : text + '.');
    }
    case 'bool':
      return v ? 'TRUE' : 'FALSE';
  }
}

/**
 * The built-in's text with every `:name` parameter replaced by its value. Parameters are found
 * with the query lexer, so a `:name` inside a string literal or a comment is left alone.
 */
export function renderQuery(builtin: Builtin, values: ParamValues): string {
  const types = new Map(builtin.params.map((p) => [p.name, p.type]));
  const text = builtin.bql;
  let out = '';
  let at = 0;
  for (const t of lexAll(text)) {
    if (t.type !== 'param' || !t.text.startsWith(':')) continue;
    const name = t.text.slice(1);
    const type = types.get(name);
    if (type === undefined) throw new Error(`built-in ${builtin.name} uses undeclared parameter :${name}`);
    if (!Object.prototype.hasOwnProperty.call(values, name)) {
      throw new BuiltinParamError(name, `missing parameter '${name}' (${type}) for ${builtin.name}`);
    }
    out += text.slice(at, t.start) + renderValue(type, values[name]);
    at = t.end;
  }
  return out + text.slice(at);
}
