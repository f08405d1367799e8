/**
 * Parameter values written into query text (spec 1, "Parameter values written into query
 * text"): each literal is checked as text and, through the query engine, to read back the value.
 */
import { describe, expect, it } from 'vitest';
import { builtin } from '../../../engine/builtins/declare';
import { renderQuery, renderString, renderValue } from '../../../engine/builtins/render';
import { BuiltinParamError } from '../../../engine/builtins/params';
import { Dec } from '../../../engine/decimal';
import { parseDate } from '../../../engine/dates';
import { runQuery } from '../../../engine/query/index';
import { toText } from '../../../engine/query/values';
import { ledger } from '../ledger/ledger-text';

/** One posting, so a SELECT without aggregates gives one row. */
const one = ledger('2024-01-01 open Assets:A\n2024-01-01 open Assets:B\n2024-01-02 * "t"\n  Assets:A  1 USD\n  Assets:B\n');

/** Evaluates one literal text as a query target: [type, text form]. */
function readBack(literal: string): [string, string] {
  const r = runQuery(one, `SELECT ${literal} AS v LIMIT 1`);
  const v = r.rows[0][0];
  return [r.columns[0].type, v === null ? 'NULL' : toText(r.columns[0].type, v)];
}

describe('strings', () => {
  it('single quotes; double quotes when the text has a single quote', () => {
    expect(renderString('Food')).toBe("'Food'");
    expect(renderString("Joe's")).toBe('"Joe\'s"');
    expect(renderString('say "hi"')).toBe('\'say "hi"\'');
    expect(renderString('')).toBe("''");
  });

  it('both kinds: a parenthesised concatenation with +', () => {
    expect(renderString(`it's "x"`)).toBe(`("it's " + '"x"')`);
    expect(readBack(renderString(`it's "x"`))).toEqual(['str', `it's "x"`]);
  });

  it('alternating quotes need more pieces, and still read back exactly', () => {
    const t = `'"'"`;
    expect(renderString(t)).toBe(`("'" + '"' + "'" + '"')`);
    expect(readBack(renderString(t))).toEqual(['str', t]);
  });

  it('backslashes, newlines, colons and comment marks stay as written', () => {
    for (const t of ['C:\\dir\\n', 'a\nb', ':name -- not a comment', 'ü 😀']) {
      expect(readBack(renderString(t))).toEqual(['str', t]);
    }
  });
});

describe('values', () => {
  it('dates as YYYY-MM-DD', () => {
    expect(renderValue('date', parseDate('2024-02-29')!)).toBe('2024-02-29');
    expect(readBack(renderValue('date', parseDate('0999-12-31')!))).toEqual(['date', '0999-12-31']);
  });

  it('sets: set(...) of sorted strings, set() when empty', () => {
    expect(renderValue('set', ['b', "it's", 'a'])).toBe(`set('a', 'b', "it's")`);
    expect(renderValue('set', [])).toBe('set()');
    expect(readBack(renderValue('set', ['x', 'y']))).toEqual(['set', 'x,y']);
    expect(readBack(renderValue('set', []))).toEqual(['set', '']);
  });

  it('ints: digits, negative in parentheses', () => {
    expect(renderValue('int', 42n)).toBe('42');
    expect(renderValue('int', -5n)).toBe('(-5)');
    expect(readBack(`1 - ${renderValue('int', -5n)}`)).toEqual(['int', '6']);
    // The smallest int has no literal of its own (2^63 alone is a decimal): written as a difference.
    expect(renderValue('int', -(2n ** 63n))).toBe('(-9223372036854775807 - 1)');
    expect(readBack(renderValue('int', -(2n ** 63n)))).toEqual(['int', '-9223372036854775808']);
    expect(readBack(renderValue('int', 2n ** 63n - 1n))).toEqual(['int', '9223372036854775807']);
  });

  it('decimals keep their places and always have a point', () => {
    expect(renderValue('decimal', Dec.of('1.50'))).toBe('1.50');
    expect(renderValue('decimal', Dec.of('5'))).toBe('5.');
    expect(renderValue('decimal', Dec.of('-5'))).toBe('(-5.)');
    expect(renderValue('decimal', Dec.of('-0.25'))).toBe('(-0.25)');
    expect(readBack(renderValue('decimal', Dec.of('5')))).toEqual(['decimal', '5']);
    expect(readBack(renderValue('decimal', Dec.of('-12.340')))).toEqual(['decimal', '-12.340']);
    expect(readBack(`2 - ${renderValue('decimal', Dec.of('-0.25'))}`)).toEqual(['decimal', '2.25']);
  });

  it('bools and NULL', () => {
    expect(renderValue('bool', true)).toBe('TRUE');
    expect(renderValue('bool', false)).toBe('FALSE');
    for (const t of ['date', 'str', 'set', 'int', 'decimal', 'bool'] as const) expect(renderValue(t, null)).toBe('NULL');
  });
});

describe('renderQuery', () => {
  const q = builtin(
    'test.render',
    'name str, n int, from date',
    'test',
    "SELECT ':name', account -- :n stays\nWHERE account = :name AND year(date) >= :n AND date >= :from LIMIT :n",
  );

  it('replaces each :name token, not text inside strings or comments', () => {
    expect(renderQuery(q, { name: 'Assets:A', n: 3n, from: parseDate('2024-01-01')! })).toBe(
      "SELECT ':name', account -- :n stays\nWHERE account = 'Assets:A' AND year(date) >= 3 AND date >= 2024-01-01 LIMIT 3",
    );
  });

  it('names a missing parameter', () => {
    expect(() => renderQuery(q, { name: 'x', n: 1n })).toThrow(BuiltinParamError);
    expect(() => renderQuery(q, { name: 'x', n: 1n })).toThrow(/'from'/);
  });
});
