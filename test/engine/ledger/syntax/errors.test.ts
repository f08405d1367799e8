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

  it('reports the whole directive: line, column, byte span, source text, date', () => {
    expect(r.errors).toHaveLength(1);
    const e = r.errors[0];
    expect(e.kind).toBe('ParseError');
    expect(e.src).toEqual({ file: '/ledger/main.bean', line: 4, column: 1, start: 57, end: 103 });
    expect(e.source).toBe('2024-01-02 * "Zoë" #ok ^^bad\n  Assets:A 2 USD');
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

  it('an error in a posting skips the rest of the transaction only', () => {
    const text = '2024-01-01 * "x"\n  Assets:A 1 USD\n  Assets:B 1 ZZ:Z\n  Assets:C\n  k: "v"\n\n2024-01-02 open Assets:D\n';
    const p = parse(text);
    expect(p.directives.map((d) => d.type)).toEqual(['open']);
    const e = p.errors[0];
    expect(e.src).toMatchObject({ line: 1, start: 0, end: 71 });
    expect(e.source).toBe('2024-01-01 * "x"\n  Assets:A 1 USD\n  Assets:B 1 ZZ:Z\n  Assets:C\n  k: "v"');
    expect(e.message).toBe('invalid currency "ZZ:Z" (line 3, column 14)');
  });

  it('an error after a multi-line string resumes after the string, not inside it', () => {
    const p = parse('2024-01-01 query "q" "SELECT\n2024-01-05 open Assets:X\n" junk\n2024-01-02 open Assets:D\n');
    expect(p.directives.map((d) => [d.type, d.src.line])).toEqual([['open', 4]]);
    expect(p.errors.map((e) => [e.src?.line, e.message])).toEqual([[1, 'unexpected "junk" in the query directive (line 3, column 3)']]);
  });

  it('several errors in one file, each with its own span', () => {
    const p = parse('2024-01-01 open\n2024-02-30 close Assets:A\n2024-01-01 open Assets:B USD USD\n2024-01-02 open Assets:C\n');
    expect(p.errors.map((e) => [e.src?.line, e.src?.start, e.src?.end, e.message])).toEqual([
      [1, 0, 15, 'expected an account, found end of line (line 1, column 16)'],
      [2, 16, 41, 'invalid date 2024-02-30 (line 2, column 1)'],
      [3, 42, 74, 'unexpected "USD" in the open directive (line 3, column 30)'],
    ]);
    expect(p.directives).toHaveLength(1);
  });
});
