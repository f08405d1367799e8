import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import type { LedgerStatus } from '../../../engine/api-types';
import { watchLedger, type LedgerWatcher } from '../../../main/watch';
import { formatServerEvent } from '../../../main/server/events';
import { markedSnapshot } from '../fake-ledger';
import { start, type Running } from './harness';
import { SseReader } from './sse';

let run: Running | null = null;
let watcher: LedgerWatcher | null = null;
let sse: SseReader | null = null;
afterEach(async () => {
  await sse?.close();
  await watcher?.close();
  await run?.stop();
  run = null;
  watcher = null;
  sse = null;
});

describe('formatServerEvent', () => {
  it('writes one event block with the status as one data line', () => {
    const status: LedgerStatus = {
      generation: 3,
      file: '/l/main.bean',
      loaded_at: 1700000000123,
      load_ms: 42,
      error_count: 2,
      transaction_count: 7,
      file_count: 1,
      problem: null,
      loading: false,
    };
    expect(formatServerEvent('reload', status)).toBe(`event: reload\nid: 3\ndata: ${JSON.stringify(status)}\n\n`);
    expect(formatServerEvent('status', status)).toBe(`event: status\ndata: ${JSON.stringify(status)}\n\n`);
    // Only a swap moves the stream's id: a reconnecting client has seen the generation it names.
    expect(formatServerEvent('loading', { ...status, loading: true })).toBe(
      `event: loading\ndata: ${JSON.stringify({ ...status, loading: true })}\n\n`,
    );
  });
});

describe('GET /api/events', () => {
  it('announces the current status, then loading and reload after the ledger file is edited, then loading and a problem', async () => {
    run = await start({ ledgerText: 'txn one\n' });
    watcher = watchLedger(run.host, { debounceMs: 50 });
    await watcher.ready;
    const res = await fetch(run.url + '/api/events');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    sse = new SseReader(res);

    const first = await sse.next();
    expect(first.event).toBe('status');
    const initial = JSON.parse(first.data) as LedgerStatus;
    expect(initial).toMatchObject({ generation: 1, error_count: 0, transaction_count: 1, problem: null, loading: false });

    fs.writeFileSync(run.ledger, 'txn one\ntxn two\nerror unbalanced\n');
    // The loading event still describes the served snapshot (generation 1), with loading set.
    const loading = await sse.next();
    expect(loading.event).toBe('loading');
    expect(loading.id).toBeNull();
    expect(JSON.parse(loading.data)).toMatchObject({ generation: 1, transaction_count: 1, problem: null, loading: true });
    const reload = await sse.next();
    expect(reload.event).toBe('reload');
    expect(reload.id).toBe('2');
    const status = JSON.parse(reload.data) as LedgerStatus;
    expect(status).toMatchObject({ generation: 2, error_count: 1, transaction_count: 2, problem: null, loading: false });
    expect(status.loaded_at).toBe(run.host.current!.loadedAt);
    expect(status.loaded_at).toBeGreaterThanOrEqual(initial.loaded_at!);

    fs.unlinkSync(run.ledger);
    expect(JSON.parse((await sse.next()).data)).toMatchObject({ generation: 2, problem: null, loading: true });
    const problem = await sse.next();
    expect(problem.event).toBe('problem');
    expect(JSON.parse(problem.data)).toMatchObject({
      generation: 2,
      transaction_count: 2,
      problem: { message: `ledger file not found: ${run.ledger}` },
      loading: false,
    });

    fs.writeFileSync(run.ledger, 'txn back\n');
    expect((await sse.next()).event).toBe('loading');
    const back = await sse.next();
    expect(back.event).toBe('reload');
    expect(JSON.parse(back.data)).toMatchObject({ generation: 3, transaction_count: 1, problem: null });
  });

  it('stops listening when the client disconnects', async () => {
    run = await start({});
    const before = run.host.eventListenerCount;
    const res = await fetch(run.url + '/api/events');
    sse = new SseReader(res);
    await sse.next();
    expect(run.host.eventListenerCount).toBe(before + 1);
    await sse.close();
    sse = null;
    for (let i = 0; i < 50 && run.host.eventListenerCount > before; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(run.host.eventListenerCount).toBe(before);
  });
});

describe('GET /api/status and atomic swaps', () => {
  it('never shows a half-loaded ledger while reloads run back to back', async () => {
    // Snapshot n has 10n transactions, n errors and loadedAt BASE + n, built in small steps
    // with the event loop running in between; a swap before the build ends would show a mix.
    const BASE = 1_700_000_000_000;
    let built = 0;
    const load = async (): Promise<Snapshot> => {
      const n = ++built;
      const snap = { ...markedSnapshot(0), transactions: [] as unknown[], errors: [] as unknown[], loadedAt: 0 };
      for (let i = 0; i < 10 * n; i++) {
        snap.transactions.push({});
        if (i % 10 === 0) {
          snap.errors.push({ kind: 'FakeError' });
          await new Promise((r) => setImmediate(r));
        }
      }
      snap.loadedAt = BASE + n;
      return snap as unknown as Snapshot;
    };
    run = await start({ load });
    const RELOADS = 25;
    let reloading = true;
    const reloads = (async () => {
      for (let i = 0; i < RELOADS; i++) await run!.host.reload();
      reloading = false;
    })();
    const seen = new Set<number>();
    let responses = 0;
    const hammer = async () => {
      while (reloading) {
        const res = await fetch(run!.url + '/api/status');
        const { data } = (await res.json()) as { data: LedgerStatus };
        responses++;
        const n = data.generation;
        expect(n).toBeGreaterThanOrEqual(1);
        expect(data.transaction_count).toBe(10 * n);
        expect(data.error_count).toBe(n);
        expect(data.loaded_at).toBe(BASE + n);
        seen.add(n);
      }
    };
    await Promise.all([reloads, hammer(), hammer(), hammer(), hammer()]);
    expect(run.host.generation).toBe(RELOADS + 1);
    expect(responses).toBeGreaterThan(RELOADS);
    expect(seen.size).toBeGreaterThan(3); // the hammering really overlapped several swaps
  });

  it('a request in flight keeps the snapshot it started with', async () => {
    let n = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    run = await start({
      load: () => markedSnapshot(++n),
      routes: [
        (routes) =>
          routes.get('/api/test/slow', async (c) => {
            const before = c.snapshot;
            await gate;
            return { data: { same: before === c.snapshot, transactions: c.snapshot.transactions.length } };
          }),
      ],
    });
    const pending = fetch(run.url + '/api/test/slow');
    await new Promise((r) => setTimeout(r, 50));
    await run.host.reload();
    expect(run.host.current!.transactions.length).toBe(20);
    release();
    const res = await pending;
    expect(await res.json()).toEqual({ data: { same: true, transactions: 10 } });
  });
});
