/**
 * Reloads of a real ledger (the engine's loadLedger, the chokidar watcher, the h3 app on a real
 * 127.0.0.1 port) while clients query it. Every figure below is worked out by hand from the small
 * ledgers written here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listen, type Listening } from '../../../main/server/listen';
import { openLedgerService, type LedgerService } from '../../../main/start';
import { tempDir, type TempDir } from '../fake-ledger';

// Each service starts its engine worker threads (and, from the source tree, their TypeScript
// loader) before its first load: seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });

let tmp: TempDir | null = null;
let service: LedgerService | null = null;
let server: Listening | null = null;
afterEach(async () => {
  await server?.close();
  await service?.close();
  tmp?.cleanup();
  server = null;
  service = null;
  tmp = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function open(files: Record<string, string>): Promise<{ url: string; dir: TempDir; main: string }> {
  tmp = tempDir('reload-real-');
  for (const [name, text] of Object.entries(files)) tmp.write(name, text);
  const main = path.join(tmp.dir, 'main.bean');
  service = await openLedgerService({ ledger: main, watch: { debounceMs: 40 } });
  expect(service.first.swapped).toBe(true);
  server = await listen(service.app, { port: 0 });
  return { url: server.url, dir: tmp, main };
}

async function post(url: string, query: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/api/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.json() };
}

async function status(url: string): Promise<any> {
  const res = await fetch(`${url}/api/status`, { signal: AbortSignal.timeout(10_000) });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

/** Polls until `check` holds (bounded): the watcher's debounce and the load take a moment. */
async function until<T>(what: string, get: () => Promise<T>, check: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await sleep(20);
  }
}

/** Editors save either in place or by writing a temporary file and renaming it over the ledger. */
function saveByRename(file: string, text: string): void {
  const tmpFile = file + '.swp~';
  fs.writeFileSync(tmpFile, text);
  fs.renameSync(tmpFile, file);
}

const HEAD = `option "operating_currency" "USD"
2024-01-01 open Assets:Cash
2024-01-01 open Income:Salary
`;

/** n pay transactions of `each` USD into Assets:Cash, one per day from 2024-01-02. */
function pays(n: number, each: string): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    out += `2024-01-${String(2 + i).padStart(2, '0')} * "Employer" "pay ${i + 1}"\n  Assets:Cash  ${each} USD\n  Income:Salary\n`;
  }
  return out;
}

/** Two figures that must move together: how many cash postings, and their sum. */
const CASH = "SELECT count(*) AS n, sum(number) AS total WHERE account = 'Assets:Cash'";
const cashResult = (n: number, total: string) => ({
  columns: [
    { name: 'n', type: 'int' },
    { name: 'total', type: 'decimal' },
  ],
  rows: [[n, total]],
});

describe('reload of a real ledger under query load', () => {
  it('answers every request during two saves with the old or the new snapshot, never a mix', async () => {
    const { url, main } = await open({ 'main.bean': HEAD + pays(2, '10.00') });
    // The versions a client may see, in save order: v1 is loaded; v2 is saved in place, v3 by rename.
    // Each save changes both figures, with each posting's amount too, so a result mixing two
    // snapshots (n of one, total of another) matches none of them.
    const versions = [cashResult(2, '20.00'), cashResult(3, '45.00'), cashResult(4, '80.00')];
    expect((await post(url, CASH)).body.data).toEqual(versions[0]);

    const clients = 4;
    const seen: number[][] = Array.from({ length: clients }, () => []);
    const failures: string[] = [];
    let stop = false;
    const deadline = Date.now() + 20_000;
    const loop = async (k: number) => {
      // Bounded by count and time as well as by the stop flag. The engine pool runs queries in
      // worker threads: a request dispatched just before the last swap may still be answered by
      // the old ledger after the status says generation 3, so a client goes on until it has
      // been answered by the newest one (never back to an older one: checked below).
      for (let i = 0; i < 5000 && !(stop && seen[k].at(-1) === 2) && Date.now() < deadline; i++) {
        const r = await post(url, CASH).catch((e: Error) => ({ status: 0, body: e.message }));
        if (r.status !== 200) {
          failures.push(`${r.status}: ${JSON.stringify(r.body)}`);
          continue;
        }
        const v = versions.findIndex((x) => JSON.stringify(x) === JSON.stringify(r.body.data));
        if (v < 0) failures.push(`not a snapshot's answer: ${JSON.stringify(r.body.data)}`);
        else seen[k].push(v);
      }
    };
    const loops = Promise.all(Array.from({ length: clients }, (_, k) => loop(k)));
    try {
      await sleep(150);
      fs.writeFileSync(main, HEAD + pays(3, '15.00'));
      // Waits on the content, not on a generation number: a save may be seen as two changes
      // (a busy machine splits a rename into unlink + add), and a second reload of the same text
      // is harmless.
      await until('the in-place save', () => status(url), (s) => s.generation >= 2 && s.transaction_count === 3);
      await sleep(150);
      saveByRename(main, HEAD + pays(4, '20.00'));
      await until('the rename save', () => status(url), (s) => s.generation >= 3 && s.transaction_count === 4);
      await sleep(150);
    } finally {
      stop = true;
      await loops;
    }

    expect(failures).toEqual([]);
    for (const s of seen) {
      // Each client asks one request after the other: it never goes back to an older ledger.
      expect(s.every((v, i) => i === 0 || v >= s[i - 1])).toBe(true);
      expect(s[0]).toBe(0);
      expect(s[s.length - 1]).toBe(2);
    }
    // The loops ran across both swaps: every version was served while it was current.
    expect([...new Set(seen.flat())].sort()).toEqual([0, 1, 2]);
    const st = await status(url);
    expect(st).toMatchObject({ error_count: 0, transaction_count: 4, problem: null });
    expect(st.generation).toBeGreaterThanOrEqual(3);
  });
});

describe('reload follows includes', () => {
  it('reloads on a change of an included file, and of a file included only after an edit', async () => {
    const { url, main, dir } = await open({
      'main.bean': HEAD + 'include "sub.bean"\n' + pays(1, '10.00'),
      'sub.bean': '2024-02-01 * "Employer" "bonus"\n  Assets:Cash  5.00 USD\n  Income:Salary\n',
      // Exists from the start but is not part of the ledger until main.bean includes it.
      'extra.bean': '2024-03-01 * "Employer" "extra"\n  Assets:Cash  1.25 USD\n  Income:Salary\n',
    });
    expect((await post(url, CASH)).body.data).toEqual(cashResult(2, '15.00'));
    expect(service!.watcher!.watched()).toEqual([path.join(dir.dir, 'main.bean'), path.join(dir.dir, 'sub.bean')]);

    dir.write('sub.bean', '2024-02-01 * "Employer" "bonus"\n  Assets:Cash  7.50 USD\n  Income:Salary\n');
    await until('the included change', () => post(url, CASH), (r) => r.body.data.rows[0][1] === '17.50');
    expect((await status(url)).generation).toBe(2);

    fs.appendFileSync(main, 'include "extra.bean"\n');
    await until('the new include', () => post(url, CASH), (r) => r.body.data.rows[0][0] === 3);
    expect((await post(url, CASH)).body.data).toEqual(cashResult(3, '18.75'));
    expect(await status(url)).toMatchObject({ generation: 3, file_count: 3, error_count: 0 });
    expect(service!.watcher!.watched()).toContain(path.join(dir.dir, 'extra.bean'));

    // The newly included file is watched: its own change reloads.
    dir.write('extra.bean', '2024-03-01 * "Employer" "extra"\n  Assets:Cash  2.00 USD\n  Income:Salary\n');
    await until('the change of the newly included file', () => post(url, CASH), (r) => r.body.data.rows[0][1] === '19.50');
    expect((await status(url)).generation).toBe(4);
  });

  it('reloads when a missing included file is created, clearing its IncludeNotFound error', async () => {
    const { url, dir } = await open({ 'main.bean': HEAD + 'include "later.bean"\n' + pays(1, '10.00') });
    expect(await status(url)).toMatchObject({ generation: 1, error_count: 1 });
    expect(service!.watcher!.watched()).toContain(path.join(dir.dir, 'later.bean'));

    dir.write('later.bean', '2024-02-01 * "Employer" "bonus"\n  Assets:Cash  5.00 USD\n  Income:Salary\n');
    await until('the created include', () => post(url, CASH), (r) => r.body.data.rows[0][1] === '15.00');
    expect((await post(url, CASH)).body.data).toEqual(cashResult(2, '15.00'));
    expect(await status(url)).toMatchObject({ generation: 2, error_count: 0, file_count: 2 });
  });
});

describe('reload problems', () => {
  it('swaps in a ledger with errors (errors are data)', async () => {
    const { url, main } = await open({ 'main.bean': HEAD + pays(1, '10.00') });
    // 10.00 - 4.00 leaves 6.00 USD: an unbalanced transaction, still booked and served.
    fs.appendFileSync(main, '2024-01-20 * "Shop" "unbalanced"\n  Assets:Cash  10.00 USD\n  Income:Salary  -4.00 USD\n');
    const st = await until('the reload', () => status(url), (s) => s.generation === 2);
    expect(st).toMatchObject({ error_count: 1, transaction_count: 2, problem: null });
    expect((await post(url, CASH)).body.data).toEqual(cashResult(2, '20.00'));
    const errors = await post(url, 'SELECT kind, line FROM #errors');
    expect(errors.body.data.rows).toEqual([['UnbalancedTransaction', 7]]);
  });

  it('keeps the last snapshot when the file is deleted, reports it in /api/status, and recovers', async () => {
    const { url, main } = await open({ 'main.bean': HEAD + pays(2, '10.00') });
    fs.rmSync(main);
    const st = await until('the problem', () => status(url), (s) => s.problem !== null);
    expect(st.problem.message).toBe(`ledger file not found: ${main}`);
    expect(st).toMatchObject({ generation: 1, transaction_count: 2, error_count: 0 });
    // Queries still read the last snapshot.
    expect(await post(url, CASH)).toEqual({ status: 200, body: { data: cashResult(2, '20.00') } });

    fs.writeFileSync(main, HEAD + pays(1, '3.00'));
    const back = await until('the file back', () => status(url), (s) => s.generation === 2);
    expect(back).toMatchObject({ problem: null, transaction_count: 1 });
    expect((await post(url, CASH)).body.data).toEqual(cashResult(1, '3.00'));
  });
});
