/**
 * The statement cache (engine/query/parsed.ts): a kept statement is shared by every later run of
 * its text, so the compiler must never change one. Every built-in is compiled and run from a
 * deep-frozen statement (a write would throw in these strict modules) and must answer exactly as
 * from a statement of its own, with two sets of parameter values in turn.
 */
import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../../../engine/builtins/catalogue/index';
import { PAGE_BUILTINS } from '../../../engine/builtins/pages';
import { bindParams, type ParamValues } from '../../../engine/builtins/params';
import type { Builtin } from '../../../engine/builtins/declare';
import { parseDate } from '../../../engine/dates';
import { Dec } from '../../../engine/decimal';
import { QueryError, runQuery } from '../../../engine/query/index';
import { MAX_STATEMENTS, MAX_TEXT_CHARS, parsedStatement, parsedStatementCount } from '../../../engine/query/parsed';
import { parseQuery } from '../../../engine/query/parser';
import { fixture } from '../builtins/fixture';
import { NOW, lines } from '../builtins/run-builtin';

function deepFreeze(v: unknown, seen = new Set<object>()): void {
  if (v === null || typeof v !== 'object' || seen.has(v)) return;
  seen.add(v);
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k], seen);
  Object.freeze(v);
}

/** Values for a built-in's parameters; `second` picks a different value of each type. */
function values(b: Builtin, second: boolean): ParamValues {
  const out: Record<string, unknown> = {};
  for (const { name, type } of b.params) {
    switch (type) {
      case 'date':
        out[name] = parseDate(name === 'from' ? (second ? '2024-02-01' : '2024-01-01') : second ? '2024-03-31' : '2024-12-31');
        break;
      case 'int':
        out[name] = second ? 1n : 20n;
        break;
      case 'decimal':
        out[name] = Dec.parse(second ? '0.5' : '2');
        break;
      case 'bool':
        out[name] = second;
        break;
      case 'set':
        out[name] = second ? ['food'] : ['work', 'food'];
        break;
      default: {
        const byName: Record<string, [string, string]> = {
          interval: ['1 month', '1 week'],
          currency: ['USD', 'EUR'],
          type: ['Expenses', 'Assets'],
          account: ['Assets:Bank', 'Liabilities:Card'],
        };
        out[name] = (byName[name] ?? ['Market', 'Employer'])[second ? 1 : 0];
      }
    }
  }
  return out as ParamValues;
}

/** A run's answer as text, or its error. */
function answer(text: string, b: Builtin, vals: ParamValues): string[] | string {
  try {
    return lines(runQuery(fixture(), text, { params: bindParams(b, vals), now: NOW }));
  } catch (e) {
    if (e instanceof QueryError) return `error: ${e.message} (${e.line}:${e.column})`;
    throw e;
  }
}

describe('statement cache', () => {
  it('every built-in compiles and runs from a frozen kept statement, as from its own parse', () => {
    let answered = 0;
    for (const b of [...BUILTINS, ...PAGE_BUILTINS]) {
      deepFreeze(parsedStatement(b.bql));
      for (const second of [false, true]) {
        const vals = values(b, second);
        // The same text with a trailing space is another key: a statement of its own.
        const own = answer(`${b.bql} `, b, vals);
        expect(answer(b.bql, b, vals), `${b.name} ${second ? 'second' : 'first'} values`).toEqual(own);
        if (Array.isArray(own)) answered++;
      }
    }
    // Most runs answer rows (the check above is not between two errors).
    expect(answered).toBeGreaterThan(80);
    // The answers differ with the values: the kept statement has no values of its own in it.
    const trend = BUILTINS.find((b) => b.name === 'report.net_worth_trend')!;
    expect(answer(trend.bql, trend, values(trend, false))).not.toEqual(answer(trend.bql, trend, values(trend, true)));
  });

  it('gives the same statement for the same text, an equal one to a fresh parse', () => {
    const text = 'SELECT account, sum(position) WHERE date >= 2024-01-01 GROUP BY account';
    const a = parsedStatement(text);
    expect(parsedStatement(text)).toBe(a);
    expect(a).toEqual(parseQuery(text));
  });

  it('does not keep a text that fails to parse: the same error each time', () => {
    const before = parsedStatementCount();
    const bad = 'SELECT account WHERE';
    const err = () => {
      try {
        parsedStatement(bad);
      } catch (e) {
        return e as QueryError;
      }
      throw new Error('parsed');
    };
    const first = err();
    expect(first).toBeInstanceOf(QueryError);
    expect([err().message, err().line, err().column]).toEqual([first.message, first.line, first.column]);
    expect(parsedStatementCount()).toBe(before);
  });

  it('keeps at most MAX_STATEMENTS, dropping the least recently used; long texts are not kept', () => {
    const text = (i: number) => `SELECT ${i} AS n`;
    const kept = parsedStatement(text(0));
    const one = parsedStatement(text(1));
    for (let i = 2; i < MAX_STATEMENTS; i++) parsedStatement(text(i));
    expect(parsedStatementCount()).toBe(MAX_STATEMENTS);
    // Text 0 used again: text 1 is now the least recently used, and goes first.
    expect(parsedStatement(text(0))).toBe(kept);
    parsedStatement(text(MAX_STATEMENTS));
    expect(parsedStatementCount()).toBe(MAX_STATEMENTS);
    expect(parsedStatement(text(0))).toBe(kept);
    expect(parsedStatement(text(2))).toBe(parsedStatement(text(2)));
    const again = parsedStatement(text(1));
    expect(again).not.toBe(one);
    expect(again).toEqual(one);

    const long = `SELECT '${'x'.repeat(MAX_TEXT_CHARS)}' AS n`;
    const a = parsedStatement(long);
    expect(parsedStatement(long)).not.toBe(a);
    expect(parsedStatement(long)).toEqual(a);
  });
});
