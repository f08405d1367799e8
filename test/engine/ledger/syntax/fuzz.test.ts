/**
 * Property tests: parsing never throws, whatever the input, and every position it reports lies
 * inside the text with its source text equal to the bytes of its span.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileFormat, ParsedFile, SourceRef } from '../../../../engine/ledger/ast';
import { parseText } from '../../../../engine/ledger/syntax';

const SEED = `option "title" "Fuzz"
pushtag #t
2024-01-01 open Assets:Bank USD,EUR "FIFO"
  name: "Bänk"
2024-01-01 10:30 open Expenses:Food
2024-01-02 * "Café" "Lunch" #a ^b
  k: 2024-01-01
  Assets:Bank  -(12.50 + 3) * 2 USD {10 # 5 USD, 2024-01-01, "lot"} @@ 3 EUR
    pm: TRUE
  Expenses:Food
2024-01-03 balance Assets:Bank 10 ~ 0.01 USD with pad Equity:Opening
2024-01-04 custom "budget-add" "Food" 200 USD
2024-01-04 budget Food USD
2024-01-05 query "q" "SELECT \\d
 multi-line"
2024-01-06 note Assets:Bank "n" ; comment
* heading
poptag #t
pushmeta x: 1
2024-01-07 price EUR 1.10 USD
popmeta x:
`;

/** Characters that make interesting ledger text. */
const LEDGER_CHARS = ['2', '0', '1', '-', '/', ':', ' ', '  ', '\t', '\n', '\r\n', '"', '\\', ';', '*', '!', '#', '^', '{', '}', '{{', '@', '@@', ',', '(', ')', '+', '~', '.', 'A', 'Assets:Bank', 'USD', 'open', 'txn', 'é', '😀', '\uD800', 'k:', 'TRUE', '2024-01-01', '10:00'];

function checkSrc(src: SourceRef, lines: number, byteLength: number): void {
  expect(src.line).toBeGreaterThanOrEqual(1);
  expect(src.line).toBeLessThanOrEqual(lines);
  expect(src.column).toBeGreaterThanOrEqual(1);
  expect(src.start).toBeGreaterThanOrEqual(0);
  expect(src.start).toBeLessThanOrEqual(src.end);
  expect(src.end).toBeLessThanOrEqual(byteLength);
}

/** Errors whose spans were checked, so the properties are known to exercise the error path. */
let checkedErrors = 0;

function checkSane(text: string, r: ParsedFile): void {
  const bytes = Buffer.from(text, 'utf8');
  const lines = text.split('\n').length;
  for (const e of r.errors) {
    expect(typeof e.message).toBe('string');
    if (!e.src) continue;
    checkedErrors++;
    checkSrc(e.src, lines, bytes.length);
    // Compare bytes: a lone surrogate encodes to U+FFFD on both sides.
    expect(Buffer.from(e.source ?? '', 'utf8').equals(bytes.subarray(e.src.start, e.src.end))).toBe(true);
  }
  for (const d of r.directives) {
    checkSrc(d.src, lines, bytes.length);
    if (d.type === 'transaction') for (const p of d.postings) checkSrc(p.src, lines, bytes.length);
  }
}

function parseBoth(text: string): void {
  for (const format of ['beancount', 'zhang'] as FileFormat[]) {
    let r: ParsedFile | undefined;
    expect(() => (r = parseText(text, '/f', format))).not.toThrow();
    checkSane(text, r!);
  }
}

type Mutation = { op: 'delete' | 'insert' | 'dup' | 'delLine' | 'dupLine' | 'swapLines'; at: number; text: string };

function mutate(text: string, ms: Mutation[]): string {
  let t = text;
  for (const m of ms) {
    const i = t.length === 0 ? 0 : m.at % (t.length + 1);
    const lines = t.split('\n');
    const li = m.at % lines.length;
    switch (m.op) {
      case 'delete':
        t = t.slice(0, i) + t.slice(i + 1);
        break;
      case 'insert':
        t = t.slice(0, i) + m.text + t.slice(i);
        break;
      case 'dup':
        t = t.slice(0, i) + t.slice(i, i + 1) + t.slice(i);
        break;
      case 'delLine':
        lines.splice(li, 1);
        t = lines.join('\n');
        break;
      case 'dupLine':
        lines.splice(li, 0, lines[li]);
        t = lines.join('\n');
        break;
      case 'swapLines': {
        const lj = (li + 1) % lines.length;
        [lines[li], lines[lj]] = [lines[lj], lines[li]];
        t = lines.join('\n');
        break;
      }
    }
  }
  return t;
}

const mutation = fc.record({
  op: fc.constantFrom('delete', 'insert', 'dup', 'delLine', 'dupLine', 'swapLines') as fc.Arbitrary<Mutation['op']>,
  at: fc.nat(),
  text: fc.constantFrom(...LEDGER_CHARS),
});

describe('parsing never throws and reports sane positions', () => {
  it('the seed ledger itself parses cleanly in zhang format', () => {
    expect(parseText(SEED, '/f', 'zhang').errors).toEqual([]);
  });

  it('random text of any code points', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), parseBoth), { numRuns: 300 });
  });

  it('random text over ledger-like tokens', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LEDGER_CHARS), { maxLength: 120 }), (parts) => parseBoth(parts.join(''))),
      { numRuns: 500 },
    );
  });

  it('mutated valid ledgers (deleted, inserted, duplicated characters and lines)', () => {
    checkedErrors = 0;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 8 }), (ms) => parseBoth(mutate(SEED, ms))),
      { numRuns: 600 },
    );
    expect(checkedErrors).toBeGreaterThan(100);
  });
});
