import fs from 'node:fs';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRequestedPath } from '../../../main/server/documents';
import { ApiError } from '../../../main/server/http-errors';
import { tempDir, type TempDir } from '../fake-ledger';
import { start, type Running } from './harness';

let run: Running | null = null;
let outside: TempDir | null = null;
afterEach(async () => {
  await run?.stop();
  outside?.cleanup();
  run = null;
  outside = null;
});

/** A ledger listing documents, some of them traps: a symlink out, a symlink in, a missing one. */
async function setup(): Promise<Running> {
  outside = tempDir('ledger-outside-');
  outside.write('secret.txt', 'top secret');
  const r = await start({
    ledgerText: [
      'document docs/statement 2024.pdf',
      'document docs/receipt.png',
      'document docs/link-out.txt',
      'document docs/link-in.txt',
      'document docs/missing.pdf',
      'document docs/café.txt',
      'document page.html',
    ].join('\n'),
  });
  r.tmp.write('docs/statement 2024.pdf', '%PDF-1.7 statement');
  r.tmp.write('docs/receipt.png', '\x89PNG');
  r.tmp.write('docs/café.txt', 'unicode name');
  r.tmp.write('page.html', '<script>alert(1)</script>');
  r.tmp.write('unlisted.txt', 'not a document');
  fs.symlinkSync(outside.dir + '/secret.txt', r.tmp.dir + '/docs/link-out.txt');
  fs.symlinkSync(r.tmp.dir + '/docs/receipt.png', r.tmp.dir + '/docs/link-in.txt');
  return r;
}

/** fetch() normalizes `..` out of URLs; a raw request sends the path exactly. */
function getRaw(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(run!.url);
    http
      .get({ hostname: url.hostname, port: url.port, path }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

const fileUrl = (p: string) => '/api/documents/file?path=' + encodeURIComponent(p);

describe('GET /api/documents/file', () => {
  it('serves a listed document with its type, length and a safe disposition', async () => {
    run = await setup();
    const res = await fetch(run.url + fileUrl('docs/statement 2024.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe('18');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="statement 2024.pdf"; filename*=UTF-8''statement%202024.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('%PDF-1.7 statement');

    const unicode = await fetch(run.url + fileUrl('docs/café.txt'));
    expect(unicode.status).toBe(200);
    expect(unicode.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await unicode.text()).toBe('unicode name');

    // Equivalent spellings of a listed path are the same document.
    expect((await fetch(run.url + fileUrl('./docs//receipt.png'))).status).toBe(200);
  });

  it('sandboxes HTML documents so they cannot script the API origin', async () => {
    run = await setup();
    const res = await fetch(run.url + fileUrl('page.html'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('follows a symlink that stays inside the ledger directory', async () => {
    run = await setup();
    const res = await fetch(run.url + fileUrl('docs/link-in.txt'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('\x89PNG');
  });

  it('refuses a listed symlink pointing outside the ledger directory with 403', async () => {
    run = await setup();
    const res = await fetch(run.url + fileUrl('docs/link-out.txt'));
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body).toEqual({ message: 'document path leads outside the ledger directory (through a symbolic link)' });
  });

  it('refuses traversal with .. in every spelling with 403', async () => {
    run = await setup();
    for (const p of ['../' + outside!.dir.split('/').pop() + '/secret.txt', 'docs/../../etc/passwd', '..', 'docs\\..\\..\\x']) {
      const res = await fetch(run.url + fileUrl(p));
      expect(res.status, p).toBe(403);
      expect(await res.json()).toEqual({
        message: "document path may not contain '..': only files inside the ledger directory are served",
      });
    }
    const encoded = await getRaw('/api/documents/file?path=%2e%2e%2fsecret.txt');
    expect(encoded.status).toBe(403);
  });

  it('refuses absolute paths and NUL bytes with 400, and a missing path parameter', async () => {
    run = await setup();
    const cases: Array<[string, string]> = [
      [fileUrl(outside!.dir + '/secret.txt'), 'document path must be relative to the ledger directory, not absolute'],
      [fileUrl('C:\\Windows\\win.ini'), 'document path must be relative to the ledger directory, not absolute'],
      [fileUrl('\\\\server\\share'), 'document path must be relative to the ledger directory, not absolute'],
      ['/api/documents/file?path=docs/receipt.png%00.txt', 'document path contains a NUL byte'],
      ['/api/documents/file', "missing query parameter 'path'"],
      ['/api/documents/file?path=', "missing query parameter 'path'"],
    ];
    for (const [url, message] of cases) {
      const res = await fetch(run.url + url);
      expect(res.status, url).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
  });

  it('answers 404 for files the ledger does not list, and for listed files that are missing', async () => {
    run = await setup();
    const unlisted = await fetch(run.url + fileUrl('unlisted.txt'));
    expect(unlisted.status).toBe(404);
    expect(await unlisted.json()).toEqual({ message: "no document with path 'unlisted.txt' in the ledger" });
    const ledgerItself = await fetch(run.url + fileUrl('main.bean'));
    expect(ledgerItself.status).toBe(404);
    const missing = await fetch(run.url + fileUrl('docs/missing.pdf'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'document not found: docs/missing.pdf' });
  });

  it('reads the document list of the snapshot being served', async () => {
    run = await setup();
    fs.writeFileSync(run.ledger, 'document unlisted.txt\n');
    await run.host.reload();
    expect((await fetch(run.url + fileUrl('unlisted.txt'))).status).toBe(200);
    expect((await fetch(run.url + fileUrl('docs/receipt.png'))).status).toBe(404);
  });
});

describe('checkRequestedPath', () => {
  const status = (p: string | null) => {
    try {
      checkRequestedPath(p);
      return 0;
    } catch (e) {
      return (e as ApiError).status;
    }
  };
  it('normalizes harmless spellings and classifies bad ones', () => {
    expect(checkRequestedPath('./a//b\\c.pdf')).toBe('a/b/c.pdf');
    expect(status('a/..b/c')).toBe(0); // `..b` is a name, not a parent reference
    expect(status('a/../b')).toBe(403);
    expect(status('/etc/passwd')).toBe(400);
    expect(status('D:/x')).toBe(400);
    expect(status('a\0b')).toBe(400);
    expect(status('./')).toBe(400);
    expect(status(null)).toBe(400);
  });
});
