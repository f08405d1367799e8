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
import { ONE_SHOT_V8_FLAGS } from './one-shot';

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
 * V8 flags of the check command, set when it starts: those of every one-shot command (one-shot.ts)
 * and `--semi-space-growth-factor=1`. The check is one load whose AST and booked ledger almost all
 * survive to the end, so V8's young generation, which grows from 1 MB to 16 MB semi-spaces when
 * most objects survive, only adds resident memory here (32 MB more peak RSS on the xlarge bench
 * ledger) without saving work: the survivors are copied to the old generation either way. V8
 * reads the growth factor each time it would grow the young generation, so setting it here works.
 * Not every V8 flag can be changed once the heap runs: `--single-threaded-gc` or
 * `--no-concurrent-marking` set here abort the process at the first full collection (tried, Node
 * 20).
 */
export const CHECK_V8_FLAGS = `--semi-space-growth-factor=1 ${ONE_SHOT_V8_FLAGS}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  v8.setFlagsFromString(CHECK_V8_FLAGS);
  process.exitCode = runCheck(
    process.argv.slice(2),
    (s) => process.stdout.write(s),
    (s) => process.stderr.write(s),
  );
}
