import { describe, expect, it } from 'vitest';
import { bytesOf, day, ok, parse } from './helpers';

describe('strings', () => {
  it('known escapes \\" \\\\ \\n \\t; other backslashes kept as written', () => {
    const ds = ok('2024-01-01 event "e" "say \\"hi\\" a\\\\b c\\nd e\\tf \\d+ \\r"\n');
    expect(ds[0]).toMatchObject({ description: 'say "hi" a\\b c\nd e\tf \\d+ \\r' });
  });

  it('a string may span lines and a ; inside is not a comment', () => {
    const r = parse('2024-01-01 query "q" "SELECT a\n  FROM b ; not a comment\nWHERE c"\n2024-01-02 open Assets:A\n');
    expect(r.errors).toEqual([]);
    expect(r.directives[0]).toMatchObject({ query: 'SELECT a\n  FROM b ; not a comment\nWHERE c', src: { line: 1, start: 0 } });
    expect(r.directives[1].src.line).toBe(4);
  });

  it('an unterminated string is an error and reading resumes at the next directive', () => {
    const r = parse('2024-01-01 note Assets:A "oops\n2024-01-02 open Assets:B\n');
    expect(r.errors.map((e) => e.message)).toEqual(['unterminated string (no closing ") (line 1, column 26)']);
    expect(r.directives.map((d) => d.type)).toEqual(['open']);
  });
});

describe('comments, blank lines, org-mode, line endings', () => {
  it('skips comments (also at line end), org headings, drawers, indented comments', () => {
    const text = `; top comment
* Org heading
** Sub heading
:PROPERTIES:
:END:
#+TITLE: x

2024-01-01 open Assets:A ; trailing
  ; indented comment
  kk: "v" ; comment after meta
2024-01-02 * "x" ; comment
  ; between postings
  Assets:A  1 USD ; after posting
  Assets:B
`;
    const ds = ok(text);
    expect(ds.map((d) => d.type)).toEqual(['open', 'transaction']);
    expect(ds[0].meta).toEqual([{ key: 'kk', kind: 'string', text: 'v' }]);
    expect(ds[0].src.line).toBe(8);
    expect(bytesOf(text, ds[0].src.start, ds[0].src.end)).toBe('2024-01-01 open Assets:A ; trailing\n  ; indented comment\n  kk: "v" ; comment after meta');
  });

  it('CRLF files read like LF files, spans exclude the CR', () => {
    const r = parse('2024-01-01 open Assets:A\r\n kk: "v"\r\n\r\n2024-01-02 * "x"\r\n  Assets:A 1 USD\r\n  Assets:B\r\n');
    expect(r.errors).toEqual([]);
    expect(r.directives[0].meta).toEqual([{ key: 'kk', kind: 'string', text: 'v' }]);
    expect(r.directives[0].src).toMatchObject({ line: 1, start: 0, end: 34 });
    expect(r.directives[1].src).toMatchObject({ line: 4, start: 38, end: 84 });
  });

  it('a byte-order mark is skipped but counted in byte offsets', () => {
    const r = parse('\uFEFF2024-01-01 open Assets:A\n');
    expect(r.errors).toEqual([]);
    expect(r.directives[0].src).toMatchObject({ line: 1, start: 3, end: 27 });
  });

  it('a file without a final newline', () => {
    expect(ok('2024-01-01 open Assets:A').map((d) => d.type)).toEqual(['open']);
  });

  it('a blank line ends a directive; an indented line after it is an error', () => {
    const r = parse('2024-01-01 * "x"\n  Assets:A 1 USD\n\n  Assets:B -1 USD\n2024-01-02 open Assets:C\n');
    expect(r.directives.map((d) => d.type)).toEqual(['transaction', 'open']);
    if (r.directives[0].type !== 'transaction') throw new Error();
    expect(r.directives[0].postings).toHaveLength(1);
    expect(r.errors).toHaveLength(1);
    // bean-check 2.3.5: line 4 too ("syntax error, unexpected INDENT"); the column is the indented text's.
    expect(r.errors[0]).toMatchObject({ src: { line: 4, column: 3, start: 35, end: 52 }, source: '  Assets:B -1 USD', date: null });
    expect(r.errors[0].message).toMatch(/^indented line does not belong to any directive/);
  });
});

describe('dates, accounts, currencies, numbers', () => {
  it('dates with / and one-digit month and day', () => {
    expect(ok('2024/02/29 open Assets:A\n2024-3-5 open Assets:B\n').map((d) => d.date)).toEqual([day(2024, 2, 29), day(2024, 3, 5)]);
  });

  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '0000-01-01'])('invalid date %s is an error', (date) => {
    const r = parse(`${date} open Assets:A\n2024-01-01 open Assets:B\n`);
    expect(r.errors.map((e) => e.message)).toEqual([`invalid date ${date} (line 1, column 1)`]);
    expect(r.errors[0].date).toBeNull();
    expect(r.directives).toHaveLength(1);
  });

  it.each([
    ['Assets:signals', 'invalid account name "Assets:signals"'],
    ['Assets', 'invalid account name "Assets"'],
    ['Assets::X', 'invalid account name "Assets::X"'],
    ['Assets:X:', 'invalid account name "Assets:X:"'],
  ])('invalid account %s', (account, message) => {
    const r = parse(`2024-01-01 open ${account}\n`);
    expect(r.errors[0].message.startsWith(message)).toBe(true);
  });

  it('currencies with dots, digits, quotes, dashes and underscores', () => {
    const d = ok("2024-01-01 open Assets:A USD,GOLD.X,TEST_3,TEST-D,A'B,NT\n")[0];
    expect(d).toMatchObject({ currencies: ['USD', 'GOLD.X', 'TEST_3', 'TEST-D', "A'B", 'NT'] });
  });

  it.each([
    ['452,34.00', 'invalid number 452,34.00'],
    ['1/0', 'division by zero in an amount expression'],
    ['(1 + 2', 'expected ")", found "USD"'],
    ['1..2', 'unexpected ".2" in the posting'],
  ])('bad amount %s makes the whole transaction an error', (amount, message) => {
    const r = parse(`2024-01-01 * "x"\n  Assets:A ${amount} USD\n  Assets:B\n2024-01-02 open Assets:C\n`);
    expect(r.directives.map((d) => d.type)).toEqual(['open']);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].message.startsWith(message)).toBe(true);
    expect(r.errors[0].date).toBe(day(2024, 1, 1));
    // The posting's line, where bean-check 2.3.5 reports each of these (1/0 makes it crash).
    expect(r.errors[0].src).toMatchObject({ line: 2, start: 17 });
    expect(r.errors[0].source).toBe(`  Assets:A ${amount} USD`);
  });

  it('nesting deeper than 64 levels is an error, not a stack overflow', () => {
    const deep = '('.repeat(5000) + '1' + ')'.repeat(5000);
    const r = parse(`2024-01-01 * "x"\n  Assets:A ${deep} USD\n`);
    expect(r.errors[0].message.startsWith('amount expression nested too deeply')).toBe(true);
  });
});

describe('unknown and stray input', () => {
  it('unknown directive keyword', () => {
    const r = parse('2008-03-01 check Assets:A 1 USD\n2008-03-02 open Assets:B\n');
    expect(r.errors.map((e) => e.message)).toEqual(['unknown directive "check" (line 1, column 12)']);
    expect(r.errors[0].date).toBe(day(2008, 3, 1));
    expect(r.directives).toHaveLength(1);
  });

  it('unknown undated keyword and stray text', () => {
    const r = parse('frobnicate "x"\nXxx prose line\n2024-01-01 open Assets:A\n');
    expect(r.errors.map((e) => e.message)).toEqual(['unknown directive "frobnicate" (line 1, column 1)', 'text that is not a directive: "Xxx" (line 2, column 1)']);
    expect(r.directives).toHaveLength(1);
  });

  it('prose starting with a flag letter is skipped like Beancount does', () => {
    expect(parse('Regular prose that starts with R\n').errors).toEqual([]);
  });
});

describe('pushtag / poptag / pushmeta / popmeta', () => {
  it('pushed tags go to transactions, notes and documents until popped', () => {
    const ds = ok(`pushtag #trip
2024-01-01 * "a" #own
2024-01-01 note Assets:A "n"
2024-01-01 open Assets:A
poptag #trip
2024-01-02 * "b"
`);
    expect(ds.map((d) => ('tags' in d ? d.tags : null))).toEqual([['own', 'trip'], ['trip'], null, []]);
  });

  it('pushed metadata goes to every dated directive; the directive own key wins', () => {
    const ds = ok(`pushmeta location: "Paris"
pushmeta who: "me"
2024-01-01 open Assets:A
  who: "you"
popmeta who:
2024-01-02 * "x"
popmeta location:
2024-01-03 * "y"
`);
    expect(ds.map((d) => d.meta.map((m) => `${m.key}=${m.text}`))).toEqual([['who=you', 'location=Paris'], ['location=Paris'], []]);
  });

  it('popping what was not pushed, and leaving pushes open, are errors', () => {
    const r = parse('poptag #x\npopmeta kk:\npushtag #open\npushmeta mm: 1\n');
    expect(r.errors.map((e) => [e.message, e.src?.line, e.source])).toEqual([
      ['poptag #x: the tag was not pushed', 1, 'poptag #x'],
      ['popmeta kk: the key was not pushed', 2, 'popmeta kk:'],
      ['pushtag #open is never popped in this file', 3, 'pushtag #open'],
      ['pushmeta mm is never popped in this file', 4, 'pushmeta mm: 1'],
    ]);
  });
});
