/**
 * The statements of recently run query texts.
 *
 * Pages run the same built-in query texts again and again with new parameter values (the
 * dashboard runs eight on every visit, again after every save), and parsing was about half of
 * compiling one. A statement depends on its text alone (parameters are bound by the compiler) and
 * nothing changes it after parsing: the compiler only reads it (test/engine/query/parsed.test.ts
 * compiles every built-in from a deep-frozen statement). So one parse serves every later run.
 *
 * Bounded: texts up to MAX_TEXT_CHARS, at most MAX_STATEMENTS of them, the least recently used
 * dropped first. A text that fails to parse is not kept: its error is thrown again each time.
 */
import type { Statement } from './ast';
import { parseQuery } from './parser';
import { useKept } from '../recently-used';

/** Longer texts (hand-written queries, not the built-ins) are parsed each time. */
export const MAX_TEXT_CHARS = 16 * 1024;
export const MAX_STATEMENTS = 256;

const statements = new Map<string, Statement>();

/** The statement of `text`: parseQuery's, kept for the next run of the same text. */
export function parsedStatement(text: string): Statement {
  const known = useKept(statements, text);
  if (known !== undefined) return known;
  const stmt = parseQuery(text);
  if (text.length <= MAX_TEXT_CHARS) {
    if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
    statements.set(text, stmt);
  }
  return stmt;
}

/** How many statements are kept (tests). */
export function parsedStatementCount(): number {
  return statements.size;
}
