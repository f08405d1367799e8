import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DirectiveAst } from '../../../engine/ledger/ast';
import { loadFiles } from '../../../engine/ledger/load';

function memory(files: Record<string, string>) {
  return (path: string) => files[path] ?? null;
}

/** `open` accounts in load order, the way tests name directives. */
function accounts(ds: DirectiveAst[]): string[] {
  return ds.map((d) => (d.type === 'open' ? d.account : d.type));
}

describe('includes', () => {
  it('places an included file at the include, depth-first, relative to the including file', () => {
    const r = loadFiles(
      '/l/main.bean',
      memory({
        '/l/main.bean': 'option "title" "M"\n2024-01-01 open Assets:A\ninclude "sub/b.bean"\n2024-01-01 open Assets:E\n',
        '/l/sub/b.bean': '2024-01-01 open Assets:B\ninclude "../c/c.zhang"\noption "operating_currency" "USD"\n2024-01-01 open Assets:D\n',
        '/l/c/c.zhang': '2024-01-01 10:00 open Assets:C\n',
      }),
    );
    expect(r.errors).toEqual([]);
    expect(r.root).toBe('/l');
    expect(r.format).toBe('beancount');
    expect(r.files).toEqual(['/l/main.bean', '/l/sub/b.bean', '/l/c/c.zhang']);
    expect(accounts(r.directives)).toEqual(['Assets:A', 'Assets:B', 'Assets:C', 'Assets:D', 'Assets:E']);
    // The .zhang file's own extension decides its format: its time of day is read.
    expect(r.directives[2]).toMatchObject({ time: 36000, src: { file: '/l/c/c.zhang', line: 1 } });
    expect(r.options.map((o) => o.name)).toEqual(['title', 'operating_currency']);
  });

  it('a missing include is an error at the include; loading goes on', () => {
    const r = loadFiles('/l/main.bean', memory({ '/l/main.bean': '2024-01-01 open Assets:A\ninclude "nope.bean"\n2024-01-01 open Assets:B\n' }));
    expect(accounts(r.directives)).toEqual(['Assets:A', 'Assets:B']);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({
      kind: 'IncludeNotFound',
      message: 'include "nope.bean": file nope.bean does not exist or cannot be read',
      src: { file: '/l/main.bean', line: 2, column: 1, start: 25, end: 44 },
      source: 'include "nope.bean"',
    });
    // Watched so that creating it reloads the ledger.
    expect(r.missing).toEqual(['/l/nope.bean']);
    expect(r.files).toEqual(['/l/main.bean']);
  });

  it('an include cycle is an error naming the chain, and each file is read once', () => {
    const r = loadFiles(
      '/l/main.bean',
      memory({
        '/l/main.bean': 'include "a.bean"\n2024-01-01 open Assets:M\n',
        '/l/a.bean': '2024-01-01 open Assets:A\ninclude "main.bean"\n',
      }),
    );
    expect(r.files).toEqual(['/l/main.bean', '/l/a.bean']);
    expect(accounts(r.directives)).toEqual(['Assets:A', 'Assets:M']);
    expect(r.errors.map((e) => [e.kind, e.message, e.src?.file, e.src?.line])).toEqual([
      ['IncludeCycle', 'include "main.bean" makes a cycle: main.bean -> a.bean -> main.bean; it is skipped', '/l/a.bean', 2],
    ]);
  });

  it('a file that includes itself is a cycle', () => {
    const r = loadFiles('/l/main.bean', memory({ '/l/main.bean': 'include "./main.bean"\n' }));
    expect(r.errors.map((e) => e.kind)).toEqual(['IncludeCycle']);
  });

  it('a file included twice from different places is read once and reported', () => {
    const r = loadFiles(
      '/l/main.bean',
      memory({
        '/l/main.bean': 'include "a.bean"\ninclude "b.bean"\n',
        '/l/a.bean': 'include "common.bean"\n',
        '/l/b.bean': 'include "common.bean"\n',
        '/l/common.bean': '2024-01-01 open Assets:C\n',
      }),
    );
    expect(accounts(r.directives)).toEqual(['Assets:C']);
    expect(r.errors.map((e) => [e.kind, e.src?.file])).toEqual([['DuplicateInclude', '/l/b.bean']]);
  });

  it('parse errors of each file stay in file order around includes', () => {
    const r = loadFiles(
      '/l/main.bean',
      memory({ '/l/main.bean': 'bad1\ninclude "a.bean"\nbad3\n', '/l/a.bean': 'bad2\n' }),
    );
    expect(r.errors.map((e) => [e.src?.file, e.src?.line])).toEqual([
      ['/l/main.bean', 1],
      ['/l/a.bean', 1],
      ['/l/main.bean', 3],
    ]);
  });

  it('an unreadable main file is an error, not an exception', () => {
    const r = loadFiles('/l/none.zhang', memory({}));
    expect(r).toMatchObject({ root: '/l', format: 'zhang', files: [], directives: [] });
    expect(r.errors.map((e) => [e.kind, e.src])).toEqual([['FileNotFound', null]]);
  });

  it('collects plugins in order (reporting unsupported ones is plugins.ts)', () => {
    const r = loadFiles('/l/m.bean', memory({ '/l/m.bean': 'plugin "beancount.plugins.auto_accounts"\nplugin "x.y" "cfg"\n' }));
    expect(r.plugins.map((p) => [p.name, p.config])).toEqual([
      ['beancount.plugins.auto_accounts', null],
      ['x.y', 'cfg'],
    ]);
    expect(r.errors).toEqual([]);
  });
});

describe('glob includes on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-load-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, '2024'));
  mkdirSync(join(dir, '2024', 'q1'));
  writeFileSync(join(dir, 'main.bean'), 'include "2024/*.bean"\ninclude "2024/**/*.zhang"\ninclude "none/*.bean"\n');
  writeFileSync(join(dir, '2024', 'b.bean'), '2024-01-01 open Assets:B\n');
  writeFileSync(join(dir, '2024', 'a.bean'), '2024-01-01 open Assets:A\n');
  writeFileSync(join(dir, '2024', 'notes.txt'), 'not a ledger\n');
  writeFileSync(join(dir, '2024', 'q1', 'c.zhang'), '2024-01-01 12:00 open Assets:C\n');

  it('expands patterns relative to the including file, in sorted order; no match is an error', () => {
    const r = loadFiles(join(dir, 'main.bean'));
    expect(r.files).toEqual([join(dir, 'main.bean'), join(dir, '2024', 'a.bean'), join(dir, '2024', 'b.bean'), join(dir, '2024', 'q1', 'c.zhang')]);
    expect(accounts(r.directives)).toEqual(['Assets:A', 'Assets:B', 'Assets:C']);
    expect(r.directives[2].time).toBe(12 * 3600);
    expect(r.errors.map((e) => [e.kind, e.message, e.src?.line])).toEqual([['IncludeNotFound', 'include "none/*.bean": the pattern matches no files', 3]]);
  });
});
