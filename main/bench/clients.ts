/**
 * The `clients` section of `npm run bench`: issue 15's row "50 clients of mixed light requests
 * for 20 s, 20k transactions" (goal: p99 <= 250 ms, every client answered within 1 s). All 50
 * loops start at once, when the server has settled (light.ts, settle), on a served copy of the
 * generated 20k-transaction ledger
 * (`npm run gen-ledger -- --transactions 20000 --seed 1`) and send mixedLight (light.ts; the
 * dashboard summary of the last year) one request after another for 20 s. Reported: latency
 * percentiles over every request and per path (which kind of request is slow), requests per
 * second, and per client the time from the start to its first answer (the slowest, and how many
 * waited over 1 s).
 */
import { firstAnswers, httpSend, mixedLight, settle, startStream, summarizeWindow } from './light';
import { appendTarget } from './reload';
import { withServedCopy } from './server-child';

export const CLIENTS_LEDGER = { name: '20k txns', transactions: 20_000, seed: '1' } as const;

export const CLIENTS_BENCH = { clients: 50, seconds: 20, firstAnswerGoalMs: 1000 };

export async function runClientsBench(opts: { root: string; file: string; log?: (line: string) => void }): Promise<Record<string, number | string>> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`bench clients: ${line}\n`));
  return withServedCopy(opts.root, opts.file, async (server) => {
    log(`server at ${server.url} (${server.loadLine}); ${CLIENTS_BENCH.clients} clients for ${CLIENTS_BENCH.seconds} s`);
    const { date } = await appendTarget(server.url, opts.file);
    const paths = mixedLight(`${date.slice(0, 4)}-01-01`, date);
    // The row measures 50 clients against a served ledger, not the start-up: the second engine
    // worker books the ledger after the server announces itself, and the clients start once it has.
    const settledMs = await settle(server);
    const cpu0 = server.cpuMs();
    const stream = startStream(httpSend(server.url), paths, CLIENTS_BENCH.clients, CLIENTS_BENCH.seconds * 1000);
    await new Promise((r) => setTimeout(r, CLIENTS_BENCH.seconds * 1000));
    const records = await stream.stop();
    const wall = (performance.now() - stream.t0) / 1000;
    const cpu1 = server.cpuMs();
    const all = summarizeWindow(records);
    const first = firstAnswers(records, stream.t0, CLIENTS_BENCH.clients);
    const answered = first.filter((v): v is number => v !== null);
    const out: Record<string, number | string> = {
      'first load': server.loadLine,
      'settled after ms': settledMs,
      requests: all.count,
      'req/s': all.count / wall,
      failures: all.failures,
      'p50 ms': all.p50,
      'p99 ms': all.p99,
      'max ms': all.max,
      'slowest first answer ms': answered.length === first.length ? Math.max(...answered) : `${first.length - answered.length} clients never answered`,
      'clients first answer > 1 s': first.filter((v) => v === null || v > CLIENTS_BENCH.firstAnswerGoalMs).length,
      'server peak RSS MB': server.peakRssMb() ?? 'n/a',
      // Whether the server was saturated or starved: on a shared machine it may get a fraction
      // of a core, and then the latencies measure the machine, not the server.
      'server CPU % of a core': cpu0 === null || cpu1 === null ? 'n/a' : ((cpu1 - cpu0) / (wall * 1000)) * 100,
      'server CPU ms/request': cpu0 === null || cpu1 === null || all.count === 0 ? 'n/a' : (cpu1 - cpu0) / all.count,
    };
    if (all.firstFailure) out['first failure'] = all.firstFailure;
    // Per path: "p50/max" ms, the path shortened to its endpoint.
    for (const p of paths) {
      const s = summarizeWindow(records.filter((r) => r.path === p));
      out[`${p.split('?')[0].replace('/api/', '')} p50/max ms`] = `${Math.round(s.p50)}/${Math.round(s.max)}`;
    }
    return out;
  });
}
