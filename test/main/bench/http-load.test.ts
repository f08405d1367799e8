import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_LIMITS, percentile, runHttpBench, runLevel } from '../../../main/bench/http-load';
import { writeLedger } from '../../../main/cli/gen-ledger';
import { DEFAULT_DEBOUNCE_MS } from '../../../main/watch';
import { tempDir, type TempDir } from '../fake-ledger';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('percentile (nearest rank)', () => {
  it('picks the ranked element', () => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(xs, 50)).toBe(5); // rank ceil(5) = 5
    expect(percentile(xs, 99)).toBe(10); // rank ceil(9.9) = 10
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('runLevel', () => {
  it('stops at the request bound, shared by all loops, and counts failures', async () => {
    const started: number[] = [];
    const s = await runLevel(
      async (i) => {
        started.push(i);
        await sleep(1);
        return i % 5 === 0 ? `bad ${i}` : null;
      },
      4,
      23,
      10_000,
    );
    expect(started.sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, i) => i));
    // 0, 5, 10, 15, 20 fail.
    expect(s).toMatchObject({ requests: 23, failures: 5, firstFailure: 'bad 0' });
    expect(s.p50).toBeGreaterThan(0);
    expect(s.p99).toBeGreaterThanOrEqual(s.p50);
  });

  it('stops at the time bound, and a thrown error is a failure', async () => {
    const t0 = Date.now();
    const s = await runLevel(
      async () => {
        await sleep(30);
        throw new Error('connection refused');
      },
      2,
      1_000_000,
      200,
    );
    const took = Date.now() - t0;
    expect(took).toBeLessThan(1000);
    // Two loops of 30 ms requests for 200 ms: about 7 each, never anywhere near the count bound.
    expect(s.requests).toBeGreaterThanOrEqual(4);
    expect(s.requests).toBeLessThanOrEqual(20);
    expect(s.failures).toBe(s.requests);
    expect(s.firstFailure).toBe('connection refused');
  });
});

describe('runHttpBench on a small generated ledger', () => {
  let tmp: TempDir | null = null;
  const saved = { ...HTTP_LIMITS };
  afterEach(() => {
    Object.assign(HTTP_LIMITS, saved);
    tmp?.cleanup();
    tmp = null;
  });

  it('serves a copy, runs every level within its bounds without failures, and times reloads', async () => {
    tmp = tempDir('http-bench-');
    const file = path.join(tmp.dir, 'src', 'ledger.beancount');
    await writeLedger({ transactions: 300, seed: 1 }, file);
    const original = fs.readFileSync(file, 'utf8');
    Object.assign(HTTP_LIMITS, { requests: 21, seconds: 20 });
    const m = await runHttpBench({ root: ROOT, file, reloads: 2, log: () => {} });

    // The range is the year of the last transaction (read from the file here), in USD, the
    // generator's operating currency.
    const last = [...original.matchAll(/^(\d{4}-\d\d-\d\d) [*!]/gm)].map((x) => x[1]).sort().at(-1)!;
    expect(original).toContain('option "operating_currency" "USD"');
    expect(m.params).toBe(`${last.slice(0, 4)}-01-01..${last} USD`);
    for (const c of [1, 4, 16]) {
      expect(m[`c${c} requests`]).toBe(21);
      expect(m[`c${c} failures`]).toBeUndefined();
      expect(m[`c${c} p99 ms`]).toBeGreaterThanOrEqual(m[`c${c} p50 ms`] as number);
    }
    for (const q of ['net_worth', 'liabilities', 'income_expenses', 'transaction_count', 'changes', 'breakdown', 'top_postings']) {
      expect(typeof m[`${q} ms`]).toBe('number');
    }
    // 300 written transactions plus the padding transactions the pads make.
    const first = /^loaded in \d+ ms: (\d+) transactions, 0 errors$/.exec(String(m['first load']));
    expect(Number(first?.[1])).toBeGreaterThanOrEqual(300);
    // Two rounds "saveToServed/loadMs"; the watcher's debounce is part of every round (the 150 ms
    // written here before the debounce became 50 ms failed once a reload took under 100 ms).
    const rounds = String(m['reload rounds']).split(' ');
    expect(rounds).toHaveLength(2);
    expect(m['save->served ms']).toBeGreaterThanOrEqual(DEFAULT_DEBOUNCE_MS);
    expect(m['reload stall ms']).toBeLessThanOrEqual(m['save->served ms'] as number);
    // The source ledger is never touched: the bench appends to its copy.
    expect(fs.readFileSync(file, 'utf8')).toBe(original);
  }, 60_000);
});
