/**
 * A ledger served through the public start-up (openLedgerService + listen, the engine in its
 * worker pool as in production), and a client that queries it in a loop while a test damages
 * the files. Every response is recorded, so a test can assert that none failed and none mixed
 * two versions of the ledger.
 *
 * Versions: `ledgerText(k)` has k transactions of k.00 USD to Expenses:Food, so one query answer
 * `count(*), sum(number)` is consistent exactly when sum = count² (a response built from two
 * versions would break it). bean-check 2.3.5 accepts ledgerText(k) for every k without errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listen, type ListenOptions, type Listening } from '../../../main/server/listen';
import { openLedgerService, type LedgerService } from '../../../main/start';

export const OPENS = '2024-01-01 open Assets:Cash USD\n2024-01-01 open Expenses:Food USD\n';

export function transactions(k: number, from = 0, count = k): string {
  let text = '';
  for (let i = from; i < from + count; i++) text += `2024-02-01 * "Shop" "item ${i}"\n  Expenses:Food  ${k}.00 USD\n  Assets:Cash\n`;
  return text;
}

export function ledgerText(k: number): string {
  return OPENS + transactions(k);
}

export const QUERY = "SELECT count(*) AS n, sum(number) AS total WHERE account = 'Expenses:Food'";

export interface Served {
  dir: string;
  file: string;
  service: LedgerService;
  server: Listening;
  /** The transaction count served now (from the query), or null on a failed request. */
  served(): Promise<number | null>;
  /** Waits (bounded) until `cond` holds of the served count; returns how long it took, ms. */
  until(cond: (n: number) => boolean, ms?: number): Promise<number>;
  /** Why the last served() gave null. */
  lastFailure(): string;
  status(): Promise<{ error_count: number; problem: { message: string } | null; generation: number; loading: boolean }>;
  stop(): Promise<void>;
}

export async function serveLedger(text: string, listenOptions: ListenOptions = {}, sub = 'books'): Promise<Served> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-'));
  fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const file = path.join(dir, sub, 'main.beancount');
  fs.writeFileSync(file, text);
  const service = await openLedgerService({ ledger: file, watch: { debounceMs: 50, pollMs: 500 }, pool: { size: 2 } });
  const server = await listen(service.app, { port: 0, ...listenOptions });
  let lastFailure = '';
  const served = async (): Promise<number | null> => {
    try {
      const res = await fetch(server.url + '/api/query', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: QUERY }),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status !== 200) {
        lastFailure = `${res.status} ${(await res.text()).slice(0, 300)}`;
        return null;
      }
      const body = (await res.json()) as { data: { rows: unknown[][] } };
      return Number(body.data.rows[0][0]);
    } catch (e) {
      lastFailure = String(e);
      return null;
    }
  };
  const status = async () =>
    ((await (await fetch(server.url + '/api/status', { signal: AbortSignal.timeout(10_000) })).json()) as { data: Awaited<ReturnType<Served['status']>> }).data;
  return {
    dir,
    file,
    service,
    server,
    served,
    lastFailure: () => lastFailure,
    async until(cond, ms = 8000) {
      const started = Date.now();
      for (;;) {
        const n = await served();
        if (n !== null && cond(n) && (await status()).loading === false) return Date.now() - started;
        if (Date.now() - started > ms) throw new Error(`not served within ${ms} ms (now ${n}; last failure: ${lastFailure})`);
        await new Promise((r) => setTimeout(r, 40));
      }
    },
    status,
    async stop() {
      await server.close(0);
      await service.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LoopReport {
  requests: number;
  /** Connection errors, non-200 answers, and inconsistent (mixed) answers, described. */
  failures: string[];
  /** The transaction counts seen, in order (to check versions only move forward in a step). */
  seen: number[];
}

/**
 * Queries in a loop until stopped (at most `maxRequests`), alternating the query and the status,
 * `pauseMs` apart; never throws: failures are recorded for the test to assert on. The pause keeps
 * the loop sampling through the whole suite: answered from the response cache within a
 * millisecond, an unpaced loop spent its 4,000 requests during the first steps and never saw the
 * later versions the suite asserts on.
 */
export function clientLoop(url: string, maxRequests = 20_000, pauseMs = 5): { stop(): Promise<LoopReport> } {
  const report: LoopReport = { requests: 0, failures: [], seen: [] };
  let stopped = false;
  const run = (async () => {
    while (!stopped && report.requests < maxRequests) {
      report.requests++;
      if (report.requests > 1) await sleep(pauseMs);
      try {
        if (report.requests % 2) {
          const res = await fetch(url + '/api/query', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: QUERY }),
            // A request not answered in 10 s counts as failed (and keeps the loop bounded).
            signal: AbortSignal.timeout(10_000),
          });
          const text = await res.text();
          if (res.status !== 200) {
            report.failures.push(`query ${res.status}: ${text.slice(0, 200)}`);
            continue;
          }
          const [n, total] = (JSON.parse(text) as { data: { rows: [unknown, unknown][] } }).data.rows[0];
          const count = Number(n);
          // sum = count² (k transactions of k.00); an empty ledger (garbage saved) sums to 0.
          const consistent = count === 0 ? total === null || Number(total) === 0 : total === `${count * count}.00`;
          if (!consistent) report.failures.push(`mixed answer: count ${count}, total ${String(total)}`);
          report.seen.push(count);
        } else {
          const res = await fetch(url + '/api/status', { signal: AbortSignal.timeout(10_000) });
          await res.arrayBuffer();
          if (res.status !== 200) report.failures.push(`status ${res.status}`);
        }
      } catch (e) {
        report.failures.push(`request failed: ${(e as Error).message} ${String((e as { cause?: unknown }).cause ?? '')}`);
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await run;
      return report;
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
