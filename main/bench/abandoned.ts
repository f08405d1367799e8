/**
 * Issue 15's row "next request after 3 clients hang up on heavy queries": goal <= 250 ms, and the
 * abandoned work stopped. Three clients send the heavy query of time-limit.ts at once and close
 * their connections after `hangUpMs`; then one light request and one small query are sent, one
 * after the other, and timed. That the abandoned queries stopped shows twice: in those latencies
 * (a query that ran on would hold its worker) and in the server's CPU time over the next
 * `idleMs` (a running query burns a core; an idle server next to nothing).
 */
import { LIGHT_PROBES } from './light';
import { call, type ServerChild } from './server-child';
import { HEAVY_QUERY } from './time-limit';

export const NEXT_QUERY = 'SELECT count(*) FROM #transactions';

export const ABANDON_BENCH = { clients: 3, hangUpMs: 1000, idleMs: 2000 };

export async function runAbandoned(server: ServerChild): Promise<Record<string, number | string>> {
  const base = server.url;
  const ctl = new AbortController();
  const sent = Array.from({ length: ABANDON_BENCH.clients }, () =>
    call(`${base}/api/query`, { body: { query: HEAVY_QUERY }, signal: ctl.signal }).then(
      (r) => `HTTP ${r.status}`,
      () => 'hung up',
    ),
  );
  await new Promise((r) => setTimeout(r, ABANDON_BENCH.hangUpMs));
  ctl.abort();
  const endings = await Promise.all(sent);
  const timed = async (path: string, body?: unknown) => {
    const t0 = performance.now();
    const r = await call(base + path, body === undefined ? {} : { body });
    return { ms: performance.now() - t0, status: r.status };
  };
  const light = await timed(LIGHT_PROBES[0]);
  const next = await timed('/api/query', { query: NEXT_QUERY });
  const cpu0 = server.cpuMs();
  await new Promise((r) => setTimeout(r, ABANDON_BENCH.idleMs));
  const cpu1 = server.cpuMs();
  return {
    'abandoned endings': endings.join(', '),
    'next light ms': light.ms,
    'next light status': light.status,
    'next query ms': next.ms,
    'next query status': next.status,
    // Percent of one core over idleMs: about 100 per query still running.
    'server CPU % after': cpu0 === null || cpu1 === null ? 'n/a' : ((cpu1 - cpu0) / ABANDON_BENCH.idleMs) * 100,
  };
}
