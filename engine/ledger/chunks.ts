/**
 * One file's text in chunks that parse independently (issue 15, reload after a save): most people
 * keep one big file and append to it or edit one transaction, so the parse cache (load.ts) keeps
 * the parsed directives per chunk and parses again only the chunks whose text or position changed.
 *
 * A chunk starts at a line that begins with a digit in column 1 (a dated directive). The parser
 * ends every directive at the first line that is not indented (Scanner.indentedLine; its error
 * recovery resumes at such a line too) and starts a new one there, so at such a line it is always
 * between directives, unless it is inside a string that spans lines. (No blank line is asked for
 * before it: long runs of price directives have none, and the last 6 MB of the xlarge bench
 * ledger would have been one chunk.) What else the parser carries from one directive to the next decides where
 * chunking is refused and the file is parsed whole (`chunkStarts` returns null):
 * - pushtag/poptag and pushmeta/popmeta: applied to every later directive of the file;
 * - Beancount's `name_*` options: change the account roots checked from that line on;
 * - a string that spans lines, and any line whose quotes do not pair up (the parser may then read
 *   a string across lines): found with the parser's own rules (escapes \" and \\ inside strings).
 *   Quotes in comments count too, so an odd quote in a comment refuses chunking; that is only
 *   slower, never different.
 * The checks are a superset of where the parser reads these (a push/pop line start, a name_ in quotes).
 * Everything else the parser keeps (date and number caches, interned names) gives equal values.
 * Where a parse of the text is at hand, it answers instead, exactly (syntax/parse.ts carriesState):
 * the parse cache's first parse of a file (chunkBoundaries) and each piece of a streamed read. The
 * text checks remain for a changed file, to know which chunks can be kept before parsing any.
 *
 * `test/engine/ledger/load-chunks.test.ts` checks that chunked parses deep-equal whole parses on
 * random ledgers under random edits, errors and SourceRefs included.
 */
import type { ParsedFile, SourceRef } from './ast';
import { ParsedPosting } from './syntax/posting';

/** Target chunk length in characters: an append re-parses about this much (under 20 ms). */
export const CHUNK_CHARS = 256 * 1024;

const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;

/**
 * Where a directive carrying state to later directives may stand (see the module comment): a
 * push/pop keyword in column 1, a `name_*` option's quoted name. One regular-expression pass (15 ms
 * on 35 MB, against 75 ms for five `includes`).
 */
const STATEFUL = /^\uFEFF?(?:push|pop)|"name_/gm;

/**
 * A file's text, or an ASCII file's bytes (the engine worker's parse cache keeps those: no 35 MB
 * string per worker, engine/ledger/syntax/codes.ts AsciiBytes). For bytes a character index is a
 * byte offset. Give bytes as a Buffer: its indexOf is native (memchr), a plain typed array's
 * scanned 35 MB in about 50 ms instead of a few.
 */
export type ChunkSource = string | Uint8Array;

/** A Buffer over the same bytes (no copy): Buffer's searches and compares are native. */
export function asBuffer(b: Uint8Array): Buffer {
  return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

function indexIn(src: ChunkSource, code: number, from: number): number {
  return typeof src === 'string' ? src.indexOf(String.fromCharCode(code), from) : src.indexOf(code, from);
}

function codeIn(src: ChunkSource, i: number): number {
  return typeof src === 'string' ? src.charCodeAt(i) : i < src.length ? src[i] : NaN;
}

/**
 * STATEFUL from line start `from` on, for either form. An ASCII file has no BOM; `^` in a
 * multiline pattern follows \n or \r.
 */
function isStateful(src: ChunkSource, from: number): boolean {
  if (typeof src === 'string') {
    STATEFUL.lastIndex = from;
    return STATEFUL.test(src);
  }
  const b = asBuffer(src);
  if (b.indexOf('"name_', from) >= 0) return true;
  if (from === 0 && startsPushOrPop(b, 0)) return true;
  // From the newline before `from` (a line start): a keyword right at `from` counts. Lines that
  // begin with `p` are rare (plugin, push/pop): one search for them, not one per keyword; lines
  // broken by a carriage return alone only where the text has one.
  const at = Math.max(0, from - 1);
  for (const lineBreak of b.indexOf(13, at) >= 0 ? ['\np', '\rp'] : ['\np']) {
    for (let i = b.indexOf(lineBreak, at); i >= 0; i = b.indexOf(lineBreak, i + 2)) if (startsPushOrPop(b, i + 1)) return true;
  }
  return false;
}

/** `push` or `pop` at `i` (bytes). */
function startsPushOrPop(b: Buffer, i: number): boolean {
  return b[i] === 112 && ((b[i + 1] === 117 && b[i + 2] === 115 && b[i + 3] === 104) || (b[i + 1] === 111 && b[i + 2] === 112));
}

/**
 * Character index of each chunk's first character (the first is 0), or null when the text must be
 * parsed whole. A text shorter than two chunks is one chunk.
 *
 * `checkedTo`: a line start before which the text is known to pass the checks that refuse
 * chunking (an earlier version of the file, identical up to there, was chunked): they are all
 * line-local, so only the rest is searched. A save that appends to a 35 MB ledger then costs a
 * search of its last chunk instead of two passes over the file (about 40 ms on xlarge).
 */
export function chunkStarts(text: ChunkSource, target = CHUNK_CHARS, checkedTo = 0): number[] | null {
  if (text.length < 2 * target) return [0];
  if (isStateful(text, checkedTo)) return null;
  if (!quotesCloseOnTheirLine(text, checkedTo)) return null;
  return chunkBoundaries(text, target);
}

/**
 * chunkStarts without its checks, for a text whose whole parse says they would pass, or better:
 * nothing in it carried state past a line (syntax/parse.ts carriesState). The checks are a
 * superset of that (a quote in a comment counts for them), so a file cut here may be one the
 * checks would refuse: only what the parser reads decides whether cutting changes its parse.
 */
export function chunkBoundaries(text: ChunkSource, target = CHUNK_CHARS): number[] {
  const n = text.length;
  if (n < 2 * target) return [0];
  const starts = [0];
  let pos = target;
  while (pos < n - target) {
    const b = nextBoundary(text, pos);
    if (b < 0 || b >= n - target / 4) break; // no tiny last chunk: the tail is where appends land
    starts.push(b);
    pos = b + target;
  }
  return starts;
}

/** The last line start before `end` that begins with a digit, past index 0; -1 if none. */
export function lastBoundary(text: Uint8Array, end: number): number {
  const b = asBuffer(text);
  // A negative offset would count from the end: the search stops before reaching one.
  for (let nl = end - 2; nl >= 0; nl--) {
    nl = b.lastIndexOf(NEWLINE, nl);
    if (nl < 0) return -1;
    const c = b[nl + 1];
    if (c >= 48 && c <= 57) return nl + 1;
  }
  return -1;
}

/** First line start at or after `from` that begins with a digit; -1 if none. */
function nextBoundary(text: ChunkSource, from: number): number {
  let nl = indexIn(text, NEWLINE, from - 1);
  while (nl >= 0) {
    const c = codeIn(text, nl + 1);
    if (c >= 48 && c <= 57) return nl + 1;
    nl = indexIn(text, NEWLINE, nl + 1);
  }
  return -1;
}

/**
 * True when every double-quoted string closes on the line it opens on, read as the scanner reads
 * strings (Scanner.readString): `\"` and `\\` inside a string are escapes, any other backslash is
 * a character. Jumps from quote to quote with indexOf, so it costs a few ms on a 35 MB ledger.
 */
export function quotesCloseOnTheirLine(text: ChunkSource, from = 0): boolean {
  const n = text.length;
  // The next backslash and newline are remembered: searching afresh from every quote would scan
  // to the end of a text that has none, once per string.
  let bs = -1;
  let nl = -1;
  let i = from;
  for (;;) {
    const open = indexIn(text, QUOTE, i);
    if (open < 0) return true;
    if (bs !== n && bs <= open) bs = indexOr(text, BACKSLASH, open + 1, n);
    if (nl !== n && nl <= open) nl = indexOr(text, NEWLINE, open + 1, n);
    let close = indexIn(text, QUOTE, open + 1);
    if (close < 0) return false;
    if (bs < close) {
      close = closingQuoteSlow(text, open + 1);
      if (close < 0) return false;
    }
    if (nl < close) return false;
    i = close + 1;
  }
}

/** indexOf(c, from), or `none` when absent. */
function indexOr(text: ChunkSource, c: number, from: number, none: number): number {
  const k = indexIn(text, c, from);
  return k < 0 ? none : k;
}

function closingQuoteSlow(text: ChunkSource, from: number): number {
  const n = text.length;
  for (let i = from; i < n; i++) {
    const c = codeIn(text, i);
    if (c === QUOTE) return i;
    if (c === BACKSLASH && i + 1 < n) {
      const d = codeIn(text, i + 1);
      if (d === QUOTE || d === BACKSLASH) i++;
    }
  }
  return -1;
}

/** Newlines in text[from, to). */
export function countLines(text: ChunkSource, from: number, to: number): number {
  let k = 0;
  for (let i = indexIn(text, NEWLINE, from); i >= 0 && i < to; i = indexIn(text, NEWLINE, i + 1)) k++;
  return k;
}

/** Matches the position the parser appends to a syntax error's message (parse.ts, recover). */
const WHERE = / \(line (\d+), column (\d+)\)$/;

/**
 * Moves a piece's freshly parsed objects to where the piece stands in its file: `bytes` UTF-8
 * bytes and `lines` lines further down. Columns count from the line start and need no change.
 * Only for objects no one else holds yet (a parse just made): it changes them in place. Errors
 * share their directive's SourceRef, so each SourceRef is moved once.
 */
export function shiftParsed(parsed: ParsedFile, bytes: number, lines: number): void {
  if (bytes === 0 && lines === 0) return;
  const moved = new Set<SourceRef>();
  const move = (r: SourceRef | null) => {
    if (r === null || moved.has(r)) return;
    moved.add(r);
    r.line += lines;
    r.start += bytes;
    r.end += bytes;
  };
  for (const e of parsed.errors) {
    const r = e.src;
    if (r === null) continue;
    // The message names the line the parser counted in the piece: name the file's line.
    const line = moved.has(r) ? r.line - lines : r.line;
    const m = lines !== 0 ? WHERE.exec(e.message) : null;
    if (m && Number(m[1]) === line && Number(m[2]) === r.column)
      e.message = e.message.slice(0, m.index) + ` (line ${line + lines}, column ${r.column})`;
    move(r);
  }
  for (const d of parsed.directives) {
    move(d.src);
    // A parsed posting stores its position as numbers (syntax/posting.ts): its `src` is a copy.
    if (d.type !== 'transaction') continue;
    for (const p of d.postings) {
      if (p instanceof ParsedPosting) p.shift(bytes, lines);
      else move(p.src);
    }
  }
  for (const o of parsed.options) move(o.src);
  for (const i of parsed.includes) move(i.src);
  for (const p of parsed.plugins) move(p.src);
}
