/**
 * The file reader of a load in an engine worker. It does two things the engine's default reader
 * does not:
 * - it records every text it read, so the other workers of the pool can book exactly the same
 *   texts (one generation is one ledger in every worker, even if a file changes mid-reload);
 * - it refuses an unreadable main file (permissions, I/O error) instead of reading it as empty:
 *   the engine's reader answers null for "missing or unreadable", which would replace the
 *   served ledger with an empty one. A main file that cannot be read is a failed reload, like
 *   a deleted one, and the last good ledger stays served with the reason in `status.problem`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readFileOrNull, type ReadFile } from '../../engine/ledger/load';
import type { FileTexts } from './messages';

export interface RecordingReader {
  readFile: ReadFile;
  /** What was read, in reading order (only strings and nulls: not-regular results are re-read). */
  texts(): FileTexts;
}

export interface ReaderDeps {
  read?: ReadFile;
  /** Reads the main file again to learn why the reader gave up on it (throws the real error). */
  explain?: (file: string) => void;
  /**
   * Called after each file read from the disk (not for texts given): files and characters read
   * so far, for the reload's progress.
   */
  onRead?: (filesRead: number, charsRead: number) => void;
}

export function recordingReader(mainFile: string, given?: FileTexts, deps: ReaderDeps = {}): RecordingReader {
  const main = path.resolve(mainFile);
  const read = deps.read ?? readFileOrNull;
  const explain = deps.explain ?? ((file: string) => void fs.readFileSync(file));
  const known = given ? new Map(given) : null;
  const seen = new Map<string, string | null>();
  let filesRead = 0;
  let charsRead = 0;
  const readFile: ReadFile = (file) => {
    const abs = path.resolve(file);
    if (known?.has(abs)) {
      const text = known.get(abs) ?? null;
      seen.set(abs, text);
      return text;
    }
    const out = read(abs);
    if (out === null && abs === main) unreadableMain(abs, explain);
    if (out === null || typeof out === 'string') seen.set(abs, out);
    if (deps.onRead && typeof out === 'string') deps.onRead(++filesRead, (charsRead += out.length));
    return out;
  };
  return { readFile, texts: () => [...seen] };
}

function unreadableMain(file: string, explain: (file: string) => void): void {
  try {
    explain(file);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT') throw new Error(`ledger file not found: ${file}`);
    throw new Error(`cannot read ledger file ${file}: ${err.code === 'EACCES' || err.code === 'EPERM' ? 'permission denied' : err.message}`);
  }
  // Readable again by now (a race with the editor): let the engine's reader try once more.
}
