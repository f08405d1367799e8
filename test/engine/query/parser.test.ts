import { describe, expect, it } from 'vitest';
import type { SelectStmt, Statement } from '../../../engine/query/ast';
import { QueryError } from '../../../engine/query/errors';
import { parseQuery } from '../../../engine/query/parser';
import { sx } from './sexpr';

function select(text: string): SelectStmt {
  const s = parseQuery(text);
  if (s.kind !== 'Select') throw new Error('not a SELECT');
  return s;
}
/** The single target of `SELECT <expr>`, as an S-expression. */
function expr(text: string): string {
  const s = select('SELECT ' + text);
  expect(s.targets).toHaveLength(1);
  return sx(s.targets[0].expr);
}

/** The QueryError the text raises, as [message, line, column]. */
function err(text: string): [string, number | null, number | null] {
  try {
    parseQuery(text);
  } catch (e) {
    if (!(e instanceof QueryError)) throw e;
    return [e.message, e.line, e.column];
  }
  throw new Error('no error for: ' + text);
}

describe('precedence table', () => {
  it('level 1: unary - and + bind tightest', () => {
    expect(expr('-a * b')).toBe('((- a) * b)');
    expect(expr('- -a')).toBe('(- (- a))');
    expect(expr('+a - -1')).toBe('((+ a) - (- 1i))');
  });

  it('level 2: * and / chain left to right in one node', () => {
    expect(expr('a * b / c * 2')).toBe('(a * b / c * 2i)');
  });

  it('level 3: + and - chain, operands are level-2 chains', () => {
    expect(expr('a - b + c')).toBe('(a - b + c)');
    expect(expr('a + b * c - d / e')).toBe('(a + (b * c) - (d / e))');
    expect(expr('a * b + c')).toBe('((a * b) + c)');
  });

  it('level 4: every comparison operator, looser than arithmetic', () => {
    expect(expr('a + 1 = b * 2')).toBe('(= (a + 1i) (b * 2i))');
    expect(expr('a == b')).toBe('(= a b)');
    expect(expr('a != b')).toBe('(!= a b)');
    expect(expr('a <> b')).toBe('(!= a b)');
    expect(expr('a < b')).toBe('(< a b)');
    expect(expr('a <= b')).toBe('(<= a b)');
    expect(expr('a > b')).toBe('(> a b)');
    expect(expr('a >= b')).toBe('(>= a b)');
    expect(expr("account ~ '^Assets'")).toBe("(~ account '^Assets')");
    expect(expr("account !~ 'x'")).toBe("(!~ account 'x')");
    expect(expr("'^A' ?~ account")).toBe("(?~ '^A' account)");
  });

  it('level 4: IN with a list (one element allowed) or a bare expression, NOT IN', () => {
    expect(expr("a IN ('x', 'y', :c)")).toBe("(in a ['x' 'y' :c])");
    expect(expr("'x' IN (tags)")).toBe("(in 'x' [tags])");
    expect(expr('account IN :accounts')).toBe('(in account :accounts)');
    expect(expr("'x' IN tags")).toBe("(in 'x' tags)");
    expect(expr('a + 1 NOT IN (1, 2)')).toBe('(notin (a + 1i) [1i 2i])');
    expect(expr('a in b + c')).toBe('(in a (b + c))');
  });

  it('level 4: IS NULL and IS NOT NULL', () => {
    expect(expr('payee IS NULL')).toBe('(isnull payee)');
    expect(expr('a + b is not null')).toBe('(notnull (a + b))');
  });

  it('level 4 does not chain', () => {
    expect(err('SELECT a = b = c')).toEqual([
      "syntax error: comparisons cannot be chained: found '=' after a comparison (join comparisons with AND)",
      1,
      14,
    ]);
    expect(err('SELECT a < b < c')[2]).toBe(14);
    expect(err('SELECT a IS NULL = TRUE')[2]).toBe(18);
    expect(err('SELECT a IN (1) IN (2)')[2]).toBe(17);
    expect(err('SELECT a ~ b IS NULL')[2]).toBe(14);
    // Parentheses make it legal.
    expect(expr('(a = b) = c')).toBe('(= (= a b) c)');
  });

  it('level 5: NOT is looser than comparisons, tighter than AND', () => {
    expect(expr('NOT a = b')).toBe('(not (= a b))');
    expect(expr('NOT a AND b')).toBe('(and (not a) b)');
    expect(expr('not not a')).toBe('(not (not a))');
    expect(expr('a AND NOT b IN (1)')).toBe('(and a (not (in b [1i])))');
    expect(err('SELECT a = NOT b')).toEqual([
      'syntax error: NOT binds looser than comparisons and arithmetic; put NOT ... in parentheses here',
      1,
      12,
    ]);
    expect(err('SELECT -NOT b')[2]).toBe(9);
  });

  it('levels 6 and 7: AND binds tighter than OR, chains are flat', () => {
    expect(expr('a OR b AND c')).toBe('(or a (and b c))');
    expect(expr('a AND b OR c AND d OR e')).toBe('(or (and a b) (and c d) e)');
    expect(expr('a AND b AND c')).toBe('(and a b c)');
    expect(expr('(a OR b) AND c')).toBe('(and (or a b) c)');
  });
});

describe('literals and primaries', () => {
  it('reads every literal type', () => {
    expect(expr('NULL')).toBe('NULL');
    expect(expr('true')).toBe('TRUE');
    expect(expr('False')).toBe('FALSE');
    expect(expr('42')).toBe('42i');
    expect(expr('3.140')).toBe('3.140d');
    expect(expr('.5')).toBe('0.5d');
    expect(expr("'Expenses'")).toBe("'Expenses'");
    expect(expr('2024-02-29')).toBe('date:2024-02-29');
  });

  it('keeps 64-bit integers as bigint and turns larger literals into decimals', () => {
    const max = select('SELECT 9223372036854775807').targets[0].expr;
    expect(max).toMatchObject({ kind: 'Literal', type: 'int', value: 9223372036854775807n });
    const big = select('SELECT 9223372036854775808').targets[0].expr;
    expect(big.kind === 'Literal' && big.type === 'decimal' && big.value.toString()).toBe('9223372036854775808');
  });

  it('reads a double-quoted text as a string, not a column', () => {
    const e = select('SELECT "payee"').targets[0].expr;
    expect(e).toMatchObject({ kind: 'Literal', type: 'str', value: 'payee', quote: '"' });
  });

  it('reads an unquoted date as a day number and rejects invalid dates at the literal', () => {
    const e = select('SELECT 1970-01-02').targets[0].expr;
    expect(e).toMatchObject({ kind: 'Literal', type: 'date', value: 1 });
    expect(err('SELECT x\nWHERE date > 2024-13-01')).toEqual(['invalid date 2024-13-01', 2, 14]);
    expect(err('SELECT 2023-02-29')).toEqual(['invalid date 2023-02-29', 1, 8]);
    expect(err('SELECT 0000-01-01')).toEqual(['invalid date 0000-01-01', 1, 8]);
  });

  it('reads parameters $n and :name', () => {
    expect(expr('$1 + :Limit_2')).toBe('($1 + :Limit_2)');
    const p = select('SELECT $12').targets[0].expr;
    expect(p).toEqual({ kind: 'Param', name: '12', start: 7, end: 10 });
    expect(err('SELECT $0')).toEqual([
      'syntax error: invalid parameter $0: parameters are written $1, $2, ... or :name',
      1,
      8,
    ]);
  });

  it('lower-cases columns and functions, reads fields and calls', () => {
    expect(expr('SUM(Number)')).toBe('sum(number)');
    expect(expr('count(*)')).toBe('count(*)');
    expect(expr('COUNT( * )')).toBe('count(*)');
    expect(expr('today()')).toBe('today()');
    expect(expr("convert(sum(position), 'USD', 2024-01-01)")).toBe("convert(sum(position), 'USD', date:2024-01-01)");
    const f = select('SELECT Open.Date FROM #accounts').targets[0].expr;
    expect(f).toEqual({ kind: 'Column', name: 'open', field: 'date', fieldStart: 12, start: 7, end: 16 });
    expect(err('SELECT sum(*)')).toEqual(["syntax error: '*' is only allowed in count(*)", 1, 12]);
  });

  it('lets contextual keywords name columns outside their context', () => {
    expect(expr('end')).toBe('end');
    expect(expr('offset + case')).toBe('(offset + case)');
    expect(expr('open')).toBe('open');
    expect(expr('balances')).toBe('balances');
    expect(sx(select('SELECT x FROM #t WHERE end = 1').where!)).toBe('(= end 1i)');
  });
});

describe('CASE', () => {
  it('parses CASE WHEN ... THEN ... [ELSE ...] END', () => {
    expect(expr("CASE WHEN a > 0 THEN 'pos' WHEN a < 0 THEN 'neg' ELSE 'zero' END")).toBe(
      "(case (when (> a 0i) 'pos') (when (< a 0i) 'neg') (else 'zero'))",
    );
    expect(expr('case when a then 1 end + 1')).toBe('((case (when a 1i)) + 1i)');
    expect(expr('CASE WHEN CASE WHEN a THEN b END THEN c END')).toBe('(case (when (case (when a b)) c))');
  });

  it('rejects CASE x WHEN and keyword misuse inside CASE', () => {
    expect(err('SELECT CASE x WHEN 1 THEN 2 END')).toEqual([
      'syntax error: the form CASE x WHEN ... is not supported; write CASE WHEN x = value THEN ... END',
      1,
      8,
    ]);
    expect(err('SELECT CASE (x) WHEN 1 THEN 2 END')[2]).toBe(8);
    expect(err('SELECT CASE WHEN a THEN 1')).toEqual([
      'syntax error: expected WHEN, ELSE or END but found the end of the query',
      1,
      26,
    ]);
    expect(err('SELECT CASE WHEN a 1 END')).toEqual(["syntax error: expected THEN but found '1'", 1, 20]);
    expect(err('SELECT CASE WHEN a THEN end END')).toEqual([
      "syntax error: expected an expression but found 'end' (END is a keyword here)",
      1,
      25,
    ]);
  });
});

describe('SELECT clauses', () => {
  it('parses every clause in order', () => {
    const s = select(
      'SELECT DISTINCT account AS acc, sum(position) FROM year = 2024 WHERE number > 0 ' +
        'GROUP BY acc HAVING count(*) > 1 ORDER BY 2 DESC, acc ASC, 1 PIVOT BY acc, 2 LIMIT 10 OFFSET 5;',
    );
    expect(s.distinct).toBe(true);
    expect(s.star).toBeNull();
    expect(s.targets.map((t) => [t.text, t.alias])).toEqual([
      ['account', 'acc'],
      ['sum(position)', null],
    ]);
    expect(s.from && sx(s.from.expr!)).toBe('(= year 2024i)');
    expect(sx(s.where!)).toBe('(> number 0i)');
    expect(s.groupBy!.map(sx)).toEqual(['acc']);
    expect(sx(s.having!)).toBe('(> count(*) 1i)');
    expect(s.orderBy!.map((k) => [sx(k.expr), k.desc])).toEqual([
      ['2i', true],
      ['acc', false],
      ['1i', false],
    ]);
    expect(s.pivotBy!.map(sx)).toEqual(['acc', '2i']);
    expect(s.limit).toMatchObject({ type: 'int', value: 10n });
    expect(s.offset).toMatchObject({ type: 'int', value: 5n });
  });

  it('reads SELECT * and keeps each target text exactly as written, trimmed', () => {
    const s = select('SELECT *');
    expect(s.star).toEqual({ start: 7, end: 8 });
    expect(s.targets).toEqual([]);
    const t = select("SELECT  sum( number )  * 2 ,(a), 'x' AS Label  FROM #postings").targets;
    expect(t.map((x) => x.text)).toEqual(['sum( number )  * 2', '(a)', "'x'"]);
    expect(t[2]).toMatchObject({ alias: 'Label', aliasStart: 40 });
    expect(err('SELECT *, a')).toEqual(["syntax error: '*' must be the only target of SELECT", 1, 9]);
    expect(err('SELECT a, *')).toEqual(["syntax error: '*' stands only alone after SELECT or in count(*)", 1, 11]);
  });

  it('accepts clause keywords in any case, comments and one trailing ;', () => {
    const s = select('select a -- the account\nfrom #prices\nlimit $1 offset :off ;  -- done');
    expect(s.from!.table).toEqual({ name: 'prices', start: 29, end: 36 });
    expect(s.limit).toEqual({ kind: 'Param', name: '1', start: 43, end: 45 });
    expect(s.offset).toMatchObject({ kind: 'Param', name: 'off' });
  });

  it('names what it expected and found, at the token', () => {
    expect(err('SELECT a x')).toEqual([
      "syntax error: expected FROM, WHERE, GROUP BY, ORDER BY, PIVOT BY or LIMIT but found 'x'",
      1,
      10,
    ]);
    expect(err('SELECT a\nFROM #t\n  WHERE b\n  LIMIT 5 y')).toEqual([
      "syntax error: expected OFFSET but found 'y'",
      4,
      11,
    ]);
    expect(err('SELECT a GROUP BY a WHERE b')).toEqual([
      "syntax error: expected HAVING, ORDER BY, PIVOT BY or LIMIT but found 'WHERE' (clauses go in the order FROM, WHERE, GROUP BY, HAVING, ORDER BY, PIVOT BY, LIMIT, OFFSET)",
      1,
      21,
    ]);
    expect(err('SELECT a LIMIT 1 OFFSET 2 3')).toEqual([
      "syntax error: expected the end of the query but found '3'",
      1,
      27,
    ]);
    expect(err('SELECT')).toEqual(["syntax error: expected '*' or an expression but found the end of the query", 1, 7]);
    expect(err('SELECT desc FROM #t')).toEqual([
      "syntax error: expected '*' or an expression but found 'desc' (DESC is a reserved word and cannot name a column)",
      1,
      8,
    ]);
    expect(err('SELECT a AS from')).toEqual([
      "syntax error: expected a name after AS but found 'from' (FROM is a reserved word and cannot name a column)",
      1,
      13,
    ]);
    expect(err('SELECT (a + b')).toEqual(["syntax error: expected ')' but found the end of the query", 1, 14]);
    expect(err('SELECT f(a b)')).toEqual(["syntax error: expected ',' or ')' in the arguments of f but found 'b'", 1, 12]);
    expect(err('SELECT a IN ()')).toEqual(["syntax error: expected an expression but found ')'", 1, 14]);
    expect(err('SELECT a IS 1')).toEqual(["syntax error: expected NULL or NOT NULL after IS but found '1'", 1, 13]);
    expect(err('SELECT a NOT b')).toEqual(["syntax error: expected IN after NOT but found 'b'", 1, 14]);
    expect(err('SELECT a GROUP x')).toEqual(["syntax error: expected BY after GROUP but found 'x'", 1, 16]);
  });

  it('requires GROUP BY for HAVING and LIMIT for OFFSET', () => {
    expect(err('SELECT a HAVING b')).toEqual(['syntax error: HAVING requires GROUP BY', 1, 10]);
    expect(err('SELECT a ORDER BY a HAVING b')).toEqual(['syntax error: HAVING requires GROUP BY', 1, 21]);
    expect(err('SELECT a OFFSET 3')).toEqual(['syntax error: OFFSET only follows LIMIT', 1, 10]);
  });

  it('accepts only integer literals or parameters as LIMIT and OFFSET counts', () => {
    expect(err('SELECT a LIMIT 1.5')).toEqual([
      "syntax error: expected a non-negative integer or a parameter after LIMIT but found '1.5'",
      1,
      16,
    ]);
    expect(err('SELECT a LIMIT -1')[2]).toBe(16);
    expect(err('SELECT a LIMIT 1 OFFSET x')[0]).toBe(
      "syntax error: expected a non-negative integer or a parameter after OFFSET but found 'x'",
    );
    expect(err('SELECT a LIMIT 9223372036854775808')).toEqual([
      'the LIMIT count 9223372036854775808 does not fit in 64 bits',
      1,
      16,
    ]);
  });

  it('takes exactly two PIVOT BY keys', () => {
    expect(err('SELECT a, b, sum(c) GROUP BY a, b PIVOT BY a')).toEqual([
      'syntax error: PIVOT BY takes exactly two keys',
      1,
      35,
    ]);
    expect(err('SELECT a, b, sum(c) GROUP BY a, b PIVOT BY a, b, 3')).toEqual([
      'syntax error: PIVOT BY takes exactly two keys',
      1,
      48,
    ]);
  });

  it('allows one ; only at the very end', () => {
    expect(err('SELECT a;;')).toEqual(["syntax error: only one ';' is allowed, at the end of the query", 1, 10]);
    expect(err('SELECT a; SELECT b')).toEqual([
      "syntax error: expected the end of the query after ';' but found 'SELECT'",
      1,
      11,
    ]);
    expect(err('SELECT (a; b)')[2]).toBe(10);
  });
});

describe('FROM', () => {
  it('reads a #table (case kept) or an expression', () => {
    expect(select('SELECT * FROM #Budget_Events').from).toEqual({
      table: { name: 'Budget_Events', start: 14, end: 28 },
      expr: null,
      open: null,
      close: null,
      clear: false,
      start: 9,
      end: 28,
    });
    // A bare name is an expression; the compiler decides whether it names a table.
    expect(sx(select('SELECT * FROM prices').from!.expr!)).toBe('prices');
  });

  it('reads OPEN ON, CLOSE [ON] and CLEAR with literal dates or parameters', () => {
    const f = select("SELECT * FROM account ~ 'Assets' OPEN ON 2024-01-01 CLOSE ON 2025-01-01 CLEAR").from!;
    expect(sx(f.expr!)).toBe("(~ account 'Assets')");
    expect(f.open!.date).toMatchObject({ kind: 'Literal', type: 'date', value: 19723 });
    expect(f.close!.date).toMatchObject({ kind: 'Literal', type: 'date', value: 20089 });
    expect(f.clear).toBe(true);
    const g = select('SELECT * FROM CLOSE').from!;
    expect(g.expr).toBeNull();
    expect(g.close).toEqual({ date: null, start: 14, end: 19 });
    const h = select('SELECT * FROM OPEN ON :from CLOSE ON $2 CLEAR').from!;
    expect(h.open!.date).toMatchObject({ kind: 'Param', name: 'from' });
    expect(h.close!.date).toMatchObject({ kind: 'Param', name: '2' });
    // Equal dates are allowed.
    expect(select('SELECT * FROM OPEN ON 2024-01-01 CLOSE ON 2024-01-01').from!.close).not.toBeNull();
    expect(select('SELECT * FROM clear').from!.clear).toBe(true);
  });

  it('rejects misuse of the period clauses with positions', () => {
    expect(err('SELECT * FROM CLEAR OPEN ON 2024-01-01')).toEqual([
      'syntax error: OPEN ON must come before CLEAR',
      1,
      21,
    ]);
    expect(err('SELECT * FROM CLOSE OPEN ON 2024-01-01')[0]).toBe('syntax error: OPEN ON must come before CLOSE');
    expect(err('SELECT * FROM CLOSE CLOSE')).toEqual(['syntax error: CLOSE may appear only once', 1, 21]);
    expect(err('SELECT * FROM CLEAR CLOSE')[0]).toBe('syntax error: CLOSE must come before CLEAR');
    expect(err('SELECT * FROM CLEAR CLEAR')[0]).toBe('syntax error: CLEAR may appear only once');
    expect(err('SELECT * FROM OPEN ON 2024-01-01 OPEN ON 2024-01-01')[0]).toBe(
      'syntax error: OPEN ON may appear only once',
    );
    expect(err('SELECT * FROM OPEN 2024-01-01')).toEqual([
      "syntax error: expected ON after OPEN but found '2024-01-01'",
      1,
      20,
    ]);
    expect(err("SELECT * FROM OPEN ON '2024-01-01'")).toEqual([
      "syntax error: expected an unquoted date (YYYY-MM-DD) or a parameter after OPEN ON but found '2024-01-01'",
      1,
      23,
    ]);
    expect(err('SELECT * FROM OPEN ON 2024-02-30')).toEqual(['invalid date 2024-02-30', 1, 23]);
    expect(err('SELECT * FROM OPEN ON 2024-01-02 CLOSE ON 2024-01-01')).toEqual([
      'the CLOSE date 2024-01-01 is before the OPEN date 2024-01-02',
      1,
      43,
    ]);
    expect(err('SELECT * FROM x = close')).toEqual([
      "syntax error: expected an expression but found 'close' (CLOSE is a keyword here)",
      1,
      19,
    ]);
  });

  it('keeps a table alone and rejects unsupported FROM forms', () => {
    expect(err('SELECT * FROM #prices OPEN ON 2024-01-01')).toEqual([
      'syntax error: a table stands alone in FROM: OPEN cannot follow #prices (filter its rows with WHERE)',
      1,
      23,
    ]);
    expect(err('SELECT * FROM')).toEqual([
      'syntax error: expected a #table, an expression, OPEN ON, CLOSE or CLEAR after FROM but found the end of the query',
      1,
      14,
    ]);
    expect(err('SELECT * FROM WHERE x')[2]).toBe(15);
    expect(err('SELECT 1 FROM #')).toEqual([
      'syntax error: FROM # (the one-row table) is not supported; name a table such as #postings',
      1,
      15,
    ]);
    expect(err('SELECT * FROM (SELECT * FROM #prices)')).toEqual([
      'syntax error: subqueries are not supported',
      1,
      16,
    ]);
    expect(err('SELECT * FROM "prices"')).toEqual([
      'syntax error: table names are not quoted: write FROM #prices',
      1,
      15,
    ]);
    expect(err('SELECT * WHERE x IN (SELECT y)')[0]).toBe('syntax error: subqueries are not supported');
    expect(err('SELECT #prices')).toEqual([
      'syntax error: a table name such as #prices can only follow FROM',
      1,
      8,
    ]);
  });
});

describe('BALANCES and JOURNAL', () => {
  it('parses BALANCES [AT f] [FROM ...] [WHERE ...]', () => {
    expect(parseQuery('BALANCES')).toEqual({ kind: 'Balances', at: null, from: null, where: null, start: 0, end: 8 });
    const b = parseQuery('balances at Cost from close on 2025-01-01 where account ~ :a') as Statement & { kind: 'Balances' };
    expect(b.at).toEqual({ name: 'cost', start: 12, end: 16 });
    expect(b.from!.close!.date).toMatchObject({ type: 'date' });
    expect(sx(b.where!)).toBe('(~ account :a)');
  });

  it('parses JOURNAL [pattern] [AT f] [FROM ...]', () => {
    const j = parseQuery(`JOURNAL "Assets:Bank" AT units FROM year = 2024`) as Statement & { kind: 'Journal' };
    expect(j.pattern).toMatchObject({ kind: 'Literal', type: 'str', value: 'Assets:Bank' });
    expect(j.at!.name).toBe('units');
    expect(sx(j.from!.expr!)).toBe('(= year 2024i)');
    const k = parseQuery('JOURNAL :pattern') as Statement & { kind: 'Journal' };
    expect(k.pattern).toMatchObject({ kind: 'Param', name: 'pattern' });
    expect(parseQuery('JOURNAL')).toMatchObject({ kind: 'Journal', pattern: null, at: null, from: null });
  });

  it('rejects clauses they do not take', () => {
    expect(err('BALANCES GROUP BY account')).toEqual([
      'syntax error: BALANCES takes no GROUP BY clause (only AT, FROM and WHERE)',
      1,
      10,
    ]);
    expect(err('BALANCES WHERE x LIMIT 3')[0]).toBe('syntax error: BALANCES takes no LIMIT clause (only AT, FROM and WHERE)');
    expect(err("JOURNAL 'x' WHERE y")).toEqual([
      'syntax error: JOURNAL takes no WHERE clause (only a pattern, AT and FROM)',
      1,
      13,
    ]);
    expect(err('JOURNAL 2024-01-01')).toEqual([
      "syntax error: expected a pattern, AT or FROM but found '2024-01-01'",
      1,
      9,
    ]);
    expect(err('BALANCES AT cost()')).toEqual([
      'syntax error: write the AT function without parentheses (AT cost)',
      1,
      17,
    ]);
    expect(err('BALANCES AT')).toEqual([
      'syntax error: expected a function name after AT but found the end of the query',
      1,
      12,
    ]);
  });
});

describe('unsupported forms', () => {
  it('reports unsupported statements with their position', () => {
    expect(err('PRINT')).toEqual(['unsupported statement PRINT: a query is SELECT, BALANCES or JOURNAL', 1, 1]);
    expect(err('-- report\n  delete from x')).toEqual([
      'unsupported statement DELETE: a query is SELECT, BALANCES or JOURNAL',
      2,
      3,
    ]);
    expect(err('')).toEqual(['syntax error: expected SELECT, BALANCES or JOURNAL but found the end of the query', 1, 1]);
    expect(err('(SELECT 1)')[0]).toBe("syntax error: expected SELECT, BALANCES or JOURNAL but found '('");
  });

  it('reports subscripts, BETWEEN, LIKE and % clearly', () => {
    expect(err("SELECT meta['x']")).toEqual([
      "syntax error: subscripts are not supported; read metadata with meta('name')",
      1,
      12,
    ]);
    expect(err('SELECT * WHERE number BETWEEN 1 AND 2')).toEqual([
      'syntax error: BETWEEN is not supported; write x >= a AND x <= b',
      1,
      23,
    ]);
    expect(err("SELECT * WHERE payee LIKE 'x'")[0]).toBe(
      'syntax error: LIKE is not supported; match with ~ (regular expression)',
    );
    expect(err('SELECT 7 % 2')).toEqual(['syntax error: the remainder operator % is not supported', 1, 10]);
  });

  it('reports lexical problems at the offending character', () => {
    expect(err("SELECT 'abc")).toEqual(["syntax error: the string starting here has no closing '", 1, 8]);
    expect(err('SELECT a ¤ b')).toEqual(["syntax error: unexpected character '¤' (U+00A4)", 1, 10]);
    expect(err('SELECT a\u00a0b')).toEqual(['syntax error: unexpected character U+00A0', 1, 9]);
  });
});

describe('positions in Unicode characters', () => {
  it('counts é and an emoji as one column each', () => {
    expect(err("SELECT 'é😀' + x FROM y z")).toEqual([
      "syntax error: expected WHERE, GROUP BY, ORDER BY, PIVOT BY or LIMIT but found 'z'",
      1,
      24,
    ]);
    expect(err("SELECT 'é😀',\n  '😀😀' = 😀")).toEqual(["syntax error: unexpected character '😀' (U+1F600)", 2, 10]);
  });

  it('keeps UTF-16 offsets in the tree', () => {
    const s = select("SELECT '😀' AS e, x + 1 AS n");
    expect(s.targets[0]).toMatchObject({ start: 7, end: 16, text: "'😀'" });
    expect(s.targets[1].expr).toMatchObject({ kind: 'Arith', start: 18, end: 23 });
    expect(s.targets[1].text).toBe('x + 1');
    const a = s.targets[1].expr;
    expect(a.kind === 'Arith' && a.rest[0].opStart).toBe(20);
  });
});

describe('limits', () => {
  it('rejects text over 65,536 bytes of UTF-8 without a position', () => {
    const fits = 'SELECT 1 --' + 'x'.repeat(65_536 - 11);
    expect(fits.length).toBe(65_536);
    expect(select(fits).targets).toHaveLength(1);
    expect(err(fits + 'x')).toEqual([
      'the query is too long (65,537 bytes of UTF-8; the limit is 65,536 bytes)',
      null,
      null,
    ]);
    // 40,000 é are 40,000 UTF-16 units but 80,000 bytes.
    const wide = "SELECT '" + 'é'.repeat(40_000) + "'";
    expect(err(wide)).toEqual(['the query is too long (80,009 bytes of UTF-8; the limit is 65,536 bytes)', null, null]);
  });

  const DEEP = 'the query is nested too deeply (at most 64 levels)';

  it('allows 64 nested parentheses and reports the 65th where it opens', () => {
    expect(expr('('.repeat(64) + 'a' + ')'.repeat(64))).toBe('a');
    expect(err('SELECT ' + '('.repeat(65) + 'a' + ')'.repeat(65))).toEqual([DEEP, 1, 72]);
  });

  it('counts calls, IN lists, NOT, unary minus and CASE as levels', () => {
    expect(expr('f('.repeat(64) + 'a' + ')'.repeat(64))).toMatch(/^f\(f\(/);
    // 'SELECT ' is 7 characters and f( is 2: the 65th '(' is at column 7 + 65 * 2.
    expect(err('SELECT ' + 'f('.repeat(65) + 'a' + ')'.repeat(65))).toEqual([DEEP, 1, 137]);
    expect(err('SELECT ' + 'NOT '.repeat(65) + 'a')).toEqual([DEEP, 1, 8 + 64 * 4]);
    expect(err('SELECT ' + '- '.repeat(65) + 'a')).toEqual([DEEP, 1, 8 + 64 * 2]);
    expect(err('SELECT ' + 'a IN ('.repeat(65) + '1' + ')'.repeat(65))).toEqual([DEEP, 1, 8 + 64 * 6 + 5]);
    expect(err('SELECT ' + 'CASE WHEN '.repeat(65) + 'a THEN 1 END'.repeat(65))).toEqual([DEEP, 1, 8 + 64 * 10]);
    // Mixed: 32 parentheses around 32 unary minus signs around one more '('.
    expect(expr('('.repeat(32) + '- '.repeat(32) + 'a' + ')'.repeat(32))).toMatch(/^\(- /);
    expect(err('SELECT ' + '('.repeat(32) + '- '.repeat(32) + '(a)' + ')'.repeat(32))).toEqual([
      DEEP,
      1,
      8 + 32 + 64,
    ]);
  });

  it('does not count chains of AND, OR, + and * as nesting', () => {
    // 10,000 terms must fit in 64 KiB, so they are short.
    const ors = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 'a' : 'b')).join(' OR ');
    const s = select('SELECT * WHERE ' + ors);
    expect(s.where).toMatchObject({ kind: 'Logical', op: 'or' });
    expect(s.where!.kind === 'Logical' && s.where!.args.length).toBe(10_000);
    const sum = select('SELECT ' + Array(20_000).fill('1').join('+'));
    const e = sum.targets[0].expr;
    expect(e.kind === 'Arith' && e.rest.length).toBe(19_999);
    const prod = select('SELECT ' + Array(15_000).fill('x').join('*') + ' AND ' + Array(3_000).fill('y').join(' AND '));
    const p = prod.targets[0].expr;
    expect(p.kind === 'Logical' && p.args.length).toBe(3_001);
    expect(p.kind === 'Logical' && p.args[0].kind === 'Arith' && p.args[0].rest.length).toBe(14_999);
  });
});
