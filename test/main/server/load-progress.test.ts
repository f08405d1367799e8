/**
 * Progress during long loads: the `loading` event must reach a client while the server thread
 * is blocked in a synchronous load, and GET /api/status says `loading: true` meanwhile.
 *
 * An in-process client cannot read during the block (it shares the thread), so the reader here
 * is a separate Node process. The blocking fake loader waits, synchronously, until that process
 * reports (by creating a file) that it has read the `loading` event: the load can only finish
 * early if the event was on the wire before the load started. No timing guess is involved: on a
 * slow machine the loader just waits longer (up to a bound that only a real failure reaches).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerStatus } from '../../../engine/api-types';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { markedSnapshot } from '../fake-ledger';
import { start, type Running } from './harness';
import { SseReader } from './sse';

/** Reads the event stream at READER_URL; creates READER_DIR/<event> for each event name seen. */
const READER = `
import fs from 'node:fs';
import path from 'node:path';
const res = await fetch(process.env.READER_URL);
const reader = res.body.getReader();
const decoder = new TextDecoder();
let buffer = '';
for (;;) {
  const { value, done } = await reader.read();
  if (done) break;
  buffer += decoder.decode(value, { stream: true });
  let end;
  while ((end = buffer.indexOf('\\n\\n')) >= 0) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const m = /^event: (\\w+)$/m.exec(block);
    if (m) fs.writeFileSync(path.join(process.env.READER_DIR, m[1]), block);
  }
}
`;

/** Sleeps the thread without the event loop (what a long synchronous load does). */
function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let run: Running | null = null;
let child: ChildProcess | null = null;
let sse: SseReader | null = null;
afterEach(async () => {
  child?.kill();
  child = null;
  await sse?.close();
  sse = null;
  await run?.stop();
  run = null;
});

describe('loading progress', () => {
  it('the loading event reaches another process before a blocking load ends', async () => {
    let loads = 0;
    let sawLoadingWhileBlocked: boolean | null = null;
    let dir = '';
    const load = (): Snapshot => {
      const n = ++loads;
      if (n > 1) {
        // Block the thread until the reader has the loading event, at most 15 s.
        const seen = path.join(dir, 'loading');
        const deadline = Date.now() + 15_000;
        while (!fs.existsSync(seen) && Date.now() < deadline) blockFor(10);
        sawLoadingWhileBlocked = fs.existsSync(seen);
      }
      return markedSnapshot(n);
    };
    run = await start({ load });
    dir = path.join(run.tmp.dir, 'events');
    fs.mkdirSync(dir);
    child = spawn(process.execPath, ['--input-type=module', '-e', READER], {
      env: { ...process.env, READER_URL: run.url + '/api/events', READER_DIR: dir },
      stdio: 'ignore',
    });
    await until(() => fs.existsSync(path.join(dir, 'status')), 'the reader to connect');

    const out = await run.host.reload();
    expect(sawLoadingWhileBlocked).toBe(true);
    expect(out.status).toMatchObject({ generation: 2, transaction_count: 20, loading: false });
    const loading = JSON.parse(fs.readFileSync(path.join(dir, 'loading'), 'utf8').split('data: ')[1]) as LedgerStatus;
    expect(loading).toMatchObject({ generation: 1, transaction_count: 10, loading: true });
    await until(() => fs.existsSync(path.join(dir, 'reload')), 'the reload event');
    const reload = fs.readFileSync(path.join(dir, 'reload'), 'utf8');
    expect(reload).toContain('id: 2\n');
    expect(JSON.parse(reload.split('data: ')[1])).toMatchObject({ generation: 2, loading: false });
  }, 40_000);

  it('GET /api/status says loading while a slow load runs, and the old figures meanwhile', async () => {
    let n = 0;
    // Resolves with the function that ends the second load, once that load has started.
    let started: (release: () => void) => void = () => {};
    const secondLoad = new Promise<() => void>((r) => (started = r));
    const load = (): Snapshot | Promise<Snapshot> => {
      const mine = ++n;
      if (mine === 1) return markedSnapshot(1);
      return new Promise<Snapshot>((resolve) => started(() => resolve(markedSnapshot(mine))));
    };
    run = await start({ load });
    const status = async () => ((await (await fetch(run!.url + '/api/status')).json()) as { data: LedgerStatus }).data;
    expect(await status()).toMatchObject({ generation: 1, loading: false });

    const res = await fetch(run.url + '/api/events');
    sse = new SseReader(res);
    expect((await sse.next()).event).toBe('status');
    const pending = run.host.reload();
    const loading = await sse.next();
    expect(loading.event).toBe('loading');
    expect(await status()).toMatchObject({ generation: 1, transaction_count: 10, loading: true });

    (await secondLoad)();
    await pending;
    const reload = await sse.next();
    expect([reload.event, JSON.parse(reload.data).loading]).toEqual(['reload', false]);
    expect(await status()).toMatchObject({ generation: 2, transaction_count: 20, loading: false });
  });
});
