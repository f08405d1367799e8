/**
 * Files to one directive list. The main file is parsed, and each `include` is replaced by the
 * included file's directives at the include's place (depth-first, as if pasted there). Include
 * paths are relative to the including file; glob patterns (`*`, `?`, `[...]`, `**`) are expanded
 * with tinyglobby and their matches read in sorted order. Each file's own extension decides its
 * format (`.zhang` or Beancount).
 *
 * Missing files, patterns matching nothing, include cycles, files included twice and paths that
 * are not regular files (directories, FIFOs, devices) are ledger errors at the include directive,
 * never exceptions and never a blocked read.
 *
 * Choices where Beancount differs or the spec is silent:
 * - options of included files count like the main file's (Beancount 2 ignores them);
 * - a file reached a second time (not a cycle) is not read again and is reported, as Beancount
 *   reports "Duplicate filename parsed";
 * - plugins are collected here; plugins/ (runPlugins) runs them and reports the ones it does not
 *   know, once each.
 */
import * as fs from 'node:fs';
import { isAscii } from 'node:buffer';
import * as nodePath from 'node:path';
import { createRequire } from 'node:module';
import type { DirectiveAst, FileFormat, OptionAst, PluginAst, SourceRef } from './ast';
import { SyntaxErrors, type LedgerError, type SyntaxSite } from './errors';
import { parseText } from './syntax';
import { carriesState } from './syntax/parse';
import { AsciiBytes, dropLentBytes, lendBytes } from './syntax/codes';
import { CHUNK_CHARS, asBuffer, chunkBoundaries, chunkStarts, countLines, shiftParsed } from './chunks';
import { readSpan, stampOf, type FileStamp } from './file-stamp';
import { StreamedFile, parseFileStreamed } from './streamed-read';
import { withRegularFile, type NotRegularFile } from './regular-file';

export interface LoadResult {
  /** Directory of the main file: relative paths of errors, ids and zhang documents start here. */
  root: string;
  /** Format of the main file. */
  format: FileFormat;
  /** Every file read, absolute, main first, in reading order. */
  files: string[];
  /**
   * Include targets that do not exist (absolute): the watcher watches them too, so creating the
   * file reloads the ledger and clears the IncludeNotFound error.
   */
  missing: string[];
  directives: DirectiveAst[];
  options: OptionAst[];
  plugins: PluginAst[];
  errors: LedgerError[];
}

export type { NotRegularFile } from './regular-file';

/**
 * Returns the file's text, null when it does not exist or cannot be read, or what it is when it
 * is not a regular file. Only regular files are ever read: a FIFO would block the load until a
 * writer opens it, a device may never end.
 */
export type ReadFile = (path: string) => string | NotRegularFile | null;
/**
 * What loadFiles reads a file with: a ReadFile, one that gives an ASCII file's bytes
 * (readFileStamped), or one that reads and parses it at once (readParsedOrNull: no parse cache then).
 */
export type ReadSource = (path: string) => string | AsciiBytes | StreamedFile | NotRegularFile | null;
/** Absolute paths of the files matching an absolute glob pattern. */
export type ExpandGlob = (absolutePattern: string) => string[];

export function readFileOrNull(path: string): string | NotRegularFile | null {
  const bytes = readFileBytesOrNull(path);
  // Read as bytes, then decode: Node 20's readFileSync(fd, 'utf8') goes through a slower
  // native path (about 640 ms CPU against 380 ms for a 35 MB ledger). Same text either way: the
  // BOM is kept (the parser skips it) and invalid bytes become U+FFFD.
  return Buffer.isBuffer(bytes) ? decoded(bytes, isAscii(bytes)) : bytes;
}

/**
 * The file's bytes, with readFileOrNull's rules (only regular files are read). The engine pool's
 * workers keep the bytes to hand them to the other workers without a copy (main/engine).
 */
export function readFileBytesOrNull(path: string): Buffer | NotRegularFile | null {
  return readOpened(path, null);
}

/**
 * readFileOrNull with the stamp of the version read (fstat of the opened file), so that the
 * load can read erring directives' text back by byte span later instead of keeping the whole
 * text (file-stamp.ts).
 */
export function readFileStamped(path: string): { text: string | AsciiBytes; stamp: FileStamp } | NotRegularFile | null {
  let stamp: FileStamp | null = null;
  const bytes = readOpened(path, (st) => (stamp = stampOf(st)));
  if (!Buffer.isBuffer(bytes)) return bytes;
  return { text: sourceOf(bytes), stamp: stamp! };
}

/**
 * A file to parse once (no parse cache keeps its text): read and parsed a piece at a time
 * (streamed-read.ts), no text or bytes of it kept. loadFiles' default reader.
 */
export function readParsedOrNull(path: string): StreamedFile | NotRegularFile | null {
  return parseFileStreamed(path, formatOf(path));
}

function sourceOf(bytes: Buffer): string | AsciiBytes {
  return isAscii(bytes) ? new AsciiBytes(bytes) : decoded(bytes, false);
}

/**
 * A file's text. Its bytes are lent to the text's parse (syntax/codes.ts), which reads an ASCII
 * file's bytes as its code units, and freed when it is done with them; other bytes are freed now.
 * Freed, not left to the collector: until a collection finds the buffer dead it counts as
 * external memory, and V8 starts a full collection early when external memory jumps (the 58 MB
 * of the 1M bench ledger), which set a low heap limit whose next full collection then came just
 * before the parse ended.
 *
 * UTF-8 into the V8 heap, also for an ASCII file: a parse cache keeps the text and compares it
 * with the next one on every reload, and V8 compares an external string (what a Latin-1 decode
 * gives) several times slower (15 ms against 3 for the xlarge bench ledger). A file parsed once
 * needs no text at all (readFileStamped).
 */
function decoded(bytes: Buffer, ascii: boolean): string {
  const text = bytes.toString('utf8');
  lendBytes(text, bytes, true, ascii);
  return text;
}

function readOpened(path: string, onOpened: ((st: fs.Stats) => void) | null): Buffer | NotRegularFile | null {
  return withRegularFile(path, (fd, opened) => {
    const bytes = fs.readFileSync(fd);
    // Stamped as it was opened: a write during or after the read changes its size or times, so
    // its spans are refused later (file-stamp.ts readSpan).
    if (onOpened) onOpened(opened);
    return bytes;
  });
}

/**
 * How many directory levels a `**` pattern descends. The directory walker recurses once per level,
 * so an absurdly deep tree must not reach the JS stack limit; no real ledger tree is this deep.
 */
export const GLOB_MAX_DEPTH = 64;

/**
 * tinyglobby, loaded when a ledger first includes a pattern: its module graph (fdir, picomatch)
 * took about 20 ms of every engine worker's and command's start, and most ledgers are one file.
 * Synchronous (its CommonJS build) because the loader is.
 */
let globSync: typeof import('tinyglobby').globSync | null = null;

export function globOnDisk(absolutePattern: string): string[] {
  try {
    const pattern = absolutePattern.split(nodePath.sep).join('/');
    globSync ??= (createRequire(import.meta.url)('tinyglobby') as typeof import('tinyglobby')).globSync;
    return globSync(pattern, { absolute: true, onlyFiles: true, expandDirectories: false, deep: GLOB_MAX_DEPTH }).map((p) =>
      nodePath.resolve(p),
    );
  } catch {
    return [];
  }
}

export function formatOf(file: string): FileFormat {
  return nodePath.extname(file).toLowerCase() === '.zhang' ? 'zhang' : 'beancount';
}

type Parsed = ReturnType<typeof parseText>;

/** One chunk of a file as last parsed (see chunks.ts): its place, its text and its directives. */
interface ChunkEntry {
  /** Character index of its first character in the file's text. */
  start: number;
  /** Its text, or its bytes when the file came as an ASCII file's bytes (the same offsets then). */
  text: string | Uint8Array;
  /** UTF-8 bytes and newlines before it in the file, and in it. */
  byteBase: number;
  lineBase: number;
  byteLen: number;
  lineCount: number;
  /** Its directives, options, includes, plugins and errors; never handed out or changed. */
  part: Parsed;
}

interface FileEntry {
  /** The file as parsed: its text, or an ASCII file's bytes (AsciiBytes: never made into a text). */
  text: string | Uint8Array;
  /** The whole file's result, errors never handed out (callers get copies). */
  parsed: Parsed;
  /** Null when the file is parsed whole (too small, or state crosses chunks: chunks.ts). */
  chunks: ChunkEntry[] | null;
}

/**
 * Parsed files kept from one load to the next (issue 15): a file whose text is identical to the
 * one parsed last time is not parsed again, and in a changed file only the chunks (chunks.ts)
 * whose text or position changed are: appending a transaction to a 35 MB ledger parses its last
 * chunk, not the file. A chunk is reused only at the same character, byte and line offset, so its
 * directives and SourceRefs are right as they are; kept objects are never changed (the snapshot
 * before the reload may still be serving them). Chunks after an edit that shifts positions are
 * parsed again. Directive ids derive from file and offsets and booking never changes directives;
 * error objects are later given their id and source in place, so each load gets its own copies.
 */
export class ParseCache {
  private readonly entries = new Map<string, FileEntry>();
  /** Files taken whole from the cache and files parsed (wholly or partly) since it was made. */
  hits = 0;
  misses = 0;
  /** Chunks reused and chunks parsed again in changed files (tests, benchmarks). */
  chunkHits = 0;
  chunkMisses = 0;

  constructor(private readonly chunkChars = CHUNK_CHARS) {}

  /**
   * The file's parse. `source` may be an ASCII file's bytes (the engine worker's reader gives
   * them, shared with the other workers): kept and compared as bytes, parsed from bytes.
   */
  parse(file: string, source: string | AsciiBytes): Parsed {
    // Bytes as a Buffer view: its indexOf is a native memchr, several times faster over 35 MB
    // than a typed array's (chunks.ts searches quotes and newlines with it).
    const text = typeof source === 'string' ? source : asBuffer(source.bytes);
    const kept = this.entries.get(file);
    if (kept && sameSource(kept.text, text)) {
      this.hits++;
      dropLentBytes();
      return withErrorCopies(kept.parsed);
    }
    this.misses++;
    const format = formatOf(file);
    if (kept === undefined) return this.firstParse(file, format, source, text);
    const starts = chunkStarts(text, this.chunkChars, checkedPrefix(kept, text));
    const chunks = starts && starts.length > 1 ? this.chunked(file, format, text, starts, kept?.chunks ?? null) : null;
    if (chunks === null) {
      const parsed = parseText(source, file, format);
      this.entries.set(file, { text, parsed: withErrorCopies(parsed), chunks: null });
      return parsed;
    }
    const parsed = mergeParts(file, format, chunks.map((c) => c.part));
    this.entries.set(file, { text, parsed, chunks });
    return withErrorCopies(parsed);
  }

  /**
   * The file's chunks: kept ones where text and offsets match, the others parsed one by one (or,
   * when none is kept, the whole text at once, split at the chunks' byte offsets). Null when a
   * parse has an error without a position (an internal failure): parsed whole then.
   */
  private chunked(file: string, format: FileFormat, text: string | Uint8Array, starts: number[], before: ChunkEntry[] | null): ChunkEntry[] | null {
    const old = new Map((before ?? []).map((c) => [c.start, c]));
    const out: ChunkEntry[] = [];
    let byteBase = 0;
    let lineBase = 0;
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i];
      const end = i + 1 < starts.length ? starts[i + 1] : text.length;
      // Bytes: a view of the file's bytes, no copy.
      const chunkText = typeof text === 'string' ? text.slice(start, end) : text.subarray(start, end);
      const o = old.get(start);
      if (o && o.byteBase === byteBase && o.lineBase === lineBase && sameSource(o.text, chunkText)) {
        this.chunkHits++;
        // The new text's slice: the old file text can then be freed once no chunk refers to it.
        out.push({ ...o, text: chunkText });
      } else {
        this.chunkMisses++;
        const byteLen = typeof chunkText === 'string' ? Buffer.byteLength(chunkText, 'utf8') : chunkText.length;
        out.push({ start, text: chunkText, byteBase, lineBase, byteLen, lineCount: countLines(text, start, end), part: EMPTY_PART });
      }
      byteBase += out[i].byteLen;
      lineBase += out[i].lineCount;
    }
    if (out.every((c) => c.part === EMPTY_PART)) {
      // Nothing kept (every chunk moved): one parse of the text, as without chunks.
      const parsed = parseText(typeof text === 'string' ? text : new AsciiBytes(text), file, format);
      if (parsed.errors.some((e) => e.src === null)) return null;
      splitInto(parsed, out);
      return out;
    }
    for (const c of out) {
      if (c.part !== EMPTY_PART) continue;
      // Each changed chunk is parsed from its own copy of its text: the names and strings the
      // parser cuts out of a text keep that whole text alive, so parsing a slice of the file
      // would pin one whole file text per reload for as long as any of its chunks is kept.
      // Names cut out of bytes are copies (codes.ts latin1Of): a view of the bytes is enough.
      const parsed = parseText(typeof c.text === 'string' ? ownCopy(c.text) : new AsciiBytes(c.text), file, format);
      if (parsed.errors.some((e) => e.src === null)) return null;
      shiftParsed(parsed, c.byteBase, c.lineBase);
      c.part = parsed;
    }
    return out;
  }

  /**
   * A file met for the first time: parsed whole, then cut into chunks where its parse says it may
   * be (carriesState), instead of searching the text for what could carry state first (chunkStarts:
   * 50 ms of the xlarge bench ledger's first load in an engine worker).
   */
  private firstParse(file: string, format: FileFormat, source: string | AsciiBytes, text: string | Uint8Array): Parsed {
    const parsed = parseText(source, file, format);
    const starts = carriesState(parsed) ? null : chunkBoundaries(text, this.chunkChars);
    const chunks = starts !== null && starts.length > 1 && !parsed.errors.some((e) => e.src === null) ? this.splitWhole(text, starts, parsed) : null;
    if (chunks === null) {
      this.entries.set(file, { text, parsed: withErrorCopies(parsed), chunks: null });
      return parsed;
    }
    const merged = mergeParts(file, format, chunks.map((c) => c.part));
    this.entries.set(file, { text, parsed: merged, chunks });
    return withErrorCopies(merged);
  }

  /**
   * A whole parse of `text` split at the chunks' byte offsets. A chunk's lines before it are read
   * off the parse where something starts right at the chunk's start (a chunk starts at a dated
   * line, so nearly always a directive: its SourceRef has the line), instead of counting every
   * newline of the file again (30 ms of the xlarge bench ledger's first load in an engine
   * worker); counted only where nothing starts there.
   */
  private splitWhole(text: string | Uint8Array, starts: number[], parsed: Parsed): ChunkEntry[] {
    const out: ChunkEntry[] = [];
    let byteBase = 0;
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i];
      const end = i + 1 < starts.length ? starts[i + 1] : text.length;
      const chunkText = typeof text === 'string' ? text.slice(start, end) : text.subarray(start, end);
      const byteLen = typeof chunkText === 'string' ? Buffer.byteLength(chunkText, 'utf8') : chunkText.length;
      out.push({ start, text: chunkText, byteBase, lineBase: 0, byteLen, lineCount: 0, part: EMPTY_PART });
      byteBase += byteLen;
    }
    this.chunkMisses += out.length;
    splitInto(parsed, out);
    for (let i = 1; i < out.length; i++) {
      const c = out[i];
      const line = firstLineAt(c.part, c.byteBase);
      c.lineBase = line > 0 ? line - 1 : out[i - 1].lineBase + countLines(text, starts[i - 1], c.start);
    }
    for (let i = 0; i < out.length; i++) {
      const next = i + 1 < out.length ? out[i + 1].lineBase : out[i].lineBase + countLines(text, out[i].start, text.length);
      out[i].lineCount = next - out[i].lineBase;
    }
    return out;
  }

  /** Forgets files the last load did not read (a removed include keeps no memory). */
  retain(files: Iterable<string>): void {
    const keep = new Set(files);
    for (const f of [...this.entries.keys()]) if (!keep.has(f)) this.entries.delete(f);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A line start of `text` before which it is the kept file's text, which was chunked (so it passed
 * chunkStarts' checks there): the start of the first kept chunk that differs, or of the last one
 * when none does. 0 when the kept file was not chunked.
 */
function checkedPrefix(kept: FileEntry, text: string | Uint8Array): number {
  const chunks = kept.chunks;
  if (chunks === null || chunks.length === 0) return 0;
  let k = 0;
  while (k + 1 < chunks.length && sameAt(text, chunks[k].text, chunks[k].start)) k++;
  return chunks[k].start;
}

/** Is `part` the piece of `text` at `at`? (Never for a string against bytes.) */
function sameAt(text: string | Uint8Array, part: string | Uint8Array, at: number): boolean {
  if (typeof text === 'string') return typeof part === 'string' && text.startsWith(part, at);
  if (typeof part === 'string' || at + part.length > text.length) return false;
  return sameSource(text.subarray(at, at + part.length), part);
}

/** The same text: strings compared as strings, bytes as bytes (one memcmp); never a string with bytes. */
function sameSource(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.length !== b.length) return false;
  return asBuffer(a).equals(b);
}

const EMPTY_PART: Parsed = { file: '', format: 'beancount', directives: [], options: [], includes: [], plugins: [], errors: [] };

/**
 * A flat string of its own (a slice would refer to the text it was cut from), with the same UTF-16
 * code units: through UTF-8 when that is lossless, else (a lone surrogate) through UTF-16.
 */
function ownCopy(text: string): string {
  const wellFormed = (text as string & { isWellFormed?: () => boolean }).isWellFormed?.() ?? !/[\uD800-\uDFFF]/.test(text);
  return wellFormed ? Buffer.from(text, 'utf8').toString('utf8') : Buffer.from(text, 'utf16le').toString('utf16le');
}

function withErrorCopies(p: Parsed): Parsed {
  return { ...p, errors: p.errors.map((e) => ({ ...e })) };
}

/**
 * Hands each item of a run's parse to the chunk its position falls in. The parser produces each
 * list in file order, so one forward walk per list is enough.
 */
function splitInto(parsed: Parsed, chunks: ChunkEntry[]): void {
  const parts = chunks.map((): Parsed => ({ file: parsed.file, format: parsed.format, directives: [], options: [], includes: [], plugins: [], errors: [] }));
  const split = <T>(items: T[], startOf: (x: T) => number, pick: (p: Parsed) => T[]) => {
    let k = 0;
    for (const x of items) {
      const at = startOf(x);
      while (k + 1 < chunks.length && at >= chunks[k + 1].byteBase) k++;
      pick(parts[k]).push(x);
    }
  };
  split(parsed.directives, (d) => d.src.start, (p) => p.directives);
  split(parsed.options, (o) => o.src.start, (p) => p.options);
  split(parsed.includes, (o) => o.src.start, (p) => p.includes);
  split(parsed.plugins, (o) => o.src.start, (p) => p.plugins);
  split(parsed.errors, (e) => e.src!.start, (p) => p.errors);
  chunks.forEach((c, k) => (c.part = parts[k]));
}

/** The 1-based line of whatever in `part` starts at byte `at`, or 0 when nothing does. */
function firstLineAt(part: Parsed, at: number): number {
  for (const list of [part.directives, part.options, part.includes, part.plugins, part.errors] as { src: SourceRef | null }[][]) {
    const first = list.length > 0 ? list[0].src : null;
    if (first !== null && first.start === at) return first.line;
  }
  return 0;
}

function mergeParts(file: string, format: FileFormat, parts: Parsed[]): Parsed {
  const out: Parsed = { file, format, directives: [], options: [], includes: [], plugins: [], errors: [] };
  for (const p of parts) {
    for (let i = 0; i < p.directives.length; i++) out.directives.push(p.directives[i]);
    for (const o of p.options) out.options.push(o);
    for (const o of p.includes) out.includes.push(o);
    for (const o of p.plugins) out.plugins.push(o);
    for (const e of p.errors) out.errors.push(e);
  }
  return out;
}

function hasGlob(pattern: string): boolean {
  return /[*?[]/.test(pattern);
}

/** One file being expanded: its parsed content and how far its includes have been followed. */
interface Frame {
  file: string;
  content: string | AsciiBytes | StreamedFile;
  parsed: ReturnType<typeof parseText>;
  bytes: Buffer | null;
  /** Next directive, option, plugin and error of this file not yet copied to the output. */
  di: number;
  oi: number;
  pi: number;
  ei: number;
  /** Next include of this file to follow. */
  inc: number;
  /** Targets of the include being followed (a glob may have several), and the next one. */
  targets: string[];
  ti: number;
  incSrc: SourceRef | null;
  incPattern: string;
}

export function loadFiles(
  mainFile: string,
  readFile: ReadSource = readParsedOrNull,
  expandGlob: ExpandGlob = globOnDisk,
  cache?: ParseCache,
): LoadResult {
  try {
    return readAndParse(mainFile, readFile, expandGlob, cache);
  } finally {
    // Bytes a reader lent for a text that was not parsed (the parse cache had it).
    dropLentBytes();
  }
}

function isNotRegular(t: string | AsciiBytes | StreamedFile | NotRegularFile): t is NotRegularFile {
  return typeof t !== 'string' && !(t instanceof AsciiBytes) && !(t instanceof StreamedFile);
}

function readAndParse(mainFile: string, readFile: ReadSource, expandGlob: ExpandGlob, cache: ParseCache | undefined): LoadResult {
  const main = nodePath.resolve(mainFile);
  const root = nodePath.dirname(main);
  const out: LoadResult = { root, format: formatOf(main), files: [], missing: [], directives: [], options: [], plugins: [], errors: [] };
  const seen = new Set<string>();
  const display = (p: string) => {
    const rel = nodePath.relative(root, p);
    return rel.startsWith('..') || nodePath.isAbsolute(rel) ? p : rel.split(nodePath.sep).join('/');
  };

  const text = readFile(main);
  if (text === null) {
    out.errors.push(SyntaxErrors.fileNotFound(main));
    return out;
  }
  if (isNotRegular(text)) {
    out.errors.push(SyntaxErrors.fileNotRegular(main, text.notRegular));
    return out;
  }

  // Includes are followed with an explicit stack, not recursion: a chain of thousands of nested
  // includes must not exhaust the JS call stack. The order stays depth-first (an included file's
  // directives stand where its include is), so no depth limit is needed; `onChain` holds the
  // files of the stack for cycle detection.
  const stack: Frame[] = [];
  const onChain = new Set<string>();
  const enter = (file: string, content: string | AsciiBytes | StreamedFile) => {
    seen.add(file);
    onChain.add(file);
    out.files.push(file);
    // A streamed file comes parsed (a reader gives one only where no parse cache keeps texts).
    const parsed = content instanceof StreamedFile ? content.parsed : cache ? cache.parse(file, content) : parseText(content, file, formatOf(file));
    stack.push({ file, content, parsed, bytes: null, di: 0, oi: 0, pi: 0, ei: 0, inc: 0, targets: [], ti: 0, incSrc: null, incPattern: '' });
  };
  const siteOf = (f: Frame, src: SourceRef): SyntaxSite => {
    const c = f.content;
    // A streamed file's text was not kept: the span is read back from the version parsed.
    if (c instanceof StreamedFile) return { src, source: readSpan(f.file, c.stamp, src.start, src.end), date: null };
    f.bytes ??= typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c.bytes.buffer, c.bytes.byteOffset, c.bytes.length);
    return { src, source: f.bytes.subarray(src.start, src.end).toString('utf8'), date: null };
  };
  // Everything of a file before an include's position comes before the included directives.
  const flushBefore = (f: Frame, pos: number) => {
    const { directives, options, plugins, errors } = f.parsed;
    let end = f.di;
    if (pos === Infinity) end = directives.length;
    else while (end < directives.length && directives[end].src.start < pos) end++;
    // The first directives of the load in one copy: a ledger in one file has them all here (the
    // xlarge bench ledger's 198k pushed one by one took about 10 ms and 3 MB of array growth).
    if (out.directives.length === 0) out.directives = directives.slice(f.di, end);
    else for (let i = f.di; i < end; i++) out.directives.push(directives[i]);
    f.di = end;
    while (f.oi < options.length && options[f.oi].src.start < pos) out.options.push(options[f.oi++]);
    while (f.pi < plugins.length && plugins[f.pi].src.start < pos) out.plugins.push(plugins[f.pi++]);
    while (f.ei < errors.length && (errors[f.ei].src?.start ?? Infinity) < pos) out.errors.push(errors[f.ei++]);
  };

  enter(main, text);
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (f.ti < f.targets.length) {
      // The next target of the include being followed.
      const target = f.targets[f.ti++];
      const site = siteOf(f, f.incSrc as SourceRef);
      if (onChain.has(target)) {
        const chain = [...stack.map((s) => s.file), target].map(display);
        out.errors.push(SyntaxErrors.includeCycle(site, f.incPattern, chain));
        continue;
      }
      if (seen.has(target)) {
        out.errors.push(SyntaxErrors.duplicateInclude(site, f.incPattern, display(target)));
        continue;
      }
      const t = readFile(target);
      if (t === null) {
        out.missing.push(target);
        out.errors.push(SyntaxErrors.includeNotFound(site, f.incPattern, display(target)));
        continue;
      }
      if (isNotRegular(t)) {
        out.errors.push(SyntaxErrors.includeNotRegular(site, f.incPattern, display(target), t.notRegular));
        continue;
      }
      enter(target, t);
      continue;
    }
    const includes = f.parsed.includes;
    if (f.inc < includes.length) {
      const inc = includes[f.inc++];
      flushBefore(f, inc.src.start);
      const absPattern = nodePath.resolve(nodePath.dirname(f.file), inc.pattern);
      let targets: string[];
      if (hasGlob(inc.pattern)) {
        targets = [...new Set(expandGlob(absPattern).map((p) => nodePath.resolve(p)))].sort();
        if (targets.length === 0) {
          out.errors.push(SyntaxErrors.includeNoMatch(siteOf(f, inc.src), inc.pattern));
          continue;
        }
      } else targets = [absPattern];
      f.targets = targets;
      f.ti = 0;
      f.incSrc = inc.src;
      f.incPattern = inc.pattern;
      continue;
    }
    flushBefore(f, Infinity);
    stack.pop();
    // Its directives are out: an ASCII file's bytes are not read again (freed now, see decoded),
    // unless a parse cache keeps them to compare with the next load's.
    if (f.content instanceof AsciiBytes && cache === undefined) f.content.free();
    onChain.delete(f.file);
  }
  cache?.retain(out.files);
  return out;
}
