/**
 * V8 settings of the commands that load a ledger once and exit (`check`, `query`), set when they
 * start; the server and the tests keep V8's defaults.
 *
 * Such a command is one cold load, so it keeps the cold-load inlining budget (main/engine/jit.ts)
 * for its whole run. Measured in fresh processes: `check` on large 0.46 -> 0.40 s (ten interleaved
 * pairs); `query` on large 0.49 -> 0.43 s for BALANCES and 0.48 -> 0.41 s for monthly expenses
 * converted to USD, on xlarge 2.00 -> 1.88 s and 2.67 -> 2.59 s (five each).
 *
 * V8 reads the budget when it compiles, so setting it at start works; setFlagsFromString ignores a
 * flag this Node does not know, so check.test.ts starts Node with these flags to catch a rename.
 */
import { COLD_LOAD_V8_FLAGS } from '../engine/jit';

export const ONE_SHOT_V8_FLAGS = COLD_LOAD_V8_FLAGS;
