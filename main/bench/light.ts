/**
 * Light requests, as issue 15's concurrency rows use them: the requests a page makes besides its
 * queries, which the engine pool never queues behind a heavy one (main/engine/pool.ts, isHeavy).
 *
 * A stream is a number of client loops, each sending one request after another with no pause
 * (keep-alive connections of Node's fetch), recording when each started and ended. Sections cut
 * the record into windows (during a reload, while a heavy query ran) and summarize each window.
 */
import { call, type ServerChild } from './server-child';
import { summarize, type LatencySummary } from './stats';

/**
 * The probes beside reloads and heavy queries: pages that answer from the snapshot at once
 * (errors page, commodity display, built-in catalogue), so a slow answer means waiting for a
 * worker, not work. The same three the engine pool's own measurements used (docs/performance-log.md).
 */
export const LIGHT_PROBES = ['/api/errors?page=1&size=20', '/api/commodities/display', '/api/query/builtins'] as const;

/**
 * The mix of the 50-client row: what opening the app's pages asks besides queries (the probes,
 * the first journal page, the dashboard summary of the range `from`..`to`, the saved queries).
 */
export function mixedLight(from: string, to: string): string[] {
  return [...LIGHT_PROBES, '/api/journals?page=1&size=20', `/api/statistic/summary?from=${from}&to=${to}`, '/api/query/saved'];
}

/** One request of a stream: which client, when (performance.now() ms), and why it failed if it did. */
export interface RequestRecord {
  client: number;
  path: string;
  start: number;
  end: number;
  failure: string | null;
}

export interface WindowSummary extends LatencySummary {
  failures: number;
  firstFailure: string | null;
}

/**
 * The requests that overlapped [from, to] (started before `to` and ended after `from`): a request
 * that was waiting when the window opened counts, since it waited in it.
 */
export function inWindow(records: readonly RequestRecord[], from: number, to: number): RequestRecord[] {
  return records.filter((r) => r.start < to && r.end > from);
}

export function summarizeWindow(records: readonly RequestRecord[]): WindowSummary {
  const failed = records.filter((r) => r.failure !== null);
  return { ...summarize(records.map((r) => r.end - r.start)), failures: failed.length, firstFailure: failed[0]?.failure ?? null };
}

/**
 * Per client, the time from `t0` to its first successful answer (null for a client never answered).
 * The 50-client goal is that every client is answered within 1 s of starting.
 */
export function firstAnswers(records: readonly RequestRecord[], t0: number, clients: number): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: clients }, () => null);
  for (const r of records) {
    if (r.failure !== null) continue;
    const v = r.end - t0;
    if (out[r.client] === null || v < out[r.client]!) out[r.client] = v;
  }
  return out;
}

/** Sends one request; resolves to null on a 2xx answer, else a short reason (never throws). */
export type Send = (path: string, signal: AbortSignal) => Promise<string | null>;

export const httpSend =
  (base: string): Send =>
  async (path, signal) => {
    try {
      // Counted, not parsed: on a 2-core machine the bench's JSON parsing took CPU from the server.
      const r = await call(base + path, { signal, parse: false });
      return r.status >= 200 && r.status < 300 ? null : `${path}: HTTP ${r.status}`;
    } catch (e) {
      return `${path}: ${(e as Error).message}`;
    }
  };

export interface Stream {
  /** performance.now() when the loops started. */
  readonly t0: number;
  /** Everything recorded so far (the array keeps growing until stop). */
  readonly records: RequestRecord[];
  /** Stops the loops (requests under way are aborted and not recorded) and returns the records. */
  stop(): Promise<RequestRecord[]>;
}

/**
 * Starts `clients` loops over `paths` (client k starts at path k, so the mix is spread from the
 * first request on). Bounded by `maxMs` even if stop is never called.
 */
export function startStream(send: Send, paths: readonly string[], clients: number, maxMs: number): Stream {
  const records: RequestRecord[] = [];
  const ctl = new AbortController();
  const t0 = performance.now();
  const deadline = t0 + maxMs;
  const loop = async (client: number) => {
    for (let i = client; !ctl.signal.aborted && performance.now() < deadline; i++) {
      const path = paths[i % paths.length];
      const start = performance.now();
      const failure = await send(path, ctl.signal);
      // A request cut by stop() measures the bench, not the server.
      if (ctl.signal.aborted) break;
      records.push({ client, path, start, end: performance.now(), failure });
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, k) => loop(k)));
  return {
    t0,
    records,
    async stop() {
      ctl.abort();
      await done;
      return records;
    },
  };
}

/**
 * Runs `fn` while `clients` loops send LIGHT_PROBES, and summarizes the light requests that
 * overlapped it. The stream starts a moment before `fn` so its connections are open and warm.
 */
export async function besideLight<T>(base: string, clients: number, maxMs: number, fn: () => Promise<T>): Promise<{ result: T; light: WindowSummary }> {
  const stream = startStream(httpSend(base), LIGHT_PROBES, clients, maxMs);
  try {
    await new Promise((r) => setTimeout(r, 300));
    const from = performance.now();
    const result = await fn();
    const to = performance.now();
    await stream.stop();
    return { result, light: summarizeWindow(inWindow(stream.records, from, to)) };
  } finally {
    await stream.stop();
  }
}

export const SETTLE = { windowMs: 500, idleCpuMs: 20, maxMs: 180_000 };

/**
 * Waits until the server process is idle: two windows of SETTLE.windowMs in a row in which it used
 * at most SETTLE.idleCpuMs of CPU (all threads). The server announces itself when ONE engine
 * worker has booked the ledger; the other worker books it next (main/engine/pool.ts), a core's
 * worth of work that would otherwise be measured as the first answers' latency of a concurrency
 * row. Returns how long it waited (ms); gives up after SETTLE.maxMs, or at once when the CPU time
 * cannot be read (not Linux).
 */
export async function settle(server: Pick<ServerChild, 'cpuMs'>, opts = SETTLE): Promise<number> {
  const t0 = performance.now();
  let quiet = 0;
  let last = server.cpuMs();
  while (last !== null && quiet < 2 && performance.now() - t0 < opts.maxMs) {
    await new Promise((r) => setTimeout(r, opts.windowMs));
    const now = server.cpuMs();
    if (now === null) break;
    quiet = now - last <= opts.idleCpuMs ? quiet + 1 : 0;
    last = now;
  }
  return performance.now() - t0;
}
