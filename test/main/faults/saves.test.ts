/**
 * Fault suite, part 1: a served ledger saved in every way a desktop does it, while a client
 * queries in a loop. Asserted for the whole run: no request fails (no 5xx, no connection error),
 * no answer mixes two versions (see served.ts), each new version is served within a bound, and
 * ledger errors appear when the file breaks and clear when it heals. One server goes through the
 * patterns in order (each step starts from the previous step's version), to keep the suite fast.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLoop, ledgerText, OPENS, serveLedger, sleep, transactions, type LoopReport, type Served } from './served';

/** A save must be served within this time (debounce 50 ms + a load of a few lines, on a busy CI machine). */
const BOUND_MS = 8000;

let s: Served;
let loop: ReturnType<typeof clientLoop>;
let report: LoopReport | null = null;

beforeAll(async () => {
  s = await serveLedger(ledgerText(1));
  loop = clientLoop(s.server.url);
}, 60_000);

afterAll(async () => {
  if (!report) await loop?.stop();
  await s?.stop();
});

describe('fault suite: save patterns under a querying client', () => {
  it('in place', async () => {
    expect(await s.served()).toBe(1);
    fs.writeFileSync(s.file, ledgerText(2));
    await s.until((n) => n === 2, BOUND_MS);
  });

  it('rename over (an editor writing a temporary file)', async () => {
    fs.writeFileSync(s.file + '.tmp', ledgerText(3));
    fs.renameSync(s.file + '.tmp', s.file);
    await s.until((n) => n === 3, BOUND_MS);
  });

  it('delete and recreate', async () => {
    fs.unlinkSync(s.file);
    await sleep(120);
    fs.writeFileSync(s.file, ledgerText(4));
    await s.until((n) => n === 4, BOUND_MS);
  });

  it('truncate, then write', async () => {
    fs.truncateSync(s.file, 0);
    await sleep(30);
    fs.writeFileSync(s.file, ledgerText(5));
    await s.until((n) => n === 5, BOUND_MS);
  });

  it('half-written, then completed', async () => {
    const full = ledgerText(6);
    // Cut inside a posting: a broken transaction until the rest arrives.
    fs.writeFileSync(s.file, full.slice(0, full.length - 20));
    await s.until((n) => n === 6, BOUND_MS);
    expect((await s.status()).error_count).toBeGreaterThan(0);
    fs.writeFileSync(s.file, full);
    const started = Date.now();
    while ((await s.status()).error_count !== 0) {
      if (Date.now() - started > BOUND_MS) throw new Error('the completed file still has errors');
      await sleep(40);
    }
    expect(await s.served()).toBe(6);
  });

  it('a burst of 20 saves in 2 s: the last one is served', async () => {
    for (let k = 7; k <= 26; k++) {
      fs.writeFileSync(s.file, ledgerText(k));
      await sleep(100);
    }
    await s.until((n) => n === 26, BOUND_MS);
  });

  it('a new include, then the included file changed alone', async () => {
    const sub = path.join(path.dirname(s.file), 'sub.beancount');
    fs.writeFileSync(sub, transactions(3));
    fs.writeFileSync(s.file, OPENS + 'include "sub.beancount"\n');
    await s.until((n) => n === 3, BOUND_MS);
    await sleep(200);
    fs.writeFileSync(sub, transactions(4));
    await s.until((n) => n === 4, BOUND_MS);
  });

  it('garbage bytes: errors appear, the last transactions go, errors clear when healed', async () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
    fs.writeFileSync(s.file, bytes);
    await s.until((n) => n === 0, BOUND_MS);
    expect((await s.status()).error_count).toBeGreaterThan(0);
    const errors = (await (await fetch(s.server.url + '/api/errors?page=1&size=5')).json()) as { data: { total_count: number } };
    expect(errors.data.total_count).toBeGreaterThan(0);
    fs.writeFileSync(s.file, ledgerText(5));
    await s.until((n) => n === 5, BOUND_MS);
    expect((await s.status()).error_count).toBe(0);
  });

  // Needs the loader to read only regular files (engine/ledger/load.ts, issue 14 §1): before that
  // fix an include of a FIFO blocked the load until a writer opened the pipe.
  it('an include that names a FIFO is a ledger error, not a hung server', async () => {
    const fifo = path.join(path.dirname(s.file), 'pipe.beancount');
    execFileSync('mkfifo', [fifo]);
    fs.writeFileSync(s.file, ledgerText(2) + 'include "pipe.beancount"\n');
    await s.until((n) => n === 2, BOUND_MS);
    expect((await s.status()).error_count).toBe(1);
    fs.writeFileSync(s.file, ledgerText(3));
    await s.until((n) => n === 3, BOUND_MS);
    expect((await s.status()).error_count).toBe(0);
  });

  it('a symbolic link put in place, re-pointed (ln -sf, mv -T), and its new target edited', async () => {
    const dir = path.dirname(s.file);
    fs.writeFileSync(path.join(dir, 'a.beancount'), ledgerText(7));
    fs.writeFileSync(path.join(dir, 'b.beancount'), ledgerText(8));
    fs.writeFileSync(path.join(dir, 'c.beancount'), ledgerText(9));
    fs.symlinkSync('a.beancount', path.join(dir, 'tmp-link'));
    fs.renameSync(path.join(dir, 'tmp-link'), s.file); // mv -T tmp main.beancount
    await s.until((n) => n === 7, BOUND_MS);
    fs.unlinkSync(s.file); // ln -sf b.beancount main.beancount
    fs.symlinkSync('b.beancount', s.file);
    await s.until((n) => n === 8, BOUND_MS);
    fs.symlinkSync('c.beancount', path.join(dir, 'tmp-link'));
    fs.renameSync(path.join(dir, 'tmp-link'), s.file);
    await s.until((n) => n === 9, BOUND_MS);
    await sleep(200);
    fs.writeFileSync(path.join(dir, 'c.beancount'), ledgerText(10));
    await s.until((n) => n === 10, BOUND_MS);
  });

  it('the folder removed (the last good ledger is kept, with the reason) and restored', async () => {
    const dir = path.dirname(s.file);
    fs.rmSync(dir, { recursive: true });
    const started = Date.now();
    while (!(await s.status()).problem) {
      if (Date.now() - started > BOUND_MS) throw new Error('no problem reported');
      await sleep(50);
    }
    expect((await s.status()).problem!.message).toMatch(/not found/);
    expect(await s.served()).toBe(10);
    await sleep(300);
    fs.mkdirSync(dir);
    fs.writeFileSync(s.file, ledgerText(11));
    await s.until((n) => n === 11, BOUND_MS);
    expect((await s.status()).problem).toBeNull();
  });

  it('during all of it: no request failed and no answer mixed versions', async () => {
    report = await loop.stop();
    expect(report.failures).toEqual([]);
    expect(report.requests).toBeGreaterThan(50);
    expect(report.seen).toContain(26);
  });
});
