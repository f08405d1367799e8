/**
 * V8 settings of the commands that load a ledger once and exit (`check`, `query`), set when they
 * start; the server and the tests keep V8's defaults.
 *
 * `--max-inlined-bytecode-size-cumulative=100` (default 920): such a command is one cold load, and
 * a cold load waits on TurboFan, which compiles the engine's hot functions on the second core
 * while they run unoptimised (0.49 s of compile work during the 0.27 s load of the large bench
 * ledger). Inlining less makes that work about 40% smaller. Measured in fresh processes: `check`
 * on large 0.46 -> 0.40 s (ten interleaved pairs); `query` on large 0.49 -> 0.43 s for BALANCES
 * and 0.48 -> 0.41 s for monthly expenses converted to USD, on xlarge 2.00 -> 1.88 s and 2.67 ->
 * 2.59 s (five each). Not for the server: a long-lived process runs many queries after its load,
 * and the same setting made the converting query itself 15% slower once warm.
 *
 * V8 reads the budget when it compiles, so setting it at start works; setFlagsFromString ignores a
 * flag this Node does not know, so check.test.ts starts Node with these flags to catch a rename.
 */
export const ONE_SHOT_V8_FLAGS = '--max-inlined-bytecode-size-cumulative=100';
