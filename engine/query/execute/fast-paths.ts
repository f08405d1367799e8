/**
 * One switch over the executor's fast paths (account ids for grouping, rows handed to aggregates
 * without a call, ...). Every fast path must give the rows of the straightforward path; the tests
 * turn the switch off to compute those rows and compare (test/engine/query/execute/fast-paths.test.ts).
 * Always on outside tests.
 */
export const fastPaths = { enabled: true };
