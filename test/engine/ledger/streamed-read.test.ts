/**
 * A file parsed a piece at a time through a small reused buffer (engine/ledger/streamed-read.ts)
 * gives exactly the parse of its whole text: directives, options, includes, plugins, errors and
 * their messages, every SourceRef (postings' too). The property test draws random ledgers (both
 * formats, errors, non-ASCII text, CRLF, a BOM, strings across lines, pushtag and name_* options
 * that make the rest of the file one piece) and reads them in pieces of 16 to 300 bytes, so that
 * most ledgers are many pieces and some pieces outgrow the buffer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lastBoundary } from '../../../engine/ledger/chunks';
import { loadFiles, readFileOrNull } from '../../../engine/ledger/load';
import { loadLedger } from '../../../engine/ledger/index';
import { StreamedFile, parseFileStreamed, type StreamStats } from '../../../engine/ledger/streamed-read';
import { parseText } from '../../../engine/ledger/syntax';
import type { FileFormat } from '../../../engine/ledger/ast';
import { ledgerText, withPostingSrc } from './random-ledgers';

const dir = mkdtempSync(join(tmpdir(), 'streamed-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file's whole parse, from its text as the whole-file reader decodes it. */
function wholeParse(path: string, format: FileFormat) {
  return parseText(readFileOrNull(path) as string, path, format);
}

function streamed(path: string, format: FileFormat, pieceBytes: number, stats?: StreamStats) {
  const r = parseFileStreamed(path, format, pieceBytes, stats);
  expect(r).toBeInstanceOf(StreamedFile);
  return (r as StreamedFile).parsed;
}

describe('streamed parse', () => {
  it('gives exactly the whole-file parse on random ledgers read in small pieces (both formats)', () => {
    let runs = 0;
    let manyPieces = 0;
    let restWhole = 0;
    fc.assert(
      fc.property(ledgerText, fc.constantFrom<FileFormat>('beancount', 'zhang'), fc.integer({ min: 16, max: 300 }), (text, format, pieceBytes) => {
        const path = join(dir, `main.${format}`);
        writeFileSync(path, text);
        const stats: StreamStats = { pieces: 0, restWhole: false };
        const got = streamed(path, format, pieceBytes, stats);
        expect(withPostingSrc(got)).toStrictEqual(withPostingSrc(wholeParse(path, format)));
        runs++;
        if (stats.pieces > 2) manyPieces++;
        if (stats.restWhole) restWhole++;
      }),
      { numRuns: 300 },
    );
    // The property is about pieces: most runs must have had several (else it tests nothing), and
    // some must have met a piece that carries state.
    expect(manyPieces).toBeGreaterThan(runs / 2);
    expect(restWhole).toBeGreaterThan(0);
  });

  it('counts lines and bytes across pieces: an error in a later piece names its line in the file', () => {
    const head = '2020-01-01 open Assets:Bank USD\n'.repeat(40);
    // Non-ASCII before the error: byte offsets run ahead of character offsets.
    const text = `2020-01-01 * "Café ☕"\n  Assets:Bank  1 USD\n  Income:Job\n${head}2020-02-30 open Assets:Bad\n`;
    const path = join(dir, 'late-error.beancount');
    writeFileSync(path, text);
    const stats: StreamStats = { pieces: 0, restWhole: false };
    const got = streamed(path, 'beancount', 64, stats);
    expect(stats.pieces).toBeGreaterThan(10);
    expect(got.errors).toHaveLength(1);
    const e = got.errors[0];
    expect(e.src!.line).toBe(44);
    expect(e.message).toMatch(/\(line 44, column \d+\)$/);
    const start = Buffer.byteLength(text.slice(0, text.indexOf('2020-02-30')), 'utf8');
    expect(e.src!.start).toBe(start);
    expect(withPostingSrc(got)).toStrictEqual(withPostingSrc(wholeParse(path, 'beancount')));
  });

  it('reads invalid UTF-8 as the whole-file decode does (U+FFFD, its bytes counted as the decoded text has them)', () => {
    const before = Buffer.from('2020-01-01 open Assets:Bank USD\n'.repeat(10));
    const bad = Buffer.from([0x32, 0x30, 0x32, 0x30, 0x2d, 0x30, 0x31, 0x2d, 0x30, 0x32, 0x20, 0x6e, 0x6f, 0x74, 0x65, 0x20, 0x41, 0x73, 0x73, 0x65, 0x74, 0x73, 0x3a, 0x42, 0x61, 0x6e, 0x6b, 0x20, 0x22, 0xff, 0xfe, 0x22, 0x0a]);
    const after = Buffer.from('2020-01-03 open Assets:Other USD\n2020-13-01 open Assets:Bad\n'.repeat(5));
    const path = join(dir, 'invalid.beancount');
    writeFileSync(path, Buffer.concat([before, bad, after]));
    const got = streamed(path, 'beancount', 48);
    const whole = wholeParse(path, 'beancount');
    expect(whole.errors).toHaveLength(5);
    expect(withPostingSrc(got)).toStrictEqual(withPostingSrc(whole));
  });

  it('is what loadFiles and loadLedger read a file with when no parse cache keeps texts', () => {
    const path = join(dir, 'ledger.beancount');
    writeFileSync(path, '2020-01-01 open Assets:Bank USD\n2020-01-01 open Income:Job\n2020-01-05 * "Pay"\n  Assets:Bank  10 USD\n  Income:Job\n2020-01-06 balance Assets:Bank 11 USD\n');
    const loaded = loadFiles(path);
    expect(loaded.directives.map((d) => d.type)).toEqual(['open', 'open', 'transaction', 'balance']);
    const snap = loadLedger(path);
    // The failing balance's source is read back from the file by its span (no text was kept).
    const e = snap.errors.find((x) => x.message.includes('Balance failed'));
    expect(e?.source).toBe('2020-01-06 balance Assets:Bank 11 USD');
  });
});

describe('piece boundaries', () => {
  const b = (s: string) => Buffer.from(s, 'latin1');

  it('finds the last line that begins with a digit, never at index 0', () => {
    const t = b('2020-01-01 open A\n  x\n2020-01-02 open B\n; c\n');
    expect(lastBoundary(t, t.length)).toBe(t.indexOf('2020-01-02'));
    expect(lastBoundary(t, t.indexOf('2020-01-02'))).toBe(-1);
    expect(lastBoundary(b('2020-01-01 open A\n'), 18)).toBe(-1);
    // A digit line whose first character is the last byte given still counts; one past it does not.
    const u = b('x\n2');
    expect(lastBoundary(u, 3)).toBe(2);
    expect(lastBoundary(u, 2)).toBe(-1);
  });

  it('parses a piece that carries state to later directives with the rest of the file; a quote the parser never reads carries none', () => {
    const opens = Array.from({ length: 30 }, (_, i) => `2020-01-${String(1 + (i % 28)).padStart(2, '0')} open Assets:A${i}\n`).join('');
    const cases: [string, boolean][] = [
      [opens + opens, false],
      ['plugin "x"\n' + opens + opens, false],
      ['pushtag #a\n' + opens + opens, true],
      ['\uFEFFpushtag #a\n' + opens + opens, true],
      [opens + 'poptag #a\n' + opens, true],
      [opens + '2020-02-01 open Z\r\npushmeta kk: 1\r\n' + opens, true],
      [opens + 'popmeta kk:\n' + opens, true],
      ['option "name_assets" "Aktiva"\n' + opens + opens, true],
      [opens + '2020-01-01 * "open\n2020-01-02 open B"\n' + opens, true],
      // Read by no parse: a quote in a comment, `"name_` in a narration, a lone CR before `pushtag`
      // (a carriage return is whitespace to the scanner: the line is an error, no pushtag).
      [opens + '; a lone " in a comment\n' + opens, false],
      [opens + '2020-01-01 * "name_x" "y"\n' + opens, false],
      [opens + '2020-01-01 open Q\rpushtag #a\n' + opens, false],
    ];
    for (const [text, carries] of cases) {
      const path = join(dir, 'state.beancount');
      writeFileSync(path, text);
      const stats: StreamStats = { pieces: 0, restWhole: false };
      const got = streamed(path, 'beancount', 256, stats);
      expect(stats.restWhole, JSON.stringify(text.slice(0, 30))).toBe(carries);
      expect(stats.pieces).toBeGreaterThan(carries ? 0 : 4);
      expect(withPostingSrc(got)).toStrictEqual(withPostingSrc(wholeParse(path, 'beancount')));
    }
  });
});
