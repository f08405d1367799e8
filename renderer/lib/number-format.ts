/**
 * Number display: decimal strings are formatted as text, never through a float, so every digit
 * and decimal place the server sent is shown.
 *
 * Choice (spec silent): decimal numbers (decimal columns and the numbers inside amounts,
 * positions, costs and inventories) group their integer digits by three with commas, like Fava
 * and most ledger reports; int columns are printed plain, because they are mostly years, months,
 * counts and sequence numbers, where `2,024` would read wrong.
 */

/**
 * `-1234567.50` -> `-1,234,567.50`. Keeps every decimal place; text that is not a plain decimal
 * (the API never sends one, but the table must not break on it) comes back unchanged.
 */
export function formatDecimal(text: string): string {
  let i = 0;
  let sign = '';
  if (text[0] === '-' || text[0] === '+') {
    sign = text[0] === '-' ? '-' : '';
    i = 1;
  }
  let dot = text.indexOf('.', i);
  if (dot < 0) dot = text.length;
  const intPart = text.slice(i, dot);
  for (let k = 0; k < intPart.length; k++) {
    const c = intPart.charCodeAt(k);
    if (c < 48 || c > 57) return text;
  }
  const frac = text.slice(dot);
  for (let k = 1; k < frac.length; k++) {
    const c = frac.charCodeAt(k);
    if (c < 48 || c > 57) return text;
  }
  if (intPart.length <= 3) return sign + (intPart === '' ? '0' : intPart) + frac;
  let grouped = '';
  const head = intPart.length % 3;
  if (head > 0) grouped = intPart.slice(0, head);
  for (let k = head; k < intPart.length; k += 3) grouped += (grouped === '' ? '' : ',') + intPart.slice(k, k + 3);
  return sign + grouped + frac;
}

/** Whether a decimal string is negative (and not a negative zero such as `-0.00`). */
export function isNegativeDecimal(text: string): boolean {
  if (text[0] !== '-') return false;
  for (let k = 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c >= 49 && c <= 57) return true;
  }
  return false;
}
