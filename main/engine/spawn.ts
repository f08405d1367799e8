/**
 * Starts one engine worker. From the source tree (tsx, vitest) the entry is worker.ts, which Node
 * cannot run by itself: on Node 20 `execArgv: ['--import', 'tsx']` does not reach a worker's
 * module loader, so a two-line bootstrap registers tsx's loader inside the worker and imports
 * the entry. Bundled builds (esbuild) must emit worker.ts as its own file named
 * `engine-worker.js` next to the bundle that imports this module (the CLI's and the Electron
 * main process's): there the worker is a plain JavaScript file.
 */
import * as nodeModule from 'node:module';
import * as nodePath from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EngineWorkerData } from './worker';
import { ledgerBytes, setEngineHeapFlags } from './heap';

/** The name bundles give the worker entry (next to the bundle). */
export const BUNDLED_WORKER_FILE = 'engine-worker.js';

export function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./worker.ts', import.meta.url) : new URL(`./${BUNDLED_WORKER_FILE}`, import.meta.url);
}

export function spawnEngineWorker(data: EngineWorkerData, entry: URL = defaultWorkerUrl()): Worker {
  // Before the worker exists: its heap is sized from the flags when it starts (heap.ts).
  setEngineHeapFlags(ledgerBytes(data.file));
  if (entry.pathname.endsWith('.ts')) {
    const boot = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(entry.href)});`;
    return new Worker(boot, { eval: true, workerData: data });
  }
  // V8's code cache on disk, when the process uses one (the command line's launcher enables it:
  // main/cli/run.mjs): a worker does not inherit it (getCompileCacheDir() is undefined there), and
  // enabling it inside the entry would come after the entry was compiled, so a bootstrap enables
  // it first. The directory given is the cache's base: Node adds its version folder itself.
  const cacheDir = (nodeModule as { getCompileCacheDir?: () => string | undefined }).getCompileCacheDir?.();
  if (cacheDir !== undefined) {
    const base = nodePath.dirname(cacheDir);
    const boot = `import { enableCompileCache } from 'node:module'; enableCompileCache(${JSON.stringify(base)}); await import(${JSON.stringify(entry.href)});`;
    return new Worker(boot, { eval: true, workerData: data });
  }
  return new Worker(entry, { workerData: data });
}
