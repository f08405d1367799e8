/**
 * The file reader of a load in an engine worker. It does two things the engine's default reader
 * does not:
 * - it records every file it read, as UTF-8 bytes in a SharedArrayBuffer, so the other workers of
 *   the pool can book exactly the same texts (one generation is one ledger in every worker, even
 *   if a file changes mid-reload). Shared bytes cross threads without a copy: posting the 35 MB
 *   xlarge ledger as a string cost about 380 ms of structured cloning per hop (worker -> main ->
 *   worker), on the main thread too, right when the reload is published;
 * - it refuses an unreadable main file (permissions, I/O error) instead of reading it as empty:
 *   the engine's reader answers null for "missing or unreadable", which would replace the
 *   served ledger with an empty one. A main file that cannot be read is a failed reload, like
 *   a deleted one, and the last good ledger stays served with the reason in `status.problem`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isAscii } from 'node:buffer';
import { type NotRegularFile, type ReadFile, type ReadSource } from '../../engine/ledger/load';
import { withRegularFile } from '../../engine/ledger/regular-file';
import { AsciiBytes, lendBytes } from '../../engine/ledger/syntax/codes';
import type { FileTexts } from './messages';

export interface RecordingReader {
  readFile: ReadFile;
  /**
   * readFile for the files the load parses (LoadOptions.readSource): an ASCII file as its shared
   * bytes (AsciiBytes), which the parse cache keeps and compares instead of a text of its own.
   */
  readSource: ReadSource;
  /** What was read, in reading order (only files and nulls: not-regular results are re-read). */
  texts(): FileTexts;
}

/** A file's bytes, null when missing or unreadable, or what it is when not a regular file. */
export type ReadBytes = (path: string) => Uint8Array | NotRegularFile | null;

export interface ReaderDeps {
  read?: ReadBytes;
  /** Reads the main file again to learn why the reader gave up on it (throws the real error). */
  explain?: (file: string) => void;
  /**
   * Called after each file read from the disk (not for texts given): files and UTF-8 bytes read
   * so far, for the reload's progress.
   */
  onRead?: (filesRead: number, bytesRead: number) => void;
  /** Count the files given as read, for onRead (the main file read ahead, not a catch-up's texts). */
  countGiven?: boolean;
}

/** The text of a file's bytes, as the engine's reader decodes them (BOM kept, bad bytes U+FFFD). */
export function decodeText(bytes: Uint8Array): string {
  // Not as Latin-1 (engine/ledger/load.ts `decoded`): the parse cache keeps a non-ASCII file's
  // text and compares it whole on every reload, and V8 compares and searches an external string
  // (what Node makes of a large Latin-1 text) several times slower than one in its heap.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * decodeText for a load: the bytes are lent to the text's parse (engine/ledger/syntax/codes.ts),
 * never freed by it (they are kept for the other workers).
 */
function decodeForParse(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  lendBytes(text, bytes, false);
  return text;
}

/**
 * A copy of the bytes in shared memory. Not just a memcpy: the 35 MB of fresh memory are faulted
 * in page by page, measured 180-200 ms CPU and 450-680 ms wall on the shared 2-core VM
 * (readSharedBytesOrNull avoids it for files read from the disk).
 */
export function sharedBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  out.set(bytes);
  return out;
}

/**
 * The engine's readFileBytesOrNull (the same rule, engine/ledger/regular-file.ts: stat first, so a
 * device is never opened; opened without blocking and checked again), reading a regular file
 * straight into shared memory
 * instead of into a Buffer then copied there: one 35 MB allocation per reload instead of two.
 * Measured on xlarge, interleaved, read + share + decode: 620-1080 ms wall / 540-640 ms CPU before,
 * 480-860 / 380-470 after. Like readFileSync, it reads the size fstat gave (a file growing
 * meanwhile is read up to it; the watcher's next event reloads the rest).
 */
export function readSharedBytesOrNull(file: string): Uint8Array | NotRegularFile | null {
  return withRegularFile(file, (fd, opened) => {
    const out = new Uint8Array(new SharedArrayBuffer(opened.size));
    let n = 0;
    while (n < out.length) {
      const k = fs.readSync(fd, out, n, out.length - n, null);
      if (k === 0) break; // shrunk since fstat
      n += k;
    }
    return n === out.length ? out : out.subarray(0, n);
  });
}

export function recordingReader(mainFile: string, given?: FileTexts, deps: ReaderDeps = {}): RecordingReader {
  const main = path.resolve(mainFile);
  const read = deps.read ?? readSharedBytesOrNull;
  const explain = deps.explain ?? ((file: string) => void fs.readFileSync(file));
  const known = given ? new Map(given) : null;
  const seen = new Map<string, Uint8Array | null>();
  let filesRead = 0;
  let bytesRead = 0;
  // An ASCII file's bytes are its text's code units: parsed and kept as they are (no decode, no
  // 35 MB text per worker for the xlarge bench ledger); any other file is decoded.
  const sourceOf = (bytes: Uint8Array, asSource: boolean): string | AsciiBytes =>
    asSource && isAscii(bytes) ? new AsciiBytes(bytes) : decodeForParse(bytes);
  const readAs = (file: string, asSource: boolean): string | AsciiBytes | NotRegularFile | null => {
    const abs = path.resolve(file);
    if (known?.has(abs)) {
      const bytes = known.get(abs) ?? null;
      seen.set(abs, bytes);
      if (bytes !== null && deps.countGiven && deps.onRead) deps.onRead(++filesRead, (bytesRead += bytes.byteLength));
      return bytes === null ? null : sourceOf(bytes, asSource);
    }
    const out = read(abs);
    if (out === null && abs === main) unreadableMain(abs, explain);
    if (out === null) {
      seen.set(abs, null);
      return null;
    }
    if (!(out instanceof Uint8Array)) return out;
    seen.set(abs, out.buffer instanceof SharedArrayBuffer ? out : sharedBytes(out));
    if (deps.onRead) deps.onRead(++filesRead, (bytesRead += out.byteLength));
    return sourceOf(seen.get(abs)!, asSource);
  };
  return {
    readFile: (file) => readAs(file, false) as string | NotRegularFile | null,
    readSource: (file) => readAs(file, true),
    texts: () => [...seen],
  };
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

/**
 * The main file read ahead on the main thread, for the pool's first load (pool.ts): the first
 * worker takes 0.2-0.3 s to start, and reading the file meanwhile takes the read off the load's
 * path (the 35 MB xlarge bench ledger: about 110 ms into fresh shared memory, whose pages are then
 * already in place for the worker's first pass over them). Only then: afterwards this thread
 * serves requests, and a read that size would hold them. Undefined when the file is not a regular
 * file that could be read: the worker then reads it itself and reports why it cannot.
 */
export function prefetchMain(file: string): FileTexts | undefined {
  const abs = path.resolve(file);
  try {
    const bytes = readSharedBytesOrNull(abs);
    return bytes instanceof Uint8Array ? [[abs, bytes]] : undefined;
  } catch {
    return undefined;
  }
}
