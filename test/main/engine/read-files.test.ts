import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { ParseCache, readFileBytesOrNull, readFileOrNull } from '../../../engine/ledger/load';
import { loadLedger } from '../../../engine/ledger/index';
import { AsciiBytes } from '../../../engine/ledger/syntax/codes';
import { decodeText, prefetchMain, readSharedBytesOrNull, recordingReader, sharedBytes } from '../../../main/engine/read-files';
import { tempDir } from '../fake-ledger';

const errno = (code: string) => Object.assign(new Error(`${code}: refused`), { code });

describe('recordingReader', () => {
  it('records what it read, in order, missing includes as null', () => {
    const tmp = tempDir();
    try {
      const main = tmp.write('main.beancount', 'include "a.beancount"\n');
      const a = tmp.write('a.beancount', '2024-01-01 open Assets:Cash\n');
      const reader = recordingReader(main);
      expect(reader.readFile(main)).toBe('include "a.beancount"\n');
      expect(reader.readFile(a)).toBe('2024-01-01 open Assets:Cash\n');
      expect(reader.readFile(path.join(tmp.dir, 'gone.beancount'))).toBeNull();
      const texts = reader.texts();
      expect(texts.map(([f, b]) => [f, b === null ? null : decodeText(b)])).toEqual([
        [main, 'include "a.beancount"\n'],
        [a, '2024-01-01 open Assets:Cash\n'],
        [path.join(tmp.dir, 'gone.beancount'), null],
      ]);
      // Shared memory: posted to another thread, the bytes are not copied.
      expect(texts[0][1]!.buffer).toBeInstanceOf(SharedArrayBuffer);
    } finally {
      tmp.cleanup();
    }
  });

  it('decodes as the engine reader does: BOM kept, invalid UTF-8 as U+FFFD, non-ASCII by bytes in the progress', () => {
    const tmp = tempDir();
    try {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('; café '), Buffer.from([0xff]), Buffer.from('\n')]);
      const main = path.join(tmp.dir, 'main.beancount');
      writeFileSync(main, bytes);
      const reads: Array<[number, number]> = [];
      const reader = recordingReader(main, undefined, { onRead: (n, b) => reads.push([n, b]) });
      const text = reader.readFile(main);
      expect(text).toBe(readFileOrNull(main));
      expect(text).toBe('\uFEFF; café \uFFFD\n');
      expect(reads).toEqual([[1, bytes.length]]);
      // A worker catching up from these bytes books the very same text.
      const again = recordingReader(main, reader.texts(), { read: () => { throw new Error('the disk must not be read'); } });
      expect(again.readFile(main)).toBe(text);
    } finally {
      tmp.cleanup();
    }
  });

  it('reports files and bytes read from the disk after each file (reload progress)', () => {
    const reads: Array<[number, number]> = [];
    const disk: Record<string, string | null> = { '/b/main.beancount': 'include "a.bean"\n', '/b/a.bean': 'abc', '/b/gone.bean': null };
    const read = (f: string) => (disk[f] == null ? null : Buffer.from(disk[f]!));
    const reader = recordingReader('/b/main.beancount', undefined, { read, onRead: (n, c) => reads.push([n, c]) });
    reader.readFile('/b/main.beancount');
    reader.readFile('/b/gone.bean');
    reader.readFile('/b/a.bean');
    // 17 bytes, then 17 + 3; a missing include is not a file read.
    expect(reads).toEqual([
      [1, 17],
      [2, 20],
    ]);
  });

  it('books the given texts instead of the disk (a worker catching up)', () => {
    const reader = recordingReader('/books/main.beancount', [['/books/main.beancount', sharedBytes(Buffer.from('X'))], ['/books/old.beancount', null]], {
      read: () => {
        throw new Error('the disk must not be read');
      },
    });
    expect(reader.readFile('/books/main.beancount')).toBe('X');
    expect(reader.readFile('/books/old.beancount')).toBeNull();
  });

  it('books a main file read ahead and reads the rest from the disk, counting both in the progress when asked', () => {
    const reads: Array<[number, number]> = [];
    const disk: Record<string, string> = { '/b/a.bean': 'abc' };
    const read = (f: string) => {
      if (f === '/b/main.beancount') throw new Error('the main file was read ahead: not from the disk');
      return f in disk ? Buffer.from(disk[f]) : null;
    };
    const ahead = sharedBytes(Buffer.from('include "a.bean"\n'));
    const reader = recordingReader('/b/main.beancount', [['/b/main.beancount', ahead]], { read, onRead: (n, c) => reads.push([n, c]), countGiven: true });
    expect(reader.readFile('/b/main.beancount')).toBe('include "a.bean"\n');
    expect(reader.readFile('/b/a.bean')).toBe('abc');
    expect(reads).toEqual([
      [1, 17],
      [2, 20],
    ]);
    // Both are the generation's texts (the other workers book them): the main file as given.
    const texts = reader.texts();
    expect(texts.map(([f]) => f)).toEqual(['/b/main.beancount', '/b/a.bean']);
    expect(texts[0][1]).toBe(ahead);
    // A catch-up's texts are not counted (countGiven absent).
    const quiet: Array<[number, number]> = [];
    recordingReader('/b/main.beancount', [['/b/main.beancount', ahead]], { read, onRead: (n, c) => quiet.push([n, c]) }).readFile('/b/main.beancount');
    expect(quiet).toEqual([]);
  });

  it('fails on an unreadable main file (permissions) instead of reading it as empty', () => {
    // Tests run as root, where chmod 000 does not stop a read: the refusal is injected.
    const reader = recordingReader('/books/main.beancount', undefined, {
      read: () => null,
      explain: () => {
        throw errno('EACCES');
      },
    });
    expect(() => reader.readFile('/books/main.beancount')).toThrow('cannot read ledger file /books/main.beancount: permission denied');
  });

  it('reports a vanished main file like the host does, and leaves unreadable includes to the engine', () => {
    const reader = recordingReader('/books/main.beancount', undefined, {
      read: () => null,
      explain: () => {
        throw errno('ENOENT');
      },
    });
    expect(() => reader.readFile('/books/main.beancount')).toThrow('ledger file not found: /books/main.beancount');
    expect(reader.readFile('/books/sub.beancount')).toBeNull();
  });
});

describe('prefetchMain', () => {
  it('reads a regular main file into shared memory, keyed by its absolute path; nothing for a missing file or a folder', () => {
    const tmp = tempDir();
    try {
      const main = tmp.write('main.beancount', '2024-01-01 open Assets:Cash\n');
      const got = prefetchMain(path.relative(process.cwd(), main))!;
      expect(got.map(([f]) => f)).toEqual([main]);
      expect(got[0][1]!.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(decodeText(got[0][1]!)).toBe('2024-01-01 open Assets:Cash\n');
      expect(prefetchMain(path.join(tmp.dir, 'gone.beancount'))).toBeUndefined();
      expect(prefetchMain(tmp.dir)).toBeUndefined();
    } finally {
      tmp.cleanup();
    }
  });
});

describe('readSharedBytesOrNull', () => {
  it('reads what the engine reader reads, straight into shared memory; null and not-regular answers alike', () => {
    const tmp = tempDir();
    try {
      const files = {
        plain: tmp.write('plain.beancount', '2024-01-01 open Assets:Cash\n'),
        empty: tmp.write('empty.beancount', ''),
        odd: path.join(tmp.dir, 'odd.beancount'),
        big: path.join(tmp.dir, 'big.beancount'),
      };
      writeFileSync(files.odd, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('; café '), Buffer.from([0xff, 0xc3])]));
      // Larger than one read() of the kernel's usual 64 KiB pipe/page batches.
      writeFileSync(files.big, '2024-01-01 open Assets:Cash ; padding\n'.repeat(40_000));
      for (const f of Object.values(files)) {
        const ours = readSharedBytesOrNull(f) as Uint8Array;
        expect(ours.buffer).toBeInstanceOf(SharedArrayBuffer);
        expect(Buffer.from(ours.buffer, ours.byteOffset, ours.byteLength).equals(readFileBytesOrNull(f) as Buffer)).toBe(true);
        expect(decodeText(ours)).toBe(readFileOrNull(f));
      }
      expect(readSharedBytesOrNull(path.join(tmp.dir, 'gone.beancount'))).toBeNull();
      const dir = path.join(tmp.dir, 'sub.beancount');
      mkdirSync(dir);
      expect(readSharedBytesOrNull(dir)).toEqual(readFileBytesOrNull(dir));
      expect(readSharedBytesOrNull(dir)).toEqual({ notRegular: 'a directory' });
      const fifo = path.join(tmp.dir, 'pipe.beancount');
      execFileSync('mkfifo', [fifo]);
      // Never opened (opening a FIFO would block): the same answer as the engine's.
      expect(readSharedBytesOrNull(fifo)).toEqual({ notRegular: 'a named pipe (FIFO)' });
    } finally {
      tmp.cleanup();
    }
  });

  it('gives the load an ASCII file as its shared bytes (no text), any other file as its text, and books the same ledger', () => {
    const tmp = tempDir();
    try {
      const main = tmp.write('main.beancount', 'include "b.beancount"\n2024-01-01 open Assets:Cash\n2024-01-02 * "x"\n  Assets:Cash  1.50 EUR\n  Equity:Open\n2024-01-03 balance Assets:Cash 2 EUR\n');
      const b = tmp.write('b.beancount', '2024-01-01 open Equity:Open\n2024-01-01 note Equity:Open "café"\n');
      const reader = recordingReader(main);
      const m = reader.readSource(main);
      expect(m).toBeInstanceOf(AsciiBytes);
      expect((m as AsciiBytes).bytes).toBe(reader.texts()[0][1]);
      expect((m as AsciiBytes).bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(reader.readSource(b)).toBe('2024-01-01 open Equity:Open\n2024-01-01 note Equity:Open "café"\n');
      // A worker's load: from bytes through the parse cache, twice (the second a cache hit), the
      // error's source line cut from the bytes.
      const cache = new ParseCache();
      for (let k = 0; k < 2; k++) {
        const r = recordingReader(main);
        const s = loadLedger(main, { readFile: r.readFile, readSource: r.readSource, parseCache: cache });
        const plain = loadLedger(main);
        expect(s.postings.map((p) => `${p.account} ${p.units.number} ${p.units.currency}`)).toEqual(['Assets:Cash 1.50 EUR', 'Equity:Open -1.50 EUR']);
        expect(s.notes.map((n) => n.comment)).toEqual(['café']);
        expect(s.errors.map((e) => [e.message, e.source])).toEqual(plain.errors.map((e) => [e.message, e.source]));
        expect(s.errors.map((e) => e.source)).toEqual(['2024-01-03 balance Assets:Cash 2 EUR']);
      }
      expect([cache.misses, cache.hits]).toEqual([2, 2]);
      // Without a parse cache the load frees bytes of its own once parsed: an error's source line
      // is then read from the file again.
      const own = (f: string) => {
        const t = readFileOrNull(f);
        return typeof t === 'string' && /^[\x00-\x7f]*$/.test(t) ? new AsciiBytes(new Uint8Array(Buffer.from(t, 'latin1'))) : t;
      };
      const freed = loadLedger(main, { readSource: own });
      expect(freed.errors.map((e) => e.source)).toEqual(['2024-01-03 balance Assets:Cash 2 EUR']);
    } finally {
      tmp.cleanup();
    }
  });

  it('is the reader a worker loading from the disk uses: its bytes are shared as they are, not copied again', () => {
    const tmp = tempDir();
    try {
      const main = tmp.write('main.beancount', '2024-01-01 open Assets:Cash\n');
      const reader = recordingReader(main);
      expect(reader.readFile(main)).toBe('2024-01-01 open Assets:Cash\n');
      const [[, bytes]] = reader.texts();
      expect(bytes!.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(bytes!.byteLength).toBe(28);
      expect(bytes!.buffer.byteLength).toBe(28);
    } finally {
      tmp.cleanup();
    }
  });
});
