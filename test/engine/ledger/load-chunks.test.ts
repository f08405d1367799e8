/**
 * The parse cache's chunks (issue 15, reload after a save; engine/ledger/chunks.ts): a changed file
 * is parsed again only where its text or positions changed, and the result is exactly the whole
 * file's parse: directives, options, includes, plugins and errors, SourceRefs and messages
 * included. The property test draws random ledgers (both formats, errors, non-ASCII text, CRLF,
 * strings across lines, pushtag and name_* options that refuse chunking) and random edits, with
 * chunks of a few dozen characters so every ledger has many.
 *
 * The fixed ledgers (ledgerOf: 40, 200 and 400 transactions, and 400 plus one appended) were
 * run through bean-check 2.3.5: no errors. The property test compares with our own whole-file
 * parse, which the syntax tests check against bean-check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkBoundaries, chunkStarts, quotesCloseOnTheirLine } from '../../../engine/ledger/chunks';
import { ParseCache } from '../../../engine/ledger/load';
import { parseText } from '../../../engine/ledger/syntax';
import { carriesState } from '../../../engine/ledger/syntax/parse';
import { AsciiBytes } from '../../../engine/ledger/syntax/codes';
import { block, ledgerText, withPostingSrc } from './random-ledgers';

const isAsciiText = (t: string) => /^[\x00-\x7f]*$/.test(t);

/** An ASCII text as the engine worker's reader gives it: its bytes, here in shared memory or not. */
function bytesOf(text: string, shared: boolean): AsciiBytes {
  const b = shared ? new Uint8Array(new SharedArrayBuffer(text.length)) : new Uint8Array(text.length);
  b.set(Buffer.from(text, 'latin1'));
  return new AsciiBytes(b);
}

type Edit = { kind: 'append' | 'insert' | 'delete' | 'char'; at: number; len: number; text: string };
const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('append', 'insert', 'delete', 'char'),
  at: fc.nat(),
  len: fc.nat({ max: 80 }),
  text: fc.oneof(block, fc.constantFrom('1', '"', '\n', ' ', 'é', 'x', '\n\n2')),
}) as fc.Arbitrary<Edit>;

function applyEdit(text: string, e: Edit): string {
  const at = text.length === 0 ? 0 : e.at % text.length;
  switch (e.kind) {
    case 'append':
      return text + e.text;
    case 'insert': {
      // At a line start, as a user adds a directive.
      const ls = text.lastIndexOf('\n', at) + 1;
      return text.slice(0, ls) + e.text + text.slice(ls);
    }
    case 'delete':
      return text.slice(0, at) + text.slice(at + e.len);
    case 'char':
      return text.slice(0, at) + e.text[0] + text.slice(at + 1);
  }
}

describe('chunked parse cache', () => {
  it('gives exactly the whole-file parse on random ledgers under random edits (both formats)', () => {
    let runs = 0;
    let reused = 0;
    fc.assert(
      fc.property(ledgerText, fc.array(edit, { minLength: 1, maxLength: 6 }), fc.constantFrom('beancount', 'zhang'), fc.integer({ min: 20, max: 200 }), (text0, edits, format, size) => {
        const file = `/books/main.${format === 'zhang' ? 'zhang' : 'beancount'}`;
        const cache = new ParseCache(size);
        const seen: Array<{ text: string; parsed: ReturnType<typeof parseText> }> = [];
        runs++;
        let text = text0;
        for (let k = 0; k <= edits.length; k++) {
          if (k > 0) text = applyEdit(text, edits[k - 1]);
          const parsed = cache.parse(file, text);
          expect(withPostingSrc(parsed)).toStrictEqual(withPostingSrc(parseText(text, file, format)));
          seen.push({ text, parsed });
        }
        if (cache.chunkHits > 0) reused++;
        // Nothing handed out earlier was changed by later parses (an old snapshot still serves it).
        for (const s of seen) expect(withPostingSrc(s.parsed)).toStrictEqual(withPostingSrc(parseText(s.text, file, format)));
      }),
      { numRuns: 300 },
    );
    // The property is about chunks: most runs must have reused some (else it tests nothing).
    expect(reused).toBeGreaterThan(runs / 3);
  });

  it('gives the same parse from an ASCII file\'s bytes as from its text, across edits that make it non-ASCII and back', () => {
    let bytesParses = 0;
    fc.assert(
      fc.property(ledgerText, fc.array(edit, { minLength: 1, maxLength: 6 }), fc.integer({ min: 20, max: 200 }), fc.boolean(), (text0, edits, size, shared) => {
        const file = '/books/main.beancount';
        const cache = new ParseCache(size);
        const seen: Array<{ text: string; parsed: ReturnType<typeof parseText> }> = [];
        let text = text0;
        for (let k = 0; k <= edits.length; k++) {
          if (k > 0) text = applyEdit(text, edits[k - 1]);
          const ascii = isAsciiText(text);
          if (ascii) {
            bytesParses++;
            // The same chunks either way (character index = byte offset).
            expect(chunkStarts(bytesOf(text, false).bytes, size)).toEqual(chunkStarts(text, size));
          }
          const parsed = cache.parse(file, ascii ? bytesOf(text, shared) : text);
          expect(withPostingSrc(parsed)).toStrictEqual(withPostingSrc(parseText(text, file, 'beancount')));
          seen.push({ text, parsed });
        }
        for (const s of seen) expect(withPostingSrc(s.parsed)).toStrictEqual(withPostingSrc(parseText(s.text, file, 'beancount')));
      }),
      { numRuns: 300 },
    );
    expect(bytesParses).toBeGreaterThan(300);
  });

  it('keeps bytes as bytes: an unchanged file is a hit, an append parses only the last chunk', () => {
    const file = '/books/main.beancount';
    const text = ledgerOf(400);
    const cache = new ParseCache(1000);
    const first = cache.parse(file, bytesOf(text, true));
    const chunks = chunkStarts(text, 1000)!.length;
    expect([cache.misses, cache.chunkMisses]).toEqual([1, chunks]);
    // Other bytes with the same content (the next reload's read): no parse.
    expect(cache.parse(file, bytesOf(text, false)).directives).toEqual(first.directives);
    expect(cache.hits).toBe(1);
    const appended = text + '\n2021-03-01 * "Shop" "appended"\n  Expenses:Food  3.00 USD\n  Assets:Cash\n';
    const second = cache.parse(file, bytesOf(appended, true));
    expect([cache.chunkHits, cache.chunkMisses]).toEqual([chunks - 1, chunks + 1]);
    expect(second.directives[0]).toBe(first.directives[0]);
    expect(withPostingSrc(second)).toStrictEqual(withPostingSrc(parseText(appended, file, 'beancount')));
    // The text of the same content is not the bytes: parsed (whole: nothing kept matches).
    cache.parse(file, appended);
    expect(cache.misses).toBe(3);
  });

  it('parses only the last chunk again after an append, and reuses the other chunks as they are', () => {
    const file = '/books/main.beancount';
    const text = ledgerOf(400);
    const cache = new ParseCache(1000);
    const first = cache.parse(file, text);
    const chunks = chunkStarts(text, 1000)!.length;
    expect(chunks).toBeGreaterThan(10);
    expect([cache.chunkHits, cache.chunkMisses]).toEqual([0, chunks]);
    const appended = text + '\n2021-03-01 * "Shop" "appended"\n  Expenses:Food  3.00 USD\n  Assets:Cash\n';
    const second = cache.parse(file, appended);
    expect([cache.chunkHits, cache.chunkMisses]).toEqual([chunks - 1, chunks + 1]);
    expect(second.directives).toHaveLength(first.directives.length + 1);
    // The very same objects up to the last chunk; the appended transaction on its line.
    const lastStart = Buffer.byteLength(text.slice(0, chunkStarts(text, 1000)!.at(-1)!));
    const kept = first.directives.filter((d) => d.src.start < lastStart);
    kept.forEach((d, i) => expect(second.directives[i]).toBe(d));
    const added = second.directives.at(-1)!;
    expect(added.src.line).toBe(text.split('\n').length + 1);
    expect(added.src.start).toBe(Buffer.byteLength(text) + 1);
    expect(withPostingSrc(second)).toStrictEqual(withPostingSrc(parseText(appended, file, 'beancount')));
  });

  it('reuses the chunks before an edit in the middle, and those after it when no position moved', () => {
    const file = '/books/main.beancount';
    const text = ledgerOf(400);
    const starts = chunkStarts(text, 1000)!;
    const cache = new ParseCache(1000);
    cache.parse(file, text);
    const at = text.indexOf('3.00 USD', starts[5]);
    expect(at).toBeLessThan(starts[6]);
    // Same length: only the edited chunk is parsed again.
    const sameLength = text.slice(0, at) + '4.00' + text.slice(at + 4);
    const before = cache.chunkHits;
    const p = cache.parse(file, sameLength);
    expect(cache.chunkHits - before).toBe(starts.length - 1);
    expect(withPostingSrc(p)).toStrictEqual(withPostingSrc(parseText(sameLength, file, 'beancount')));
    // Longer: the chunks after it have moved and are parsed again.
    const longer = sameLength.slice(0, at) + '14.00' + sameLength.slice(at + 4);
    const hits = cache.chunkHits;
    const q = cache.parse(file, longer);
    expect(cache.chunkHits - hits).toBe(5);
    expect(withPostingSrc(q)).toStrictEqual(withPostingSrc(parseText(longer, file, 'beancount')));
  });

  it('refuses to chunk text whose state crosses directives', () => {
    const body = ledgerOf(200);
    expect(chunkStarts(body, 500)).not.toBeNull();
    expect(chunkStarts('pushtag #trip\n' + body, 500)).toBeNull();
    expect(chunkStarts('\uFEFFpushtag #trip\n' + body, 500)).toBeNull();
    expect(chunkStarts(body + '\r\npoptag #trip\r\n', 500)).toBeNull();
    expect(chunkStarts('pushmeta k: 1\n' + body, 500)).toBeNull();
    expect(chunkStarts('option "name_assets" "Aktiva"\n' + body, 500)).toBeNull();
    expect(chunkStarts(body + '2021-01-01 note Assets:Cash "two\nlines"\n', 500)).toBeNull();
    expect(chunkStarts(body + '; a lone " in a comment\n', 500)).toBeNull();
    // The same answers from an ASCII file's bytes.
    const bytes = (t: string) => Buffer.from(t, 'latin1');
    expect(chunkStarts(bytes(body), 500)).toEqual(chunkStarts(body, 500));
    for (const t of ['pushtag #trip\n' + body, body + '\r\npoptag #trip\r\n', body + '\rpoptag #trip\r', 'pushmeta k: 1\n' + body, 'option "name_assets" "Aktiva"\n' + body, body + '2021-01-01 note Assets:Cash "two\nlines"\n', body + '; a lone " in a comment\n'])
      expect(chunkStarts(bytes(t), 500)).toBeNull();
  });

  it('on first sight, cuts a file where its parse says it may be cut (carriesState)', () => {
    const file = '/books/main.beancount';
    const body = ledgerOf(200);
    const states = (t: string) => carriesState(parseText(t, file, 'beancount'));
    expect(states(body)).toBe(false);
    for (const t of [
      'pushtag #trip\n' + body,
      '\uFEFFpushtag #trip\n' + body,
      body + '\r\npoptag #trip\r\n',
      'pushmeta k: 1\n' + body,
      body + 'popmeta k:\n',
      'option "name_assets" "Aktiva"\n' + body,
      body + '2021-01-01 note Assets:Cash "two\nlines"\n',
      // An unclosed string reads on to the next quote, lines later.
      body.replace('"Shop 7" "groceries"', '"Shop 7" "groceries'),
    ])
      expect(states(t), t.slice(0, 40)).toBe(true);
    // A line whose quotes do not pair up, where the parse fails before any string crosses a line
    // (it resumes at the next line): nothing is carried.
    expect(states(body.replace('"Shop 7" "groceries"', '"Shop 7 "groceries"'))).toBe(false);
    // Quotes the parser never reads, and `"name_` that is no option: the text checks refuse
    // these, the parse does not.
    const middle = body.indexOf('2020-02-01 * "Shop 112"');
    for (const t of [
      body.slice(0, middle) + '; a lone " in a comment\n' + body.slice(middle),
      body.slice(0, middle) + '2020-02-01 * "name_assets" "x"\n  Expenses:Food  1.00 USD\n  Assets:Cash\n' + body.slice(middle),
      'option "name_of_my_books" "x"\n' + body,
    ]) {
      expect(states(t)).toBe(false);
      expect(chunkStarts(t, 500)).toBeNull();
      const cache = new ParseCache(500);
      const first = cache.parse(file, t);
      const chunks = chunkBoundaries(t, 500).length;
      expect(chunks).toBeGreaterThan(5);
      expect(cache.chunkMisses).toBe(chunks);
      expect(withPostingSrc(first)).toStrictEqual(withPostingSrc(parseText(t, file, 'beancount')));
      // An append past the comment parses only the last chunk again (which may now be two).
      const appended = t + '\n2021-03-01 * "Shop" "appended"\n  Expenses:Food  3.00 USD\n  Assets:Cash\n';
      const second = cache.parse(file, appended);
      expect(cache.chunkHits).toBe(chunks - 1);
      expect(cache.chunkMisses - chunks).toBe(chunkStarts(appended, 500, chunkBoundaries(t, 500).at(-1))!.length - (chunks - 1));
      expect(withPostingSrc(second)).toStrictEqual(withPostingSrc(parseText(appended, file, 'beancount')));
      // An edit that makes the comment's quote part of a string across lines is parsed whole.
      const opened = appended.replace('"Shop 150" "groceries"', '"Shop 150" "groceries');
      expect(withPostingSrc(cache.parse(file, opened))).toStrictEqual(withPostingSrc(parseText(opened, file, 'beancount')));
    }
    // A file whose parse carries state is kept whole.
    const pushed = 'pushtag #trip\n' + body;
    const cache = new ParseCache(500);
    cache.parse(file, pushed);
    expect(cache.chunkMisses).toBe(0);
    // Strings across lines whose lines begin with a date, every few transactions: cut there, a
    // piece parsed alone would read a string's second line as a directive. After an edit near the
    // start every later piece is parsed again: still the whole file's parse.
    const notes = body.replace(/("Shop \d*5" )"groceries"/g, '$1"groceries\n2020-03-01 * \\"not a directive\\""');
    expect(states(notes)).toBe(true);
    const c2 = new ParseCache(500);
    c2.parse(file, notes);
    const edited = notes.replace('2020-02-01 * "Shop 0"', '2020-02-01 * "Shop zero"');
    expect(withPostingSrc(c2.parse(file, edited))).toStrictEqual(withPostingSrc(parseText(edited, file, 'beancount')));
  });

  it('checks only past a prefix known to pass: the same chunks as a whole check, text or bytes', () => {
    let checkedRuns = 0;
    fc.assert(
      fc.property(ledgerText, edit, fc.integer({ min: 20, max: 200 }), fc.nat(), (text0, e, size, pick) => {
        const before = chunkStarts(text0, size);
        fc.pre(before !== null && before.length > 1);
        const text = applyEdit(text0, e);
        // A chunk start of the earlier text up to which both texts are the same.
        const same = before!.filter((s) => text.startsWith(text0.slice(0, s)));
        const checkedTo = same[pick % same.length];
        if (checkedTo > 0) checkedRuns++;
        expect(chunkStarts(text, size, checkedTo)).toEqual(chunkStarts(text, size));
        if (isAsciiText(text)) expect(chunkStarts(Buffer.from(text, 'latin1'), size, checkedTo)).toEqual(chunkStarts(text, size));
      }),
      { numRuns: 500 },
    );
    expect(checkedRuns).toBeGreaterThan(100);
    // A keyword or an open quote past the checked prefix still refuses chunking.
    const body = ledgerOf(200);
    const starts = chunkStarts(body, 500)!;
    const at = starts[3];
    for (const tail of ['pushtag #trip\n', 'poptag #trip\n', 'option "name_assets" "A"\n', '; odd " quote\n']) {
      const t = body + tail;
      expect(chunkStarts(t, 500, at)).toBeNull();
      expect(chunkStarts(Buffer.from(t, 'latin1'), 500, at)).toBeNull();
    }
    // Right at the checked line start too.
    const t = body.slice(0, at) + 'pushtag #x\n' + body.slice(at);
    expect(chunkStarts(t, 500, at)).toBeNull();
    expect(chunkStarts(Buffer.from(t, 'latin1'), 500, at)).toBeNull();
  });

  it('reads string escapes as the scanner does', () => {
    expect(quotesCloseOnTheirLine('a "b \\" c"\n"d"\n')).toBe(true);
    expect(quotesCloseOnTheirLine('a "b \\\\" c"\n')).toBe(false);
    expect(quotesCloseOnTheirLine('a "b \\x"\n"\\\n"\n')).toBe(false);
    expect(quotesCloseOnTheirLine('a "never closed\n')).toBe(false);
    for (const t of ['a "b \\" c"\n"d"\n', 'a "b \\\\" c"\n', 'a "b \\x"\n"\\\n"\n', 'a "never closed\n'])
      expect(quotesCloseOnTheirLine(Buffer.from(t, 'latin1'))).toBe(quotesCloseOnTheirLine(t));
  });
});

/** A clean ledger of `n` transactions (bean-check 2.3.5: no errors). */
function ledgerOf(n: number): string {
  const lines = ['option "operating_currency" "USD"', '', '2020-01-01 open Assets:Cash', '2020-01-01 open Expenses:Food', ''];
  for (let i = 0; i < n; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(`2020-02-${day} * "Shop ${i}" "groceries"`, '  Expenses:Food  3.00 USD', '  Assets:Cash', '');
  }
  return lines.join('\n');
}
