/**
 * Bounds the directive text a ledger error carries. An error's `source` is the whole directive,
 * so one 50 MB line would make every errors page, the #errors table and the snapshot itself carry
 * 50 MB. An error keeps at most the first MAX_ERROR_SOURCE_BYTES bytes of UTF-8 (cut at a
 * character boundary, never inside a surrogate pair), and when it was cut, the full text's size
 * in bytes and lines, so the API can still say where the directive ends and that the text is a
 * prefix (its span, span_start..span_end, is always the whole directive).
 *
 * Messages are bounded too (MAX_ERROR_MESSAGE_BYTES): some quote what the ledger wrote (a
 * plugin's configuration, an include chain), which can be any length. A long message keeps its
 * beginning and its end joined by " … ", since the reason often comes after the quoted text.
 */
import type { LedgerError } from './errors';

/** Bytes of directive text an error keeps: enough for any ordinary transaction. */
export const MAX_ERROR_SOURCE_BYTES = 4096;

/** Bytes of message an error keeps. */
export const MAX_ERROR_MESSAGE_BYTES = 2048;

/** Lines of a directive's text: a trailing line break does not start another line. */
export function sourceLineCount(source: string): number {
  let n = 1;
  const end = source.endsWith('\n') ? source.length - 1 : source.length;
  for (let k = source.indexOf('\n'); k !== -1 && k < end; k = source.indexOf('\n', k + 1)) n++;
  return n;
}

/** UTF-8 bytes of the code point starting at `i` (a lone surrogate is written as U+FFFD: 3 bytes). */
function utf8Width(text: string, i: number): { bytes: number; units: number } {
  const c = text.charCodeAt(i);
  if (c < 0x80) return { bytes: 1, units: 1 };
  if (c < 0x800) return { bytes: 2, units: 1 };
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return { bytes: 4, units: 2 };
  }
  return { bytes: 3, units: 1 };
}

/** The longest prefix of `text` whose UTF-8 form fits in `max` bytes. */
export function utf8Prefix(text: string, max: number): string {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const w = utf8Width(text, i);
    if (bytes + w.bytes > max) break;
    bytes += w.bytes;
    i += w.units;
  }
  return text.slice(0, i);
}

/** The longest suffix of `text` whose UTF-8 form fits in `max` bytes. */
export function utf8Suffix(text: string, max: number): string {
  let bytes = 0;
  let i = text.length;
  while (i > 0) {
    // Step back over a whole surrogate pair at once.
    const pair = i >= 2 && text.charCodeAt(i - 1) >= 0xdc00 && text.charCodeAt(i - 1) <= 0xdfff && text.charCodeAt(i - 2) >= 0xd800 && text.charCodeAt(i - 2) <= 0xdbff;
    const start = pair ? i - 2 : i - 1;
    const w = utf8Width(text, start).bytes;
    if (bytes + w > max) break;
    bytes += w;
    i = start;
  }
  return text.slice(i);
}

/** Cuts `e.source` to its bounded prefix in place, recording the full size when it was cut, and a long message. */
export function boundErrorSource(e: LedgerError): void {
  if (e.message.length * 3 > MAX_ERROR_MESSAGE_BYTES && Buffer.byteLength(e.message, 'utf8') > MAX_ERROR_MESSAGE_BYTES) {
    const half = (MAX_ERROR_MESSAGE_BYTES - 5) >> 1;
    e.message = utf8Prefix(e.message, half) + ' … ' + utf8Suffix(e.message, half);
  }
  const text = e.source;
  // Up to 3 bytes per UTF-16 unit: a short text fits without measuring it.
  if (text === null || text.length * 3 <= MAX_ERROR_SOURCE_BYTES) return;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= MAX_ERROR_SOURCE_BYTES) return;
  e.sourceFull = { bytes, lines: sourceLineCount(text) };
  e.source = utf8Prefix(text, MAX_ERROR_SOURCE_BYTES);
}
