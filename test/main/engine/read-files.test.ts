import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingReader } from '../../../main/engine/read-files';
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
      expect(reader.texts()).toEqual([
        [main, 'include "a.beancount"\n'],
        [a, '2024-01-01 open Assets:Cash\n'],
        [path.join(tmp.dir, 'gone.beancount'), null],
      ]);
    } finally {
      tmp.cleanup();
    }
  });

  it('reports files and characters read from the disk after each file (reload progress)', () => {
    const reads: Array<[number, number]> = [];
    const disk: Record<string, string | null> = { '/b/main.beancount': 'include "a.bean"\n', '/b/a.bean': 'abc', '/b/gone.bean': null };
    const reader = recordingReader('/b/main.beancount', undefined, { read: (f) => disk[f] ?? null, onRead: (n, c) => reads.push([n, c]) });
    reader.readFile('/b/main.beancount');
    reader.readFile('/b/gone.bean');
    reader.readFile('/b/a.bean');
    // 17 characters, then 17 + 3; a missing include is not a file read.
    expect(reads).toEqual([
      [1, 17],
      [2, 20],
    ]);
  });

  it('books the given texts instead of the disk (a worker catching up)', () => {
    const reader = recordingReader('/books/main.beancount', [['/books/main.beancount', 'X'], ['/books/old.beancount', null]], {
      read: () => {
        throw new Error('the disk must not be read');
      },
    });
    expect(reader.readFile('/books/main.beancount')).toBe('X');
    expect(reader.readFile('/books/old.beancount')).toBeNull();
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
