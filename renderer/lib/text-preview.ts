/** The start of a query text for a menu line: whitespace runs become one space, cut at `max` characters. */
export function previewText(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // Cut at a code point boundary so no half surrogate pair is shown.
  const chars = Array.from(flat);
  return chars.length <= max ? flat : chars.slice(0, max - 1).join('') + '…';
}
