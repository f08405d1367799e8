import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAuthSetting, Authenticator, FailureDelay } from '../../../main/server/auth';
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
    expect(parseAuthSetting('bob:x')).toEqual({ username: 'bob', password: 'x' });
    // An empty password would admit anyone sending an empty password: refused like the others.
    expect(() => parseAuthSetting('bob:')).toThrow(/user and password not empty/);
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
    run = await start({ auth: AUTH, authOptions: { freeFailures: 1000 }, rendererDir: NO_RENDERER });
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

  it('slows wrong attempts down (growing, capped, one after another) but admits the right credentials at once', async () => {
    // 2 free failures, then 100, 200, 400, 400 ms ... (doubling from 100 ms, capped at 400 ms).
    run = await start({ auth: AUTH, authOptions: { freeFailures: 2, baseDelayMs: 100, maxDelayMs: 400 } });
    const wrong = { authorization: basic('alice', 'guess') };
    const right = { authorization: basic(AUTH.username, AUTH.password) };
    const timed = async (headers: Record<string, string>) => {
      const t = Date.now();
      const res = await fetch(run!.url + '/api/status', { headers });
      await res.arrayBuffer();
      return { status: res.status, ms: Date.now() - t };
    };
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await timed(wrong);
      expect(r.status).toBe(401);
      times.push(r.ms);
    }
    const owed = [0, 0, 100, 200, 400, 400];
    times.forEach((ms, i) => {
      expect(ms, `attempt ${i + 1}`).toBeGreaterThanOrEqual(owed[i] - 5);
      expect(ms, `attempt ${i + 1}`).toBeLessThan(owed[i] + 250);
    });
    // Never a 429, and the right password is answered at once (while wrong ones are waiting, too).
    const pending = [timed(wrong), timed(wrong)];
    const ok = await timed(right);
    expect(ok.status).toBe(200);
    expect(ok.ms).toBeLessThan(150);
    // Parallel wrong attempts are answered one after another: 400 ms, then 800 ms.
    const [p1, p2] = await Promise.all(pending);
    expect([p1.status, p2.status]).toEqual([401, 401]);
    expect(Math.max(p1.ms, p2.ms)).toBeGreaterThanOrEqual(795);
    // The JSON sign-in is slowed the same way and admits the right password at once.
    const post = (body: unknown) =>
      fetch(run!.url + '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    let t = Date.now();
    expect((await post({ username: 'alice', password: 'nope' })).status).toBe(401);
    expect(Date.now() - t).toBeGreaterThanOrEqual(395);
    t = Date.now();
    expect((await post(AUTH)).status).toBe(200);
    expect(Date.now() - t).toBeLessThan(150);
    // No credentials at all is not an attempt: a plain 401 at once.
    const none = await timed({});
    expect(none.status).toBe(401);
    expect(none.ms).toBeLessThan(150);
  });

  it('FailureDelay: free failures, doubling up to the cap, forgotten after a quiet period, bounded waiting', async () => {
    const d = new FailureDelay({ freeFailures: 3, baseDelayMs: 500, maxDelayMs: 8000, forgetMs: 60_000, maxWaiting: 1 });
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 40].map((n) => d.delayFor(n))).toEqual([0, 0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    const now = 1_000_000;
    for (let i = 0; i < 3; i++) expect(d.fail('a', now)).toBe(0);
    expect(d.fail('a', now)).toBe(500);
    // Answers of one address queue up: the next one owes its own delay after the previous one.
    expect(d.fail('a', now)).toBe(1500);
    expect(d.fail('b', now)).toBe(0); // other addresses have their own count
    expect(d.failures('a', now + 59_999)).toBe(5);
    expect(d.failures('a', now + 60_000)).toBe(0);
    expect(d.fail('a', now + 60_000)).toBe(0); // forgotten: free again
    // With maxWaiting answers already waiting, a further one is answered at once.
    const d2 = new FailureDelay({ freeFailures: 0, baseDelayMs: 50, maxWaiting: 1 });
    const waiting = d2.wait('x', d2.fail('x', Date.now()));
    expect(d2.fail('x', Date.now())).toBe(0);
    await waiting;
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
