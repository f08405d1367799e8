/**
 * The `http` section of `npm run bench`: the served API under load, measured from outside.
 *
 * The server runs as a child process exactly as a user starts it (`npm run serve -- FILE --port 0`,
 * i.e. main/cli/serve.ts), so the clients of this process do not share its event loop: on a
 * 2-core machine an in-process server would count the clients' JSON parsing as server time. It
 * serves a copy of the benchmark ledger in a temporary directory, because the reload part appends
 * to the file.
 *
 * 1. Load: the dashboard's built-in queries, rendered to text through
 *    POST /api/query/builtins/{name}/text with sample parameters, are sent to POST /api/query by
 *    1, 4 and 16 concurrent client loops (Node's fetch: undici, keep-alive). Every level stops
 *    after HTTP_LIMITS.requests requests or HTTP_LIMITS.seconds, whichever comes first; reported
 *    as requests per second and p50/p99 latency per level.
 * 2. Reload: a balanced transaction with a unique payee is appended to the served file; the time
 *    from the end of that write until a query first sees the transaction is "save to served"
 *    (it includes the watcher's debounce and the whole load); GET /api/status then gives the
 *    load's own duration.
 *
 * Traffic goes only to 127.0.0.1; every loop is bounded in count and in time, and the server child
 * is stopped (by its pid) in all cases.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { percentile } from './stats';
import { appendTarget, reloadRound, type ReloadRound } from './reload';
import { call, failure, query, startServer, type ServerChild } from './server-child';

/** What the section reports (bench.ts prints and stores it): ms for times. */
export type HttpMetrics = Record<string, number | string>;

/** The ledger this section runs on, as `npm run gen-ledger -- --transactions 100000 --seed 1`. */
export const HTTP_LEDGER = { name: '100k txns', transactions: 100_000, seed: '1' } as const;

/** The dashboard's built-in queries (spec 1, "Dashboard and report endpoints"). */
export const DASHBOARD_QUERIES = [
  'report.net_worth',
  'report.liabilities',
  'report.income_expenses',
  'report.transaction_count',
  'report.changes',
  'report.breakdown',
  'report.top_postings',
] as const;

export const CONCURRENCY_LEVELS = [1, 4, 16] as const;

/** Bounds of one concurrency level, of one request, and of the waits for the server. */
export const HTTP_LIMITS = {
  requests: 400,
  seconds: 15,
};

export interface LatencyStats {
  requests: number;
  failures: number;
  /** Requests per second over the level's wall time. */
  rps: number;
  p50: number;
  p99: number;
  /** First failure, for the report. */
  firstFailure: string | null;
}

export { percentile };

/** One request of a load loop: resolves to null on success, else a short reason. */
export type Attempt = (index: number) => Promise<string | null>;

/**
 * Runs `concurrency` loops that share one request counter until `maxRequests` requests were
 * started or `maxMs` passed (a request already started is waited for). Latencies are per request.
 */
export async function runLevel(attempt: Attempt, concurrency: number, maxRequests: number, maxMs: number): Promise<LatencyStats> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  let firstFailure: string | null = null;
  const t0 = performance.now();
  const deadline = t0 + maxMs;
  const loop = async () => {
    while (next < maxRequests && performance.now() < deadline) {
      const i = next++;
      const start = performance.now();
      let problem: string | null;
      try {
        problem = await attempt(i);
      } catch (e) {
        problem = (e as Error).message;
      }
      latencies.push(performance.now() - start);
      if (problem !== null) {
        failures++;
        firstFailure ??= problem;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const wall = performance.now() - t0;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    rps: latencies.length / (wall / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    firstFailure,
  };
}

/**
 * Sample dashboard parameters: from January 1 to the last transaction of the ledger's last year,
 * in its operating currency, by month; breakdown and top postings of Expenses.
 */
export interface SampleParams {
  from: string;
  to: string;
  currency: string;
  interval: string;
  type: string;
}

export async function sampleParams(base: string, file: string): Promise<SampleParams> {
  const { date: to, currency } = await appendTarget(base, file);
  return { from: `${to.slice(0, 4)}-01-01`, to, currency, interval: '1 month', type: 'Expenses' };
}

/** Each dashboard query's text with the sample parameters written in, via the text endpoint. */
async function dashboardTexts(base: string, sample: SampleParams): Promise<{ name: string; text: string }[]> {
  const list = await call(`${base}/api/query/builtins`);
  if (list.status !== 200) throw failure('GET /api/query/builtins', list);
  const out: { name: string; text: string }[] = [];
  for (const name of DASHBOARD_QUERIES) {
    const d = (list.body.data as { name: string; params: { name: string }[] }[]).find((b) => b.name === name);
    if (!d) throw new Error(`built-in ${name} is not listed by GET /api/query/builtins`);
    // The endpoint wants every parameter of the query and no other.
    const params = Object.fromEntries(d.params.map((p) => [p.name, (sample as unknown as Record<string, string>)[p.name]]));
    const r = await call(`${base}/api/query/builtins/${encodeURIComponent(name)}/text`, { body: { params } });
    if (r.status !== 200) throw failure(`text of ${name}`, r);
    out.push({ name, text: r.body.data.query });
  }
  return out;
}

// ------------------------------------------------------------------ the section

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export interface HttpBenchOptions {
  /** Repository root (where main/cli/serve.ts is). */
  root: string;
  /** Ledger to copy and serve. */
  file: string;
  /** Reload rounds (at least 1). */
  reloads: number;
  log?: (line: string) => void;
}

export async function runHttpBench(opts: HttpBenchOptions): Promise<HttpMetrics> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`bench http: ${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  let server: ServerChild | null = null;
  try {
    // The copy keeps the document files next to it so the copy loads with the same (no) errors.
    const copy = join(dir, basename(opts.file));
    cpSync(opts.file, copy);
    const docs = join(dirname(opts.file), 'documents');
    if (existsSync(docs)) cpSync(docs, join(dir, 'documents'), { recursive: true });

    const t0 = performance.now();
    server = await startServer(opts.root, copy);
    const out: HttpMetrics = { 'server start ms': performance.now() - t0, 'first load': server.loadLine };
    const base = server.url;
    log(`server at ${base} (${server.loadLine})`);

    const sample = await sampleParams(base, copy);
    const texts = await dashboardTexts(base, sample);
    out.params = `${sample.from}..${sample.to} ${sample.currency}`;

    // One warm-up pass (also checks every query runs) and the single-client time of each.
    for (const q of texts) {
      const t = performance.now();
      const data = await query(base, q.text);
      out[`${q.name.replace('report.', '')} ms`] = performance.now() - t;
      if (!Array.isArray(data.rows)) throw new Error(`${q.name}: no rows in the result`);
    }

    const attempt: Attempt = async (i) => {
      const r = await call(`${base}/api/query`, { body: { query: texts[i % texts.length].text } });
      return r.status === 200 ? null : failure(texts[i % texts.length].name, r).message;
    };
    for (const c of CONCURRENCY_LEVELS) {
      log(`${c} concurrent client(s): up to ${HTTP_LIMITS.requests} requests or ${HTTP_LIMITS.seconds} s`);
      const s = await runLevel(attempt, c, HTTP_LIMITS.requests, HTTP_LIMITS.seconds * 1000);
      out[`c${c} requests`] = s.requests;
      out[`c${c} req/s`] = s.rps;
      out[`c${c} p50 ms`] = s.p50;
      out[`c${c} p99 ms`] = s.p99;
      if (s.failures) out[`c${c} failures`] = `${s.failures}: ${s.firstFailure}`;
    }

    const rounds: ReloadRound[] = [];
    try {
      for (let r = 0; r < Math.max(1, opts.reloads); r++) {
        log(`reload round ${r + 1}`);
        rounds.push(await reloadRound(base, copy, sample.to, sample.currency, r));
      }
    } catch (e) {
      // Reported with the figures measured so far (a thrown error would lose them all).
      out['reload error'] = `round ${rounds.length + 1}: ${(e as Error).message}`;
    }
    if (rounds.length) {
      out['save->served ms'] = median(rounds.map((r) => r.saveToServedMs));
      out['reload load ms'] = median(rounds.map((r) => r.loadMs));
      out['reload stall ms'] = median(rounds.map((r) => r.longestPollMs));
      out['reload rounds'] = rounds.map((r) => `${Math.round(r.saveToServedMs)}/${r.loadMs}`).join(' ');
      const dropped = rounds.flatMap((r) => r.networkFailures);
      if (dropped.length) out['reload poll failures'] = `${dropped.length}: ${dropped[0]}`;
    }
    out['server peak RSS MB'] = server.peakRssMb() ?? 'n/a';
    return out;
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
