import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerHost } from '../../../../main/host';
import { createApp, type RouteModule } from '../../../../main/server/app';
import { ApiError } from '../../../../main/server/http-errors';
import { MAX_ENTRIES, cachedPerSnapshot } from '../../../../main/server/routes/snapshot-cache';
import { pageRoutes } from '../../../../main/server/routes/pages';
import { loadLedger } from '../../../../engine/ledger/index';
import { fakeLoad, tempDir, type TempDir } from '../../fake-ledger';

let tmp: TempDir | null = null;
afterEach(() => {
  tmp?.cleanup();
  tmp = null;
});

/** An endpoint that counts its computations and answers the transaction count and `x`. */
async function counting() {
  tmp = tempDir();
  const file = tmp.write('main.bean', 'txn a\ntxn b\n');
  const host = new LedgerHost(file, fakeLoad);
  await host.reload();
  let computed = 0;
  const module: RouteModule = (routes) => {
    routes.get(
      '/api/counted',
      cachedPerSnapshot((c) => {
        computed++;
        const x = c.event.url.searchParams.get('x');
        if (x === 'bad') throw new ApiError(400, 'bad x');
        return { data: { n: c.snapshot.transactions.length, x } };
      }),
    );
  };
  const app = createApp(host, { routes: [module] });
  const get = async (q: string) => {
    const res = await app.fetch(new Request('http://127.0.0.1/api/counted' + q));
    return { status: res.status, body: await res.json() };
  };
  return { file, host, get, computed: () => computed };
}

describe('cachedPerSnapshot', () => {
  it('computes an answer once per snapshot and query string (in any parameter order)', async () => {
    const t = await counting();
    expect(await t.get('?x=1&y=2')).toEqual({ status: 200, body: { data: { n: 2, x: '1' } } });
    expect(await t.get('?y=2&x=1')).toEqual({ status: 200, body: { data: { n: 2, x: '1' } } });
    expect(t.computed()).toBe(1);
    expect((await t.get('?x=2')).body.data.x).toBe('2');
    expect(t.computed()).toBe(2);
  });

  it('drops every answer when a reload swaps the snapshot', async () => {
    const t = await counting();
    await t.get('?x=1');
    fs.writeFileSync(t.file, 'txn a\ntxn b\ntxn c\n');
    await t.host.reload();
    expect((await t.get('?x=1')).body.data.n).toBe(3);
    expect(t.computed()).toBe(2);
  });

  it('keeps no errors, and at most MAX_ENTRIES answers per snapshot (the oldest go first)', async () => {
    const t = await counting();
    expect((await t.get('?x=bad')).status).toBe(400);
    expect((await t.get('?x=bad')).status).toBe(400);
    expect(t.computed()).toBe(2);
    for (let i = 0; i <= MAX_ENTRIES; i++) await t.get(`?x=${i}`);
    expect(t.computed()).toBe(2 + MAX_ENTRIES + 1);
    await t.get(`?x=${MAX_ENTRIES}`); // the newest: kept
    expect(t.computed()).toBe(2 + MAX_ENTRIES + 1);
    await t.get('?x=0'); // the oldest: dropped for the newest
    expect(t.computed()).toBe(2 + MAX_ENTRIES + 2);
  });

  it('serves the dashboard summary of a real ledger from the cache, unchanged', async () => {
    // Income 100.00 and expenses 30.00 USD in January; net worth 70.00 USD (bean-query 2.3.5:
    // SELECT sum(position) WHERE account ~ '^Assets' gives 70.00 USD).
    tmp = tempDir();
    const file = tmp.write(
      'main.beancount',
      'option "operating_currency" "USD"\n2024-01-01 open Assets:Cash\n2024-01-01 open Income:Pay\n2024-01-01 open Expenses:Food\n' +
        '2024-01-05 * "pay"\n  Assets:Cash  100.00 USD\n  Income:Pay\n2024-01-06 * "food"\n  Expenses:Food  30.00 USD\n  Assets:Cash\n',
    );
    const host = new LedgerHost(file, (f) => loadLedger(f));
    await host.reload();
    const app = createApp(host, { routes: pageRoutes });
    const url = 'http://127.0.0.1/api/statistic/summary?from=2024-01-01&to=2024-01-31';
    const first = await (await app.fetch(new Request(url))).text();
    const t = performance.now();
    const second = await (await app.fetch(new Request(url))).text();
    const cachedMs = performance.now() - t;
    expect(second).toBe(first);
    expect(JSON.parse(first).data).toMatchObject({ transaction_count: 2, currency: 'USD' });
    expect(first).toContain('70.00');
    expect(cachedMs).toBeLessThan(50);
  });
});
