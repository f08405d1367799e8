/**
 * The main thread's forwarder in front of a stand-in pool that counts the requests reaching it:
 * answers from the response cache, a reload and a new quarter hour making it ask again,
 * authentication before the cache, identical requests in flight sharing one worker request (and
 * cancelled only when all their clients went away), errors never kept, and a body of many chunks
 * streamed to a slow client as the socket drains.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerHost } from '../../../main/host';
import { createApp } from '../../../main/server/app';
import { listen, type Listening } from '../../../main/server/listen';
import { poolForwarder, streamOf, type RequestPool } from '../../../main/engine/forward';
import type { EngineRequest, EngineResponse } from '../../../main/engine/pool';
import { EPOCH_MS } from '../../../main/server/response-cache';
import { fakeLoad, tempDir, type TempDir } from '../fake-ledger';

const JSON_HEADERS: Array<[string, string]> = [['content-type', 'application/json; charset=utf-8']];

/** Answers `{"data":{"n":N,"path":...,"gen":G}}`, N counting the requests that reached it. */
class CountingPool implements RequestPool {
  generation = 1;
  requests: EngineRequest[] = [];
  signals: (AbortSignal | undefined)[] = [];
  /** When set, requests wait for release() before answering. */
  held: Array<() => void> | null = null;
  status = 200;
  async request(req: EngineRequest, signal?: AbortSignal): Promise<EngineResponse> {
    this.requests.push(req);
    this.signals.push(signal);
    const n = this.requests.length;
    const gen = this.generation;
    if (this.held) await new Promise<void>((r) => this.held!.push(r));
    const body = JSON.stringify(this.status === 200 ? { data: { n, path: req.path, gen } } : { message: 'the query ran longer than the 10 s time limit' });
    return { status: this.status, headers: JSON_HEADERS, body: [new TextEncoder().encode(body).buffer as ArrayBuffer] };
  }
  release(): void {
    const waiting = this.held ?? [];
    this.held = null;
    for (const r of waiting) r();
  }
}

let tmp: TempDir | null = null;
let server: Listening | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  tmp?.cleanup();
  tmp = null;
});

async function appWith(pool: RequestPool, opts: { auth?: boolean; now?: () => number } = {}) {
  tmp = tempDir();
  const host = new LedgerHost(tmp.write('main.bean', 'txn one\n'), fakeLoad);
  await host.reload();
  const forwarder = poolForwarder(pool, { cache: { now: opts.now } });
  const app = createApp(host, {
    engine: forwarder,
    auth: opts.auth ? { username: 'alice', password: 'pw' } : null,
    log: () => undefined,
  });
  const send = async (path: string, init: RequestInit = {}) => {
    const res = await app.fetch(new Request('http://127.0.0.1' + path, init));
    return { status: res.status, body: (await res.json()) as any };
  };
  return { app, forwarder, send };
}

const postQuery = (query: string, contentType = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': contentType },
  body: JSON.stringify({ query }),
});

describe('poolForwarder with the response cache', () => {
  it('answers a repeated GET and a repeated query body from memory; other paths, bodies and types reach the pool', async () => {
    const pool = new CountingPool();
    const { send } = await appWith(pool);
    expect((await send('/api/errors?page=1')).body.data).toEqual({ n: 1, path: '/api/errors?page=1', gen: 1 });
    expect((await send('/api/errors?page=1')).body.data.n).toBe(1);
    expect((await send('/api/errors?page=2')).body.data.n).toBe(2);
    expect((await send('/api/query', postQuery('SELECT 1'))).body.data.n).toBe(3);
    expect((await send('/api/query', postQuery('SELECT 1'))).body.data.n).toBe(3);
    expect((await send('/api/query', postQuery('SELECT 2'))).body.data.n).toBe(4);
    expect((await send('/api/query', postQuery('SELECT 1', 'text/plain'))).body.data.n).toBe(5);
    // Not listed: asked every time.
    expect((await send('/api/test/who')).body.data.n).toBe(6);
    expect((await send('/api/test/who')).body.data.n).toBe(7);
    expect(pool.requests.length).toBe(7);
  });

  it('asks the pool again after a reload publishes a new generation', async () => {
    const pool = new CountingPool();
    const { send } = await appWith(pool);
    expect((await send('/api/journals?page=1')).body.data).toMatchObject({ n: 1, gen: 1 });
    pool.generation = 2;
    expect((await send('/api/journals?page=1')).body.data).toMatchObject({ n: 2, gen: 2 });
    expect((await send('/api/journals?page=1')).body.data).toMatchObject({ n: 2, gen: 2 });
  });

  it('asks again for a date-dependent answer once a new quarter hour (hence possibly a new day) starts', async () => {
    const pool = new CountingPool();
    let now = Date.UTC(2026, 10, 25, 23, 50);
    const { send } = await appWith(pool, { now: () => now });
    const path = '/api/filter/time?time=month';
    expect((await send(path)).body.data.n).toBe(1);
    now += 9 * 60 * 1000; // 23:59, same quarter hour
    expect((await send(path)).body.data.n).toBe(1);
    now = Date.UTC(2026, 10, 26, 0, 0) + 1; // the next day
    expect(now % EPOCH_MS).toBe(1);
    expect((await send(path)).body.data.n).toBe(2);
  });

  it('checks credentials before the cache: a kept answer is never given to a client without them', async () => {
    const pool = new CountingPool();
    const { send } = await appWith(pool, { auth: true });
    const auth = { authorization: 'Basic ' + Buffer.from('alice:pw').toString('base64') };
    expect((await send('/api/errors', { headers: auth })).status).toBe(200);
    const refused = await send('/api/errors');
    expect(refused.status).toBe(401);
    expect(refused.body.data).toBeUndefined();
    expect((await send('/api/errors', { headers: { authorization: 'Basic ' + Buffer.from('alice:no').toString('base64') } })).status).toBe(401);
    expect((await send('/api/errors', { headers: auth })).body.data.n).toBe(1);
    expect(pool.requests.length).toBe(1);
    // The worker never sees the credentials.
    expect(pool.requests[0].headers.some(([name]) => name === 'authorization')).toBe(false);
  });

  it('answers a kept request after a turn of the event loop, so a caller looping in process lets timers and worker messages run', async () => {
    const pool = new CountingPool();
    const { send } = await appWith(pool);
    await send('/api/errors');
    let fired = false;
    setTimeout(() => (fired = true), 0);
    // Bounded: answered in promise jobs alone, this loop would run all 2000 times, the timer never.
    let n = 0;
    while (!fired && n < 2000) {
      await send('/api/errors');
      n++;
    }
    expect(fired).toBe(true);
    expect(n).toBeLessThan(2000);
    expect(pool.requests.length).toBe(1);
  });

  it('never keeps an error such as the time limit', async () => {
    const pool = new CountingPool();
    const { send } = await appWith(pool);
    pool.status = 400;
    expect((await send('/api/query', postQuery('SELECT slow'))).status).toBe(400);
    pool.status = 200;
    expect((await send('/api/query', postQuery('SELECT slow'))).body.data.n).toBe(2);
  });

  it('sends identical requests in flight to the pool once and answers every client', async () => {
    const pool = new CountingPool();
    pool.held = [];
    const { send } = await appWith(pool);
    const answers = Promise.all(Array.from({ length: 5 }, () => send('/api/statistic/summary?from=2024-01-01')));
    const other = send('/api/query/saved');
    await until(() => pool.requests.length === 2);
    await new Promise((r) => setTimeout(r, 20));
    expect(pool.requests.length).toBe(2);
    pool.release();
    expect((await answers).map((a) => a.body.data.n)).toEqual([1, 1, 1, 1, 1]);
    expect((await other).body.data.n).toBe(2);
  });

  it('cancels a shared request only when every client waiting for it has gone', async () => {
    const pool = new CountingPool();
    pool.held = [];
    const { app } = await appWith(pool);
    const clients = [new AbortController(), new AbortController()];
    const replies = clients.map((c) => app.fetch(new Request('http://127.0.0.1/api/holdings', { signal: c.signal })));
    await until(() => pool.requests.length === 1);
    clients[0].abort();
    await new Promise((r) => setTimeout(r, 20));
    expect(pool.signals[0]?.aborted).toBe(false);
    clients[1].abort();
    await until(() => pool.signals[0]?.aborted === true);
    // A new request starts a new flight rather than joining the abandoned one.
    const third = app.fetch(new Request('http://127.0.0.1/api/holdings'));
    await until(() => pool.requests.length === 2);
    pool.release();
    expect(((await (await third).json()) as any).data.n).toBe(2);
    await Promise.allSettled(replies);
  });

  it('streams a body of many chunks to a slow client as its socket drains, and answers others meanwhile', async () => {
    // 256 chunks of 256 KiB (64 MiB): far more than the socket and kernel buffers hold. The
    // proxy records how far the writer has read the list.
    const CHUNK = 256 * 1024;
    const COUNT = 256;
    const one = new Uint8Array(CHUNK).fill(65).buffer as ArrayBuffer;
    let pulled = 0;
    const chunks = new Proxy(Array.from({ length: COUNT }, () => one), {
      get(target, p, receiver) {
        if (typeof p === 'string' && /^\d+$/.test(p)) pulled = Math.max(pulled, Number(p) + 1);
        return Reflect.get(target, p, receiver);
      },
    });
    const pool: RequestPool = {
      generation: 1,
      async request(req) {
        if (req.path === '/api/big') return { status: 200, headers: [['content-type', 'text/plain']], body: chunks };
        return { status: 200, headers: JSON_HEADERS, body: [new TextEncoder().encode('{"data":1}').buffer as ArrayBuffer] };
      },
    };
    const { app } = await appWith(pool);
    server = await listen(app, { port: 0 });
    const url = new URL(server.url);
    const big = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: url.hostname, port: url.port, path: '/api/big' }, resolve).on('error', reject),
    );
    big.pause();
    await new Promise((r) => setTimeout(r, 500));
    // Not read by its client: the server has stopped at what the buffers hold, not queued 64 MiB.
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(COUNT / 2);
    const t0 = performance.now();
    const light = await fetch(`${server.url}/api/errors`);
    expect(light.status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(1000);
    let received = 0;
    big.on('data', (c: Buffer) => (received += c.length));
    big.resume();
    await new Promise((r) => big.on('end', r));
    expect(received).toBe(CHUNK * COUNT);
    expect(pulled).toBe(COUNT);
  });
});

describe('streamOf', () => {
  it('lets the event loop turn between two chunks, however fast they are read', async () => {
    // A reader that reads at once, as a socket writer whose writes the kernel accepts at once.
    const chunks = Array.from({ length: 50 }, (_, i) => new Uint8Array([i]).buffer as ArrayBuffer);
    let turns = 0;
    let stop = false;
    const tick = () => {
      turns++;
      if (!stop) setImmediate(tick);
    };
    setImmediate(tick);
    const reader = streamOf(chunks).getReader();
    const seen: Array<[number, number]> = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen.push([value[0], turns]);
    }
    stop = true;
    expect(seen.map(([v]) => v)).toEqual(chunks.map((_, i) => i));
    for (let i = 1; i < seen.length; i++) expect(seen[i][1]).toBeGreaterThan(seen[i - 1][1]);
  });
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
