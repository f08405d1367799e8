/**
 * Spacing around a name inserted from the reference panel, so `SELECT` + `account` becomes
 * `SELECT account`, not `SELECTaccount`: a space before unless the cursor follows a space, an
 * opening parenthesis, a comma's space or the start; a space after unless a space, a closing
 * parenthesis, a comma or the end follows, or the inserted text opens a call (`sum(`).
 */
export function spacedInsert(before: string, text: string, after: string): string {
  const prev = before.slice(-1);
  const next = after.slice(0, 1);
  const lead = prev === '' || /[\s(]/.test(prev) ? '' : ' ';
  const trail = text.endsWith('(') || /[\s),]/.test(next) ? '' : ' ';
  return lead + text + trail;
}
