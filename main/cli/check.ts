/**
 * `npm run check -- LEDGER`: loads and books the ledger and prints its errors the way bean-check
 * does — `file:line: message`, a blank line, the directive's text indented by three spaces, a blank
 * line — then exits 1; prints nothing and exits 0 for a clean ledger. A missing or unreadable file
 * is one clear message and exit 1.
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import * as v8 from 'node:v8';
import { pathToFileURL } from 'node:url';
import { loadLedger } from '../../engine/ledger/index';
import type { LedgerError } from '../../engine/ledger/errors';

export function formatError(e: LedgerError, cwd: string, fallbackFile: string): string {
  const file = e.src ? e.src.file : fallbackFile;
  const rel = nodePath.relative(cwd, file);
  const shown = rel && !rel.startsWith('..') && !nodePath.isAbsolute(rel) ? rel : file;
  const head = e.src ? `${shown}:${e.src.line}: ${e.message}` : `${shown}: ${e.message}`;
  if (!e.source) return head + '\n';
  const body = e.source
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => (l ? '   ' + l : ''))
    .join('\n');
  return `${head}\n\n${body}\n`;
}

/** Runs the check; returns the exit code. Output goes through `write` (stdout) and `writeErr`. */
export function runCheck(args: string[], write: (s: string) => void, writeErr: (s: string) => void, cwd = process.cwd()): number {
  const files = args.filter((a) => a !== '--');
  if (files.length !== 1) {
    writeErr('usage: npm run check -- LEDGER\n');
    return 2;
  }
  const file = nodePath.resolve(cwd, files[0]);
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    writeErr(`error: ledger file not found: ${files[0]}\n`);
    return 1;
  }
  if (!st.isFile()) {
    writeErr(`error: not a file: ${files[0]}\n`);
    return 1;
  }
  let snapshot;
  try {
    // No query runs here: the walk need not write the postings' numbers for the query engine.
    snapshot = loadLedger(file, { postingNumbers: false });
  } catch (e) {
    writeErr(`error: cannot load ${files[0]}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  if (snapshot.errors.length === 0) return 0;
  write(snapshot.errors.map((e) => formatError(e, cwd, file)).join('\n'));
  return 1;
}

/**
 * V8 flags of the check command, set when it starts (tests and the server keep V8's defaults).
 *
 * - `--semi-space-growth-factor=1`: the check is one load whose AST and booked ledger almost all
 *   survive to the end, so V8's young generation, which grows from 1 MB to 16 MB semi-spaces when
 *   most objects survive, only adds resident memory here (32 MB more peak RSS on the xlarge bench
 *   ledger) without saving work: the survivors are copied to the old generation either way.
 * - `--max-inlined-bytecode-size-cumulative=100` (default 920): a check is one cold load, and a
 *   cold load waits on TurboFan, which compiles the engine's hot functions on the second core
 *   while they run unoptimised (0.49 s of compile work during the 0.27 s load of the large bench
 *   ledger). Inlining less makes that work about 40% smaller: the large check 419 -> 387 ms,
 *   xlarge 1.78 -> 1.68 s (medians of four). Not for the server: the same setting made a
 *   currency-converting query 15% slower, and the check runs no query.
 *
 * V8 reads both when it uses them (the growth factor when it would grow the young generation, the
 * budget when it compiles), so setting them here works. Not every V8 flag can be changed once the
 * heap runs: `--single-threaded-gc` or `--no-concurrent-marking` set here abort the process at
 * the first full collection (tried, Node 20). setFlagsFromString ignores a flag this Node does not
 * know: check.test.ts starts Node with these to catch one renamed.
 */
export const CHECK_V8_FLAGS = '--semi-space-growth-factor=1 --max-inlined-bytecode-size-cumulative=100';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  v8.setFlagsFromString(CHECK_V8_FLAGS);
  process.exitCode = runCheck(
    process.argv.slice(2),
    (s) => process.stdout.write(s),
    (s) => process.stderr.write(s),
  );
}
