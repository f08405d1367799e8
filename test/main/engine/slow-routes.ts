/**
 * Endpoints only the pool tests register in their workers (PoolOptions.routeModules): work that
 * runs until stopped, work that never looks at its cancellation flag, a crash, and who answered.
 */
import { threadId } from 'node:worker_threads';
import type { RouteModule } from '../../../main/server/app';
import { Deadline, throwIfCancelled, workTicker } from '../../../engine/query/execute/limits';
import { encodeResult, runQuery } from '../../../engine/query/index';
import { stringifyResult } from '../../../engine/query/encode';

export const routes: RouteModule = (r) => {
  // Cooperative: ticks a 60 s deadline, so only the pool's flag (time limit, client gone) stops it.
  r.get('/api/test/spin', () => {
    const d = new Deadline(60_000);
    for (;;) d.tick();
  });
  // Never checks anything: only terminating the worker ends it.
  r.get('/api/test/hang', () => {
    for (;;);
  });
  // A real query that finishes in time, then meets the time limit while its rows are encoded
  // (it waits for the pool's flag first): only the encoder's own checks can stop it by itself.
  r.get('/api/test/encode-late', (c) => {
    const result = runQuery(c.snapshot, 'SELECT date, account, position, balance');
    for (;;) {
      try {
        throwIfCancelled();
      } catch {
        break;
      }
    }
    return new Response(stringifyResult(encodeResult(result), workTicker(result.deadline)));
  });
  r.get('/api/test/crash', () => process.exit(3));
  // Busy for ?ms= milliseconds, then answers (a request that holds its worker for a known time).
  r.get('/api/test/busy', (c) => {
    const ms = Number(new URL(c.event.req.url).searchParams.get('ms'));
    const end = Date.now() + ms;
    while (Date.now() < end);
    return { data: { thread: threadId } };
  });
  r.get('/api/test/who', (c) => ({ data: { thread: threadId, transactions: c.snapshot.transactions.length } }));
};
