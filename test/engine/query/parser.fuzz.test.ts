/**
 * Property tests of the parser: it never throws anything but a QueryError with a sensible
 * position, and printing a random expression with the fewest parentheses the precedence table
 * allows parses back to the same tree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryError, lineColumn } from '../../../engine/query/errors';
import { parseQuery } from '../../../engine/query/parser';
import { sx } from './sexpr';

/** Parses; returns null on success, the QueryError otherwise; rethrows anything else. */
function tryParse(text: string): QueryError | null {
  try {
    parseQuery(text);
    return null;
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
}

function checkError(text: string, e: QueryError | null): void {
  if (!e) return;
  expect(e.message).not.toMatch(/^internal error/);
  if (e.line === null) {
    expect(e.column).toBeNull();
    return;
  }
  // The position lies inside the text (or just after its end).
  const end = lineColumn(text, text.length);
  expect(e.line).toBeGreaterThanOrEqual(1);
  expect(e.column).toBeGreaterThanOrEqual(1);
  expect(e.line).toBeLessThanOrEqual(end.line);
}

const WORDS = [
  'SELECT', 'select', 'DISTINCT', 'FROM', 'WHERE', 'GROUP', 'BY', 'HAVING', 'ORDER', 'ASC', 'DESC', 'PIVOT',
  'LIMIT', 'OFFSET', 'AS', 'AND', 'OR', 'NOT', 'IN', 'IS', 'NULL', 'TRUE', 'FALSE', 'CASE', 'WHEN', 'THEN',
  'ELSE', 'END', 'OPEN', 'ON', 'CLOSE', 'CLEAR', 'BALANCES', 'JOURNAL', 'AT', 'PRINT', 'BETWEEN', 'count',
  'sum', 'account', 'open.date', '#prices', '#', '$1', '$0', ':p', "'x'", '"y"', "'unclosed", '1', '0', '1.5',
  '.5', '99999999999999999999', '2024-01-01', '2024-13-01', '(', ')', ',', ';', '*', '+', '-', '/', '%', '=',
  '==', '!=', '<>', '<', '<=', '>', '>=', '~', '!~', '?~', '[', ']', '--c\n', '\n', 'é', '😀', '\ud800',
];

describe('parser fuzzing', () => {
  it('throws only QueryError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => checkError(text, tryParse(text))),
      { numRuns: 3000 },
    );
  });

  it('throws only QueryError on token soup', () => {
    const soup = fc
      .tuple(fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }), fc.constantFrom(' ', '', '\n'))
      .map(([ws, sep]) => ws.join(sep));
    fc.assert(fc.property(soup, (text) => checkError(text, tryParse(text))), { numRuns: 5000 });
  });

  it('throws only QueryError on token soup after a valid prefix', () => {
    const prefix = fc.constantFrom('SELECT ', 'SELECT a FROM ', 'SELECT a WHERE ', 'BALANCES ', 'JOURNAL ', 'SELECT CASE WHEN ');
    const soup = fc
      .tuple(prefix, fc.array(fc.constantFrom(...WORDS), { maxLength: 30 }))
      .map(([p, ws]) => p + ws.join(' '));
    fc.assert(fc.property(soup, (text) => checkError(text, tryParse(text))), { numRuns: 5000 });
  });
});

/** A generated expression: its text with minimal parentheses, its binding level, its expected tree. */
interface Gen {
  t: string;
  lv: number;
  s: string;
}
// Levels as in the parser: or 1, and 2, not 3, comparison 4, + - 5, * / 6, unary sign 7, primary 8.
const wrap = (g: Gen, min: number) => (g.lv >= min ? g.t : `(${g.t})`);

const leaf: fc.Arbitrary<Gen> = fc.oneof(
  // (not 'end': inside CASE it is a keyword)
  fc.constantFrom('a', 'b', 'account', 'offset', 'open').map((n) => ({ t: n, lv: 8, s: n })),
  fc.nat({ max: 1000 }).map((n) => ({ t: String(n), lv: 8, s: `${n}i` })),
  fc.constantFrom("'x'", '"y z"').map((q) => ({ t: q, lv: 8, s: `'${q.slice(1, -1)}'` })),
  fc.constantFrom('$1', ':p').map((p) => ({ t: p, lv: 8, s: p })),
  fc.constantFrom(['NULL', 'NULL'], ['true', 'TRUE'], ['2024-02-29', 'date:2024-02-29']).map(([t, s]) => ({ t, lv: 8, s })),
);

const { expr } = fc.letrec<{ expr: Gen }>((tie) => {
  const sub = tie('expr') as fc.Arbitrary<Gen>;
  const chain = (level: number, ops: string[]) =>
    fc
      .tuple(sub, fc.array(fc.tuple(fc.constantFrom(...ops), sub), { minLength: 1, maxLength: 3 }))
      .map(([first, rest]) => ({
        t: wrap(first, level + 1) + rest.map(([op, g]) => ` ${op} ${wrap(g, level + 1)}`).join(''),
        lv: level,
        s: `(${first.s}${rest.map(([op, g]) => ` ${op} ${g.s}`).join('')})`,
      }));
  const logical = (level: number, op: 'and' | 'or') =>
    fc.array(sub, { minLength: 2, maxLength: 3 }).map((args) => ({
      t: args.map((g) => wrap(g, level + 1)).join(` ${op.toUpperCase()} `),
      lv: level,
      s: `(${op} ${args.map((g) => g.s).join(' ')})`,
    }));
  return {
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      sub.map((g) => ({ t: `- ${wrap(g, 7)}`, lv: 7, s: `(- ${g.s})` })),
      sub.map((g) => ({ t: `NOT ${wrap(g, 3)}`, lv: 3, s: `(not ${g.s})` })),
      chain(5, ['+', '-']),
      chain(6, ['*', '/']),
      logical(2, 'and'),
      logical(1, 'or'),
      fc.tuple(fc.constantFrom('=', '!=', '<', '<=', '>', '>=', '~', '!~', '?~'), sub, sub).map(([op, l, r]) => ({
        t: `${wrap(l, 5)} ${op} ${wrap(r, 5)}`,
        lv: 4,
        s: `(${op} ${l.s} ${r.s})`,
      })),
      fc.tuple(fc.boolean(), sub, fc.array(sub, { minLength: 1, maxLength: 3 })).map(([neg, l, items]) => ({
        t: `${wrap(l, 5)} ${neg ? 'NOT IN' : 'IN'} (${items.map((g) => g.t).join(', ')})`,
        lv: 4,
        s: `(${neg ? 'notin' : 'in'} ${l.s} [${items.map((g) => g.s).join(' ')}])`,
      })),
      fc.tuple(fc.boolean(), sub).map(([neg, g]) => ({
        t: `${wrap(g, 5)} IS ${neg ? 'NOT ' : ''}NULL`,
        lv: 4,
        s: `(${neg ? 'notnull' : 'isnull'} ${g.s})`,
      })),
      fc.tuple(fc.constantFrom('f', 'Sum', 'convert'), fc.array(sub, { maxLength: 3 })).map(([name, args]) => ({
        t: `${name}(${args.map((g) => g.t).join(', ')})`,
        lv: 8,
        s: `${name.toLowerCase()}(${args.map((g) => g.s).join(', ')})`,
      })),
      fc.tuple(fc.array(fc.tuple(sub, sub), { minLength: 1, maxLength: 2 }), fc.option(sub)).map(([whens, els]) => ({
        t: `CASE ${whens.map(([c, v]) => `WHEN ${c.t} THEN ${v.t}`).join(' ')}${els ? ` ELSE ${els.t}` : ''} END`,
        lv: 8,
        s: `(case ${whens.map(([c, v]) => `(when ${c.s} ${v.s})`).join(' ')}${els ? ` (else ${els.s})` : ''})`,
      })),
    ),
  };
});

describe('parser round trip', () => {
  it('parses minimally parenthesised expressions back to the generated tree', () => {
    fc.assert(
      fc.property(expr, (g) => {
        const stmt = parseQuery(`SELECT ${g.t} AS r WHERE ${g.t}`);
        if (stmt.kind !== 'Select') throw new Error('not a SELECT');
        expect(sx(stmt.targets[0].expr)).toBe(g.s);
        expect(stmt.targets[0].text).toBe(g.t);
        expect(sx(stmt.where!)).toBe(g.s);
      }),
      { numRuns: 3000 },
    );
  });
});
