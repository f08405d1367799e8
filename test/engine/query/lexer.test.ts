import { describe, expect, it } from 'vitest';
import { CONTEXTUAL_KEYWORDS, KEYWORDS, RESERVED_WORDS, isReserved, lexAll, tokenize } from '../../../engine/query/lexer';
import { lineColumn, utf8Length } from '../../../engine/query/errors';

/** `type:text` of every non-whitespace token. */
function kinds(text: string): string[] {
  return tokenize(text).map((t) => `${t.type}:${t.text}`);
}

describe('lexer', () => {
  it('splits a query into typed tokens', () => {
    expect(kinds("SELECT account, sum(number) FROM #postings WHERE x >= 1.50")).toEqual([
      'kw:SELECT',
      'name:account',
      'comma:,',
      'name:sum',
      'lparen:(',
      'name:number',
      'rparen:)',
      'kw:FROM',
      'table:#postings',
      'kw:WHERE',
      'name:x',
      'op:>=',
      'dec:1.50',
    ]);
  });

  it('recognises reserved words in any case and leaves contextual keywords as names', () => {
    expect(kinds('SeLeCt distinct Pivot')).toEqual(['kw:SeLeCt', 'kw:distinct', 'kw:Pivot']);
    expect(kinds('offset case when then else end open on close clear balances journal at')).toEqual(
      ['offset', 'case', 'when', 'then', 'else', 'end', 'open', 'on', 'close', 'clear', 'balances', 'journal', 'at'].map(
        (w) => 'name:' + w,
      ),
    );
    expect(isReserved('Having')).toBe(true);
    expect(isReserved('offset')).toBe(false);
  });

  it('exports the keyword lists for autocompletion', () => {
    expect(RESERVED_WORDS).toHaveLength(21);
    expect(RESERVED_WORDS).toContain('PIVOT');
    expect(CONTEXTUAL_KEYWORDS).toContain('OFFSET');
    expect(KEYWORDS).toHaveLength(RESERVED_WORDS.length + CONTEXTUAL_KEYWORDS.length);
    expect(KEYWORDS).toContain('BALANCES');
  });

  it('reads strings in both quotes without escapes, the other quote inside', () => {
    expect(kinds(`'it"s' "it's" 'a\\'`)).toEqual([`str:'it"s'`, `str:"it's"`, `str:'a\\'`]);
  });

  it('marks an unclosed string as badstr running to the end', () => {
    expect(kinds("x = 'abc def")).toEqual(['name:x', 'op:=', "badstr:'abc def"]);
  });

  it('tells dates from subtraction and numbers', () => {
    expect(kinds('2024-01-31 2024-1-1 12 .5 3. 2024-01-011')).toEqual([
      'date:2024-01-31',
      'int:2024',
      'op:-',
      'int:1',
      'op:-',
      'int:1',
      'int:12',
      'dec:.5',
      'dec:3.',
      // A date must not run into more digits.
      'int:2024',
      'op:-',
      'int:01',
      'op:-',
      'int:011',
    ]);
    // Lexically a date; the parser rejects month 13.
    expect(kinds('2024-13-01')).toEqual(['date:2024-13-01']);
  });

  it('reads -- comments to the end of the line, also right after an operand', () => {
    expect(kinds('a--b\nc -- x y\r\nd')).toEqual(['name:a', 'comment:--b', 'name:c', 'comment:-- x y', 'name:d']);
    expect(kinds('a - -b')).toEqual(['name:a', 'op:-', 'op:-', 'name:b']);
  });

  it('reads parameters, tables, a lone #, fields and all operators', () => {
    expect(kinds('$1 $12 :from_date #prices # open.date')).toEqual([
      'param:$1',
      'param:$12',
      'param::from_date',
      'table:#prices',
      'hash:#',
      'field:open.date',
    ]);
    expect(kinds('== != <> <= >= !~ ?~ = < > ~ + - * / % ; [ ]').map((k) => k.split(':')[0])).toEqual([
      ...Array(16).fill('op'),
      'semi',
      'lbracket',
      'rbracket',
    ]);
    expect(kinds('<>=')).toEqual(['op:<>', 'op:=']);
  });

  it('turns unknown characters into one-code-point badchar tokens with UTF-16 offsets', () => {
    const toks = tokenize('é😀x');
    expect(toks.map((t) => [t.type, t.text, t.start, t.end])).toEqual([
      ['badchar', 'é', 0, 1],
      ['badchar', '😀', 1, 3],
      ['name', 'x', 3, 4],
    ]);
  });

  it('keeps whitespace in lexAll and covers the whole text', () => {
    const text = "SELECT 'a'  -- c\n , b";
    const all = lexAll(text);
    expect(all.map((t) => t.text).join('')).toBe(text);
    expect(all.filter((t) => t.type === 'ws')).toHaveLength(4);
  });
});

describe('positions', () => {
  it('counts columns in code points and lines on \\n, \\r\\n and \\r', () => {
    const text = "é😀x\r\nab\rc\nd";
    expect(lineColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn(text, 3)).toEqual({ line: 1, column: 3 }); // x after é and the emoji (2 UTF-16 units)
    expect(lineColumn(text, 6)).toEqual({ line: 2, column: 1 }); // a
    expect(lineColumn(text, 7)).toEqual({ line: 2, column: 2 }); // b
    expect(lineColumn(text, 9)).toEqual({ line: 3, column: 1 }); // c
    expect(lineColumn(text, 11)).toEqual({ line: 4, column: 1 }); // d
    expect(lineColumn(text, 99)).toEqual({ line: 4, column: 2 }); // clamped to the end
  });

  it('measures UTF-8 bytes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\ud800')).toBe(3); // lone surrogate -> replacement character
  });
});
