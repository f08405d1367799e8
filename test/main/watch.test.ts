import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerHost } from '../../main/host';
import { watchLedger, type LedgerWatcher } from '../../main/watch';
import { fakeLoad, tempDir, type TempDir } from './fake-ledger';

let tmp: TempDir | null = null;
let watcher: LedgerWatcher | null = null;
afterEach(async () => {
  await watcher?.close();
  tmp?.cleanup();
  watcher = null;
  tmp = null;
});

/** Resolves with the status of the next swap (or problem), or rejects after `ms`. */
function nextEvent(host: LedgerHost, ms = 4000) {
  return new Promise<{ kind: string; generation: number; transactions: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no reload in time'));
    }, ms);
    const off = host.onReload((e) => {
      clearTimeout(timer);
      off();
      resolve({ kind: e.kind, generation: e.status.generation, transactions: e.status.transaction_count });
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watchLedger', () => {
  it('reloads once for a burst of writes (debounced)', async () => {
    tmp = tempDir();
    const main = tmp.write('main.bean', 'txn a\n');
    const host = new LedgerHost(main, fakeLoad);
    await host.reload();
    let reloads = 0;
    host.onReload(() => reloads++);
    watcher = watchLedger(host, { debounceMs: 150 });
    await watcher.ready;
    const next = nextEvent(host);
    for (let i = 0; i < 5; i++) {
      fs.appendFileSync(main, `txn burst${i}\n`);
      await sleep(20);
    }
    expect(await next).toEqual({ kind: 'reload', generation: 2, transactions: 6 });
    await sleep(400);
    expect(reloads).toBe(1);
  });

  it('follows the include set: watches a newly included file, forgets a dropped one', async () => {
    tmp = tempDir();
    const main = tmp.write('main.bean', 'txn a\n');
    const sub = tmp.write('sub.bean', 'txn s1\n');
    const host = new LedgerHost(main, fakeLoad);
    await host.reload();
    watcher = watchLedger(host, { debounceMs: 50 });
    await watcher.ready;
    expect(watcher.watched()).toEqual([main]);

    let next = nextEvent(host);
    fs.writeFileSync(main, 'txn a\ninclude sub.bean\n');
    expect(await next).toMatchObject({ generation: 2, transactions: 2 });
    expect(watcher.watched()).toEqual([main, sub].sort());

    await sleep(200); // let chokidar settle on the new file
    next = nextEvent(host);
    fs.appendFileSync(sub, 'txn s2\n');
    expect(await next).toMatchObject({ generation: 3, transactions: 3 });

    next = nextEvent(host);
    fs.writeFileSync(main, 'txn only\n');
    expect(await next).toMatchObject({ generation: 4, transactions: 1 });
    expect(watcher.watched()).toEqual([main]);
    await sleep(200);
    fs.appendFileSync(sub, 'txn ignored\n');
    await sleep(400);
    expect(host.generation).toBe(4);
  });

  it('survives an editor-style save (write to a temp file, rename over the ledger)', async () => {
    tmp = tempDir();
    const main = tmp.write('main.bean', 'txn a\n');
    const host = new LedgerHost(main, fakeLoad);
    await host.reload();
    watcher = watchLedger(host, { debounceMs: 50 });
    await watcher.ready;
    let next = nextEvent(host);
    fs.writeFileSync(main + '.swp', 'txn a\ntxn b\n');
    fs.renameSync(main + '.swp', main);
    expect(await next).toMatchObject({ kind: 'reload', transactions: 2 });
    await sleep(200);
    next = nextEvent(host);
    fs.appendFileSync(main, 'txn c\n');
    expect(await next).toMatchObject({ kind: 'reload', transactions: 3 });
  });

  it('stops reloading after close', async () => {
    tmp = tempDir();
    const main = tmp.write('main.bean', 'txn a\n');
    const host = new LedgerHost(main, fakeLoad);
    await host.reload();
    watcher = watchLedger(host, { debounceMs: 30 });
    await watcher.ready;
    await watcher.close();
    watcher = null;
    fs.appendFileSync(main, 'txn b\n');
    await sleep(300);
    expect(host.generation).toBe(1);
  });
});
