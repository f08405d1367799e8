/**
 * Words of the query language (spec 2, "Lexical rules", "Statement grammar", "Accounting-period
 * clauses") and the completion candidates at a cursor, from the schema endpoint.
 *
 * Pure: returns plain objects shaped like CodeMirror's `Completion`, so the editor passes them
 * through and the rules are tested without a DOM.
 */
import type { Schema, SchemaColumn } from '../../engine/api-types';

/** Reserved words, clause words and the context keywords (OFFSET, CASE ... END, BALANCES ...). */
export const BQL_KEYWORDS: readonly string[] = [
  'SELECT', 'DISTINCT', 'FROM', 'WHERE', 'GROUP', 'BY', 'ORDER', 'ASC', 'DESC', 'LIMIT', 'OFFSET', 'AS',
  'AND', 'OR', 'NOT', 'IN', 'IS', 'NULL', 'TRUE', 'FALSE', 'HAVING', 'PIVOT',
  'CASE', 'WHEN', 'THEN', 'ELSE', 'END',
  'BALANCES', 'JOURNAL', 'AT', 'OPEN', 'CLOSE', 'ON', 'CLEAR',
];

export interface CompletionOption {
  label: string;
  type: 'keyword' | 'property' | 'function' | 'class';
  detail?: string;
  info?: string;
  /** Lower numbers sort later (CodeMirror's `boost`, -99 to 99). */
  boost?: number;
}

export interface CompletionAnswer {
  /** Start of the word being completed. */
  from: number;
  options: CompletionOption[];
}

/** The table a query reads (`FROM #name` or `FROM name` naming a table), else postings. */
export function tableOfQuery(text: string, schema: Schema): string {
  const m = /\bfrom\s+#?([A-Za-z_][A-Za-z0-9_]*)/i.exec(stripStringsAndComments(text));
  if (m !== null) {
    const name = m[1];
    const isColumn = schema.columns.some((c) => c.name.toLowerCase() === name.toLowerCase());
    if (!isColumn && schema.tables.some((t) => t.name === name)) return name;
  }
  return 'postings';
}

/** Strings and comments blanked out (same length), so words inside them are not read as syntax. */
export function stripStringsAndComments(text: string): string {
  return text.replace(/'[^']*'?|"[^"]*"?|--[^\n]*/g, (s) => ' '.repeat(s.length));
}

/**
 * Completions at `pos`, or null inside a string or comment (nothing to complete there) or when
 * no word is being typed and the completion was not asked for explicitly.
 */
export function completionsAt(text: string, pos: number, schema: Schema, explicit: boolean): CompletionAnswer | null {
  const before = stripStringsAndComments(text.slice(0, pos));
  if (inStringOrComment(text.slice(0, pos))) return null;
  const word = /#?[A-Za-z_][A-Za-z0-9_.]*$|#$/.exec(before);
  if (word === null && !explicit) return null;
  const from = word === null ? pos : pos - word[0].length;
  const typed = word === null ? '' : word[0];
  const tableName = tableOfQuery(text, schema);
  const table = schema.tables.find((t) => t.name === tableName);
  const columns: SchemaColumn[] = table?.columns ?? schema.columns;

  if (typed.startsWith('#')) {
    return { from, options: schema.tables.map((t) => ({ label: `#${t.name}`, type: 'class', info: t.description })) };
  }
  if (typed.includes('.')) {
    // Attributes of a structured column (`open.date`): the dotted column names of the table.
    return { from, options: columns.filter((c) => c.name.includes('.')).map((c) => columnOption(c)) };
  }
  const options: CompletionOption[] = [];
  const previous = /([A-Za-z]+)\s*$/.exec(before.slice(0, from));
  if (previous !== null && previous[1].toUpperCase() === 'FROM') {
    for (const t of schema.tables) options.push({ label: `#${t.name}`, type: 'class', info: t.description, boost: 2 });
  }
  for (const c of columns) if (!c.name.includes('.')) options.push(columnOption(c));
  const byName = new Map<string, { signatures: string[]; descriptions: string[]; aggregate: boolean }>();
  for (const f of schema.functions) {
    let entry = byName.get(f.name);
    if (entry === undefined) {
      entry = { signatures: [], descriptions: [], aggregate: f.aggregate };
      byName.set(f.name, entry);
    }
    entry.signatures.push(f.signature);
    if (!entry.descriptions.includes(f.description)) entry.descriptions.push(f.description);
  }
  for (const [name, f] of byName) {
    options.push({
      label: name,
      type: 'function',
      detail: f.aggregate ? 'aggregate' : undefined,
      info: f.signatures.join('\n') + '\n\n' + f.descriptions.join('\n'),
      boost: -1,
    });
  }
  for (const k of BQL_KEYWORDS) options.push({ label: k, type: 'keyword', boost: -2 });
  return { from, options };
}

function columnOption(c: SchemaColumn): CompletionOption {
  return { label: c.name, type: 'property', detail: c.type, info: c.description, boost: 1 };
}

/** Whether the end of `text` is inside a quoted string or a `--` comment. */
function inStringOrComment(text: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '-' && text[i + 1] === '-') {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return true;
      i = nl;
    }
  }
  return quote !== null;
}
