/**
 * Endpoints only the pool tests register in their workers (PoolOptions.routeModules): work that
 * runs until stopped, work that never looks at its cancellation flag, a crash, and who answered.
 */
import { threadId } from 'node:worker_threads';
import type { RouteModule } from '../../../main/server/app';
import { Deadline } from '../../../engine/query/execute/limits';

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
  r.get('/api/test/crash', () => process.exit(3));
  r.get('/api/test/who', (c) => ({ data: { thread: threadId, transactions: c.snapshot.transactions.length } }));
};
