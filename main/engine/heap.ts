/**
 * V8's old-generation start size in the engine workers, sized from the ledger (set by spawn.ts
 * before each worker starts), and on the command line of the bench's in-process sections, which
 * measure the engine as a worker runs it.
 *
 * A load keeps almost everything it allocates (the parsed directives, then the booked rows), but
 * V8 starts the old generation with a small allocation limit and raises it only after each full
 * collection, so a load of a large ledger ran full collections that found next to nothing to free:
 * on the xlarge bench ledger (175 MB kept) one of about 100 ms near the end of the load, plus its
 * concurrent marking on the second core. Started at about what the load will keep, that load runs
 * only the early, small one.
 *
 * The start size is also a floor: V8 never sets a later limit below it (traced: a heap keeping
 * 35 MB and churning collected at 265-290 MB with a 256 MB start, at 123-163 MB without). So it
 * is sized from the ledger, and not set at all for ledgers whose loads V8's own limits serve (the
 * large bench ledger's load runs no late full collection): a small ledger's worker stays as lean
 * as before.
 *
 * Flags are process-wide, and a worker's heap is configured from them when the worker starts. A
 * thread already running keeps the limits it started with (set at run time in a command's main
 * thread, this changed nothing: measured), so `check` and `query`, which load on their main
 * thread, keep V8's defaults unless Node is started with the flag.
 */
import * as fs from 'node:fs';
import * as v8 from 'node:v8';

/**
 * Bytes of heap a load keeps per byte of ledger text, rounded up: 4.7 on the xlarge bench ledger
 * (167 MB of 35.5 MB), 8.6 on the generated 1M-posting one (506 MB of 58.5 MB).
 */
const KEPT_PER_BYTE = 8;
/** Below this V8's own limits serve the load (the large bench ledger: 23 MB by the estimate). */
const MIN_START_MB = 64;
const MAX_START_MB = 1024;

/** The start size (MB) for a ledger of `ledgerBytes`, or 0: V8's own. */
export function engineOldSpaceMb(ledgerBytes: number): number {
  const mb = Math.ceil((ledgerBytes * KEPT_PER_BYTE) / (1 << 20));
  return mb < MIN_START_MB ? 0 : Math.min(mb, MAX_START_MB);
}

/** The V8 flag for a ledger of `ledgerBytes` (0 in it is V8's default: not configured). */
export function engineV8Flags(ledgerBytes: number): string {
  return `--initial-old-space-size=${engineOldSpaceMb(ledgerBytes)}`;
}

/** Size of the main ledger file, 0 if it cannot be read (included files are not known yet). */
export function ledgerBytes(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Whether whoever started Node chose the old generation's start size (its command line or NODE_OPTIONS). */
export function heapSizeChosen(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  const chosen = (a: string) => /^--initial[-_](old[-_]space|heap)[-_]size(=|$)/.test(a);
  return execArgv.some(chosen) || nodeOptions.split(/\s+/).some(chosen);
}

/**
 * Sets the start size for the workers started after it, from the ledger's size (0, V8's own, for
 * a small one: a process serving a large ledger and then a small one must not keep the large
 * one's size), unless whoever started Node chose it (then false).
 */
export function setEngineHeapFlags(bytes: number): boolean {
  if (heapSizeChosen()) return false;
  v8.setFlagsFromString(engineV8Flags(bytes));
  return true;
}
