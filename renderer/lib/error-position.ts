/**
 * Where a query error points in the editor. The server counts lines and columns from 1 and
 * columns in Unicode characters (code points, spec 1 "Query error body"); the editor counts
 * offsets in UTF-16 code units, so a character outside the BMP (an emoji in a string) is one
 * column but two offsets.
 */

/**
 * UTF-16 offset of (line, column), both 1-based; null when the position is missing. A position
 * past the end of its line or of the text is clamped to that end, so a message about "the end
 * of the query" still has a place to show.
 */
export function offsetOf(text: string, line: number | null, column: number | null): number | null {
  if (line === null || column === null || !Number.isInteger(line) || !Number.isInteger(column) || line < 1 || column < 1) return null;
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return text.length;
    start = nl + 1;
  }
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  let offset = start;
  for (let c = 1; c < column && offset < end; c++) {
    const code = text.charCodeAt(offset);
    offset += code >= 0xd800 && code <= 0xdbff && offset + 1 < end ? 2 : 1;
  }
  return offset;
}

const WORD = /[A-Za-z0-9_.$:#]/;

/**
 * The range to underline for an error at `offset`: the word (name, number, parameter, table)
 * starting there, a quoted string as a whole, else one character. Empty only at the very end.
 */
export function errorRange(text: string, offset: number): { from: number; to: number } {
  const from = Math.max(0, Math.min(offset, text.length));
  if (from >= text.length) return { from, to: from };
  const ch = text[from];
  if (ch === "'" || ch === '"') {
    const close = text.indexOf(ch, from + 1);
    const nl = text.indexOf('\n', from + 1);
    if (close >= 0 && (nl < 0 || close < nl)) return { from, to: close + 1 };
  }
  let to = from;
  while (to < text.length && WORD.test(text[to])) to++;
  if (to === from) {
    const code = text.charCodeAt(from);
    to = from + (code >= 0xd800 && code <= 0xdbff && from + 1 < text.length ? 2 : 1);
  }
  return { from, to };
}
