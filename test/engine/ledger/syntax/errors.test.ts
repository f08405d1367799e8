import { describe, expect, it } from 'vitest';
import { bytesOf, day, parse } from './helpers';

describe('error positions and spans', () => {
  // Line 1 holds 25 characters but 28 bytes (é is 2 bytes, € is 3), so byte offsets and
  // character columns differ after it; ë on line 4 adds one more byte before the error.
  const TEXT =
    '2024-01-01 * "Café €" "n"\n' + // bytes 0..28, newline at 28
    '  Assets:A 1 USD\n' + // 29..45
    '  Assets:B\n' + // 46..56
    '2024-01-02 * "Zoë" #ok ^^bad\n' + // 57..86 (28 chars, 29 bytes)
    '  Assets:A 2 USD\n' + // 87..103
    '2024-01-03 open Assets:C'; // 104..128, no final newline

  const r = parse(TEXT);

  // bean-check 2.3.5 reports a syntax error on the line of the offending token (checked on
  // small ledgers: a bad posting three lines into a transaction is reported on that posting's line).
  it("reports the offending token's line and column; span and source are that line; the directive's date", () => {
    expect(r.errors).toHaveLength(1);
    const e = r.errors[0];
    expect(e.kind).toBe('ParseError');
    expect(e.src).toEqual({ file: '/ledger/main.bean', line: 4, column: 24, start: 57, end: 86 });
    expect(e.source).toBe('2024-01-02 * "Zoë" #ok ^^bad');
    expect(bytesOf(TEXT, e.src!.start, e.src!.end)).toBe(e.source);
    expect(e.date).toBe(day(2024, 1, 2));
  });

  it('names the offending token with its character column', () => {
    expect(r.errors[0].message).toBe('unexpected "^^bad" in the transaction header (line 4, column 24)');
  });

  it('keeps the directives before and after', () => {
    expect(r.directives.map((d) => [d.type, d.src.line, d.src.start, d.src.end])).toEqual([
      ['transaction', 1, 0, 56],
      ['open', 6, 104, 128],
    ]);
  });

  it('column counts characters, not UTF-16 units (astral characters count once)', () => {
    const e = parse('2024-01-01 * "😀😀" "n" bad\n').errors[0];
    expect(e.message).toBe('unexpected "bad" in the transaction header (line 1, column 23)');
    expect(e.src).toMatchObject({ start: 0, end: 31 });
  });

  it('an error in a posting is on the posting\'s line and skips the rest of the transaction only', () => {
    const text = '2024-01-01 * "x"\n  Assets:A 1 USD\n  Assets:B 1 ZZ:Z\n  Assets:C\n  k: "v"\n\n2024-01-02 open Assets:D\n';
    const p = parse(text);
    expect(p.directives.map((d) => d.type)).toEqual(['open']);
    const e = p.errors[0];
    // bean-check 2.3.5 also reports line 3 (the currency ZZ:Z is an invalid token there).
    expect(e.src).toMatchObject({ line: 3, column: 14, start: 34, end: 51 });
    expect(e.source).toBe('  Assets:B 1 ZZ:Z');
    expect(e.date).toBe(day(2024, 1, 1));
    expect(e.message).toBe('invalid currency "ZZ:Z" (line 3, column 14)');
  });

  it('an error after a multi-line string resumes after the string, not inside it', () => {
    const p = parse('2024-01-01 query "q" "SELECT\n2024-01-05 open Assets:X\n" junk\n2024-01-02 open Assets:D\n');
    expect(p.directives.map((d) => [d.type, d.src.line])).toEqual([['open', 4]]);
    expect(p.errors.map((e) => [e.src?.line, e.src?.column, e.src?.start, e.src?.end, e.source, e.message])).toEqual([
      [3, 3, 54, 60, '" junk', 'unexpected "junk" in the query directive (line 3, column 3)'],
    ]);
  });

  it('several errors in one file, each with its own span', () => {
    const p = parse('2024-01-01 open\n2024-02-30 close Assets:A\n2024-01-01 open Assets:B USD USD\n2024-01-02 open Assets:C\n');
    expect(p.errors.map((e) => [e.src?.line, e.src?.start, e.src?.end, e.message])).toEqual([
      [1, 0, 15, 'expected an account, found end of line (line 1, column 16)'],
      [2, 16, 41, 'invalid date 2024-02-30 (line 2, column 1)'],
      [3, 42, 74, 'unexpected "USD" in the open directive (line 3, column 30)'],
    ]);
    expect(p.errors.map((e) => e.src?.column)).toEqual([16, 1, 30]);
    expect(p.directives).toHaveLength(1);
  });
});

// Each ledger below was run through bean-check 2.3.5 (with open directives added); the lines it
// reported are written next to each case.
describe('syntax errors stand on the offending token, as bean-check places them', () => {
  const lines = (text: string) => parse(text).errors.map((e) => [e.src?.line, e.src?.column]);

  it('a bad posting three lines into a transaction with metadata (bean-check: line 5)', () => {
    const text = '2024-01-02 * "Shop" "x"\n  meta: "a"\n  Expenses:Food  10 USD\n    pm: 1\n  Assets:Cash   -5 USD USD\n  Assets:Cash\n\n2024-01-03 open Assets:X\n';
    const p = parse(text);
    expect(lines(text)).toEqual([[5, 24]]);
    expect(p.errors[0].source).toBe('  Assets:Cash   -5 USD USD');
    expect(bytesOf(text, p.errors[0].src!.start, p.errors[0].src!.end)).toBe(p.errors[0].source);
    // The transaction is dropped whole; the next directive still loads.
    expect(p.directives.map((d) => [d.type, d.src.line])).toEqual([['open', 8]]);
  });

  it('a metadata line that is not metadata (bean-check: line 4, "Invalid token")', () => {
    expect(lines('2024-01-02 * "Shop"\n  Expenses:Food  10 USD\n  Assets:Cash  -10 USD\n  bogus line here\n')).toEqual([[4, 8]]);
  });

  it('one error per broken directive, each on its own line (bean-check: lines 1, 2, 3)', () => {
    expect(lines('2024-01-03 balance Assets:Cash -10 USD USD\n2024-01-03 open Assets:Bank USD EUR extra\n2024-01-04 * "Shop" "y" "z" "w"\n  Assets:Cash 1 USD\n')).toEqual([
      [1, 40],
      [2, 33],
      [3, 25],
    ]);
  });

  it('a string left open runs into the next directive, where the error then is (bean-check: line 6)', () => {
    const text = '2024-01-02 * "Shop" "x"\n  Assets:Cash   -10 USD\n    key: "unterminated\n  more\n\n2024-01-03 * "Shop" "y"\n  Assets:Cash 1 USD\n';
    expect(lines(text)).toEqual([[6, 15]]);
  });

  it('a line that ends too early: its own line (bean-check counts the newline first and says the next line)', () => {
    // bean-check 2.3.5: lines 2 and 4 ("unexpected EOL"), one line below each.
    expect(lines('2024-01-05 note Assets:Cash\n2024-01-06 * "a"\n  Assets:Cash  -10 USD {\n')).toEqual([
      [1, 28],
      [3, 25],
    ]);
  });

  it('an error at the end of a CRLF file without a final newline stays on the last line', () => {
    const text = '2024-01-01 open Assets:A\r\n2024-01-05 price USD';
    const p = parse(text);
    expect(lines(text)).toEqual([[2, 21]]);
    expect(p.errors[0].source).toBe('2024-01-05 price USD');
    expect(p.errors[0].src).toMatchObject({ start: 26, end: 46 });
  });
});

// bean-check 2.3.5 on these option lines: "Invalid option: 'tolerance'" (line 1), "Option
// 'filename' may not be set" (line 2), "Invalid option: 'fiscal_year_end'" (line 4), nothing for
// title and documents; it also reports 'timezone', which this app reads (the ledger's time zone).
describe('option names Beancount does not know', () => {
  const text = 'option "tolerance" "0.01"\noption "filename" "x"\noption "title" "T"\noption "fiscal_year_end" "x"\noption "timezone" "Europe/Paris"\noption "documents" "docs"\n';

  it('are ParseErrors on their lines in Beancount files, and still recorded', () => {
    const p = parse(text);
    expect(p.errors.map((e) => [e.src?.line, e.message])).toEqual([
      [1, "Invalid option: 'tolerance' (Beancount does not know it; the option is ignored)"],
      [2, "Option 'filename' may not be set"],
      [4, "Invalid option: 'fiscal_year_end' (Beancount does not know it; the option is ignored)"],
    ]);
    expect(p.errors[0].source).toBe('option "tolerance" "0.01"');
    expect(p.options.map((o) => o.name)).toEqual(['tolerance', 'filename', 'title', 'fiscal_year_end', 'timezone', 'documents']);
  });

  it('are not reported in .zhang files (zhang has options of its own)', () => {
    expect(parse(text, 'zhang').errors).toEqual([]);
  });
});
