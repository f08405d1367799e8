import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../main/electron/csp';
import { createPageServer, serveAppRequest } from '../../../main/electron/protocol';
import { tempDir, type TempDir } from '../fake-ledger';

let tmp: TempDir;
let pages: ReturnType<typeof createPageServer>;

beforeAll(() => {
  tmp = tempDir();
  tmp.write('renderer/index.html', '<!doctype html><title>app</title><script type="module" src="/assets/app.js"></script>');
  tmp.write('renderer/assets/app.js', 'console.log(1)');
  tmp.write('secret.txt', 'outside');
  pages = createPageServer(tmp.dir + '/renderer');
});
afterAll(() => tmp.cleanup());

const get = (url: string, method = 'GET') => serveAppRequest(pages, new Request(url, { method }));

describe('app:// pages', () => {
  it('serves the built renderer with the CSP on every answer', async () => {
    const index = await get('app://ledger/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await index.text()).toContain('<script type="module" src="/assets/app.js">');
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const script = await get('app://ledger/assets/app.js');
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
    expect(script.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('answers client routes with index.html and missing assets with 404', async () => {
    const route = await get('app://ledger/accounts/Assets:Cash?x=1');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    const missing = await get('app://ledger/assets/gone.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('never serves files outside the renderer directory', async () => {
    const res = await get('app://ledger/../secret.txt');
    expect(await res.text()).not.toBe('outside');
    const encoded = await get('app://ledger/%2e%2e/secret.txt');
    expect(await encoded.text()).not.toBe('outside');
  });

  it('refuses the API, other hosts, other schemes and other methods', async () => {
    const api = await get('app://ledger/api/status');
    expect(api.status).toBe(404);
    expect((await api.json()).message).toBe('the app reaches the API through window.ledgerApi, not on its page origin');
    expect((await get('app://other/')).status).toBe(404);
    expect((await get('https://ledger/')).status).toBe(404);
    const post = await get('app://ledger/', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('says the renderer is not built when it is missing', async () => {
    const empty = createPageServer(tmp.dir + '/nothing-here');
    const res = await serveAppRequest(empty, new Request('app://ledger/'));
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('renderer not built: run npm run build');
  });
});
