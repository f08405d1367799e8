/**
 * Positions (engine/ledger/syntax/positions.ts) against a direct computation: line, column in code
 * points and UTF-8 byte offset of random indices visited in random order (the cursor walks forward
 * and back). ASCII texts take the newline-search path, others the per-char walk; both must agree
 * with the reference.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codesOf, wideCodes } from '../../../../engine/ledger/syntax/codes';
import { Positions } from '../../../../engine/ledger/syntax/positions';

function reference(s: string, i: number) {
  const before = s.slice(0, i);
  const ls = before.lastIndexOf('\n') + 1;
  return {
    line: before.split('\n').length,
    column: [...s.slice(ls, i)].length + 1,
    byte: Buffer.byteLength(before, 'utf8'),
  };
}

/** Indices that do not split a surrogate pair, plus the end. */
function boundaries(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i <= s.length; i++) {
    const c = s.charCodeAt(i);
    if (!(c >= 0xdc00 && c <= 0xdfff && i > 0)) out.push(i);
  }
  return out;
}

function check(alphabet: string[]) {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 80 }), fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (chars, picks) => {
      const s = chars.join('');
      const at = boundaries(s);
      // The one-byte codes of an ASCII text, and the two-byte codes of any text (the per-char walk).
      for (const p of [new Positions(codesOf(s)), new Positions(wideCodes(s))]) {
        for (const k of picks) {
          const i = at[k % at.length];
          const want = reference(s, i);
          expect({ line: p.lineAt(i), column: p.columnAt(i), byte: p.byteAt(i) }).toEqual(want);
          const r = p.ref('f', i, s.length);
          expect(r).toEqual({ file: 'f', line: want.line, column: want.column, start: want.byte, end: Buffer.byteLength(s, 'utf8') });
        }
      }
    }),
    { numRuns: 400 },
  );
}

describe('Positions', () => {
  it('ASCII texts: lines, columns and bytes in any visiting order', () => check(['a', 'b', ' ', '\n', '\n', '\r', ';']));
  it('texts with 2-, 3- and 4-byte characters', () => check(['a', '\n', 'é', '€', '😀', ' ']));
  it('a hand-made example: third line, after a two-byte character', () => {
    const s = 'ab\ncd\né x';
    const p = new Positions(codesOf(s));
    // 'x' is at index 8: line 3, column 3 (é counts once), byte 9 (é is two bytes).
    expect(p.ref('f', 8, 9)).toEqual({ file: 'f', line: 3, column: 3, start: 9, end: 10 });
    expect(p.lineAt(0)).toBe(1);
    const a = new Positions(codesOf('ab\ncd\nef'));
    expect(a.ref('f', 7, 8)).toEqual({ file: 'f', line: 3, column: 2, start: 7, end: 8 });
    expect(a.columnAt(4)).toBe(2);
    expect(a.lineAt(4)).toBe(2);
  });
});
