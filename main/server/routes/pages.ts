/**
 * Registration of the page endpoints (statistic, journals, account journal, new-transaction
 * suggestions, document list, errors) for main/start.ts.
 *
 * The paths are registered at once, but each group's module (and with it the query engine) is
 * imported on the first request to it: start-up, `--help` and argument errors never wait for
 * the engine. Tests import the group modules directly.
 */
import { isMainThread } from 'node:worker_threads';
import type { RouteContext, RouteHandler, RouteModule, ServerContext } from '../app';
import { cachedPerSnapshot } from './snapshot-cache';

type Loader = () => Promise<RouteModule>;

/**
 * Registers GET `paths` now; runs `load()`'s module on first use to find their handlers.
 * `cache`: answers depend only on the snapshot and the URL, keep them per snapshot.
 */
function lazyGets(paths: string[], load: Loader, options: { cache?: boolean } = {}): RouteModule {
  return (routes, server: ServerContext) => {
    let handlers: Promise<Map<string, RouteHandler>> | null = null;
    const resolve = () =>
      (handlers ??= load().then((module) => {
        const table = new Map<string, RouteHandler>();
        module({ get: (p, h) => table.set(p, h), post: () => undefined }, server);
        return table;
      }));
    // An engine worker has the engine loaded anyway: import the module now rather than on the
    // first request, which otherwise waited for it (issue 15: the first answer of each page on a
    // served 20k-transaction ledger took 50-190 ms of CPU more than the second; the first round
    // of the six pages of the 50-client bench, two interleaved pairs: 490 -> 400 and 400 -> 340 ms).
    if (!isMainThread) setTimeout(() => void resolve().catch(() => undefined), 0);
    for (const path of paths) {
      const run = async (c: RouteContext) => {
        const handler = (await resolve()).get(path);
        if (!handler) throw new Error(`page module does not register GET ${path}`);
        return handler(c);
      };
      routes.get(path, options.cache ? cachedPerSnapshot(run) : run);
    }
  };
}

export const pageRoutes: RouteModule[] = [
  // Static statistic paths first: the router prefers them to the {account_type} parameter anyway.
  // The dashboard's figures: computed once per snapshot and query string (snapshot-cache.ts).
  lazyGets(['/api/statistic/summary', '/api/statistic/graph', '/api/statistic/:account_type'], async () => (await import('./statistic')).statisticRoutes, {
    cache: true,
  }),
  lazyGets(['/api/journals'], async () => (await import('./journals')).journalRoutes),
  lazyGets(['/api/accounts/:account/journals'], async () => (await import('./accounts')).accountRoutes),
  lazyGets(['/api/for-new-transaction'], async () => (await import('./transactions')).transactionRoutes),
  lazyGets(['/api/documents'], async () => (await import('./documents-list')).documentListRoutes),
  lazyGets(['/api/errors'], async () => (await import('./errors')).errorRoutes),
  lazyGets(['/api/filter/time'], async () => (await import('./filter-time')).filterTimeRoutes),
  lazyGets(['/api/commodities/display'], async () => (await import('./commodity-display')).commodityDisplayRoutes),
  lazyGets(['/api/budgets/fava'], async () => (await import('./fava-budgets')).favaBudgetRoutes),
  lazyGets(['/api/statements/balance-sheet', '/api/statements/income-statement', '/api/statements/trial-balance'], async () => (await import('./statements')).statementRoutes),
  lazyGets(['/api/holdings'], async () => (await import('./holdings')).holdingsRoutes),
  lazyGets(['/api/plugins'], async () => (await import('./plugins')).pluginRoutes),
];
