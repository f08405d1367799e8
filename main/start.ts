/**
 * Start-up shared by the headless server (main/cli/serve.ts) and the desktop shell
 * (main/electron): one ledger opened as a LedgerHost, its first load, the file watcher and the
 * h3 app (the router both the HTTP listener and the IPC bridge run requests through).
 *
 * By default the ledger lives in an engine pool (main/engine/pool.ts): worker threads load,
 * book and answer the /api routes, and this thread keeps the host (status, events, the
 * watcher's file list), authentication and static files, so no load or query ever blocks it.
 * Passing `load` (tests with a fake loader) keeps everything in this thread as before.
 *
 * The HTTP listener is not part of a LedgerService: the shell keeps one listener across ledger
 * switches (File > Open) and may run without one (API turned off), so callers bind it with
 * `listen(service.app, ...)` themselves.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { H3 } from 'h3';
import { LedgerHost, type HostEvent, type LedgerLoader, type ReloadOutcome } from './host';
import { watchLedger, type LedgerWatcher, type WatchOptions } from './watch';
import { createApp, type AppOptions } from './server/app';
import { apiRoutes } from './server/routes/api';
import { EnginePool, type PoolOptions } from './engine/pool';
import { poolForwarder } from './engine/forward';
import { standInSnapshot } from './engine/summary';
import { recordingReader } from './engine/read-files';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The bundled example ledger, found from this file's place in the source tree. Bundled builds
 * (the Electron main process) must not use it: their import.meta.url is the bundle's, so the
 * shell computes the path from the application directory instead.
 */
export const DEFAULT_LEDGER = path.resolve(here, 'demo/example.beancount');

/** The API's route modules (main/server/routes/api.ts: register new ones there). */
export { apiRoutes };

/** The real engine loader, imported on first use so `--help` and argument errors answer at once. */
export const engineLoader: LedgerLoader = async (file) => {
  const { loadLedger } = await import('../engine/ledger/index');
  // The same reader as the workers': an unreadable main file fails the load (read-files.ts).
  return loadLedger(file, { readFile: recordingReader(file).readFile });
};

/** The host's loader in pooled mode: one worker books the ledger; the host keeps its summary. */
export function poolLoader(pool: EnginePool): LedgerLoader {
  return async () => standInSnapshot((await pool.load()).summary);
}

export interface ServiceOptions {
  /** Main ledger file (absolute, or relative to the working directory). */
  ledger: string;
  /**
   * Builds snapshots in this thread (tests pass a fake; `engineLoader` is the real engine).
   * Absent: the engine pool, in worker threads.
   */
  load?: LedgerLoader;
  /** Options of the engine pool (size, time limit ...), when `load` is absent. */
  pool?: Omit<PoolOptions, 'file'>;
  /** Options of createApp (auth, rendererDir, routes ...); `routes` defaults to apiRoutes. */
  app?: AppOptions;
  /** Watch the ledger's files and reload on change (default true). */
  watch?: boolean | WatchOptions;
}

export interface LedgerService {
  readonly host: LedgerHost;
  readonly app: H3;
  /** The engine workers; null when the ledger is loaded in this thread (`load` given). */
  readonly pool: EnginePool | null;
  /** Null when watching was turned off. */
  readonly watcher: LedgerWatcher | null;
  /** Outcome of the first load (swapped false: the file is missing or the loader failed). */
  readonly first: ReloadOutcome;
  /** Stops watching; requests already pinned to a snapshot keep it. */
  close(): Promise<void>;
}

/**
 * Opens a ledger: loads it once, starts watching its files, builds the router. Never throws for
 * a bad ledger: a failed first load is reported in `first` (the API answers 503 until a save
 * fixes it), so a typo in the file never keeps the app from starting.
 */
export async function openLedgerService(options: ServiceOptions): Promise<LedgerService> {
  const file = path.resolve(options.ledger);
  const pool = options.load ? null : new EnginePool({ file, ...options.pool });
  const host = new LedgerHost(file, options.load ?? poolLoader(pool!));
  // Files read by the loading worker reach the status and the event stream as `loading` events.
  pool?.onProgress((p) => host.reportProgress(p));
  const first = await host.reload();
  const watchOptions = options.watch === undefined || options.watch === true ? {} : options.watch;
  const watcher = watchOptions === false ? null : watchLedger(host, watchOptions);
  const app = createApp(host, { routes: apiRoutes, ...options.app, engine: pool ? poolForwarder(pool) : undefined });
  if (watcher) await watcher.ready;
  let closed: Promise<void> | null = null;
  return {
    host,
    app,
    pool,
    watcher,
    first,
    close: () =>
      (closed ??= Promise.all([watcher ? watcher.close() : undefined, pool ? pool.close() : undefined]).then(() => undefined)),
  };
}

/** One line about a load, for logs: the same words in the terminal and the desktop app's log. */
export function describeLoad(e: HostEvent): string {
  const s = e.status;
  if (e.kind === 'loading') return 'reloading…';
  if (e.kind === 'problem') return `reload failed, still serving the previous ledger: ${s.problem?.message}`;
  const errors = s.error_count === 1 ? '1 error' : `${s.error_count} errors`;
  return `loaded in ${s.load_ms} ms: ${s.transaction_count} transactions, ${errors}` + (s.error_count ? ' (see /api/errors)' : '');
}
