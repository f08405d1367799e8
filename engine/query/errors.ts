/**
 * The one error type of the query language. Every failure a user can cause (syntax, types,
 * limits, evaluation) becomes a QueryError, which the HTTP layer sends as {message, line, column}.
 *
 * Positions inside the engine are UTF-16 offsets (what JavaScript strings index by); the spec
 * wants 1-based lines and columns counted in Unicode characters (code points), so an emoji is
 * one column. The conversion happens only when an error is made.
 */
import { MAX_EXECUTION_MS, MAX_NESTING, MAX_QUERY_BYTES } from './limits';

export class QueryError extends Error {
  override readonly name = 'QueryError';
  constructor(
    message: string,
    /** 1-based line, or null when the error has no position (limits of the whole query). */
    readonly line: number | null = null,
    /** 1-based column in Unicode code points, or null. */
    readonly column: number | null = null,
  ) {
    super(message);
  }

  /** An error at a UTF-16 offset of the query text. */
  static at(text: string, offset: number, message: string): QueryError {
    const { line, column } = lineColumn(text, offset);
    return new QueryError(message, line, column);
  }

  toJSON(): { message: string; line: number | null; column: number | null } {
    return { message: this.message, line: this.line, column: this.column };
  }
}

/**
 * 1-based line and column of a UTF-16 offset. Columns count code points (a surrogate pair is one
 * column). A line break is `\n`, `\r\n` or a lone `\r`, as in editors. Offsets past the end are
 * clamped to the end (errors at the end of the query point just after its last character).
 */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const stop = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let column = 1;
  for (let i = 0; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      column = 1;
    } else if (c === 13) {
      if (i + 1 < stop && text.charCodeAt(i + 1) === 10) i++;
      line++;
      column = 1;
    } else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < stop) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
      column++;
    }
  }
  return { line, column };
}

/** Bytes of the UTF-8 encoding (lone surrogates count as the 3-byte replacement character). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

// Messages whose wording the spec fixes (document 1 "Errors").

/** Query text over the length limit: no position. */
export function queryTooLong(bytes: number): QueryError {
  return new QueryError(
    `the query is too long (${grouped(bytes)} bytes of UTF-8; the limit is ${grouped(MAX_QUERY_BYTES)} bytes)`,
  );
}

export const NESTED_TOO_DEEPLY = `the query is nested too deeply (at most ${MAX_NESTING} levels)`;

/** Execution over the time limit: no position. */
export function queryTimedOut(): QueryError {
  return new QueryError(
    `the query was stopped because it ran longer than the ${MAX_EXECUTION_MS / 1000}s time limit`,
  );
}

/** Result over the size limit: no position. */
export function resultTooLarge(limit: number): QueryError {
  return new QueryError(
    `the result is too large: it would hold more than ${grouped(limit)} values; narrow it with FROM or WHERE, or add LIMIT`,
  );
}

/** 65536 -> "65,536" without depending on the runtime's locale data. */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
