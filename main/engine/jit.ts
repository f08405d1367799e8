/**
 * TurboFan's inlining budget during a thread's first load.
 *
 * A first load runs cold code: the parser and the booking walk run in V8's interpreter and
 * baseline code while TurboFan compiles them on the second core, and on a 2-core machine that
 * queue (about 150 functions, 0.5 s of compile work for the large bench ledger) is what the load
 * waits on. A smaller inlining budget (`--max-inlined-bytecode-size-cumulative=100`, V8's default
 * 920) makes each compile about 40% smaller, so the hot functions get optimised code sooner:
 * the commands that load once and exit run with it throughout (main/cli/one-shot.ts). A process
 * that keeps answering queries must not: once warm, the converting query ran 15% slower with it.
 * So an engine worker (and the bench's in-process load, which measures the worker's load) sets it
 * for its first load only and puts V8's default back afterwards; the functions compiled meanwhile
 * are the load's own, and every later compile (queries, re-optimisations) inlines as usual.
 *
 * Only for a ledger whose main file is under COLD_BUDGET_MAX_BYTES: the larger the ledger, the
 * more of its load runs in code already optimised, whose quality then counts more than how soon
 * it came. Measured on the bench ledgers (interleaved fresh processes): large (2.9 MB) load 436 ->
 * 366 ms and parse 214 -> 195 ms; xlarge (35.5 MB) load the same (4 pairs) but parse about 7%
 * slower (10 pairs, medians 1,051 -> 1,126 ms); 1m (58.5 MB) load the same. The size is the main
 * file's, the only one known before the load: a large ledger split into included files gets the
 * cold budget, which costs it at most that parse figure (its load measured the same).
 *
 * V8 flags are process-wide and read when a compile starts, so setting them at run time works
 * (measured: one-shot.ts) and a compile already queued may see either value; inlining decisions
 * never change results. The pool starts its other workers after the first load (pool.ts), so
 * two first loads overlap only after a failed one, when the earlier one's end puts the default
 * back early: the later load is then only slower. A budget chosen on Node's command line or in
 * NODE_OPTIONS is left alone.
 */
import * as v8 from 'node:v8';

/** The budget of a cold load (the one-shot commands use it for their whole run). */
export const COLD_LOAD_V8_FLAGS = '--max-inlined-bytecode-size-cumulative=100';
/** V8's default for the flag in this Node (22.x, V8 12.4); jit.test.ts checks it against `node --v8-options`. */
export const WARM_V8_FLAGS = '--max-inlined-bytecode-size-cumulative=920';

/** Whether whoever started Node chose the inlining budget (its command line or NODE_OPTIONS). */
export function inliningChosen(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  const chosen = (a: string) => /^--max[-_]inlined[-_]bytecode[-_]size[-_]cumulative(=|$)/.test(a);
  return execArgv.some(chosen) || nodeOptions.split(/\s+/).some(chosen);
}

/** Main files from this size on load with V8's own budget (see above). */
export const COLD_BUDGET_MAX_BYTES = 8 * 1024 * 1024;

let firstDone = false;

/**
 * Runs `load` with the cold budget if it is this thread's first load, of a ledger whose main
 * file has `ledgerBytes()` (under COLD_BUDGET_MAX_BYTES; asked on the first load only, so a
 * reload stats nothing), and nobody chose the budget; V8's default is restored after it even when
 * it throws. Later loads run as they are.
 */
export function firstLoadJit<T>(ledgerBytes: () => number, load: () => T, setFlags: (flags: string) => void = v8.setFlagsFromString): T {
  if (firstDone) return load();
  firstDone = true;
  if (ledgerBytes() >= COLD_BUDGET_MAX_BYTES || inliningChosen()) return load();
  setFlags(COLD_LOAD_V8_FLAGS);
  try {
    return load();
  } finally {
    setFlags(WARM_V8_FLAGS);
  }
}

/** For tests: the next load counts as the thread's first again. */
export function resetFirstLoadJit(): void {
  firstDone = false;
}
