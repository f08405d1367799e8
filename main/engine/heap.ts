/**
 * V8's old-generation start size in the engine workers (set by spawn.ts before each starts), and
 * on the command line of the bench's in-process sections, which measure the engine as they run.
 *
 * A load keeps almost everything it allocates (the parsed directives, then the booked rows), but
 * V8 starts the old generation with a small allocation limit and raises it only after each full
 * collection, so a load of a large ledger ran full collections that found next to nothing to free:
 * on the xlarge bench ledger (175 MB kept) one of about 100 ms near the end of the load, plus its
 * concurrent marking on the second core. With the limit starting at 256 MB that load runs only
 * the early, small one. The setting moves the first full collections, not the later ones: V8
 * sizes each later limit from what a collection found alive.
 *
 * Flags are process-wide, and a worker's heap is configured from them when the worker starts. A
 * thread already running keeps the limits it started with (set at run time in a command's main
 * thread, this changed nothing: measured), so `check` and `query`, which load on their main
 * thread, keep V8's defaults unless Node is started with the flag.
 */
import * as v8 from 'node:v8';

export const ENGINE_OLD_SPACE_MB = 256;

export const ENGINE_V8_FLAGS = `--initial-old-space-size=${ENGINE_OLD_SPACE_MB}`;

/** Whether whoever started Node chose the old generation's start size (its command line or NODE_OPTIONS). */
export function heapSizeChosen(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  const chosen = (a: string) => /^--initial[-_](old[-_]space|heap)[-_]size(=|$)/.test(a);
  return execArgv.some(chosen) || nodeOptions.split(/\s+/).some(chosen);
}

/** Sets ENGINE_V8_FLAGS for the workers started after it, unless the size was chosen (then false). */
export function setEngineHeapFlags(): boolean {
  if (heapSizeChosen()) return false;
  v8.setFlagsFromString(ENGINE_V8_FLAGS);
  return true;
}
