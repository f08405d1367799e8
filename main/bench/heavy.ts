/**
 * The `heavy` section of `npm run bench`: issue 15's bounded-heavy-work rows on one served copy
 * of the ledger (xlarge), one after another so each starts on an idle server: the huge answer
 * (big-result.ts), a query into the time limit (time-limit.ts), and abandoned queries
 * (abandoned.ts). Starting the server once saves a load of the ledger per row.
 */
import { runAbandoned } from './abandoned';
import { runBigResult } from './big-result';
import { settle } from './light';
import { NEXT_QUERY } from './abandoned';
import { query, withServedCopy } from './server-child';
import { runTimeLimit } from './time-limit';

export async function runHeavyBench(opts: { root: string; file: string; log?: (line: string) => void }): Promise<Record<string, number | string>> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`bench heavy: ${line}\n`));
  return withServedCopy(opts.root, opts.file, async (server) => {
    log(`server at ${server.url} (${server.loadLine})`);
    const out: Record<string, number | string> = { 'first load': server.loadLine };
    // The server prints "loaded" when the first worker has booked the ledger; the other worker
    // books it next while the first answers (main/engine/pool.ts). Every row starts after that.
    const t0 = performance.now();
    await query(server.url, NEXT_QUERY);
    out['first query after start ms'] = performance.now() - t0;
    out['settled after ms'] = await settle(server);
    const parts: [string, () => Promise<Record<string, number | string>>][] = [
      ['big result', () => runBigResult(server)],
      ['time limit', () => runTimeLimit(server)],
      ['abandoned', () => runAbandoned(server)],
    ];
    for (const [name, run] of parts) {
      log(name);
      try {
        Object.assign(out, await run());
      } catch (e) {
        // The other rows still run and report.
        out[`${name} error`] = (e as Error).message.slice(0, 160);
      }
      // Let a worker being replaced or a cancelled query settle before the next row starts.
      await new Promise((r) => setTimeout(r, 3000));
    }
    out['server peak RSS MB'] = server.peakRssMb() ?? 'n/a';
    return out;
  });
}
