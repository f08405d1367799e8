import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDocument, isViewable, openDocument, saveDocument } from '../../../main/electron/downloads';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { fakeLoad, tempDir, type TempDir } from '../fake-ledger';

let tmp: TempDir;
let out: TempDir;
afterEach(() => {
  tmp?.cleanup();
  out?.cleanup();
});

function ledger(): Snapshot {
  tmp = tempDir();
  out = tempDir('ledger-out-');
  const main = tmp.write(
    'main.bean',
    ['document docs/receipt.pdf', 'document docs/run.sh', 'document docs/link.pdf', 'document docs/missing.pdf', ''].join('\n'),
  );
  tmp.write('docs/receipt.pdf', '%PDF-1.4 receipt');
  tmp.write('docs/run.sh', '#!/bin/sh\necho hi\n');
  tmp.write('docs/unlisted.pdf', 'not a document of the ledger');
  fs.writeFileSync(out.dir + '/outside.pdf', 'outside the ledger');
  fs.symlinkSync(out.dir + '/outside.pdf', tmp.dir + '/docs/link.pdf');
  return fakeLoad(main);
}

const never = {
  chooseDestination: async () => {
    throw new Error('the dialog must not open for a refused path');
  },
};

describe('saveDocument', () => {
  it('copies a listed document to the chosen place, suggesting its file name', async () => {
    const snapshot = ledger();
    const suggested: string[] = [];
    const dest = path.join(out.dir, 'saved.pdf');
    const result = await saveDocument(snapshot, 'docs/receipt.pdf', {
      chooseDestination: async (name) => {
        suggested.push(name);
        return dest;
      },
    });
    expect(result).toEqual({ status: 'done', file: dest });
    expect(suggested).toEqual(['receipt.pdf']);
    expect(fs.readFileSync(dest, 'utf8')).toBe('%PDF-1.4 receipt');
  });

  it('reports a cancelled dialog', async () => {
    const snapshot = ledger();
    expect(await saveDocument(snapshot, 'docs/receipt.pdf', { chooseDestination: async () => null })).toEqual({ status: 'cancelled' });
  });

  it('applies the rules of GET /api/documents/file before any dialog', async () => {
    const snapshot = ledger();
    const refused = async (requested: unknown) => {
      const r = await saveDocument(snapshot, requested, never);
      expect(r.status).toBe('error');
      return r.status === 'error' ? r.message : '';
    };
    expect(await refused('../outside.pdf')).toBe("document path may not contain '..': only files inside the ledger directory are served");
    expect(await refused('/etc/passwd')).toBe('document path must be relative to the ledger directory, not absolute');
    expect(await refused('C:\\Windows\\win.ini')).toBe('document path must be relative to the ledger directory, not absolute');
    expect(await refused('docs/receipt.pdf\0.txt')).toBe('document path contains a NUL byte');
    expect(await refused('')).toBe("missing query parameter 'path'");
    expect(await refused('docs/unlisted.pdf')).toBe("no document with path 'docs/unlisted.pdf' in the ledger");
    expect(await refused('docs/link.pdf')).toBe('document path leads outside the ledger directory (through a symbolic link)');
    expect(await refused('docs/missing.pdf')).toBe('document not found: docs/missing.pdf');
    expect(await refused(42)).toBe('the document path must be a string');
    expect(await saveDocument(null, 'docs/receipt.pdf', never)).toEqual({ status: 'error', message: 'no ledger is loaded' });
  });
});

describe('copyDocument', () => {
  it('refuses a folder or a relative destination, and saving a file onto itself changes nothing', async () => {
    const snapshot = ledger();
    const source = path.join(snapshot.root, 'docs/receipt.pdf');
    expect(await copyDocument(source, out.dir)).toEqual({ status: 'error', message: `the destination is a folder: ${out.dir}` });
    expect(await copyDocument(source, 'relative.pdf')).toEqual({ status: 'error', message: 'the destination must be an absolute path' });
    expect(await copyDocument(source, source)).toEqual({ status: 'done', file: source });
    expect(fs.readFileSync(source, 'utf8')).toBe('%PDF-1.4 receipt');
    const bad = await copyDocument(source, path.join(out.dir, 'no-such-dir', 'x.pdf'));
    expect(bad.status).toBe('error');
  });
});

describe('openDocument', () => {
  it('opens viewable documents with the system viewer', async () => {
    const snapshot = ledger();
    const opened: string[] = [];
    const result = await openDocument(snapshot, 'docs/receipt.pdf', { openPath: async (f) => (opened.push(f), '') });
    expect(result).toEqual({ status: 'done', file: path.join(snapshot.root, 'docs/receipt.pdf') });
    expect(opened).toEqual([path.join(snapshot.root, 'docs/receipt.pdf')]);
  });

  it('never hands a script or program to the system, and reports viewer failures', async () => {
    const snapshot = ledger();
    const opened: string[] = [];
    const openPath = async (f: string) => (opened.push(f), '');
    expect(await openDocument(snapshot, 'docs/run.sh', { openPath })).toEqual({
      status: 'error',
      message: '.sh cannot be opened from the app (it could run a program): save it instead',
    });
    expect(await openDocument(snapshot, '../x.pdf', { openPath })).toMatchObject({ status: 'error' });
    expect(opened).toEqual([]);
    expect(await openDocument(snapshot, 'docs/receipt.pdf', { openPath: async () => 'no application' })).toEqual({
      status: 'error',
      message: 'the system could not open receipt.pdf: no application',
    });
  });

  it('knows viewable types by extension, case-insensitively', () => {
    expect(isViewable('a/B.PDF')).toBe(true);
    expect(isViewable('scan.jpeg')).toBe(true);
    for (const f of ['x.exe', 'x.bat', 'x.cmd', 'x.sh', 'x.app', 'x.desktop', 'x.lnk', 'x.js', 'x.html', 'x.jar', 'x.command', 'noext']) {
      expect(isViewable(f)).toBe(false);
    }
  });
});
