/**
 * A text's UTF-16 code units as a typed array, which the scanner reads instead of the string.
 *
 * `charCodeAt` on a large string costs a check of the string's representation on every call;
 * an element of a typed array is one bounds-checked load. The parser reads every character of a
 * ledger once or twice (35 million on the xlarge bench ledger): reading them from a typed array
 * made the parse 13-15% faster (medians of eight interleaved fresh processes, session 19). Out
 * of range both give a value no comparison accepts (NaN, undefined).
 *
 * An ASCII text (most ledgers) takes one byte per character, any other text two: the same code
 * units either way, so positions, hashes and everything the scanner decides are the same.
 *
 * The reader of a file lends the bytes it decoded (`lendBytes`): an ASCII file's UTF-8 bytes are
 * its code units, so its parse copies nothing. That matters beyond the copy: 35 MB of fresh
 * external memory at the start of the parse made V8 start a full collection early, whose next
 * one then fell in the booking walk (measured on xlarge: the parse 85 ms faster, the walk 60 ms
 * slower); with the lent bytes the load as a whole is about 9% faster.
 */
import { isAscii } from 'node:buffer';

export type Codes = Uint8Array | Uint16Array;

/**
 * Bytes lent for one text's parse; `free`: the parse may free them once done (the lender's own).
 * One slot: a lend replaces (and frees) bytes no parse claimed, so at most one file's bytes wait.
 */
let lent: { text: string; bytes: Uint8Array; free: boolean } | null = null;

/**
 * Lends the UTF-8 bytes `text` was decoded from to its parse, if they are its code units (ASCII).
 * `free`: the bytes are the caller's alone (not shared with another thread or kept), so they are
 * freed as soon as the parse is done, or when not claimed (see dropLentBytes).
 */
export function lendBytes(text: string, bytes: Uint8Array, free: boolean, ascii?: boolean): void {
  dropLentBytes();
  // `ascii`: the caller already knows (one pass over the bytes fewer).
  if (bytes.length !== text.length || !(ascii ?? isAscii(bytes))) {
    if (free) freeBytes(bytes);
    return;
  }
  lent = { text, bytes, free };
}

/** Forgets bytes lent and not claimed by a parse (a file the parse cache had: no parse). */
export function dropLentBytes(): void {
  if (lent === null) return;
  if (lent.free) freeBytes(lent.bytes);
  lent = null;
}

/** The lent bytes a parse took, until it is done with them. */
let claimed: { buffer: ArrayBufferLike; free: boolean } | null = null;

/** The code units of `text`: the bytes lent for it, else a copy. */
export function codesOf(text: string): Codes {
  const n = text.length;
  // The same string object (the reader's): `===` then compares no characters.
  if (lent !== null && lent.text.length === n && lent.text === text) {
    const b = lent.bytes;
    claimed = { buffer: b.buffer, free: lent.free };
    lent = null;
    return new Uint8Array(b.buffer, b.byteOffset, n);
  }
  if (Buffer.byteLength(text, 'utf8') === n) {
    // Plain Uint8Array view, not the Buffer: element reads then see fewer kinds of array.
    const b = Buffer.from(text, 'latin1');
    return new Uint8Array(b.buffer, b.byteOffset, n);
  }
  return wideCodes(text);
}

/** Two bytes per code unit, whatever the text (what a non-ASCII text takes). */
export function wideCodes(text: string): Uint16Array {
  const out = new Uint16Array(text.length);
  Buffer.from(out.buffer, out.byteOffset, out.byteLength).write(text, 'utf16le');
  return out;
}

/** Called when the parse of `codes` is done: frees lent bytes their lender let go. */
export function doneWithCodes(codes: Codes): void {
  if (claimed === null || claimed.buffer !== codes.buffer) return;
  if (claimed.free) freeBytes(codes);
  claimed = null;
}

const latin1Slice = Buffer.prototype.latin1Slice as (this: Uint8Array, start: number, end: number) => string;

/**
 * The characters of one-byte code units [a, b) as a string (clamped like `String#slice` with
 * non-negative bounds). Node's native Latin-1 slice: about 40 ns for a name, half of building it
 * with `String.fromCharCode`.
 */
export function latin1Of(codes: Uint8Array, a: number, b: number): string {
  if (b > codes.length) b = codes.length;
  if (a < 0) a = 0;
  return a >= b ? '' : latin1Slice.call(codes, a, b);
}

/**
 * An ASCII file's bytes, parsed as they are: the parse cuts its names and strings out of them,
 * and no string of the whole text is ever made (a syntax error's message makes one: Scanner.s).
 * What a file parsed once is parsed from (each ASCII piece of it: streamed-read.ts; load.ts
 * readFileStamped gives a whole file so): a text of the 35 MB xlarge bench ledger cost a copy
 * (about 4% of its load) and stayed in memory until the next full collection, often the end of
 * the load (58 MB of the 1M-posting ledger's peak).
 */
export class AsciiBytes {
  constructor(
    /** ASCII only (checked by the maker): the code units of the text. */
    readonly bytes: Uint8Array,
  ) {}

  /** The text (what a caller that needs a string, such as a parse cache, takes). */
  text(): string {
    return latin1Of(this.bytes, 0, this.bytes.length);
  }

  /** Frees the bytes now (see freeBytes); nothing may read them afterwards. */
  free(): void {
    freeBytes(this.bytes);
  }
}

/**
 * Frees a buffer's memory now rather than at a later collection (detaching it), when the view
 * covers all of it: external memory that lingers makes V8 schedule full collections early. A
 * small Buffer may share Node's pool and is left to the collector.
 */
function freeBytes(bytes: Codes): void {
  const ab = bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (bytes.byteOffset === 0 && ab.byteLength === bytes.byteLength && typeof ab.transfer === 'function' && !(ab instanceof SharedArrayBuffer)) ab.transfer(0);
}
