import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LedgerHost } from '../../../main/host';
import { createApp, type RouteModule } from '../../../main/server/app';
import { forward } from '../../../main/server/forward';
import { readJsonObject } from '../../../main/server/http-errors';
import { fakeLoad, tempDir } from '../fake-ledger';

const echo: RouteModule = (routes, server) =>
  routes.post('/api/test/echo', async (c) => ({ data: await readJsonObject(c.event, server.bodyLimit) }));

async function setup(auth = false) {
  const tmp = tempDir();
  const ledger = tmp.write('main.bean', 'txn a\ntxn b\ndocument doc.pdf\n');
  fs.writeFileSync(tmp.dir + '/doc.pdf', Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]));
  const host = new LedgerHost(ledger, fakeLoad);
  await host.reload();
  const app = createApp(host, { routes: [echo], auth: auth ? { username: 'u', password: 'p' } : null });
  return { app, tmp };
}

describe('forward (in-process IPC core)', () => {
  it('runs a GET through the same router and returns status, headers and text body', async () => {
    const { app, tmp } = await setup();
    const res = await forward(app, { method: 'GET', path: '/api/status' });
    expect(res.status).toBe(200);
    expect(res.encoding).toBe('utf8');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body).data).toMatchObject({ generation: 1, transaction_count: 2 });
    tmp.cleanup();
  });

  it('sends a JSON body and gets the same validation answers as HTTP', async () => {
    const { app, tmp } = await setup();
    const ok = await forward(app, {
      method: 'POST',
      path: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"SELECT date"}',
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ data: { query: 'SELECT date' } });
    const bad = await forward(app, { method: 'POST', path: '/api/test/echo', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).message).toMatch(/^malformed JSON in request body/);
    const notFound = await forward(app, { method: 'GET', path: '/api/nope?x=1' });
    expect(notFound.status).toBe(404);
    expect(JSON.parse(notFound.body)).toEqual({ message: 'no API endpoint GET /api/nope' });
    tmp.cleanup();
  });

  it('carries binary documents as base64', async () => {
    const { app, tmp } = await setup();
    const res = await forward(app, { method: 'GET', path: '/api/documents/file?path=doc.pdf' });
    expect(res.status).toBe(200);
    expect(res.encoding).toBe('base64');
    expect([...Buffer.from(res.body, 'base64')]).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]);
    tmp.cleanup();
  });

  it('applies authentication unless the caller is the trusted shell', async () => {
    const { app, tmp } = await setup(true);
    const anonymous = await forward(app, { method: 'GET', path: '/api/status' });
    expect(anonymous.status).toBe(401);
    const withBasic = await forward(app, {
      method: 'GET',
      path: '/api/status',
      headers: { authorization: 'Basic ' + Buffer.from('u:p').toString('base64') },
    });
    expect(withBasic.status).toBe(200);
    const trusted = await forward(app, { method: 'GET', path: '/api/status' }, { trusted: true });
    expect(trusted.status).toBe(200);
    tmp.cleanup();
  });

  it('refuses paths that could change the origin, and event streams', async () => {
    const { app, tmp } = await setup();
    for (const path of ['api/status', '//evil.example/api', '@evil.example/api']) {
      const res = await forward(app, { method: 'GET', path });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).message).toMatch(/^forwarded path must start with a single '\/'/);
    }
    const events = await forward(app, { method: 'GET', path: '/api/events' });
    expect(events.status).toBe(501);
    expect(JSON.parse(events.body)).toEqual({
      message: 'event streams are not available over IPC: subscribe to reload events in the shell',
    });
    tmp.cleanup();
  });
});
