/**
 * Fault suite, part 2: connection abuse against a served ledger (public start-up, engine in its
 * workers) while a normal client is answered, and the start-up refusals of a malformed SVC_AUTH.
 * Traffic to 127.0.0.1 only; every loop bounded in count and time.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, isStale, OUT_DIR } from '../../../main/cli/run.mjs';
import { ledgerText, serveLedger, sleep, type Served } from './served';

let s: Served;
const sockets: Array<net.Socket & { closedAt?: number }> = [];

beforeAll(async () => {
  // Short limits so the suite stays fast; the defaults are 20 s / 60 s / 256 (listen.ts).
  s = await serveLedger(ledgerText(3), { headersTimeoutMs: 1500, requestTimeoutMs: 2500, maxConnections: 64 });
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await s?.stop();
});

function open(): Promise<net.Socket & { closedAt?: number }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: s.server.port }) as net.Socket & { closedAt?: number };
    sockets.push(socket);
    socket.on('error', () => {});
    socket.on('data', (d) => ((socket as unknown as { got: string }).got = ((socket as unknown as { got?: string }).got ?? '') + d));
    socket.on('close', () => (socket.closedAt = Date.now()));
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(socket));
  });
}

describe('fault suite: connection abuse', () => {
  it('idle sockets, slow headers, unfinished and oversized bodies: the normal client is answered throughout', async () => {
    const idle = await Promise.all(Array.from({ length: 100 }, open));
    const slow = await Promise.all(Array.from({ length: 10 }, open));
    const drip = setInterval(() => {
      for (const socket of slow) if (!socket.closedAt) socket.write('X');
    }, 200);
    for (const socket of slow) socket.write('GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const slowSent = Date.now();
    const unfinished = await Promise.all(Array.from({ length: 10 }, open));
    const unfinishedSent = Date.now();
    for (const socket of unfinished) {
      socket.write('POST /api/query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"query": "SEL');
    }
    try {
      // Oversized: 2 MiB against the 1 MiB limit, on its own connection (the server answers
      // before the body is read, and the client may stop sending: that connection is done).
      const bigStatus = await new Promise<number | string>((resolve) => {
        const req = http.request(
          { host: '127.0.0.1', port: s.server.port, path: '/api/query', method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', (e) => resolve(e.message));
        req.end(JSON.stringify({ query: 'SELECT 1 -- ' + 'x'.repeat(2 * 1024 * 1024) }));
      });
      expect([413, 'write EPIPE', 'read ECONNRESET', 'socket hang up']).toContain(bigStatus);
      // The normal client: answered at once and correctly, ten times over.
      for (let i = 0; i < 10; i++) {
        const t = Date.now();
        expect(await s.served(), s.lastFailure()).toBe(3);
        expect(Date.now() - t).toBeLessThan(3000);
      }
      // Slow and unfinished requests are dropped within their timeouts (checked once a second).
      // Bounds: the timeout, plus the 1 s check interval, plus slack for a loaded CI machine.
      const deadline = Date.now() + 8000;
      while ([...slow, ...unfinished].some((x) => !x.closedAt) && Date.now() < deadline) await sleep(100);
      const slowMs = slow.map((x) => (x.closedAt ?? Infinity) - slowSent);
      const unfinishedMs = unfinished.map((x) => (x.closedAt ?? Infinity) - unfinishedSent);
      expect(Math.max(...slowMs), `slow headers dropped after ${slowMs} ms`).toBeLessThan(1500 + 1000 + 2500);
      expect(Math.max(...unfinishedMs), `unfinished bodies dropped after ${unfinishedMs} ms; got ${(unfinished[0] as unknown as { got?: string }).got}`).toBeLessThan(2500 + 1000 + 2500);
      // Above the cap of 64, the oldest idle sockets were dropped, not the clients.
      expect(idle.filter((x) => x.closedAt !== undefined).length).toBeGreaterThanOrEqual(100 - 64);
      expect(s.server.connections()).toBeLessThanOrEqual(64);
      expect(await s.served()).toBe(3);
    } finally {
      clearInterval(drip);
    }
  });
});

describe('fault suite: malformed SVC_AUTH refuses to start', () => {
  beforeAll(async () => {
    if (isStale()) await build();
  }, 120_000);

  it.each(['user:', ':password', 'no-colon', ':'])('SVC_AUTH=%s exits 2 without serving', async (value) => {
    const proc = spawn(process.execPath, [path.join(OUT_DIR, 'serve.js'), '--port', '0'], {
      env: { ...process.env, SVC_AUTH: value },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    expect(code).toBe(2);
    expect(out).toContain('error: SVC_AUTH must be written user:password (user and password not empty)');
    expect(out).not.toContain('http://127.0.0.1');
  });
});
