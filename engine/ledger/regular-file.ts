/**
 * Opening a ledger file for reading, only when it is a regular file: a FIFO would block the load
 * until a writer opens it, a device may never end, and opening some devices has effects. One
 * place for the rule, used by the engine's reader (load.ts), the span reads of error sources
 * (file-stamp.ts) and the engine workers' shared-memory reads (main/engine/read-files.ts).
 */
import * as fs from 'node:fs';

/** What a path names when it is not a regular file (a directory, FIFO, device or socket). */
export interface NotRegularFile {
  notRegular: string;
}

function kindOf(st: fs.Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Calls `use` with an open descriptor of `path` and the fstat of the opened file, and closes it.
 * The path is stat'ed first, so a device is never even opened; it is opened without blocking and
 * checked again, in case it was replaced in between. Null when it is missing or cannot be read (or
 * `use` throws), what it is when it is not a regular file.
 */
export function withRegularFile<T>(path: string, use: (fd: number, opened: fs.Stats) => T): T | NotRegularFile | null {
  let st: fs.Stats;
  try {
    st = fs.statSync(path);
  } catch {
    return null;
  }
  if (!st.isFile()) return { notRegular: kindOf(st) };
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    const opened = fs.fstatSync(fd);
    if (!opened.isFile()) return { notRegular: kindOf(opened) };
    return use(fd, opened);
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}
