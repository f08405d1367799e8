import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { REFUSED_SENDER, handleBridgeRequest, isTrustedSender, parseBridgeRequest } from '../../../main/electron/ipc';
import type { RouteModule } from '../../../main/server/app';
import { readJsonObject } from '../../../main/server/http-errors';
import { openLedgerService, type LedgerService } from '../../../main/start';
import { fakeLoad, tempDir, type TempDir } from '../fake-ledger';

const echo: RouteModule = (routes, server) =>
  routes.post('/api/test/echo', async (c) => ({ data: await readJsonObject(c.event, server.bodyLimit) }));

let tmp: TempDir;
let service: LedgerService;
afterEach(async () => {
  await service?.close();
  tmp?.cleanup();
});

async function setup(auth = false) {
  tmp = tempDir();
  const ledger = tmp.write('main.bean', 'txn a\ntxn b\ntxn c\ndocument doc.pdf\n');
  fs.writeFileSync(tmp.dir + '/doc.pdf', Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]));
  service = await openLedgerService({
    ledger,
    load: fakeLoad,
    watch: false,
    app: { routes: [echo], auth: auth ? { username: 'u', password: 'secret' } : null },
  });
  return service;
}

describe('parseBridgeRequest', () => {
  it('accepts GET, HEAD and POST on /api/ paths and serializes a POST body as JSON', () => {
    expect(parseBridgeRequest({ method: 'get', path: '/api/status' })).toEqual({ ok: true, request: { method: 'GET', path: '/api/status' } });
    expect(parseBridgeRequest({ method: 'POST', path: '/api/query', body: { query: 'SELECT 1', count_total: true } })).toEqual({
      ok: true,
      request: {
        method: 'POST',
        path: '/api/query',
        body: '{"query":"SELECT 1","count_total":true}',
        headers: { 'content-type': 'application/json' },
      },
    });
  });

  it('turns every malformed call into a 400 answer with a message', () => {
    const message = (payload: unknown) => {
      const r = parseBridgeRequest(payload);
      expect(r.ok).toBe(false);
      if (r.ok) return '';
      expect(r.response.status).toBe(400);
      return JSON.parse(r.response.body).message as string;
    };
    expect(message(null)).toBe('ledgerApi.request needs an object {method, path, body?}');
    expect(message('GET /api/status')).toBe('ledgerApi.request needs an object {method, path, body?}');
    expect(message({ method: 'DELETE', path: '/api/status' })).toBe('method must be GET, HEAD or POST (got "DELETE")');
    expect(message({ method: 1, path: '/api/status' })).toBe('method must be GET, HEAD or POST (got number)');
    expect(message({ method: 'GET', path: '/index.html' })).toBe('path must be an API path starting with /api/ (got "/index.html")');
    expect(message({ method: 'GET', path: 'http://evil/api/x' })).toBe('path must be an API path starting with /api/ (got "http://evil/api/x")');
    expect(message({ method: 'GET', path: '/api/' + 'x'.repeat(9000) })).toBe('path is longer than 8192 characters');
    expect(message({ method: 'GET', path: '/api/status', body: {} })).toBe('GET requests carry no body');
    expect(message({ method: 'POST', path: '/api/query', body: 10n })).toMatch(/^body is not a JSON value: /);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(message({ method: 'POST', path: '/api/query', body: cyclic })).toMatch(/^body is not a JSON value: /);
  });
});

describe('handleBridgeRequest (against the real router)', () => {
  it('answers like HTTP: status body, JSON echo, 404 and 405 JSON errors', async () => {
    const { app } = await setup();
    const status = await handleBridgeRequest(app, { method: 'GET', path: '/api/status' });
    expect(status.status).toBe(200);
    expect(JSON.parse(status.body).data).toMatchObject({ generation: 1, transaction_count: 3, file: tmp.dir + '/main.bean' });
    const echoed = await handleBridgeRequest(app, { method: 'POST', path: '/api/test/echo', body: { query: 'SELECT date', n: 1.5 } });
    expect(echoed.status).toBe(200);
    expect(JSON.parse(echoed.body)).toEqual({ data: { query: 'SELECT date', n: 1.5 } });
    const notFound = await handleBridgeRequest(app, { method: 'GET', path: '/api/nope' });
    expect(notFound.status).toBe(404);
    expect(JSON.parse(notFound.body)).toEqual({ message: 'no API endpoint GET /api/nope' });
    const wrongMethod = await handleBridgeRequest(app, { method: 'POST', path: '/api/status', body: {} });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD');
  });

  it('a POST without body gets the router’s own validation answer', async () => {
    const { app } = await setup();
    const res = await handleBridgeRequest(app, { method: 'POST', path: '/api/test/echo' });
    // Over HTTP a POST without a body and without content type gets the same 415.
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ message: "request body must be JSON: send 'Content-Type: application/json' (got none)" });
  });

  it('carries documents as base64', async () => {
    const { app } = await setup();
    const res = await handleBridgeRequest(app, { method: 'GET', path: '/api/documents/file?path=doc.pdf' });
    expect(res.status).toBe(200);
    expect(res.encoding).toBe('base64');
    expect([...Buffer.from(res.body, 'base64')]).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    const traversal = await handleBridgeRequest(app, { method: 'GET', path: '/api/documents/file?path=../etc/passwd' });
    expect(traversal.status).toBe(403);
  });

  it('skips SVC_AUTH for the app window (HTTP clients still need it)', async () => {
    const { app } = await setup(true);
    const viaIpc = await handleBridgeRequest(app, { method: 'GET', path: '/api/status' });
    expect(viaIpc.status).toBe(200);
    const viaHttp = await app.request(new Request('http://127.0.0.1/api/status'));
    expect(viaHttp.status).toBe(401);
  });

  it('refuses event streams (reloads come as pushed events) and answers 503 with no ledger', async () => {
    const { app } = await setup();
    const events = await handleBridgeRequest(app, { method: 'GET', path: '/api/events' });
    expect(events.status).toBe(501);
    const none = await handleBridgeRequest(null, { method: 'GET', path: '/api/status' });
    expect(none.status).toBe(503);
    expect(JSON.parse(none.body)).toEqual({ message: 'no ledger is open' });
  });
});

describe('isTrustedSender', () => {
  it('trusts only frames of the app origin', () => {
    expect(isTrustedSender('app://ledger/query')).toBe(true);
    expect(isTrustedSender('https://example.com/')).toBe(false);
    expect(isTrustedSender('file:///tmp/x.html')).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
    expect(REFUSED_SENDER.status).toBe(403);
  });
});
