/**
 * The bench's HTTP client (main/bench/server-child.ts `call`): answers read whole, a request
 * stopped by the caller's signal or by the bench's time limit, and nothing left registered on the
 * caller's signal once an answer is read (a light stream makes tens of thousands of calls with
 * one signal: per-call AbortSignal.any/timeout stalled the bench's event loop for seconds).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NetworkError, SERVER_LIMITS } from '../../../main/bench/server-child';

let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/hang') return; // never answered
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, method: req.method }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('call', () => {
  it('reads and parses an answer, or only counts it', async () => {
    const r = await call(`${base}/a?b=1`, { body: { q: 1 } });
    // {"path":"/a?b=1","method":"POST"} is 33 bytes, {"path":"/a","method":"GET"} 28.
    expect(r).toEqual({ status: 200, body: { path: '/a?b=1', method: 'POST' }, bytes: 33 });
    const counted = await call(`${base}/a`, { parse: false });
    expect(counted).toEqual({ status: 200, body: null, bytes: 28 });
  });

  it("stops when the caller's signal aborts, and leaves no listener on it after answers", async () => {
    const ctl = new AbortController();
    for (let i = 0; i < 200; i++) await call(`${base}/x`, { signal: ctl.signal, parse: false });
    expect(getEventListeners(ctl.signal, 'abort')).toHaveLength(0);
    const t0 = performance.now();
    const pending = call(`${base}/hang`, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(getEventListeners(ctl.signal, 'abort')).toHaveLength(0);
    // Already aborted: no request waits.
    await expect(call(`${base}/hang`, { signal: ctl.signal })).rejects.toBeInstanceOf(NetworkError);
  });

  it("stops at the bench's time limit", async () => {
    const limits = SERVER_LIMITS as { requestTimeoutMs: number };
    const saved = limits.requestTimeoutMs;
    limits.requestTimeoutMs = 100;
    try {
      const t0 = performance.now();
      await expect(call(`${base}/hang`)).rejects.toThrow(/no answer within 100 ms/);
      expect(performance.now() - t0).toBeLessThan(2000);
    } finally {
      limits.requestTimeoutMs = saved;
    }
  });
});
