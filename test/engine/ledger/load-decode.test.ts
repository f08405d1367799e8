/**
 * readFileOrNull reads bytes and decodes them as UTF-8 (issue 15 §2: faster than
 * readFileSync(fd, 'utf8') on Node 20). The text must be what that call gave: the BOM kept as
 * U+FEFF (the parser skips it), CR LF kept, multi-byte characters decoded, an invalid byte
 * replaced by U+FFFD.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileOrNull, readFileStamped } from '../../../engine/ledger/load';
import { AsciiBytes } from '../../../engine/ledger/syntax/codes';

/** readFileStamped's text: an ASCII file comes as its bytes (AsciiBytes), any other as a string. */
function stampedText(p: string): string {
  const t = (readFileStamped(p) as { text: string | AsciiBytes }).text;
  return typeof t === 'string' ? t : t.text();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'load-decode-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: number[] | string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, typeof bytes === 'string' ? bytes : Buffer.from(bytes));
  return p;
}

describe('readFileOrNull decoding', () => {
  it('an ASCII file reads as its characters', () => {
    expect(readFileOrNull(write('a.bean', '2024-01-01 open Assets:A\n'))).toBe('2024-01-01 open Assets:A\n');
  });

  it('BOM, é (C3 A9), CR LF and an invalid byte (FF)', () => {
    // EF BB BF = U+FEFF; "Caf" C3 A9 = "Café"; FF is never valid UTF-8.
    const p = write('b.bean', [0xef, 0xbb, 0xbf, 0x43, 0x61, 0x66, 0xc3, 0xa9, 0x0d, 0x0a, 0xff, 0x0a]);
    const text = readFileOrNull(p);
    expect(text).toBe('\uFEFFCafé\r\n\uFFFD\n');
    expect(text).toBe(fs.readFileSync(p, 'utf8'));
    expect((text as string).length).toBe(9);
  });

  it('a truncated multi-byte sequence at the end becomes one U+FFFD', () => {
    const p = write('c.bean', [0x61, 0xe2, 0x82]);
    expect(readFileOrNull(p)).toBe('a\uFFFD');
    expect(readFileOrNull(p)).toBe(fs.readFileSync(p, 'utf8'));
  });

  it('large ASCII and UTF-8 files read as UTF-8 decoding gives, through either reader (readFileStamped gives an ASCII file as bytes)', () => {
    const line = '2024-01-01 * "Shop" "Lunch"\n  Assets:Bank  -12.50 USD\n  Expenses:Food\n';
    const ascii = write('big-ascii.bean', line.repeat(30_000));
    expect(fs.statSync(ascii).size).toBeGreaterThan(2_000_000);
    expect(readFileOrNull(ascii)).toBe(fs.readFileSync(ascii, 'utf8'));
    expect(stampedText(ascii)).toBe(fs.readFileSync(ascii, 'utf8'));
    expect((readFileStamped(ascii) as { text: unknown }).text).toBeInstanceOf(AsciiBytes);
    const utf8 = write('big-utf8.bean', line.repeat(30_000) + '; café ☕\n');
    const text = readFileOrNull(utf8) as string;
    expect(text).toBe(fs.readFileSync(utf8, 'utf8'));
    expect(text.endsWith('café ☕\n')).toBe(true);
    expect(stampedText(utf8)).toBe(text);
    expect(typeof (readFileStamped(utf8) as { text: unknown }).text).toBe('string');
    // A byte past 0x7F is not ASCII: é as the single byte E9 (Latin-1 on disk) is U+FFFD, not é.
    const latin1 = write('latin1.bean', [0x43, 0x61, 0x66, 0xe9, 0x0a]);
    expect(readFileOrNull(latin1)).toBe('Caf\uFFFD\n');
    expect(stampedText(latin1)).toBe('Caf\uFFFD\n');
  });

  it('a missing file is null, a directory is not a regular file', () => {
    expect(readFileOrNull(path.join(dir, 'none.bean'))).toBeNull();
    expect(readFileOrNull(dir)).toEqual({ notRegular: 'a directory' });
  });
});
