/**
 * Reload after a save, measured from outside (issue 15: "reload after a save, xlarge: new data
 * served" and "longest answer to a light query during that reload").
 *
 * A round appends a balanced transaction with a unique payee to the served file and polls with a
 * query until the transaction is seen: "save to served" includes the watcher's debounce and the
 * whole load. The `reload` section runs rounds while a stream of light requests (4 clients, the
 * LIGHT_PROBES of light.ts) runs from the first round to the last, and summarizes the requests
 * that overlapped each reload (save to served), and separately the same length of time after it,
 * when the engine pool's other worker catches up with the new ledger. The poll's own longest
 * answer is reported too: it is a small query, and queries wait differently from the probes.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { LIGHT_PROBES, httpSend, inWindow, settle, startStream, summarizeWindow, type RequestRecord } from './light';
import { NetworkError, query, status, withServedCopy } from './server-child';

export const RELOAD_LIMITS = {
  reloadWaitMs: 180_000,
  pollEveryMs: 10,
  /** Clients of the light stream beside the reload. */
  lightClients: 4,
};

/** The date of the ledger's last written transaction and its operating currency. */
export async function appendTarget(base: string, file: string): Promise<{ date: string; currency: string }> {
  // Padding transactions (flag P) are left out: the range ends on the last transaction written.
  const last = await query(base, "SELECT max(date) AS d FROM #transactions WHERE flag != 'P'");
  // The option sits in the file's header in generated ledgers; the spec's default when absent.
  const head = readFileSync(file, 'utf8').slice(0, 65_536);
  const currency = /^option\s+"operating_currency"\s+"([^"]+)"/m.exec(head)?.[1] ?? 'USD';
  const date = last.rows[0][0] as string | null;
  if (date === null) throw new Error('the served ledger has no transactions (see its errors: GET /api/errors)');
  return { date, currency };
}

export interface ReloadRound {
  saveToServedMs: number;
  /** performance.now() at the end of the write and when the poll first saw the new data. */
  savedAt: number;
  servedAt: number;
  /** Polls that got no HTTP answer while the server was reloading. */
  networkFailures: string[];
  /** Longest single poll: how long the API stalled for a client during the reload. */
  longestPollMs: number;
  loadMs: number;
  generation: number;
}

/**
 * Appends one balanced transaction between two accounts opened by the same append (so the ledger
 * gains no error) and polls until a query sees it.
 */
export async function reloadRound(base: string, file: string, date: string, currency: string, round: number): Promise<ReloadRound> {
  const before = await status(base);
  const tag = `R${round}x${process.pid}`;
  const payee = `bench-reload-${tag}`;
  const text =
    `\n${date} open Assets:BenchReload:${tag}\n${date} open Expenses:BenchReload:${tag}\n` +
    `${date} * "${payee}" "appended by the http bench"\n` +
    `  Expenses:BenchReload:${tag}  1.00 ${currency}\n  Assets:BenchReload:${tag}  -1.00 ${currency}\n`;
  const probe = `SELECT count(*) AS n FROM #transactions WHERE payee = '${payee}'`;
  appendFileSync(file, text);
  const saved = performance.now();
  const deadline = saved + RELOAD_LIMITS.reloadWaitMs;
  const networkFailures: string[] = [];
  let longestPollMs = 0;
  for (;;) {
    let data;
    const t = performance.now();
    try {
      data = await query(base, probe);
    } catch (e) {
      // A client polling during a reload may see its connection dropped: count it and keep polling.
      if (!(e instanceof NetworkError) || performance.now() > deadline) throw e;
      networkFailures.push(e.message);
      continue;
    } finally {
      longestPollMs = Math.max(longestPollMs, performance.now() - t);
    }
    if (Number(data.rows[0][0]) === 1) break;
    if (performance.now() > deadline) throw new Error(`the appended transaction was not served within ${RELOAD_LIMITS.reloadWaitMs} ms`);
    await new Promise((r) => setTimeout(r, RELOAD_LIMITS.pollEveryMs));
  }
  const servedAt = performance.now();
  const after = await status(base);
  if (after.generation <= before.generation) throw new Error(`status still shows generation ${after.generation} after the reload`);
  return { saveToServedMs: servedAt - saved, savedAt: saved, servedAt, networkFailures, longestPollMs, loadMs: after.load_ms, generation: after.generation };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export interface ReloadBenchOptions {
  root: string;
  file: string;
  rounds: number;
  log?: (line: string) => void;
}

/** The `reload` section (see the header): metrics keyed as bench.ts prints them, ms for times. */
export async function runReloadBench(opts: ReloadBenchOptions): Promise<Record<string, number | string>> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`bench reload: ${line}\n`));
  return withServedCopy(opts.root, opts.file, async (server, copy) => {
    const base = server.url;
    log(`server at ${base} (${server.loadLine})`);
    const { date, currency } = await appendTarget(base, copy);
    const out: Record<string, number | string> = { 'first load': server.loadLine, 'start to serving ms': Math.round(server.startMs) };
    // The server announces itself when ONE worker has booked the ledger; the other then books it
    // too and both build their query caches. A save in those seconds waits for that catch-up
    // (the pool loads one worker at a time), which is start-up, not the steady state the row is
    // about: measured, round 1 then took 3.5-10 s longer than the next (docs/performance-log.md).
    out['settled after ms'] = Math.round(await settle(server));
    // Bounded by the rounds' own bound: every round ends within reloadWaitMs or throws.
    const stream = startStream(httpSend(base), LIGHT_PROBES, RELOAD_LIMITS.lightClients, (opts.rounds + 1) * (RELOAD_LIMITS.reloadWaitMs + 60_000));
    const rounds: ReloadRound[] = [];
    try {
      // The clients' connections open and every probe answered once (misses of the response
      // cache, 0.3-0.7 s on a busy machine) before the first save, not inside its window.
      const warmUntil = performance.now() + 30_000;
      while (!LIGHT_PROBES.every((p) => stream.records.some((r) => r.path === p)) && performance.now() < warmUntil) {
        await new Promise((res) => setTimeout(res, 50));
      }
      await new Promise((res) => setTimeout(res, 100));
      for (let r = 0; r < Math.max(1, opts.rounds); r++) {
        log(`reload round ${r + 1} (${RELOAD_LIMITS.lightClients} light clients)`);
        rounds.push(await reloadRound(base, copy, date, currency, r));
        // As long again after it: the other worker books the new ledger then.
        await new Promise((res) => setTimeout(res, rounds[r].saveToServedMs));
      }
    } catch (e) {
      out['reload error'] = `round ${rounds.length + 1}: ${(e as Error).message}`;
    } finally {
      await stream.stop();
    }
    if (!rounds.length) return out;
    const during = summarizeWindow(rounds.flatMap((r) => inWindow(stream.records, r.savedAt, r.servedAt)));
    const after = summarizeWindow(rounds.flatMap((r) => inWindow(stream.records, r.servedAt, r.servedAt + r.saveToServedMs)));
    out['save->served ms'] = median(rounds.map((r) => r.saveToServedMs));
    out['reload load ms'] = median(rounds.map((r) => r.loadMs));
    out['reload rounds'] = rounds.map((r) => `${Math.round(r.saveToServedMs)}/${r.loadMs}`).join(' ');
    // The poll is itself a small query (count of one payee): its longest answer is how long a
    // light *query* waited during a reload (queries are "heavy" to the engine pool).
    out['query poll max ms during'] = Math.max(...rounds.map((r) => r.longestPollMs));
    out['light requests during'] = during.count;
    out['light failures during'] = during.failures;
    out['light p50 ms during'] = during.p50;
    out['light p99 ms during'] = during.p99;
    out['light max ms during'] = during.max;
    out['light requests catch-up'] = after.count;
    out['light p99 ms catch-up'] = after.p99;
    out['light max ms catch-up'] = after.max;
    // Where the longest light answer fell: which probe, and when after its round's save (a stall
    // at the start points at reading, near "served" at the hand-over to the other worker).
    const slow = rounds
      .flatMap((r, i) => inWindow(stream.records, r.savedAt, r.servedAt).map((x) => ({ x, i, r })))
      .reduce<{ x: RequestRecord; i: number; r: ReloadRound } | null>((a, b) => (a && a.x.end - a.x.start >= b.x.end - b.x.start ? a : b), null);
    if (slow) out['light slowest'] = `round ${slow.i + 1} ${slow.x.path} +${Math.round(slow.x.start - slow.r.savedAt)} ms of ${Math.round(slow.r.saveToServedMs)}`;
    if (during.firstFailure ?? after.firstFailure) out['light first failure'] = (during.firstFailure ?? after.firstFailure)!;
    const dropped = rounds.flatMap((r) => r.networkFailures);
    if (dropped.length) out['reload poll failures'] = `${dropped.length}: ${dropped[0]}`;
    out['server peak RSS MB'] = server.peakRssMb() ?? 'n/a';
    return out;
  });
}
