/** Shared helpers of the syntax tests (not a test file). */
import type { DirectiveAst, FileFormat, ParsedFile } from '../../../../engine/ledger/ast';
import { parseText } from '../../../../engine/ledger/syntax';
import { daysFromCivil } from '../../../../engine/dates';

export function parse(text: string, format: FileFormat = 'beancount', file = '/ledger/main.bean'): ParsedFile {
  return parseText(text, file, format);
}

/** Parses and requires no errors; returns the directives. */
export function ok(text: string, format: FileFormat = 'beancount'): DirectiveAst[] {
  const r = parse(text, format);
  if (r.errors.length) throw new Error('unexpected errors: ' + r.errors.map((e) => e.message).join('; '));
  return r.directives;
}

export function day(y: number, m: number, d: number): number {
  return daysFromCivil(y, m, d);
}

/** Decimal fields as text, for readable assertions. */
export function str(x: { toString(): string } | null | undefined): string | null {
  return x == null ? null : x.toString();
}

/** The UTF-8 bytes [start, end) of a text, decoded. */
export function bytesOf(text: string, start: number, end: number): string {
  return Buffer.from(text, 'utf8').subarray(start, end).toString('utf8');
}
