import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEDGER, describeLoad, openLedgerService, type LedgerService } from '../../main/start';
import { fakeLoad, tempDir, type TempDir } from './fake-ledger';

let tmp: TempDir;
let service: LedgerService | null = null;
afterEach(async () => {
  await service?.close();
  service = null;
  tmp?.cleanup();
});

describe('openLedgerService', () => {
  it('loads once, watches the ledger files and builds the router', async () => {
    tmp = tempDir();
    const main = tmp.write('main.bean', 'txn a\ninclude sub.bean\n');
    const sub = tmp.write('sub.bean', 'txn b\nerror e\n');
    service = await openLedgerService({ ledger: main, load: fakeLoad });
    expect(service.first.swapped).toBe(true);
    expect(service.first.status).toMatchObject({ generation: 1, transaction_count: 2, error_count: 1, file_count: 2 });
    expect(service.watcher?.watched()).toEqual([main, sub].sort());
    const res = await service.app.request(new Request('http://127.0.0.1/api/status'));
    expect((await res.json()).data).toMatchObject({ file: main, transaction_count: 2 });
  });

  it('reports a failed first load without throwing, and passes app options (auth) through', async () => {
    tmp = tempDir();
    const missing = tmp.dir + '/nope.bean';
    service = await openLedgerService({ ledger: missing, load: fakeLoad, watch: false, app: { auth: { username: 'u', password: 'p' } } });
    expect(service.watcher).toBeNull();
    expect(service.first).toMatchObject({ swapped: false, status: { generation: 0, problem: { message: `ledger file not found: ${missing}` } } });
    const res = await service.app.request(new Request('http://127.0.0.1/api/status'));
    expect(res.status).toBe(401);
  });

  it('close is idempotent', async () => {
    tmp = tempDir();
    service = await openLedgerService({ ledger: tmp.write('m.bean', 'txn a\n'), load: fakeLoad });
    await Promise.all([service.close(), service.close()]);
    await service.close();
  });

  it('points at the bundled example ledger', () => {
    expect(fs.existsSync(DEFAULT_LEDGER)).toBe(true);
    expect(DEFAULT_LEDGER.endsWith('/main/demo/example.beancount')).toBe(true);
  });
});

describe('describeLoad', () => {
  const status = { generation: 2, file: '/m.bean', loaded_at: 1, load_ms: 12, error_count: 1, transaction_count: 30, file_count: 1, problem: null, loading: false };
  it('says what was loaded, or why the previous ledger stays', () => {
    expect(describeLoad({ kind: 'reload', status })).toBe('loaded in 12 ms: 30 transactions, 1 error (see /api/errors)');
    expect(describeLoad({ kind: 'reload', status: { ...status, error_count: 0 } })).toBe('loaded in 12 ms: 30 transactions, 0 errors');
    expect(describeLoad({ kind: 'problem', status: { ...status, problem: { message: 'gone', at: 5 } } })).toBe(
      'reload failed, still serving the previous ledger: gone',
    );
    expect(describeLoad({ kind: 'loading', status: { ...status, loading: true } })).toBe('reloading…');
  });
});
