import fs from 'node:fs';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../fake-ledger';
import { start, type Running } from './harness';

let run: Running | null = null;
let site: TempDir | null = null;
afterEach(async () => {
  await run?.stop();
  site?.cleanup();
  run = null;
  site = null;
});

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

async function builtSite(): Promise<Running> {
  site = tempDir('renderer-');
  site.write('index.html', '<!doctype html><title>app</title>');
  site.write('assets/app-123.js', 'console.log(1)');
  site.write('assets/style.css', 'body{}');
  const secret = tempDir('renderer-secret-');
  secret.write('secret.txt', 'nope');
  fs.symlinkSync(secret.dir + '/secret.txt', site.dir + '/assets/leak.txt');
  return start({ rendererDir: site.dir });
}

describe('static renderer', () => {
  it('says the renderer is not built when dist/renderer is missing, on every page', async () => {
    run = await start({ rendererDir: '/nonexistent/renderer' });
    for (const p of ['/', '/explore', '/assets/app.js']) {
      const res = await fetch(run.url + p);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('renderer not built: run npm run build');
    }
    // The API still answers.
    expect((await fetch(run.url + '/api/status')).status).toBe(200);
  });

  it('serves files with their types and index.html at /', async () => {
    run = await builtSite();
    const root = await fetch(run.url + '/');
    expect(root.status).toBe(200);
    expect(await root.text()).toBe('<!doctype html><title>app</title>');
    const js = await fetch(run.url + '/assets/app-123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await js.text()).toBe('console.log(1)');
    const css = await fetch(run.url + '/assets/style.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('falls back to index.html for client routes but not for missing files or /api', async () => {
    run = await builtSite();
    for (const p of ['/explore', '/accounts/Assets:Cash', '/journals?page=2']) {
      const res = await fetch(run.url + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe('<!doctype html><title>app</title>');
    }
    const missingAsset = await fetch(run.url + '/assets/gone-999.js');
    expect(missingAsset.status).toBe(404);
    expect(await missingAsset.json()).toEqual({ message: 'not found: /assets/gone-999.js' });
    const api = await fetch(run.url + '/api/explore');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'no API endpoint GET /api/explore' });
  });

  it('never serves files outside the renderer directory', async () => {
    run = await builtSite();
    const leak = await fetch(run.url + '/assets/leak.txt');
    expect(leak.status).toBe(404);
    for (const p of ['/../../etc/passwd', '/assets/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc%2fpasswd']) {
      const res = await getRaw(p);
      expect(res.body, p).not.toContain('root:');
      expect(res.body).not.toContain('nope');
    }
  });
});
