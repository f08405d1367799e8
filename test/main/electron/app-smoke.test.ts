/**
 * Smoke test of the Electron entry: main/electron/app.ts bundled like `npm run build:electron`
 * (with `electron` replaced by test/main/electron/fake-electron.ts), started on a small real
 * ledger with the real engine, then driven the way Electron would drive it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { workerBuildOptions } from '../../../main/cli/run.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../preload/channels';
import { tempDir, type TempDir } from '../fake-ledger';
import { recorder, type FakeWindow } from './fake-electron';

let tmp: TempDir;
let ledger: string;
let win: FakeWindow;
/** Removed after the app quits: a replaced engine worker is started from it again. */
let bundleDir = '';
const trusted = { senderFrame: { url: 'app://ledger/' } };
const foreign = { senderFrame: { url: 'https://example.com/' } };

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  tmp = tempDir();
  ledger = tmp.write(
    'books/main.beancount',
    [
      'option "title" "Smoke books"',
      '2024-01-01 open Assets:Cash',
      '2024-01-01 open Income:Job',
      '2024-01-02 * "Employer" "Pay"',
      '  Assets:Cash  10.00 USD',
      '  Income:Job',
      '2024-01-03 document Assets:Cash "receipt.pdf"',
      '',
    ].join('\n'),
  );
  tmp.write('books/receipt.pdf', '%PDF-1.4');
  recorder.paths = { app: tmp.dir, userData: path.join(tmp.dir, 'profile'), downloads: tmp.dir };
  const outfile = path.resolve('test-artifacts', `electron-smoke-${process.pid}`, 'app.mjs');
  await build({
    entryPoints: ['main/electron/app.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    alias: { electron: path.resolve('test/main/electron/fake-electron.ts') },
    outfile,
    logLevel: 'silent',
  });
  // The engine pool starts its workers from engine-worker.js beside the bundle, as build:electron
  // emits it (main/cli/run.mjs build-worker: h3 inside the bundle, the router made after the first load).
  await build({ ...workerBuildOptions(path.dirname(outfile)), logLevel: 'silent' });
  process.argv = [process.execPath, ledger, '--port', '0', '--no-sandbox'];
  await import(pathToFileURL(outfile).href);
  await until(() => recorder.windows.length === 1, 'the window');
  win = recorder.windows[0];
  bundleDir = path.dirname(outfile);
}, 60_000);

afterAll(async () => {
  for (const quit of recorder.appHandlers.get('will-quit') ?? []) quit({ preventDefault() {} });
  await until(() => recorder.quit > 0, 'quit');
  if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
  tmp.cleanup();
});

describe('desktop main process (bundled, fake Electron)', () => {
  it('registers app:// before ready and opens one secure window on it, titled by the ledger', () => {
    expect(recorder.privileged).toEqual([expect.objectContaining({ scheme: 'app' })]);
    expect(recorder.protocols.has('app')).toBe(true);
    expect(win.loaded).toEqual(['app://ledger/']);
    expect(win.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(win.options.webPreferences.preload).toBe(path.join(tmp.dir, 'dist', 'preload', 'preload.cjs'));
    expect(win.title).toBe('Smoke books — Ledger Query');
    expect(recorder.errors).toEqual([]);
  });

  it('answers ledgerApi.request from the app page through the real router and engine', async () => {
    const request = recorder.ipcHandle.get(CHANNELS.request)!;
    const res = await request(trusted, { method: 'GET', path: '/api/status' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data).toMatchObject({ file: ledger, generation: 1, transaction_count: 1, error_count: 0 });
    expect((await request(foreign, { method: 'GET', path: '/api/status' })).status).toBe(403);
    expect((await request(trusted, { method: 'PUT', path: '/api/status' })).status).toBe(400);
  });

  it('registers every bridge channel and refuses foreign senders on each', async () => {
    expect([...recorder.ipcHandle.keys()].sort()).toEqual(
      [CHANNELS.request, CHANNELS.openFile, CHANNELS.saveDocument, CHANNELS.openDocument, CHANNELS.openInEditor].sort(),
    );
    expect([...recorder.ipcOn.keys()]).toEqual([CHANNELS.openDropped]);
    expect(await recorder.ipcHandle.get(CHANNELS.openDocument)!(foreign, 'receipt.pdf')).toEqual({
      status: 'error',
      message: 'not available to this page',
    });
    const opened = await recorder.ipcHandle.get(CHANNELS.openDocument)!(trusted, 'receipt.pdf');
    expect(opened).toEqual({ status: 'done', file: path.join(tmp.dir, 'books', 'receipt.pdf') });
    expect(await recorder.ipcHandle.get(CHANNELS.saveDocument)!(trusted, 'receipt.pdf')).toEqual({ status: 'cancelled' });
    expect(await recorder.ipcHandle.get(CHANNELS.openFile)!(trusted)).toEqual({ status: 'cancelled' });
  });

  it('opens a file of the ledger in $EDITOR at the line (argument array, no shell), and nothing else', async () => {
    // A stand-in editor named `code` that records its arguments: the real launcher spawns it.
    const record = path.join(tmp.dir, 'editor-args.json');
    const fakeCode = tmp.write('bin/code', `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.argv.slice(2)))\n`);
    fs.chmodSync(fakeCode, 0o755);
    const saved = { VISUAL: process.env.VISUAL, EDITOR: process.env.EDITOR };
    delete process.env.VISUAL;
    process.env.EDITOR = `${fakeCode} --reuse-window`;
    try {
      const open = recorder.ipcHandle.get(CHANNELS.openInEditor)!;
      expect(await open(foreign, 'main.beancount', 4)).toEqual({ status: 'error', message: 'not available to this page' });
      expect(await open(trusted, '../receipt.pdf', 1)).toEqual({ status: 'error', message: '../receipt.pdf is not a file of the loaded ledger' });
      expect(await open(trusted, 'receipt.pdf', 1)).toEqual({ status: 'error', message: 'receipt.pdf is not a file of the loaded ledger' });
      expect(fs.existsSync(record)).toBe(false);
      expect(await open(trusted, 'main.beancount', 4)).toEqual({ status: 'done', file: ledger });
      await until(() => fs.existsSync(record), 'the editor to start');
      expect(JSON.parse(fs.readFileSync(record, 'utf8'))).toEqual(['--reuse-window', '-g', `${ledger}:4`]);
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('serves the HTTP API on 127.0.0.1 and names it in the Help menu', async () => {
    const menu = recorder.menus.at(-1) as Array<{ role?: string; submenu?: Array<{ label?: string }> }>;
    const label = menu.find((m) => m.role === 'help')!.submenu![0].label!;
    const url = /^HTTP API: (http:\/\/127\.0\.0\.1:\d+)\/$/.exec(label)?.[1];
    expect(url).toBeDefined();
    const res = await fetch(`${url}/api/status`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.file).toBe(ledger);
  });

  it('blocks navigation and new windows, opening web links in the system browser', () => {
    const handlers = new Map<string, (...a: any[]) => void>();
    let openHandler: (d: { url: string }) => { action: string } = () => ({ action: 'allow' });
    const contents = {
      setWindowOpenHandler: (fn: typeof openHandler) => (openHandler = fn),
      on: (event: string, fn: (...a: any[]) => void) => handlers.set(event, fn),
    };
    for (const h of recorder.appHandlers.get('web-contents-created')!) h({}, contents);
    expect(openHandler({ url: 'https://beancount.github.io/' })).toEqual({ action: 'deny' });
    expect(openHandler({ url: 'app://ledger/x' })).toEqual({ action: 'deny' });
    let prevented = 0;
    const ev = { preventDefault: () => prevented++ };
    handlers.get('will-navigate')!(ev, 'file:///etc/passwd');
    handlers.get('will-navigate')!(ev, 'app://ledger/query');
    handlers.get('will-redirect')!(ev, 'https://example.com/');
    handlers.get('will-attach-webview')!(ev);
    expect(prevented).toBe(3);
    expect(recorder.opened).toContain('https://beancount.github.io/');
    expect(recorder.opened).toContain('https://example.com/');
    expect(recorder.opened).not.toContain('file:///etc/passwd');
    // Every permission request (camera, notifications, ...) is refused.
    const answers: boolean[] = [];
    recorder.permissionHandlers[0]({}, 'media', (ok: boolean) => answers.push(ok));
    expect(answers).toEqual([false]);
    expect(recorder.permissionHandlers[1]()).toBe(false);
  });

  it('opens a dropped ledger, pushes a reload event and retitles the window', async () => {
    const other = tmp.write('other.bean', '2024-01-01 open Assets:Bank\n');
    recorder.ipcOn.get(CHANNELS.openDropped)!(trusted, other);
    await until(() => win.title === 'other.bean — Ledger Query', 'the new title');
    const pushed = win.sent.filter(([c]) => c === CHANNELS.reload).map(([, p]) => p as { event: string; data: { file: string } });
    expect(pushed.at(-1)).toMatchObject({ event: 'reload', data: { file: other } });
    const recent = JSON.parse(fs.readFileSync(path.join(tmp.dir, 'profile', 'recent-files.json'), 'utf8'));
    expect(recent.files).toEqual([other, ledger]);
  });
});
