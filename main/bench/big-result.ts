/**
 * Issue 15's row "`SELECT balance LIMIT 6000`, xlarge": a query whose answer is huge (every row
 * holds the running balance, an inventory of every currency and lot held so far). Goal: bounded
 * by the 10 s limit and the result-size limit, and the server never blocked, so light requests
 * sent meanwhile are answered as usual. Measured: the query's status and time, the bytes
 * received, the server's resident set sampled while it ran (and its peak since start), and the
 * light requests that overlapped it.
 */
import { besideLight } from './light';
import { call, type ServerChild } from './server-child';

export const BIG_QUERY = 'SELECT balance LIMIT 6000';

export const BIG_LIMITS = { lightClients: 4, rssEveryMs: 100, maxMs: 120_000 };

export async function runBigResult(server: ServerChild): Promise<Record<string, number | string>> {
  let rssMax = 0;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, server.rssMb() ?? 0)), BIG_LIMITS.rssEveryMs);
  const rss0 = server.rssMb();
  try {
    const { result, light } = await besideLight(server.url, BIG_LIMITS.lightClients, BIG_LIMITS.maxMs, async () => {
      const t0 = performance.now();
      // Counted, not parsed: parsing tens of MB of JSON would be the bench's time.
      const r = await call(`${server.url}/api/query`, { body: { query: BIG_QUERY }, parse: false });
      return { ...r, ms: performance.now() - t0 };
    });
    const out: Record<string, number | string> = {
      'big query ms': result.ms,
      'big query status': result.status,
      'big query MB': result.bytes / 1e6,
    };
    if (result.status !== 200) out['big query answer'] = String(result.body?.message ?? result.body).slice(0, 120);
    out['big RSS before MB'] = rss0 ?? 'n/a';
    out['big RSS max MB'] = rssMax || 'n/a';
    out['big light requests'] = light.count;
    out['big light failures'] = light.failures;
    out['big light p99 ms'] = light.p99;
    out['big light max ms'] = light.max;
    return out;
  } finally {
    clearInterval(sampler);
  }
}
