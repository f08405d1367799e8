/**
 * Reading a directive's text back by byte span (engine/ledger/file-stamp.ts): the span of the
 * version that was read, nothing once the file changed. Offsets counted by hand on the texts
 * below (UTF-8 bytes: é is 2).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSpan, readSpans } from '../../../engine/ledger/file-stamp';
import { readFileOrNull, readFileStamped } from '../../../engine/ledger/load';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-stamp-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TEXT = '2024-01-01 open Assets:Cash\n2024-01-02 * "Café"\n  Assets:Cash  1 EUR\n';

function stamped(name: string, text: string) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  const r = readFileStamped(p);
  if (r === null || !('text' in r)) throw new Error('not read');
  return { p, ...r };
}

describe('readFileStamped and readSpan', () => {
  it('reads the same text as readFileOrNull, and spans of it by byte offset', () => {
    const { p, text, stamp } = stamped('a.beancount', TEXT);
    expect(text).toBe(readFileOrNull(p));
    expect(stamp.size).toBe(Buffer.byteLength(TEXT));
    // The transaction: bytes 28 to 69 (its header is 19 characters, 20 bytes).
    expect(readSpan(p, stamp, 28, 69)).toBe('2024-01-02 * "Café"\n  Assets:Cash  1 EUR');
    expect(readSpan(p, stamp, 0, 27)).toBe('2024-01-01 open Assets:Cash');
    expect(readSpan(p, stamp, 5, 5)).toBe('');
  });

  it('reads a file of megabytes whole (its bytes freed once decoded), multibyte characters and spans included', () => {
    // 40,000 copies of the text: 2.8 MB, past the size whose buffer is detached after decoding.
    const big = TEXT.repeat(40_000);
    const { p, text, stamp } = stamped('big.beancount', big);
    expect(Buffer.byteLength(big)).toBeGreaterThan(1 << 21);
    expect(text).toBe(big);
    expect(text).toBe(readFileOrNull(p));
    expect(stamp.size).toBe(Buffer.byteLength(big));
    const copy = 39_999 * Buffer.byteLength(TEXT);
    expect(readSpan(p, stamp, copy + 28, copy + 69)).toBe('2024-01-02 * "Café"\n  Assets:Cash  1 EUR');
  });

  it('refuses a span outside the file, of a changed file, or of a file gone', () => {
    const { p, stamp } = stamped('b.beancount', TEXT);
    expect(readSpan(p, stamp, 60, stamp.size + 1)).toBeNull();
    expect(readSpan(p, stamp, 10, 5)).toBeNull();
    fs.appendFileSync(p, '; more\n');
    expect(readSpan(p, stamp, 0, 27)).toBeNull();
    const again = stamped('b.beancount', TEXT.replace('Café', 'Cafe'));
    // Same path, one byte shorter now: the old stamp no longer holds, the new one does.
    expect(readSpan(p, stamp, 0, 27)).toBeNull();
    expect(readSpan(p, again.stamp, 28, 68)).toBe('2024-01-02 * "Cafe"\n  Assets:Cash  1 EUR');
    fs.rmSync(p);
    expect(readSpan(p, again.stamp, 0, 27)).toBeNull();
  });

  it('reads several spans of a file through one opening: each as readSpan would, a bad one alone null', () => {
    const { p, stamp } = stamped('d.beancount', TEXT);
    expect(readSpans(p, stamp, [{ start: 28, end: 69 }, { start: 60, end: stamp.size + 1 }, { start: 0, end: 27 }, { start: 5, end: 5 }])).toEqual([
      '2024-01-02 * "Café"\n  Assets:Cash  1 EUR',
      null,
      '2024-01-01 open Assets:Cash',
      '',
    ]);
    fs.appendFileSync(p, '; more\n');
    expect(readSpans(p, stamp, [{ start: 0, end: 27 }, { start: 28, end: 69 }])).toEqual([null, null]);
    expect(readSpans(path.join(dir, 'missing.beancount'), stamp, [{ start: 0, end: 1 }])).toEqual([null]);
  });

  it('a same-size rewrite with a new modification time is refused', () => {
    const { p, stamp } = stamped('c.beancount', TEXT);
    fs.writeFileSync(p, TEXT.replace('EUR', 'USD'));
    const later = new Date(stamp.mtimeMs + 5000);
    fs.utimesSync(p, later, later);
    expect(readSpan(p, stamp, 0, 27)).toBeNull();
  });

  it('answers what readFileOrNull answers for missing and non-regular paths', () => {
    expect(readFileStamped(path.join(dir, 'missing.beancount'))).toBeNull();
    expect(readFileStamped(dir)).toEqual({ notRegular: 'a directory' });
  });
});

describe('loadLedger with the default reader (sources read back by span)', () => {
  it('gives every error the source a reader keeping the texts gives, across files and non-ASCII text', async () => {
    const { loadLedger } = await import('../../../engine/ledger/index');
    const main = path.join(dir, 'main.beancount');
    const other = path.join(dir, 'other.beancount');
    // Errors: a transaction that does not balance after a line with é (2 bytes), a posting to an
    // account never opened in the included file, and a failing balance assertion.
    fs.writeFileSync(
      main,
      'include "other.beancount"\n2024-01-01 open Assets:Cash\n2024-01-01 open Expenses:Café\n' +
        '2024-01-02 * "Café" "déjà"\n  Assets:Cash  -5 EUR\n  Expenses:Café  4 EUR\n' +
        '2024-01-03 balance Assets:Cash  10 EUR\n',
    );
    fs.writeFileSync(other, '2024-01-04 * "x"\n  Assets:Nowhere  1 EUR\n  Assets:Cash  -1 EUR\n');
    const stampedLoad = loadLedger(main, { now: new Date('2025-01-01T00:00:00Z') });
    const textLoad = loadLedger(main, { now: new Date('2025-01-01T00:00:00Z'), readFile: readFileOrNull });
    expect(stampedLoad.errors.map((e) => [e.kind, e.src?.line, e.source])).toEqual(textLoad.errors.map((e) => [e.kind, e.src?.line, e.source]));
    const sources = stampedLoad.errors.map((e) => e.source);
    expect(sources).toContain('2024-01-02 * "Café" "déjà"\n  Assets:Cash  -5 EUR\n  Expenses:Café  4 EUR');
    expect(sources).toContain('2024-01-04 * "x"\n  Assets:Nowhere  1 EUR\n  Assets:Cash  -1 EUR');
    expect(sources).toContain('2024-01-03 balance Assets:Cash  10 EUR');
  });
});
