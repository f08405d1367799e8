/**
 * The code units the scanner reads (engine/ledger/syntax/codes.ts): one byte each for an ASCII
 * text, two for any other, the same values as charCodeAt either way; a parse reads both forms
 * alike; bytes a reader lends are read in place and freed only when their lender lets them go.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AsciiBytes, codesOf, doneWithCodes, dropLentBytes, lendBytes, wideCodes } from '../../../../engine/ledger/syntax/codes';
import { parseText } from '../../../../engine/ledger/syntax';

const units = (s: string) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));

/** Bytes in a buffer of their own (not Node's shared pool), as a large file's read gives. */
function ownBytes(text: string): Uint8Array {
  const b = new Uint8Array(new ArrayBuffer(Buffer.byteLength(text, 'utf8')));
  Buffer.from(b.buffer).write(text, 'utf8');
  return b;
}

describe('codesOf', () => {
  it('gives the UTF-16 code units: a byte each for ASCII, two bytes otherwise', () => {
    const ascii = '2024-01-01 open Assets:Bank\n';
    const a = codesOf(ascii);
    expect(a).toBeInstanceOf(Uint8Array);
    expect(Array.from(a)).toEqual(units(ascii));
    // é (U+00E9) would fit a byte but is not ASCII; an astral character and a lone surrogate are
    // two code units and one.
    for (const text of ['Café', 'x😀y', 'a\uD800b', '\uFEFF2024']) {
      const c = codesOf(text);
      expect(c).toBeInstanceOf(Uint16Array);
      expect(Array.from(c)).toEqual(units(text));
    }
    expect(Array.from(wideCodes(ascii))).toEqual(units(ascii));
    expect(codesOf('').length).toBe(0);
  });
});

// Ledger-ish ASCII text: the parse of its one-byte and two-byte code units must agree.
const SEED = `option "title" "Codes"
pushtag #t
2024-01-01 open Assets:Bank USD,EUR "FIFO"
  name: "Bank"
2024-01-02 * "Shop" "Lunch" #a ^b
  Assets:Bank  -(12.50 + 3) * 2 USD {10 # 5 USD, 2024-01-01, "lot"} @@ 3 EUR
  Expenses:Food
2024-01-03 balance Assets:Bank 10 ~ 0.01 USD with pad Equity:Opening
2024-01-05 query "q" "SELECT \\d
 multi-line"
2024-01-06 note Assets:Bank "n" ; comment
poptag #t
2024-01-07 price EUR 1.10 USD
`;
const PIECES = ['2', '0', '1', '-', ':', ' ', '  ', '\t', '\n', '\r\n', '"', '\\', ';', '*', '!', '#', '^', '{', '}', '@', ',', '(', ')', '.', 'A', 'Assets:Bank', 'USD', 'open', 'txn', 'k:', '2024-01-01', '10:00'];

describe('a parse reads one-byte and two-byte codes alike', () => {
  it('the same directives, errors and positions from both forms and from the bytes alone (random edits of a ledger)', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(SEED.length), fc.nat(3), fc.constantFrom(...PIECES)), { maxLength: 8 }),
        fc.constantFrom('beancount', 'zhang') as fc.Arbitrary<'beancount' | 'zhang'>,
        (edits, format) => {
          let text = SEED;
          for (const [at, cut, piece] of edits) text = text.slice(0, at) + piece + text.slice(Math.min(text.length, at + cut));
          const narrow = parseText(text, 'f.bean', format, codesOf(text));
          const wide = parseText(text, 'f.bean', format, wideCodes(text));
          expect(wide).toEqual(narrow);
          // No text at all: names and strings cut from the bytes, messages from a text made on demand.
          expect(parseText(new AsciiBytes(ownBytes(text)), 'f.bean', format)).toEqual(narrow);
          compared += narrow.directives.length;
        },
      ),
      { numRuns: 150, seed: 19 },
    );
    expect(compared).toBeGreaterThan(300);
  });
});

describe('bytes lent by a reader', () => {
  it('are read in place, and freed when the parse is done if their lender lets them go', () => {
    const text = '2024-01-01 open Assets:Bank\n';
    const bytes = ownBytes(text);
    lendBytes(text, bytes, true);
    const codes = codesOf(text);
    expect(codes.buffer).toBe(bytes.buffer);
    // Claimed once: the next parse of the same text copies.
    expect(codesOf(text).buffer).not.toBe(bytes.buffer);
    doneWithCodes(codes);
    expect(bytes.byteLength).toBe(0);
  });

  it('shared or kept bytes are never freed', () => {
    const text = '2024-01-01 open Assets:Bank\n';
    const shared = new Uint8Array(new SharedArrayBuffer(text.length));
    shared.set(Buffer.from(text, 'utf8'));
    lendBytes(text, shared, false);
    const codes = codesOf(text);
    expect(codes.buffer).toBe(shared.buffer);
    doneWithCodes(codes);
    expect(Buffer.from(shared).toString('utf8')).toBe(text);

    const kept = ownBytes(text);
    lendBytes(text, kept, false);
    dropLentBytes();
    expect(kept.byteLength).toBe(text.length);
  });

  it('non-ASCII bytes are not the code units: not lent (and freed at once when the lender lets them go)', () => {
    const text = '2024-01-01 open Assets:Bänk\n';
    const bytes = ownBytes(text);
    lendBytes(text, bytes, true);
    expect(bytes.byteLength).toBe(0);
    const codes = codesOf(text);
    expect(codes).toBeInstanceOf(Uint16Array);
    expect(Array.from(codes)).toEqual(units(text));
    // A stray byte decodes to one U+FFFD: as many characters as bytes, and still not ASCII.
    const stray = new Uint8Array(new ArrayBuffer(5));
    stray.set([0x43, 0x61, 0x66, 0xe9, 0x0a]);
    const decoded = Buffer.from(stray).toString('utf8');
    expect(decoded.length).toBe(stray.length);
    lendBytes(decoded, stray, false);
    expect(Array.from(codesOf(decoded))).toEqual(units(decoded));
  });

  it('bytes no parse claimed are freed by the next lend or by dropLentBytes, and are not used for another text', () => {
    const a = '2024-01-01 open Assets:A\n';
    const b = '2024-01-01 open Assets:B\n';
    const first = ownBytes(a);
    lendBytes(a, first, true);
    expect(codesOf(b).buffer).not.toBe(first.buffer);
    const second = ownBytes(b);
    lendBytes(b, second, true);
    expect(first.byteLength).toBe(0);
    dropLentBytes();
    expect(second.byteLength).toBe(0);
  });

  it('a parse of lent bytes gives what a parse of a copy gives', () => {
    const text = SEED;
    const bytes = ownBytes(text);
    lendBytes(text, bytes, true);
    const lent = parseText(text, 'f.bean', 'beancount');
    expect(bytes.byteLength).toBe(0);
    expect(lent).toEqual(parseText(text, 'f.bean', 'beancount'));
    expect(lent.directives.length).toBe(5);
    expect(lent.errors.length).toBe(1);
  });
});
