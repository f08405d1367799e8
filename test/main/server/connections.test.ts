/**
 * The connection edge of listen(): header and request timeouts, the connection cap that evicts
 * idle connections instead of refusing real clients, and the graceful close. A plain h3 app keeps
 * these about the transport; traffic goes to 127.0.0.1 only and every wait is bounded.
 */
import net from 'node:net';
import { H3 } from 'h3';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listening } from '../../../main/server/listen';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Listening | null = null;
type TestSocket = net.Socket & { closedAt?: number; received: string };
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close(0);
  server = null;
});

function app(): H3 {
  return new H3()
    .get('/ping', () => 'pong')
    .get('/slow', async () => {
      await sleep(600);
      return 'slow done';
    })
    .post('/echo', async (event) => {
      // A body cut off by the request timeout rejects here; answer quietly (the socket is gone).
      const body = await event.req.text().catch(() => null);
      return body === null ? 'aborted' : `got ${body.length}`;
    });
}

/** A raw connection; resolves once connected. `closedAt` is set when the server drops it. */
function connect(port: number): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }) as TestSocket;
    socket.received = '';
    sockets.push(socket);
    socket.on('data', (d) => (socket.received += d.toString('latin1')));
    socket.on('close', () => (socket.closedAt = Date.now()));
    socket.on('error', () => {});
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await sleep(25);
  }
  return cond();
}

describe('listen: connection edge', () => {
  it('drops a slowloris client dripping one header byte at a time within the header timeout, answering others meanwhile', async () => {
    server = await listen(app(), { port: 0, headersTimeoutMs: 1500 });
    const slow = await connect(server.port);
    const started = Date.now();
    const text = 'GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: ' + 'a'.repeat(200);
    let i = 0;
    const drip = setInterval(() => {
      if (!slow.closedAt && i < text.length) slow.write(text[i++]);
    }, 100);
    try {
      const res = await fetch(server.url + '/ping');
      expect(await res.text()).toBe('pong');
      expect(await waitFor(() => slow.closedAt !== undefined, 4000)).toBe(true);
      // The deadline is checked once a second: dropped after 1.5 s, before 3 s.
      expect(slow.closedAt! - started).toBeGreaterThanOrEqual(1400);
      expect(slow.closedAt! - started).toBeLessThan(3200);
      expect(slow.received).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
    }
  });

  it('drops a request whose body never finishes within the request timeout', async () => {
    server = await listen(app(), { port: 0, headersTimeoutMs: 1000, requestTimeoutMs: 1500 });
    const s = await connect(server.port);
    const started = Date.now();
    s.write('POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n0123456789');
    expect(await waitFor(() => s.closedAt !== undefined, 4000)).toBe(true);
    expect(s.closedAt! - started).toBeGreaterThanOrEqual(1400);
    // A finished body on another connection is answered normally.
    const res = await fetch(server.url + '/echo', { method: 'POST', body: 'x'.repeat(100) });
    expect(await res.text()).toBe('got 100');
  });

  it('keeps idle and half-sent connections above the cap from locking a normal client out', async () => {
    server = await listen(app(), { port: 0, maxConnections: 20 });
    for (let i = 0; i < 30; i++) await connect(server.port);
    for (let i = 0; i < 10; i++) (await connect(server.port)).write('GET /ping HTTP/1.1\r\nHost: 1');
    expect(await waitFor(() => server!.connections() <= 20, 2000)).toBe(true);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(server.url + '/ping');
      expect(await res.text()).toBe('pong');
    }
    // The oldest idle connections were the ones dropped.
    expect(await waitFor(() => sockets[0].closedAt !== undefined, 2000)).toBe(true);
    expect(server.connections()).toBeLessThanOrEqual(20);
  });

  it('a connection answering a request is never evicted by newcomers', async () => {
    server = await listen(app(), { port: 0, maxConnections: 2 });
    const inFlight = fetch(server.url + '/slow').then((r) => r.text());
    await sleep(100);
    for (let i = 0; i < 5; i++) await connect(server.port).catch(() => null);
    expect(await inFlight).toBe('slow done');
  });

  it('close() lets a request in flight finish, ends idle connections, then stops accepting', async () => {
    server = await listen(app(), { port: 0 });
    const idle = await connect(server.port);
    const inFlight = fetch(server.url + '/slow').then((r) => r.text());
    await sleep(100);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await inFlight).toBe('slow done');
    expect(await waitFor(() => idle.closedAt !== undefined, 1000)).toBe(true);
    await expect(fetch(server.url + '/ping')).rejects.toThrow();
    server = null;
  });

  it('close(grace) cuts a request that overruns the grace period', async () => {
    server = await listen(app(), { port: 0 });
    const inFlight = fetch(server.url + '/slow').then(
      (r) => r.text(),
      () => 'cut',
    );
    await sleep(100);
    const started = Date.now();
    await server.close(100);
    expect(Date.now() - started).toBeLessThan(500);
    expect(await inFlight).toBe('cut');
    server = null;
  });
});
