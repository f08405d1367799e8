import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAuthSetting, Authenticator } from '../../../main/server/auth';
import { basic, start, type Running } from './harness';

let run: Running | null = null;
afterEach(async () => {
  await run?.stop();
  run = null;
});

const AUTH = { username: 'alice', password: 's3cret:with:colons' };

/** Every kind of route: API, parameterized 404, documents, events, static page, unknown method. */
const ROUTES: Array<[string, string]> = [
  ['GET', '/api/status'],
  ['GET', '/api/events'],
  ['GET', '/api/documents/file?path=a.pdf'],
  ['GET', '/api/no/such/endpoint'],
  ['POST', '/api/status'],
  ['GET', '/'],
  ['GET', '/explore'],
  ['GET', '/assets/app.js'],
];

describe('parseAuthSetting', () => {
  it('splits at the first colon and treats empty as off', () => {
    expect(parseAuthSetting(undefined)).toBeNull();
    expect(parseAuthSetting('')).toBeNull();
    expect(parseAuthSetting('bob:pa:ss')).toEqual({ username: 'bob', password: 'pa:ss' });
    expect(parseAuthSetting('bob:')).toEqual({ username: 'bob', password: '' });
    expect(() => parseAuthSetting('nocolon')).toThrow(/user:password/);
    expect(() => parseAuthSetting(':pw')).toThrow(/user:password/);
  });

  it('compares both fields', () => {
    const a = new Authenticator(AUTH);
    expect(a.credentialsMatch('alice', 's3cret:with:colons')).toBe(true);
    expect(a.credentialsMatch('alice', 's3cret')).toBe(false);
    expect(a.credentialsMatch('mallory', 's3cret:with:colons')).toBe(false);
    expect(a.credentialsMatch('', '')).toBe(false);
  });
});

// Whether dist/renderer is built must not change these tests: point the app at an empty folder.
const NO_RENDERER = '/nonexistent/renderer-not-built';

describe('authentication over HTTP', () => {
  it('answers 401 JSON with a Basic challenge on every route without credentials', async () => {
    run = await start({ auth: AUTH });
    for (const [method, path] of ROUTES) {
      const res = await fetch(run.url + path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="ledger"/);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: 'authentication required: sign in or send HTTP Basic credentials' });
    }
  });

  it('answers 401 for wrong Basic credentials and lets correct ones through on every route', async () => {
    run = await start({ auth: AUTH, authOptions: { maxFailures: 1000 }, rendererDir: NO_RENDERER });
    for (const [method, path] of ROUTES) {
      const wrong = await fetch(run.url + path, { method, headers: { authorization: basic('alice', 'nope') } });
      expect(wrong.status, `${method} ${path}`).toBe(401);
      expect(await wrong.json()).toEqual({ message: 'wrong username or password' });
      const garbage = await fetch(run.url + path, { method, headers: { authorization: 'Bearer xyz' } });
      expect(garbage.status).toBe(401);
    }
    const ok = await fetch(run.url + '/api/status', { headers: { authorization: basic(AUTH.username, AUTH.password) } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.transaction_count).toBe(1);
    // Through auth, unknown endpoints and the unbuilt renderer answer as usual.
    const headers = { authorization: basic(AUTH.username, AUTH.password) };
    expect((await fetch(run.url + '/api/no/such/endpoint', { headers })).status).toBe(404);
    expect((await fetch(run.url + '/api/status', { method: 'POST', headers })).status).toBe(405);
    const page = await fetch(run.url + '/explore', { headers, method: 'GET' });
    expect(page.status).toBe(503);
  });

  it('signs in with JSON, uses the HttpOnly SameSite=Strict cookie, signs out', async () => {
    run = await start({ auth: AUTH, rendererDir: NO_RENDERER });
    const login = await fetch(run.url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: AUTH.password }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ data: { auth_required: true, authenticated: true } });
    const setCookie = login.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^ledger_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    const cookie = setCookie.split(';')[0];

    const status = await fetch(run.url + '/api/status', { headers: { cookie } });
    expect(status.status).toBe(200);
    const events = await fetch(run.url + '/api/events', { headers: { cookie } });
    expect(events.status).toBe(200);
    await events.body?.cancel();
    expect((await fetch(run.url + '/', { headers: { cookie } })).status).toBe(503); // renderer not built, but past auth

    const forged = await fetch(run.url + '/api/status', { headers: { cookie: 'ledger_session=' + 'A'.repeat(43) } });
    expect(forged.status).toBe(401);

    const logout = await fetch(run.url + '/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ data: { auth_required: true, authenticated: false } });
    expect(logout.headers.get('set-cookie')).toMatch(/^ledger_session=; .*Max-Age=0/);
    const after = await fetch(run.url + '/api/status', { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('rejects a wrong JSON sign-in and malformed sign-in bodies', async () => {
    run = await start({ auth: AUTH });
    const post = (body: string, type = 'application/json') =>
      fetch(run!.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': type }, body });
    const wrong = await post(JSON.stringify({ username: 'alice', password: 'x' }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.json()).toEqual({ message: 'wrong username or password' });
    const missing = await post(JSON.stringify({ username: 'alice' }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('login body must be {"username": string, "password": string}');
    expect((await post('{"username": ')).status).toBe(400);
    expect((await post('username=alice', 'application/x-www-form-urlencoded')).status).toBe(415);
  });

  it('rate-limits failed attempts per address with 429, then recovers after the window', async () => {
    let clock = 1_000_000;
    run = await start({ auth: AUTH, authOptions: { maxFailures: 3, windowMs: 60_000, now: () => clock } });
    const wrong = { authorization: basic('alice', 'guess') };
    const right = { authorization: basic(AUTH.username, AUTH.password) };
    for (let i = 0; i < 3; i++) expect((await fetch(run.url + '/api/status', { headers: wrong })).status).toBe(401);
    clock += 20_000;
    const blocked = await fetch(run.url + '/api/status', { headers: wrong });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('40');
    expect(await blocked.json()).toEqual({
      message: 'too many failed sign-in attempts from this address: try again in 40 s',
    });
    // Even the right password is refused while blocked (else guessing would go on), also via login.
    expect((await fetch(run.url + '/api/status', { headers: right })).status).toBe(429);
    const login = await fetch(run.url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(AUTH),
    });
    expect(login.status).toBe(429);
    // No credentials at all is not an attempt: still the plain 401.
    expect((await fetch(run.url + '/api/status')).status).toBe(401);
    clock += 40_000; // the first failure leaves the 60 s window
    expect((await fetch(run.url + '/api/status', { headers: right })).status).toBe(200);
  });

  it('a session signed in before a lock-out keeps working during it', async () => {
    const clock = 5_000_000;
    run = await start({ auth: AUTH, authOptions: { maxFailures: 2, now: () => clock } });
    const login = await fetch(run.url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(AUTH),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    for (let i = 0; i < 3; i++) await fetch(run.url + '/api/status', { headers: { authorization: basic('x', 'y') } });
    expect((await fetch(run.url + '/api/status', { headers: { authorization: basic('x', 'y') } })).status).toBe(429);
    expect((await fetch(run.url + '/api/status', { headers: { cookie } })).status).toBe(200);
  });

  it('sessions expire', async () => {
    let clock = 0;
    run = await start({ auth: AUTH, authOptions: { sessionMs: 1000, now: () => clock } });
    const login = await fetch(run.url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(AUTH),
    });
    expect(login.headers.get('set-cookie')).toMatch(/Max-Age=1$/);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect((await fetch(run.url + '/api/status', { headers: { cookie } })).status).toBe(200);
    clock = 1000;
    expect((await fetch(run.url + '/api/status', { headers: { cookie } })).status).toBe(401);
  });

  it('without SVC_AUTH everything is open and login reports that', async () => {
    run = await start({});
    expect((await fetch(run.url + '/api/status')).status).toBe(200);
    const login = await fetch(run.url + '/api/auth/login', { method: 'POST' });
    expect(await login.json()).toEqual({ data: { auth_required: false, authenticated: true } });
  });

  it('covers document downloads: a listed document needs credentials too', async () => {
    run = await start({ auth: AUTH, ledgerText: 'document docs/a.pdf\n' });
    fs.mkdirSync(run.tmp.dir + '/docs');
    fs.writeFileSync(run.tmp.dir + '/docs/a.pdf', '%PDF-1.4');
    await run.host.reload();
    expect((await fetch(run.url + '/api/documents/file?path=docs/a.pdf')).status).toBe(401);
    const ok = await fetch(run.url + '/api/documents/file?path=docs/a.pdf', {
      headers: { authorization: basic(AUTH.username, AUTH.password) },
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('%PDF-1.4');
  });
});
