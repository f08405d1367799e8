/**
 * Reading a directive's text back from its file by byte span, instead of keeping the whole file
 * text until the errors' sources are cut at the end of a load (issue 15 §2, check peak RSS): the
 * 35 MB text of the xlarge bench ledger was alive through the booking, the peak of the load.
 * Keeping it cost 30 MB of `check`'s peak RSS; reading the file again whole at the end was worse
 * (its bytes and text on top of the peak), so only the spans of erring directives are read.
 *
 * Byte offsets are only valid for the version of the file that was parsed: a span is read only
 * while the file's stamp (device, inode, size, modification and change times, from fstat of the
 * opened file) is the one taken when it was read, else the caller falls back (a save between the
 * read and the end of the load is followed by a reload anyway). Two writes of the same size
 * within one timestamp tick would not be told apart; the file system cannot say more.
 */
import * as fs from 'node:fs';
import { withRegularFile } from './regular-file';

/** What identifies the version of a file that was read. */
export interface FileStamp {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export function stampOf(st: fs.Stats): FileStamp {
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs };
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/**
 * The UTF-8 text of bytes [start, end) of `file`, or null when the file is no longer the version
 * `stamp` describes, the span lies outside it, or it cannot be read. Only regular files are
 * opened (without blocking), as load.ts reads them.
 */
export function readSpan(file: string, stamp: FileStamp, start: number, end: number): string | null {
  return readSpans(file, stamp, [{ start, end }])[0];
}

/** readSpan of several spans of one file, through one opening (an erring ledger has thousands). */
export function readSpans(file: string, stamp: FileStamp, spans: readonly { start: number; end: number }[]): (string | null)[] {
  const out: (string | null)[] = new Array(spans.length).fill(null);
  withRegularFile(file, (fd, opened) => {
    if (!sameStamp(stampOf(opened), stamp)) return;
    for (let i = 0; i < spans.length; i++) {
      const { start, end } = spans[i];
      if (!(start >= 0 && end >= start && end <= stamp.size)) continue;
      out[i] = readAt(fd, start, end);
    }
  });
  return out;
}

/** One span; null when it cannot be read whole (the others are still read). */
function readAt(fd: number, start: number, end: number): string | null {
  try {
    const buf = Buffer.allocUnsafe(end - start);
    let n = 0;
    while (n < buf.length) {
      const k = fs.readSync(fd, buf, n, buf.length - n, start + n);
      if (k === 0) return null;
      n += k;
    }
    return buf.toString('utf8');
  } catch {
    return null;
  }
}
