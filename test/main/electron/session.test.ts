import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../engine/api-types';
import { RecentFiles } from '../../../main/electron/recent-files';
import { LedgerSession, isLedgerFile } from '../../../main/electron/session';
import { listen } from '../../../main/server/listen';
import { openLedgerService } from '../../../main/start';
import { tempDir, type TempDir } from '../fake-ledger';
import { loadWithTitle } from './helpers';

let tmp: TempDir;
let session: LedgerSession | null = null;
let blocker: net.Server | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
  blocker = null;
  tmp?.cleanup();
});

function setup(port: number | null = 0) {
  tmp = tempDir();
  const events: ServerEvent[] = [];
  const titles: string[] = [];
  const logs: string[] = [];
  let changes = 0;
  const recent = new RecentFiles(path.join(tmp.dir, 'profile/recent-files.json'));
  session = new LedgerSession({
    open: (ledger) => openLedgerService({ ledger, load: loadWithTitle, watch: { debounceMs: 20 } }),
    listen: (app, p) => listen(app, { port: p }),
    port,
    recent,
    onEvent: (e) => events.push(e),
    onTitle: (t) => titles.push(t),
    onChange: () => changes++,
    log: (m) => logs.push(m),
  });
  return { session, events, titles, logs, recent, changes: () => changes };
}

async function httpStatus(url: string) {
  const res = await fetch(`${url}/api/status`);
  return (await res.json()).data as { file: string; transaction_count: number };
}

describe('LedgerSession', () => {
  it('opens a ledger: router, HTTP API, title from the title option, recent list, one reload event', async () => {
    const s = setup();
    const a = tmp.write('a.bean', 'title Household\ntxn 1\ntxn 2\n');
    expect(await s.session.open(a)).toEqual({ status: 'done', file: a });
    expect(s.session.title).toBe('Household — Ledger Query');
    expect(s.titles.at(-1)).toBe('Household — Ledger Query');
    expect(s.recent.list()).toEqual([a]);
    expect(s.events).toHaveLength(1);
    expect(s.events[0]).toMatchObject({ event: 'reload', data: { file: a, generation: 1, transaction_count: 2 } });
    expect(s.changes()).toBe(1);
    expect(s.session.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await httpStatus(s.session.apiUrl!)).toMatchObject({ file: a, transaction_count: 2 });
  });

  it('switches ledgers on the same port and closes the old one', async () => {
    const s = setup();
    const a = tmp.write('a.bean', 'txn 1\n');
    const b = tmp.write('b.zhang', 'txn 1\ntxn 2\ntxn 3\n');
    await s.session.open(a);
    const first = s.session.service!;
    const url = s.session.apiUrl;
    await s.session.open(b);
    expect(s.session.apiUrl).toBe(url);
    expect(await httpStatus(url!)).toMatchObject({ file: b, transaction_count: 3 });
    expect(s.session.title).toBe('b.zhang — Ledger Query');
    expect(s.recent.list()).toEqual([b, a]);
    // While b loads, the window keeps a and is told a load is underway.
    expect(s.events.map((e) => [e.event, e.data.file, e.data.loading])).toEqual([
      ['reload', a, false],
      ['loading', a, true],
      ['reload', b, false],
    ]);
    // The old ledger's watcher is closed: editing it sends nothing any more.
    expect(first.watcher).not.toBeNull();
    fs.writeFileSync(a, 'txn 1\ntxn 2\n');
    await new Promise((r) => setTimeout(r, 300));
    expect(s.events).toHaveLength(3);
  });

  it('pushes reload events and a new title when the open ledger changes on disk', async () => {
    const s = setup(null);
    const a = tmp.write('a.bean', 'txn 1\n');
    await s.session.open(a);
    fs.writeFileSync(a, 'title Renamed\ntxn 1\ntxn 2\n');
    for (let i = 0; i < 100 && s.events.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    // `loading` first (the window shows progress), still describing generation 1.
    expect(s.events[1]).toMatchObject({ event: 'loading', data: { generation: 1, transaction_count: 1, loading: true } });
    expect(s.events[2]).toMatchObject({ event: 'reload', data: { generation: 2, transaction_count: 2, loading: false } });
    expect(s.titles.at(-1)).toBe('Renamed — Ledger Query');
  });

  it('keeps the open ledger when the chosen file is missing, not a file or not a ledger', async () => {
    const s = setup(null);
    const a = tmp.write('a.bean', 'txn 1\n');
    const notes = tmp.write('notes.txt', 'txn 1\n');
    await s.session.open(a);
    expect(await s.session.open(path.join(tmp.dir, 'gone.bean'))).toEqual({
      status: 'error',
      message: `ledger file not found: ${path.join(tmp.dir, 'gone.bean')}`,
    });
    expect(await s.session.open(tmp.dir)).toEqual({ status: 'error', message: `not a file: ${tmp.dir}` });
    expect(await s.session.open(notes)).toEqual({ status: 'error', message: 'not a ledger file (.beancount, .bean, .zhang): notes.txt' });
    expect(s.session.service?.host.file).toBe(a);
    expect(s.recent.list()).toEqual([a]);
  });

  it('drops a recent entry whose file is gone', async () => {
    const s = setup(null);
    const a = tmp.write('a.bean', 'txn 1\n');
    const b = tmp.write('b.bean', 'txn 1\n');
    await s.session.open(b);
    await s.session.open(a);
    fs.rmSync(b);
    const before = s.changes();
    expect((await s.session.open(b)).status).toBe('error');
    expect(s.recent.list()).toEqual([a]);
    expect(s.changes()).toBe(before + 1);
  });

  it('opens a ledger whose first load fails, and says so with a problem event', async () => {
    const s = setup(null);
    const bad = tmp.write('bad.bean', 'throw broken ledger\n');
    expect(await s.session.open(bad)).toEqual({ status: 'done', file: bad });
    expect(s.events[0]).toMatchObject({ event: 'problem', data: { generation: 0, problem: { message: 'broken ledger' } } });
    expect(s.session.title).toBe('bad.bean — Ledger Query');
  });

  it('serializes opens: the last one asked for wins', async () => {
    const s = setup(null);
    const files = ['a', 'b', 'c'].map((n) => tmp.write(`${n}.bean`, `txn ${n}\n`));
    await Promise.all(files.map((f) => s.session.open(f)));
    expect(s.session.service?.host.file).toBe(files[2]);
    expect(s.events.filter((e) => e.event === 'reload').map((e) => e.data.file)).toEqual(files);
  });

  it('runs without HTTP API when it is off, and reports a busy port without failing', async () => {
    const off = setup(null);
    await off.session.open(tmp.write('a.bean', 'txn 1\n'));
    expect(off.session.apiUrl).toBeNull();
    expect(off.session.apiError).toBeNull();
    expect(off.session.app).not.toBeNull();
    await off.session.close();
    tmp.cleanup();

    blocker = net.createServer();
    const port = await new Promise<number>((r) => blocker!.listen(0, '127.0.0.1', () => r((blocker!.address() as net.AddressInfo).port)));
    const busy = setup(port);
    expect(await busy.session.open(tmp.write('a.bean', 'txn 1\n'))).toMatchObject({ status: 'done' });
    expect(busy.session.apiUrl).toBeNull();
    expect(busy.session.apiError).toBe(`port ${port} on 127.0.0.1 is already in use: choose another with --port N`);
    expect(busy.logs).toContain(`the HTTP API is off: port ${port} on 127.0.0.1 is already in use: choose another with --port N`);
  });

  it('knows ledger files by extension', () => {
    expect(isLedgerFile('/x/a.beancount')).toBe(true);
    expect(isLedgerFile('/x/A.BEAN')).toBe(true);
    expect(isLedgerFile('/x/a.zhang')).toBe(true);
    expect(isLedgerFile('/x/a.txt')).toBe(false);
    expect(isLedgerFile('/x/beancount')).toBe(false);
  });
});
