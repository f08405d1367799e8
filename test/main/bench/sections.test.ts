/**
 * The issue-15 sections of `npm run bench` end to end on a small generated ledger (300
 * transactions), with their bounds cut down: each starts the real server as a child process,
 * runs its requests and reports every figure the comparison table reads. The figures themselves
 * (latencies) depend on the machine; what is checked is what must hold anywhere: answers, counts,
 * statuses, the source ledger untouched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDON_BENCH } from '../../../main/bench/abandoned';
import { CLIENTS_BENCH, runClientsBench } from '../../../main/bench/clients';
import { runHeavyBench } from '../../../main/bench/heavy';
import { runReloadBench } from '../../../main/bench/reload';
import { DEFAULT_DEBOUNCE_MS } from '../../../main/watch';
import { writeLedger } from '../../../main/cli/gen-ledger';
import { tempDir, type TempDir } from '../fake-ledger';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let tmp: TempDir;
let file: string;
let original: string;
beforeAll(async () => {
  tmp = tempDir('bench-sections-');
  file = path.join(tmp.dir, 'ledger.beancount');
  await writeLedger({ transactions: 300, seed: 1 }, file);
  original = fs.readFileSync(file, 'utf8');
});
afterAll(() => tmp.cleanup());

describe('issue-15 bench sections on a small ledger', () => {
  it('reload: the appended transaction is served, with light requests measured during each reload', async () => {
    const m = await runReloadBench({ root: ROOT, file, rounds: 1, log: () => {} });
    expect(m['reload error']).toBeUndefined();
    // One round "saveToServed/loadMs"; the watcher's debounce is part of it.
    expect(String(m['reload rounds']).split(' ')).toHaveLength(1);
    expect(m['save->served ms']).toBeGreaterThanOrEqual(DEFAULT_DEBOUNCE_MS);
    // 4 clients sending without pause for at least the debounce: some requests overlap the reload.
    expect(m['light requests during']).toBeGreaterThan(0);
    expect(m['light failures during']).toBe(0);
    expect(m['light max ms during']).toBeGreaterThanOrEqual(m['light p99 ms during'] as number);
    expect(fs.readFileSync(file, 'utf8')).toBe(original);
  }, 120_000);

  it('heavy: the big answer, the heavy query and the next requests after hang-ups are all answered', async () => {
    const saved = { ...ABANDON_BENCH };
    Object.assign(ABANDON_BENCH, { hangUpMs: 200, idleMs: 500 });
    try {
      const m = await runHeavyBench({ root: ROOT, file, log: () => {} });
      for (const k of Object.keys(m)) expect(k).not.toMatch(/error$/);
      // 300 transactions hold fewer than 6000 postings: the whole balance column, answered.
      expect(m['big query status']).toBe(200);
      expect(m['big query MB']).toBeGreaterThan(0);
      expect(m['big RSS max MB']).toBeGreaterThan(0);
      expect(m['big light failures']).toBe(0);
      // On a small ledger the heavy query ends well within the limit.
      expect(m['heavy query status']).toBe(200);
      expect(m['heavy query answer']).toBe('answered');
      expect(m['next light status']).toBe(200);
      expect(m['next query status']).toBe(200);
      expect(String(m['abandoned endings']).split(', ')).toHaveLength(3);
      expect(typeof m['server CPU % after']).toBe('number');
    } finally {
      Object.assign(ABANDON_BENCH, saved);
    }
  }, 180_000);

  it('clients: every client is answered, each path is reported', async () => {
    const saved = { ...CLIENTS_BENCH };
    // 5 s: on a machine under heavy load a client's first answer has taken over 2 s.
    Object.assign(CLIENTS_BENCH, { clients: 6, seconds: 5 });
    try {
      const m = await runClientsBench({ root: ROOT, file, log: () => {} });
      expect(m.failures).toBe(0);
      expect(m.requests).toBeGreaterThanOrEqual(6);
      expect(typeof m['slowest first answer ms']).toBe('number');
      expect(m['server CPU ms/request']).toBeGreaterThan(0);
      for (const p of ['errors', 'commodities/display', 'query/builtins', 'journals', 'statistic/summary', 'query/saved']) {
        expect(m[`${p} p50/max ms`]).toMatch(/^\d+\/\d+$/);
      }
    } finally {
      Object.assign(CLIENTS_BENCH, saved);
    }
  }, 120_000);
});
