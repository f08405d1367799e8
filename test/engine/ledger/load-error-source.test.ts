/**
 * A ledger error carries at most the first 4 KiB of its directive (issue 14 §1): one huge line, or
 * a transaction of thousands of postings, must not make every error (and every errors page) as
 * large as the directive. The full size in bytes and lines is kept when the text is cut.
 *
 * bean-check 2.3.5 on the 2,000-posting ledger below reports the same single error (the
 * transaction does not balance: 2,000 postings of 1 USD, one of -1 USD) at line 3.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ERROR_SOURCE_BYTES, sourceLineCount, utf8Prefix, utf8Suffix } from '../../../engine/ledger/error-source';
import { errorPage } from '../../../main/server/routes/errors';
import { ledger } from './ledger-text';

const bytes = (s: string | null) => Buffer.byteLength(s ?? '', 'utf8');

describe('utf8Prefix and sourceLineCount', () => {
  it('cuts at a character boundary, never inside a multi-byte character or a surrogate pair', () => {
    expect(utf8Prefix('abc', 2)).toBe('ab');
    // é is 2 bytes: 3 bytes hold one é and not half of the second.
    expect(utf8Prefix('éé', 3)).toBe('é');
    // 😀 is one surrogate pair, 4 bytes.
    expect(utf8Prefix('😀😀', 7)).toBe('😀');
    expect(utf8Prefix('😀😀', 8)).toBe('😀😀');
    expect(utf8Prefix('a€', 3)).toBe('a');
    expect(utf8Prefix('a€', 4)).toBe('a€');
    expect(utf8Suffix('😀😀', 7)).toBe('😀');
    expect(utf8Suffix('éa', 2)).toBe('a');
    expect(utf8Suffix('éa', 3)).toBe('éa');
  });
  it('counts lines as the errors page does (a trailing line break starts no line)', () => {
    expect([sourceLineCount('a'), sourceLineCount('a\n'), sourceLineCount('a\nb'), sourceLineCount('a\n\nb\n')]).toEqual([1, 1, 2, 3]);
  });
});

describe('error sources are bounded', () => {
  it('a 6 MB line keeps its first 4096 bytes and records its full size', () => {
    // An unterminated string that runs on for 3,000,000 two-byte characters.
    const huge = '2024-01-05 * "' + 'é'.repeat(3_000_000);
    const s = ledger(`2024-01-01 open Assets:A\n${huge}\n2024-01-06 open Assets:B\n`);
    expect(s.errors).toHaveLength(1);
    const e = s.errors[0];
    expect(e.kind).toBe('ParseError');
    expect(e.src?.line).toBe(2);
    // 14 ASCII bytes, then 2-byte characters: 14 + 2 x 2041 = 4096 bytes exactly.
    expect(bytes(e.source)).toBe(4096);
    expect(e.source).toBe(huge.slice(0, 14 + 2041));
    expect(e.sourceFull).toEqual({ bytes: 14 + 6_000_000, lines: 1 });
    // The rest of the ledger is read.
    expect(s.accounts.has('Assets:B')).toBe(true);
  });

  it('a transaction of 2,000 postings keeps a prefix; its full line count gives line_end on the errors page', () => {
    const postings = Array.from({ length: 2000 }, (_, k) => `  Expenses:E${k % 10}  1 USD`).join('\n');
    const opens = Array.from({ length: 10 }, (_, k) => `2024-01-01 open Expenses:E${k}`).join('\n');
    const text = `2024-01-01 open Assets:A\n${opens}\n2024-01-05 * "Big"\n${postings}\n  Assets:A  -1 USD\n`;
    const s = ledger(text);
    expect(s.errors.map((e) => e.kind)).toEqual(['UnbalancedTransaction']);
    const e = s.errors[0];
    expect(e.src?.line).toBe(12);
    expect(bytes(e.source)).toBeLessThanOrEqual(MAX_ERROR_SOURCE_BYTES);
    expect(e.source?.startsWith('2024-01-05 * "Big"\n  Expenses:E0  1 USD\n')).toBe(true);
    expect(e.sourceFull?.lines).toBe(2002);
    expect(e.sourceFull?.bytes).toBe((e.src?.end ?? 0) - (e.src?.start ?? 0));

    const page = errorPage(s, { page: 1, size: 10, offset: 0 });
    expect(page.records).toHaveLength(1);
    const r = page.records[0];
    expect([r.line_start, r.line_end, r.source_truncated]).toEqual([12, 12 + 2001, true]);
    expect(bytes(r.source)).toBeLessThanOrEqual(MAX_ERROR_SOURCE_BYTES);
    // The whole answer stays small although the directive is 2,000 lines.
    expect(JSON.stringify(page).length).toBeLessThan(MAX_ERROR_SOURCE_BYTES + 2000);
  });

  it('a short directive keeps its whole text and is not marked', () => {
    const s = ledger('2024-01-01 open Assets:A\n2024-01-05 * "Lunch"\n  Assets:A  -3 USD\n  Expenses:Food  3 USD\n');
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0].source).toBe('2024-01-05 * "Lunch"\n  Assets:A  -3 USD\n  Expenses:Food  3 USD');
    expect(s.errors[0].sourceFull).toBeUndefined();
    const r = errorPage(s, { page: 1, size: 10, offset: 0 }).records[0];
    expect([r.line_start, r.line_end, r.source_truncated]).toEqual([2, 4, false]);
  });
});
