/**
 * Starts one engine worker. From the source tree (tsx, vitest) the entry is worker.ts, which Node
 * cannot run by itself: on Node 20 `execArgv: ['--import', 'tsx']` does not reach a worker's
 * module loader, so a two-line bootstrap registers tsx's loader inside the worker and imports
 * the entry. Bundled builds (esbuild) must emit worker.ts as its own file named
 * `engine-worker.js` next to the bundle that imports this module (the CLI's and the Electron
 * main process's): there the worker is a plain JavaScript file.
 */
import { Worker } from 'node:worker_threads';
import type { EngineWorkerData } from './worker';
import { setEngineHeapFlags } from './heap';

/** The name bundles give the worker entry (next to the bundle). */
export const BUNDLED_WORKER_FILE = 'engine-worker.js';

export function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./worker.ts', import.meta.url) : new URL(`./${BUNDLED_WORKER_FILE}`, import.meta.url);
}

export function spawnEngineWorker(data: EngineWorkerData, entry: URL = defaultWorkerUrl()): Worker {
  // Before the worker exists: its heap is sized from the flags when it starts (heap.ts).
  setEngineHeapFlags();
  if (entry.pathname.endsWith('.ts')) {
    const boot = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(entry.href)});`;
    return new Worker(boot, { eval: true, workerData: data });
  }
  return new Worker(entry, { workerData: data });
}
