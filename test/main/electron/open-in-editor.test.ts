import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchDetached, ledgerSourceFile, openInEditor, type EditorDeps } from '../../../main/electron/open-in-editor';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { fakeLoad, tempDir, type TempDir } from '../fake-ledger';

let tmp: TempDir;
let out: TempDir;
afterEach(() => {
  tmp?.cleanup();
  out?.cleanup();
});

/** main.bean includes sub/accounts.bean; other.bean sits beside them but is not part of the ledger. */
function ledger(): Snapshot {
  tmp = tempDir();
  out = tempDir('ledger-out-');
  const main = tmp.write('main.bean', 'include sub/accounts.bean\ntxn one\n');
  tmp.write('sub/accounts.bean', 'txn two\n');
  tmp.write('other.bean', 'txn three\n');
  fs.writeFileSync(path.join(out.dir, 'outside.bean'), 'txn four\n');
  fs.symlinkSync(path.join(out.dir, 'outside.bean'), path.join(tmp.dir, 'link.bean'));
  return fakeLoad(main);
}

function deps(env: EditorDeps['env'], launchError?: Error) {
  const launched: [string, string[]][] = [];
  const opened: string[] = [];
  const d: EditorDeps = {
    env,
    platform: 'linux',
    launch: async (command, args) => {
      launched.push([command, args]);
      if (launchError) throw launchError;
    },
    openPath: async (f) => (opened.push(f), ''),
  };
  return { d, launched, opened };
}

describe('ledgerSourceFile', () => {
  it('accepts the files the ledger was read from, relative to its directory or absolute', () => {
    const s = ledger();
    expect(ledgerSourceFile(s, 'main.bean', 3)).toEqual({ ok: true, file: path.join(tmp.dir, 'main.bean'), line: 3 });
    expect(ledgerSourceFile(s, 'sub/accounts.bean', 1)).toEqual({ ok: true, file: path.join(tmp.dir, 'sub', 'accounts.bean'), line: 1 });
    expect(ledgerSourceFile(s, path.join(tmp.dir, 'sub', 'accounts.bean'), 1)).toMatchObject({ ok: true });
    expect(ledgerSourceFile(s, 'sub/../main.bean', 1)).toMatchObject({ ok: true, file: path.join(tmp.dir, 'main.bean') });
  });

  it('refuses every other path and any line that is not a whole number from 1', () => {
    const s = ledger();
    const message = (file: unknown, line: unknown = 1) => {
      const r = ledgerSourceFile(s, file, line);
      return r.ok ? 'accepted' : r.message;
    };
    expect(message('other.bean')).toBe('other.bean is not a file of the loaded ledger');
    expect(message('link.bean')).toBe('link.bean is not a file of the loaded ledger');
    expect(message('../' + path.basename(out.dir) + '/outside.bean')).toMatch(/is not a file of the loaded ledger$/);
    expect(message('/etc/passwd')).toBe('/etc/passwd is not a file of the loaded ledger');
    expect(message(tmp.dir)).toMatch(/is not a file of the loaded ledger$/);
    expect(message('main.bean\0')).toBe('not a file of the ledger');
    expect(message('')).toBe('the file must be a non-empty string');
    expect(message(['main.bean'])).toBe('the file must be a non-empty string');
    for (const line of [0, -1, 1.5, '3', NaN, null, 1e9]) expect(message('main.bean', line)).toBe('the line must be a whole number from 1');
    expect(ledgerSourceFile(null, 'main.bean', 1)).toEqual({ ok: false, message: 'no ledger is loaded' });
  });
});

describe('openInEditor', () => {
  it('starts the configured editor at the line with the absolute file', async () => {
    const s = ledger();
    const { d, launched, opened } = deps({ VISUAL: 'code --reuse-window' });
    expect(await openInEditor(s, 'sub/accounts.bean', 7, d)).toEqual({ status: 'done', file: path.join(tmp.dir, 'sub', 'accounts.bean') });
    expect(launched).toEqual([['code', ['--reuse-window', '-g', `${path.join(tmp.dir, 'sub', 'accounts.bean')}:7`]]]);
    expect(opened).toEqual([]);
  });

  it('uses the system opener for an unknown or missing editor, and when the editor cannot start', async () => {
    const s = ledger();
    const none = deps({});
    expect(await openInEditor(s, 'main.bean', 2, none.d)).toEqual({ status: 'done', file: path.join(tmp.dir, 'main.bean') });
    expect(none.launched).toEqual([]);
    expect(none.opened).toEqual([path.join(tmp.dir, 'main.bean')]);

    const missing = deps({ EDITOR: 'subl' }, new Error('spawn subl ENOENT'));
    expect(await openInEditor(s, 'main.bean', 2, missing.d)).toMatchObject({ status: 'done' });
    expect(missing.launched).toHaveLength(1);
    expect(missing.opened).toEqual([path.join(tmp.dir, 'main.bean')]);

    const broken = deps({ EDITOR: 'subl' }, new Error('spawn subl ENOENT'));
    broken.d.openPath = async () => 'no application';
    expect(await openInEditor(s, 'main.bean', 2, broken.d)).toEqual({
      status: 'error',
      message: 'cannot start subl: spawn subl ENOENT; the system could not open main.bean: no application',
    });
  });

  it('launches nothing for a refused file, or a listed file that is gone', async () => {
    const s = ledger();
    const { d, launched, opened } = deps({ EDITOR: 'code' });
    expect(await openInEditor(s, '/etc/passwd', 1, d)).toEqual({ status: 'error', message: '/etc/passwd is not a file of the loaded ledger' });
    fs.rmSync(path.join(tmp.dir, 'sub', 'accounts.bean'));
    expect(await openInEditor(s, 'sub/accounts.bean', 1, d)).toEqual({ status: 'error', message: 'sub/accounts.bean no longer exists' });
    expect(launched).toEqual([]);
    expect(opened).toEqual([]);
  });
});

describe('launchDetached', () => {
  it('starts a program with its arguments as they are (no shell reads them)', async () => {
    tmp = tempDir();
    const record = path.join(tmp.dir, 'args.json');
    const script = `require('fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.argv.slice(1)))`;
    await launchDetached(process.execPath, ['-e', script, '$HOME', '; echo hi', '+3']);
    for (let i = 0; i < 250 && !fs.existsSync(record); i++) await new Promise((r) => setTimeout(r, 20));
    expect(JSON.parse(fs.readFileSync(record, 'utf8'))).toEqual(['$HOME', '; echo hi', '+3']);
  });

  it('rejects when the program does not exist', async () => {
    await expect(launchDetached('/nonexistent/editor-for-test', ['x'])).rejects.toThrow(/ENOENT/);
  });
});
