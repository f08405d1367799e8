/**
 * A file read and parsed a piece at a time, through one reused buffer, when nothing keeps its text
 * (`check`, `query`, a load without a parse cache: issue 15's load and parse rows).
 *
 * Fresh memory is expensive on the machines this runs on: the first touch of each 4 KB page
 * costs about 10-17 µs, so reading the 35 MB xlarge bench ledger into a buffer of its own and
 * reading that once took 150 ms before the parse read its first character, against 10 ms through
 * a 1 MB buffer read again and again (main/bench figures in docs/performance-log.md). It also keeps
 * a whole file's bytes out of the peak memory of a load.
 *
 * A piece ends where the parse cache's chunks may (chunks.ts): at a line that begins with a digit,
 * and only when nothing its parse read carries state to later directives (push/pop, `name_*`
 * options, a string over a line end: syntax/parse.ts carriesState). Then the parses of the
 * pieces, each counting lines and bytes from where its piece starts, equal the parse of the whole
 * (load-chunks.test.ts checks that for the chunks; streamed-read.test.ts for the pieces). A piece
 * whose parse carried state is taken back and parsed together with the rest of the file, read
 * whole. (Asking the parse instead of searching each piece's text for what could carry state
 * first saves that search: about 7 ms of the large bench ledger's cold load, 18 ms of xlarge's.)
 */
import * as fs from 'node:fs';
import { isAscii } from 'node:buffer';
import type { FileFormat, ParsedFile } from './ast';
import { lastBoundary } from './chunks';
import { stampOf, type FileStamp } from './file-stamp';
import { withRegularFile, type NotRegularFile } from './regular-file';
import { parsePiece, type PieceExtent } from './syntax/parse';
import { AsciiBytes } from './syntax/codes';

/** Bytes read at a time: a piece is what they hold up to their last directive start. */
export const PIECE_BYTES = 1 << 20;

/** The buffer of PIECE_BYTES kept between reads (its pages stay touched); null while in use. */
let spare: Buffer | null = null;

/** A file parsed as it was read (no text or bytes of it kept), with the stamp of the version read. */
export class StreamedFile {
  constructor(
    readonly parsed: ParsedFile,
    readonly stamp: FileStamp,
  ) {}
}

/** How many of each list a parse has filled so far. */
function marks(out: ParsedFile): { d: number; o: number; i: number; p: number; e: number } {
  return { d: out.directives.length, o: out.options.length, i: out.includes.length, p: out.plugins.length, e: out.errors.length };
}

/** Takes back what a parse added after `m`. */
function undo(out: ParsedFile, m: { d: number; o: number; i: number; p: number; e: number }): void {
  out.directives.length = m.d;
  out.options.length = m.o;
  out.includes.length = m.i;
  out.plugins.length = m.p;
  out.errors.length = m.e;
}

/** Reads and parses `path` a piece at a time; what it is when not a regular file, null when unreadable. */
export function parseFileStreamed(path: string, format: FileFormat, pieceBytes = PIECE_BYTES, stats?: StreamStats): StreamedFile | NotRegularFile | null {
  return withRegularFile(path, (fd, opened) => new StreamedFile(parseStreamed(fd, path, format, pieceBytes, stats), stampOf(opened)));
}

/** How a streamed parse went (for tests): pieces parsed, and whether the last held the rest of the file because a piece carried state. */
export interface StreamStats {
  pieces: number;
  restWhole: boolean;
}

/** The parse of the file open as `fd` (read from its start to its end), a piece at a time. */
export function parseStreamed(fd: number, file: string, format: FileFormat, pieceBytes = PIECE_BYTES, stats?: StreamStats): ParsedFile {
  let buf = spare !== null && spare.length === pieceBytes ? spare : Buffer.allocUnsafeSlow(pieceBytes);
  spare = null;
  const out: ParsedFile = { file, format, directives: [], options: [], includes: [], plugins: [], errors: [] };
  /** Where the next piece starts in the file. */
  const start: PieceExtent = { lines: 0, bytes: 0 };
  let len = 0;
  let at = 0;
  let eof = false;
  let pieces = 0;
  const fill = (): void => {
    while (!eof && len < buf.length) {
      const n = fs.readSync(fd, buf, len, buf.length - len, at);
      if (n === 0) eof = true;
      len += n;
      at += n;
    }
  };
  const grow = (): void => {
    const bigger = Buffer.allocUnsafeSlow(buf.length * 2);
    buf.copy(bigger, 0, 0, len);
    if (buf.length === pieceBytes) spare ??= buf;
    buf = bigger;
  };
  for (;;) {
    fill();
    let cut = eof ? len : lastBoundary(buf, len);
    if (cut < 0) {
      // No directive starts in the buffer past its first line: more of the file to this piece.
      grow();
      continue;
    }
    const view = buf.subarray(0, cut);
    const text: string | AsciiBytes = isAscii(view) ? new AsciiBytes(view) : view.toString('utf8');
    if (cut > 0 || pieces === 0) {
      const before = eof ? null : { ...marks(out), lines: start.lines, bytes: start.bytes };
      if (parsePiece(out, text, start) && before !== null) {
        // The piece carried state past a line (syntax/parse.ts carriesState): its parse is taken
        // back, and the rest of the file parses as one piece with it.
        undo(out, before);
        start.lines = before.lines;
        start.bytes = before.bytes;
        while (!eof) {
          if (len === buf.length) grow();
          fill();
        }
        cut = len;
        if (stats) stats.restWhole = true;
        const rest = buf.subarray(0, cut);
        parsePiece(out, isAscii(rest) ? new AsciiBytes(rest) : rest.toString('utf8'), start);
      }
      pieces++;
    }
    if (eof && cut === len) break;
    buf.copyWithin(0, cut, len);
    len -= cut;
  }
  if (buf.length === pieceBytes) spare = buf;
  if (stats) stats.pieces = pieces;
  return out;
}
