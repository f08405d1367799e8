/**
 * Maps UTF-16 string indices to what a SourceRef records: 1-based line, 1-based column in Unicode
 * characters, and UTF-8 byte offset.
 *
 * The parser asks for positions almost always in increasing order, so a cursor that walks from
 * the last answer costs one pass over the text in total; going backwards (error reports) walks back.
 * Byte widths are decided per code unit without state so both directions agree: a surrogate pair
 * is 4 bytes (counted on its high half), a lone surrogate 3 (what TextEncoder writes for it).
 */
import type { SourceRef } from '../ast';
import { LF } from './chars';
import type { Codes } from './codes';
import type { ParsedPosting } from './posting';

function unitBytes(s: Codes, i: number, c: number): number {
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = i + 1 < s.length ? s[i + 1] : 0;
    return d >= 0xdc00 && d <= 0xdfff ? 4 : 3;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const p = i > 0 ? s[i - 1] : 0;
    return p >= 0xd800 && p <= 0xdbff ? 0 : 3;
  }
  return 3;
}

/** Index of the last newline before `i`, or -1. */
function lfBefore(s: Codes, i: number): number {
  for (i--; i >= 0; i--) if (s[i] === LF) return i;
  return -1;
}

export class Positions {
  private ci = 0;
  private bi = 0;
  private line = 1;
  private lineStart = 0;
  /**
   * Most ledgers are pure ASCII: then a byte offset is the char index and a column the distance
   * from the line start, so the cursor only has to find newlines. One-byte codes are an ASCII
   * text's (codes.ts).
   */
  private readonly ascii: boolean;

  /**
   * `s`: the text's code units (codes.ts). `lineBase`, `byteBase`: lines and UTF-8 bytes of the
   * file before this text, when it is a piece of one (streamed-read.ts): every line and byte
   * offset given out counts from the file's start.
   */
  constructor(
    private readonly s: Codes,
    private readonly lineBase = 0,
    private readonly byteBase = 0,
  ) {
    this.ascii = s instanceof Uint8Array;
  }

  /**
   * Index of the first newline at or after `ci` (the text's length when none), ASCII texts only.
   * Kept so that a move within the current line costs nothing: asking for four positions on one
   * posting line searched for the line's end four times (a third of the parse of a large ledger).
   */
  private nextNl = -1;

  private moveAscii(to: number): void {
    const s = this.s;
    let line = this.line;
    let ls = this.lineStart;
    let next = this.nextNl;
    if (to >= this.ci) {
      if (next < this.ci) next = this.findNl(this.ci);
      while (next < to) {
        line++;
        ls = next + 1;
        next = this.findNl(ls);
      }
    } else {
      for (let nl = lfBefore(s, this.ci); nl >= to; nl = lfBefore(s, nl)) line--;
      ls = lfBefore(s, to) + 1;
      next = this.findNl(to);
    }
    this.line = line;
    this.lineStart = ls;
    this.nextNl = next;
    this.ci = to;
    this.bi = to;
  }

  private findNl(from: number): number {
    const nl = this.s.indexOf(LF, from);
    return nl < 0 ? this.s.length : nl;
  }

  private moveTo(to: number): void {
    const s = this.s;
    if (to > s.length) to = s.length;
    if (to < 0) to = 0;
    if (this.ascii) return this.moveAscii(to);
    let i = this.ci;
    let b = this.bi;
    if (to >= i) {
      let line = this.line;
      let ls = this.lineStart;
      for (; i < to; i++) {
        const c = s[i];
        if (c < 0x80) {
          b++;
          if (c === LF) {
            line++;
            ls = i + 1;
          }
        } else b += unitBytes(s, i, c);
      }
      this.line = line;
      this.lineStart = ls;
    } else {
      let line = this.line;
      for (i--; i >= to; i--) {
        const c = s[i];
        if (c < 0x80) {
          b--;
          if (c === LF) line--;
        } else b -= unitBytes(s, i, c);
      }
      this.line = line;
      this.lineStart = lfBefore(s, to) + 1;
    }
    this.ci = to;
    this.bi = b;
  }

  byteAt(ci: number): number {
    this.moveTo(ci);
    return this.bi + this.byteBase;
  }

  lineAt(ci: number): number {
    this.moveTo(ci);
    return this.line + this.lineBase;
  }

  /** 1-based column in Unicode code points (a surrogate pair is one character). */
  columnAt(ci: number): number {
    this.moveTo(ci);
    if (this.ascii) return this.ci - this.lineStart + 1;
    const s = this.s;
    let col = 1;
    for (let i = this.lineStart; i < this.ci; i++) {
      const c = s[i];
      if (c >= 0xdc00 && c <= 0xdfff && i > this.lineStart) {
        const p = s[i - 1];
        if (p >= 0xd800 && p <= 0xdbff) continue;
      }
      col++;
    }
    return col;
  }

  /** SourceRef of the characters [start, end). */
  ref(file: string, start: number, end: number): SourceRef {
    this.moveTo(start);
    const line = this.line + this.lineBase;
    const column = start === this.lineStart ? 1 : this.columnAt(start);
    const startByte = this.bi + this.byteBase;
    return { file, line, column, start: startByte, end: this.byteAt(end) };
  }

  /** The same position as `ref`, stored in a parsed posting relative to its transaction's (`at`). */
  placePosting(posting: ParsedPosting, at: SourceRef, start: number, end: number): void {
    this.moveTo(start);
    const line = this.line + this.lineBase;
    const column = start === this.lineStart ? 1 : this.columnAt(start);
    const startByte = this.bi + this.byteBase;
    posting.placeIn(at, line, column, startByte, this.byteAt(end));
  }
}
