/**
 * Loading never hangs and never overflows the stack (issue 14 §1): includes of things that are not
 * regular files, thousands of nested includes, deep glob trees. These use the real file system.
 *
 * Beancount 2.3.5 differs here: `bean-check` on an include of a FIFO blocks until a writer opens
 * it, and a 5,000-deep include chain ends in Python's RecursionError; we report an error instead.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLedger } from '../../../engine/ledger';
import { globOnDisk, loadFiles, readFileOrNull } from '../../../engine/ledger/load';
import { MAX_ERROR_MESSAGE_BYTES } from '../../../engine/ledger/error-source';
import { ledger } from './ledger-text';

const dir = mkdtempSync(join(tmpdir(), 'load-robust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function opens(ds: { type: string }[]): string[] {
  return ds.map((d) => (d.type === 'open' ? (d as unknown as { account: string }).account : d.type));
}

describe('includes of paths that are not regular files', () => {
  it('a FIFO include is an error on the include line, and the load does not block', { timeout: 5000 }, () => {
    const d = join(dir, 'fifo');
    mkdirSync(d);
    execFileSync('mkfifo', [join(d, 'pipe.bean')]);
    writeFileSync(join(d, 'main.bean'), '2024-01-01 open Assets:A\ninclude "pipe.bean"\n2024-01-01 open Assets:B\n');
    const started = Date.now();
    const r = loadFiles(join(d, 'main.bean'));
    // No writer ever opens the pipe: a blocking open or read would never return.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(opens(r.directives)).toEqual(['Assets:A', 'Assets:B']);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({
      kind: 'IncludeNotFound',
      message: 'include "pipe.bean": pipe.bean is a named pipe (FIFO), not a regular file; it is not read',
      src: { line: 2, column: 1 },
      source: 'include "pipe.bean"',
    });
    expect(r.files).toEqual([join(d, 'main.bean')]);
  });

  it('a glob never matches a FIFO (only regular files); the regular matches are read', { timeout: 5000 }, () => {
    const d = join(dir, 'fifo-glob');
    mkdirSync(d);
    execFileSync('mkfifo', [join(d, 'b.bean')]);
    writeFileSync(join(d, 'a.bean'), '2024-01-01 open Assets:A\n');
    writeFileSync(join(d, 'c.bean'), '2024-01-01 open Assets:C\n');
    writeFileSync(join(d, 'main.txt'), 'include "*.bean"\n');
    const r = loadFiles(join(d, 'main.txt'));
    expect(opens(r.directives)).toEqual(['Assets:A', 'Assets:C']);
    expect(r.errors).toEqual([]);
    expect(r.files).toEqual([join(d, 'main.txt'), join(d, 'a.bean'), join(d, 'c.bean')]);
  });

  it('a directory or a device include is an error on the include line', () => {
    const d = join(dir, 'dir');
    mkdirSync(join(d, 'sub.bean'), { recursive: true });
    writeFileSync(join(d, 'main.bean'), 'include "sub.bean"\ninclude "/dev/zero"\n2024-01-01 open Assets:A\n');
    const r = loadFiles(join(d, 'main.bean'));
    expect(opens(r.directives)).toEqual(['Assets:A']);
    expect(r.errors.map((e) => [e.message, e.src?.line])).toEqual([
      ['include "sub.bean": sub.bean is a directory, not a regular file; it is not read', 1],
      ['include "/dev/zero": /dev/zero is a device, not a regular file; it is not read', 2],
    ]);
    // Not watched as a missing file: it exists, it is just not a ledger file.
    expect(r.missing).toEqual([]);
  });

  it('a main file that is a FIFO is a FileNotFound error, not a blocked read', { timeout: 5000 }, () => {
    const d = join(dir, 'fifo-main');
    mkdirSync(d);
    execFileSync('mkfifo', [join(d, 'main.bean')]);
    expect(readFileOrNull(join(d, 'main.bean'))).toEqual({ notRegular: 'a named pipe (FIFO)' });
    const s = loadLedger(join(d, 'main.bean'));
    expect(s.errors.map((e) => [e.kind, e.message])).toEqual([
      ['FileNotFound', `ledger file ${join(d, 'main.bean')} is a named pipe (FIFO), not a regular file`],
    ]);
  });
});

describe('no recursion bounded by the JS stack', () => {
  it('a chain of 5,000 nested includes loads depth-first without a stack overflow', { timeout: 60000 }, () => {
    const d = join(dir, 'chain');
    mkdirSync(d);
    const n = 5000;
    // f0 opens A0, includes f1, then opens Z0: depth-first order is A0..A4999, Z4999..Z0.
    for (let k = 0; k < n; k++) {
      const inc = k + 1 < n ? `include "f${k + 1}.bean"\n` : '';
      writeFileSync(join(d, `f${k}.bean`), `2024-01-01 open Assets:A${k}\n${inc}2024-01-01 open Assets:Z${k}\n`);
    }
    const r = loadFiles(join(d, 'f0.bean'));
    expect(r.errors).toEqual([]);
    expect(r.files).toHaveLength(n);
    expect(r.files[n - 1]).toBe(join(d, `f${n - 1}.bean`));
    const names = opens(r.directives);
    expect(names).toHaveLength(2 * n);
    expect(names.slice(0, 2)).toEqual(['Assets:A0', 'Assets:A1']);
    expect(names.slice(n - 1, n + 1)).toEqual([`Assets:A${n - 1}`, `Assets:Z${n - 1}`]);
    expect(names[2 * n - 1]).toBe('Assets:Z0');
  });

  it('a cycle at the end of a 3,000-deep chain names the whole chain once', { timeout: 60000 }, () => {
    const files: Record<string, string> = {};
    const n = 3000;
    for (let k = 0; k < n; k++) files[`/c/f${k}.bean`] = `include "f${(k + 1) % n}.bean"\n2024-01-01 open Assets:A${k}\n`;
    const r = loadFiles('/c/f0.bean', (p) => files[p] ?? null);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].kind).toBe('IncludeCycle');
    expect(r.errors[0].src?.file).toBe(`/c/f${n - 1}.bean`);
    expect(r.errors[0].message.split(' -> ')).toHaveLength(n + 1);
    // Depth-first: the deepest file's directives come first.
    expect(opens(r.directives).slice(0, 2)).toEqual([`Assets:A${n - 1}`, `Assets:A${n - 2}`]);
  });

  it('a glob over a directory tree deeper than the limit stops descending instead of overflowing', { timeout: 30000 }, () => {
    const d = join(dir, 'deep');
    let p = d;
    for (let k = 0; k < 80; k++) p = join(p, 'd');
    mkdirSync(p, { recursive: true });
    writeFileSync(join(d, 'd', 'top.bean'), '');
    writeFileSync(join(p, 'bottom.bean'), '');
    const found = globOnDisk(join(d, '**', '*.bean'));
    expect(found).toEqual([join(d, 'd', 'top.bean')]);
  });

  it('a plugin configuration nested 20,000 levels deep is a config error, not a stack overflow', () => {
    const config = '['.repeat(20000) + ']'.repeat(20000);
    const s = ledger(`plugin "beancount.plugins.divert_expenses" "${config}"\n2024-01-01 open Assets:A\n`);
    expect(s.errors.map((e) => e.kind)).toEqual(['PluginConfigError']);
    const m = s.errors[0].message;
    // The message quotes the configuration; it is cut in the middle so that it stays small and
    // keeps both the plugin's name and the reason.
    expect(m.startsWith('Invalid configuration for plugin "beancount.plugins.divert_expenses"')).toBe(true);
    expect(m).toContain('[[[ … ]]]');
    expect(m).toMatch(/nested more than 100 levels deep at character 101; the plugin is not run$/);
    expect(Buffer.byteLength(m)).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_BYTES);
    expect(s.accounts.has('Assets:A')).toBe(true);
  });

  it('nested tuples in a plugin configuration are read in linear time (no re-reading per level)', { timeout: 10000 }, () => {
    // 60 levels: each level used to read its contents twice, 2^60 steps.
    const config = '('.repeat(60) + "'Expenses:Food'" + ',)'.repeat(60);
    const started = Date.now();
    const s = ledger(`plugin "beancount.plugins.divert_expenses" "${config}"\n`);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(s.errors.map((e) => e.kind)).toEqual(['PluginConfigError']);
  });
});
