import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteModule } from '../../../main/server/app';
import { ApiError, readJsonObject } from '../../../main/server/http-errors';
import { start, type Running } from './harness';

let run: Running | null = null;
afterEach(async () => {
  await run?.stop();
  run = null;
});

class QueryError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly column: number | null,
  ) {
    super(message);
    this.name = 'QueryError';
  }
}

/** Test endpoints: echo a JSON object; throw the kinds of errors handlers throw. */
const testRoutes: RouteModule = (routes, server) => {
  routes.post('/api/test/echo', async (c) => ({ data: await readJsonObject(c.event, server.bodyLimit) }));
  routes.get('/api/test/boom', () => {
    throw new Error('secret internal detail /home/user/.ledger');
  });
  routes.get('/api/test/teapot', () => {
    throw new ApiError(418, 'short and stout');
  });
  routes.get('/api/test/query-error', () => {
    throw new QueryError("unknown column 'foo'", 1, 8);
  });
  routes.get('/api/test/items/:id', (c) => ({ data: c.event.context.params?.id }));
};

const LIMIT = 1000;

async function post(body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await fetch(run!.url + '/api/test/echo', { method: 'POST', headers, body });
  return { status: res.status, body: await res.json() };
}

/** Raw request, for what fetch will not send (other Host headers, chunked bodies). */
function raw(options: http.RequestOptions, chunks: string[] = []): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(run!.url);
    const req = http.request({ hostname: url.hostname, port: url.port, ...options }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('JSON request bodies', () => {
  it('accepts a JSON object and echoes it', async () => {
    run = await start({ routes: [testRoutes], bodyLimit: LIMIT });
    expect(await post('{"query": "SELECT 1", "count_total": true}')).toEqual({
      status: 200,
      body: { data: { query: 'SELECT 1', count_total: true } },
    });
    const withCharset = await post('{"a":1}', { 'content-type': 'application/json; charset=UTF-8' });
    expect(withCharset.status).toBe(200);
  });

  it('reports malformed JSON with line and column', async () => {
    run = await start({ routes: [testRoutes], bodyLimit: LIMIT });
    const bad = await post('{\n  "query": "x",\n  oops\n}');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^malformed JSON in request body at line 3, column 3: /);
    const truncated = await post('{"query": ');
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toMatch(/^malformed JSON in request body/);
  });

  it('rejects empty bodies, non-objects and invalid UTF-8 with 400', async () => {
    run = await start({ routes: [testRoutes], bodyLimit: LIMIT });
    expect(await post('')).toEqual({ status: 400, body: { message: 'request body is empty: expected a JSON object' } });
    expect(await post('[1,2]')).toEqual({ status: 400, body: { message: 'request body must be a JSON object, got an array' } });
    expect(await post('null')).toEqual({ status: 400, body: { message: 'request body must be a JSON object, got null' } });
    expect(await post('"text"')).toEqual({ status: 400, body: { message: 'request body must be a JSON object, got a string' } });
    expect(await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).toEqual({
      status: 400,
      body: { message: 'request body is not valid UTF-8' },
    });
  });

  it('rejects other content types with 415 naming what was sent', async () => {
    run = await start({ routes: [testRoutes], bodyLimit: LIMIT });
    expect(await post('{"a":1}', { 'content-type': 'text/plain' })).toEqual({
      status: 415,
      body: { message: "request body must be JSON: send 'Content-Type: application/json' (got 'text/plain')" },
    });
    const none = await raw({ method: 'POST', path: '/api/test/echo', headers: { 'content-length': '7' } }, ['{"a":1}']);
    expect(none.status).toBe(415);
    expect(JSON.parse(none.body).message).toContain('(got none)');
  });

  it('rejects bodies over the limit with 413, by Content-Length and while streaming', async () => {
    run = await start({ routes: [testRoutes], bodyLimit: LIMIT });
    const big = JSON.stringify({ query: 'x'.repeat(LIMIT) });
    const declared = await post(big);
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ message: 'request body too large: at most 1000 bytes (1000 bytes) are accepted' });
    // Chunked: no Content-Length, so the limit must hold while reading.
    const chunked = await raw(
      { method: 'POST', path: '/api/test/echo', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
      ['{"query": "', 'y'.repeat(600), 'y'.repeat(600), '"}'],
    );
    expect(chunked.status).toBe(413);
    const atLimit = JSON.stringify({ q: 'z'.repeat(LIMIT - 8) });
    expect(atLimit.length).toBe(LIMIT);
    expect((await post(atLimit)).status).toBe(200);
  });

  it('uses 1 MiB as the default limit', async () => {
    run = await start({ routes: [testRoutes] });
    const justOver = JSON.stringify({ q: 'z'.repeat(1024 * 1024 - 7) });
    expect(justOver.length).toBe(1024 * 1024 + 1);
    const res = await post(justOver);
    expect(res).toEqual({ status: 413, body: { message: 'request body too large: at most 1048576 bytes (1 MiB) are accepted' } });
  });
});

describe('error answers', () => {
  it('404 JSON for unknown API paths, 405 JSON with Allow for a known path with another method', async () => {
    run = await start({ routes: [testRoutes] });
    const missing = await fetch(run.url + '/api/nothing/here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'no API endpoint GET /api/nothing/here' });
    const wrongMethod = await fetch(run.url + '/api/test/echo');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await wrongMethod.json()).toEqual({ message: 'method GET is not allowed for /api/test/echo (allowed: POST)' });
    const param = await fetch(run.url + '/api/test/items/42', { method: 'DELETE' });
    expect(param.status).toBe(405);
    expect(param.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(run.url + '/api/test/items/42')).status).toBe(200);
    const staticPost = await fetch(run.url + '/explore', { method: 'POST' });
    expect(staticPost.status).toBe(405);
    expect(staticPost.headers.get('allow')).toBe('GET, HEAD');
  });

  it('hides unexpected errors behind a 500 and logs them', async () => {
    const logged: unknown[] = [];
    run = await start({ routes: [testRoutes], log: (e) => logged.push(e) });
    const res = await fetch(run.url + '/api/test/boom');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ message: 'internal server error (details are in the server log)' });
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(logged).toHaveLength(1);
    expect((logged[0] as Error).message).toBe('secret internal detail /home/user/.ledger');
    // The server is still answering.
    expect((await fetch(run.url + '/api/status')).status).toBe(200);
  });

  it('passes ApiError status and message; a QueryError becomes the query 400 body', async () => {
    run = await start({ routes: [testRoutes] });
    const tea = await fetch(run.url + '/api/test/teapot');
    expect(tea.status).toBe(418);
    expect(await tea.json()).toEqual({ message: 'short and stout' });
    const q = await fetch(run.url + '/api/test/query-error');
    expect(q.status).toBe(400);
    expect(await q.json()).toEqual({ message: "unknown column 'foo'", line: 1, column: 8 });
  });

  it('answers a malformed URL with 400 JSON', async () => {
    run = await start({});
    const res = await raw({ method: 'GET', path: '/api/status%' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: 'malformed request URL' });
  });

  it('refuses requests addressed to another host name (DNS rebinding) with 403', async () => {
    run = await start({});
    const evil = await raw({ method: 'GET', path: '/api/status', headers: { host: 'evil.example:80' } });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body)).toEqual({ message: 'this server only answers requests addressed to 127.0.0.1 or localhost' });
    const local = await raw({ method: 'GET', path: '/api/status', headers: { host: 'localhost:1234' } });
    expect(local.status).toBe(200);
  });

  it('answers 503 with the reason while no ledger is loaded', async () => {
    run = await start({ loadFirst: false, routes: [(r) => r.get('/api/test/needs-ledger', (c) => c.snapshot.files)] });
    const res = await fetch(run.url + '/api/test/needs-ledger');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'the ledger is not loaded yet' });
    const status = await (await fetch(run.url + '/api/status')).json();
    expect(status.data).toMatchObject({ generation: 0, loaded_at: null });
  });
});
