import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerHost, type HostEvent } from '../../main/host';
import type { Snapshot } from '../../engine/ledger/snapshot';
import { fakeLoad, markedSnapshot, tempDir, type TempDir } from './fake-ledger';

let tmp: TempDir;
afterEach(() => tmp?.cleanup());

/** Waits (a bounded number of loop turns) until a load the test gates has been called. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('LedgerHost', () => {
  it('sends the loader progress reports as loading events while it loads, and drops late ones', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\n');
    let host: LedgerHost | null = null;
    host = new LedgerHost(file, (f) => {
      host!.reportProgress({ files_read: 1, files_total: 2, percent: 40 });
      return fakeLoad(f);
    });
    const events: HostEvent[] = [];
    host.onEvent((e) => events.push(e));
    const out = await host.reload();
    expect(events.map((e) => [e.kind, e.status.progress])).toEqual([
      ['loading', { files_read: 0, files_total: null, percent: null }],
      ['loading', { files_read: 1, files_total: 2, percent: 40 }],
      ['reload', undefined],
    ]);
    expect(out.status.progress).toBeUndefined();
    host.reportProgress({ files_read: 2, files_total: 2, percent: 99 });
    expect(events).toHaveLength(3);
    expect(host.status().progress).toBeUndefined();
  });

  it('starts empty, then serves the loaded snapshot with its status', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\ntxn b\nerror bad\ninclude sub.bean\n');
    tmp.write('sub.bean', 'txn c\n');
    let clock = 1000;
    const host = new LedgerHost(file, (f) => {
      clock += 25; // the load takes 25 ms on this clock
      return fakeLoad(f);
    }, { now: () => clock });
    expect(host.current).toBeNull();
    expect(host.status()).toMatchObject({ generation: 0, loaded_at: null, error_count: 0, problem: null });

    const out = await host.reload();
    expect(out.swapped).toBe(true);
    expect(host.current?.transactions.length).toBe(3);
    expect(host.status()).toMatchObject({
      generation: 1,
      file,
      load_ms: 25,
      error_count: 1,
      transaction_count: 3,
      file_count: 2,
      problem: null,
    });
    expect(host.status().loaded_at).toBe(host.current!.loadedAt);
  });

  it('swaps even when the new ledger has errors', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\n');
    const host = new LedgerHost(file, fakeLoad);
    await host.reload();
    fs.writeFileSync(file, 'txn a\nerror e1\nerror e2\n');
    const out = await host.reload();
    expect(out.swapped).toBe(true);
    expect(out.status).toMatchObject({ generation: 2, error_count: 2, transaction_count: 1 });
  });

  it('keeps the last snapshot and records a problem when the file vanishes, and recovers', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\ntxn b\n');
    let clock = 5000;
    const host = new LedgerHost(file, fakeLoad, { now: () => clock });
    await host.reload();
    const before = host.current;
    fs.unlinkSync(file);
    const events: HostEvent[] = [];
    host.onReload((e) => events.push(e));

    const out = await host.reload();
    expect(out.swapped).toBe(false);
    expect(host.current).toBe(before);
    expect(host.status()).toMatchObject({ generation: 1, transaction_count: 2 });
    expect(host.problem).toEqual({ message: `ledger file not found: ${file}`, at: 5000 });
    expect(events.map((e) => e.kind)).toEqual(['problem']);

    fs.writeFileSync(file, 'txn only\n');
    clock = 6000;
    await host.reload();
    expect(host.problem).toBeNull();
    expect(host.status()).toMatchObject({ generation: 2, transaction_count: 1, problem: null });
    expect(events.map((e) => e.kind)).toEqual(['problem', 'reload']);
  });

  it('records a loader failure as a problem without losing the served snapshot', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\n');
    const host = new LedgerHost(file, fakeLoad);
    await host.reload();
    fs.writeFileSync(file, 'throw parser exploded\n');
    const out = await host.reload();
    expect(out.swapped).toBe(false);
    expect(host.problem?.message).toBe('parser exploded');
    expect(host.current?.transactions.length).toBe(1);
  });

  it('before any snapshot, a missing file leaves nothing loaded and says why', async () => {
    tmp = tempDir();
    const host = new LedgerHost(tmp.dir + '/absent.bean', fakeLoad);
    const out = await host.reload();
    expect(out.swapped).toBe(false);
    expect(host.current).toBeNull();
    expect(host.status().problem?.message).toBe(`ledger file not found: ${tmp.dir}/absent.bean`);
  });

  it('a reader that pinned a snapshot keeps it across a swap', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'x');
    let n = 0;
    const host = new LedgerHost(file, () => markedSnapshot(++n));
    await host.reload();
    const pinned = host.pin();
    await host.reload();
    expect(pinned?.generation).toBe(1);
    expect(pinned?.snapshot.transactions.length).toBe(10);
    expect(host.pin()?.snapshot.transactions.length).toBe(20);
    expect(host.status(pinned)).toMatchObject({ generation: 1, transaction_count: 10, error_count: 1 });
  });

  it('serializes reloads: calls during a load share one follow-up load', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'x');
    const gates: Array<() => void> = [];
    let started = 0;
    const host = new LedgerHost(file, () => {
      const n = ++started;
      return new Promise<Snapshot>((resolve) => gates.push(() => resolve(markedSnapshot(n))));
    });
    const first = host.reload();
    await until(() => gates.length === 1); // the first load runs
    const second = host.reload();
    const third = host.reload();
    expect(second).toBe(third);
    expect(started).toBe(1); // the follow-up waits for the running load
    gates[0]();
    await first;
    await until(() => gates.length === 2);
    expect(started).toBe(2);
    gates[1]();
    const out = await second;
    expect(out.status.generation).toBe(2);
    expect(host.current?.transactions.length).toBe(20);
    expect(started).toBe(2);
  });

  it('a failing listener does not stop other listeners or the swap', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\n');
    const failures: unknown[] = [];
    const host = new LedgerHost(file, fakeLoad, { onListenerError: (e) => failures.push(e) });
    const seen: number[] = [];
    host.onReload(() => {
      throw new Error('listener bug');
    });
    const off = host.onReload((e) => seen.push(e.status.generation));
    await host.reload();
    off();
    await host.reload();
    expect(seen).toEqual([1]);
    expect(failures).toHaveLength(2);
    expect(host.generation).toBe(2);
  });
});

describe('LedgerHost loading state', () => {
  it('announces loading before the load runs, with the served snapshot, and clears it on the swap', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\n');
    const log: string[] = [];
    let n = 0;
    const host = new LedgerHost(file, () => {
      // What a listener saw before the loader was called, and what the host says meanwhile.
      log.push(`load ${host.loading} ${host.status().loading}`);
      return markedSnapshot(++n);
    });
    host.onEvent((e) => log.push(`event ${e.kind} g${e.status.generation} t${e.status.transaction_count} ${e.status.loading}`));
    host.onReload((e) => log.push(`onReload ${e.kind}`));
    expect(host.status().loading).toBe(false);

    await host.reload();
    expect(log).toEqual(['event loading g0 t0 true', 'load true true', 'onReload reload', 'event reload g1 t10 false']);
    expect(host.loading).toBe(false);

    log.length = 0;
    const out = await host.reload();
    expect(out.status).toMatchObject({ generation: 2, transaction_count: 20, loading: false });
    expect(log).toEqual(['event loading g1 t10 true', 'load true true', 'onReload reload', 'event reload g2 t20 false']);
  });

  it('a failed reload ends loading with the problem event', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\n');
    const host = new LedgerHost(file, fakeLoad);
    await host.reload();
    fs.writeFileSync(file, 'throw broken ledger\n');
    const events: HostEvent[] = [];
    host.onEvent((e) => events.push(e));
    await host.reload();
    expect(events.map((e) => [e.kind, e.status.loading, e.status.problem?.message ?? null])).toEqual([
      ['loading', true, null],
      ['problem', false, 'broken ledger'],
    ]);
    expect(host.status()).toMatchObject({ generation: 1, loading: false, problem: { message: 'broken ledger' } });
  });

  it('stays loading across a queued follow-up load, so the indicator does not blink', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'x');
    const gates: Array<() => void> = [];
    let started = 0;
    const host = new LedgerHost(file, () => {
      const n = ++started;
      return new Promise<Snapshot>((resolve) => gates.push(() => resolve(markedSnapshot(n))));
    });
    const events: string[] = [];
    host.onEvent((e) => events.push(`${e.kind} g${e.status.generation} ${e.status.loading}`));
    const first = host.reload();
    await until(() => gates.length === 1); // the first load runs
    expect(host.loading).toBe(true);
    const second = host.reload();
    gates[0]();
    const firstOut = await first;
    // A follow-up is queued: the swap is announced, but a newer load is still to come.
    expect(firstOut.status).toMatchObject({ generation: 1, loading: true });
    await until(() => gates.length === 2);
    expect(host.loading).toBe(true);
    gates[1]();
    await second;
    expect(host.loading).toBe(false);
    expect(events).toEqual(['loading g0 true', 'reload g1 true', 'loading g1 true', 'reload g2 false']);
  });

  it('onEvent listeners unsubscribe, and a failing one does not stop the load', async () => {
    tmp = tempDir();
    const file = tmp.write('main.bean', 'txn a\n');
    const failures: unknown[] = [];
    const host = new LedgerHost(file, fakeLoad, { onListenerError: (e) => failures.push(e) });
    host.onEvent(() => {
      throw new Error('listener bug');
    });
    const kinds: string[] = [];
    const off = host.onEvent((e) => kinds.push(e.kind));
    await host.reload();
    off();
    await host.reload();
    expect(kinds).toEqual(['loading', 'reload']);
    expect(failures).toHaveLength(4);
    expect(host.generation).toBe(2);
  });
});
