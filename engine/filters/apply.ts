/**
 * Writes a filter into a query's text. The query is parsed (its syntax tree carries the offsets
 * of every clause), the filter's conditions and period clauses are spliced in at those offsets,
 * and the result is ordinary query text: it is what runs, and what "Open query" shows, so the
 * opened query reproduces the figure. The query's own text is kept as written around the splices.
 */
import type { Snapshot } from '../ledger/snapshot';
import { formatDate, type DayNum } from '../dates';
import type { PeriodDate, Statement } from '../query/ast';
import { parseQuery } from '../query/parser';
import { lexAll } from '../query/lexer';
import { utf8Length } from '../query/errors';
import { MAX_QUERY_BYTES } from '../query/limits';
import { getTable } from '../query/tables/registry';
import { FilterError } from './errors';
import { accountCondition, entryCondition, timeCondition, type RenderContext } from './render';
import type { Filter } from './index';

interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface FilterQueryOptions {
  /** The account filter keeps only matching postings, not whole transactions (render.ts). */
  accountPostingsOnly?: boolean;
}

/** The query text with the filter applied (unchanged when the filter is empty). */
export function filterQuery(text: string, filter: Filter, snapshot: Snapshot, opts: FilterQueryOptions = {}): string {
  const stmt = parseQuery(text);
  const tableName = stmt.kind === 'Select' && stmt.from?.table ? stmt.from.table.name : 'postings';
  const table = getTable(tableName);
  // An unknown table: leave the text alone, the query itself reports it at its name.
  if (!table) return text;
  const ctx: RenderContext = { table, accountPostingsOnly: opts.accountPostingsOnly };

  const parts: string[] = [];
  if (filter.account) parts.push(accountCondition(filter.account, ctx));
  if (filter.entry) parts.push(entryCondition(filter.entry, ctx));
  const onPostings = tableName === 'postings';
  if (!onPostings && filter.time) parts.push(timeCondition(filter.time, table));
  const cond = conjunction(parts);

  const edits = onPostings ? postingsEdits(text, stmt, cond, filter) : tableEdits(text, stmt, cond);
  const out = splice(text, edits);
  if (utf8Length(out) > MAX_QUERY_BYTES) {
    const culprit = filter.entry ? 'filter' : 'account';
    throw new FilterError(
      culprit,
      `the filter is too long to write into a query (over ${MAX_QUERY_BYTES / 1024} KiB of query text); shorten it`,
      null,
    );
  }
  return out;
}

function conjunction(parts: string[]): string | null {
  const kept = parts.filter((p) => p !== 'TRUE');
  if (kept.length === 0) return null;
  if (kept.includes('FALSE')) return 'FALSE';
  return kept.length === 1 ? kept[0] : kept.map((k) => `(${k})`).join(' AND ');
}

function splice(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Another table: the condition goes before the query's own WHERE. */
function tableEdits(text: string, stmt: Statement, cond: string | null): Edit[] {
  if (cond === null || stmt.kind !== 'Select' || !stmt.from) return [];
  if (stmt.where) {
    const where = exprSpan(text, stmt.where);
    return [{ start: where.start, end: where.end, text: `(${cond}) AND (${text.slice(where.start, where.end)})` }];
  }
  return [{ start: stmt.from.end, end: stmt.from.end, text: ` WHERE ${cond}` }];
}

/**
 * The postings: the time filter as period clauses; the account and entry conditions before the
 * FROM expression, or, when the query has period clauses, as `FILTER (cond)` (a query-language
 * extension) so they choose the postings before OPEN ON/CLOSE ON/CLEAR summarize them: the
 * opening balances of a filtered range are those of the chosen transactions, as in Fava, which
 * filters the entries first and then clamps them to the time (issue 16 follow-up).
 */
function postingsEdits(text: string, stmt: Statement, cond: string | null, filter: Filter): Edit[] {
  const from = stmt.from;
  const edits: Edit[] = [];
  const period = filter.time && (filter.time.begin !== null || filter.time.end !== null) ? filter.time : null;
  if (cond !== null && (period || from?.open || from?.close || from?.clear || from?.prefilter)) return prefilterEdits(text, stmt, cond, period);
  const clauses = [cond, period ? periodText(null, null, false, period.begin, period.end) : null].filter((x) => x);
  if (!from) {
    if (clauses.length === 0) return [];
    edits.push({ start: insertionPoint(stmt), end: insertionPoint(stmt), text: ` FROM ${clauses.join(' ')}` });
    return edits;
  }
  if (from.table) {
    // `FROM #postings` names the default table; the filter's FROM takes its place.
    if (clauses.length > 0) edits.push({ start: from.table.start, end: from.table.end, text: clauses.join(' ') });
    return edits;
  }
  if (cond !== null) {
    if (from.expr) {
      const e = exprSpan(text, from.expr);
      edits.push({ start: e.start, end: e.end, text: `(${cond}) AND (${text.slice(e.start, e.end)})` });
    } else {
      const afterKeyword = from.start + 'FROM'.length;
      edits.push({ start: afterKeyword, end: afterKeyword, text: ` ${cond}` });
    }
  }
  if (period) {
    const start = from.open?.start ?? from.close?.start ?? (from.clear ? from.end - 'CLEAR'.length : from.end);
    const lead = from.open || from.close || from.clear ? '' : ' ';
    edits.push({
      start,
      end: from.end,
      text: lead + periodText(from.open?.date ?? null, from.close ? (from.close.date ?? 'bare') : null, from.clear, period.begin, period.end),
    });
  }
  return edits;
}

/** `FROM FILTER (cond) [expr] period clauses`: the condition chooses postings before the period clauses. */
function prefilterEdits(text: string, stmt: Statement, cond: string, period: { begin: DayNum | null; end: DayNum | null } | null): Edit[] {
  const from = stmt.from;
  const periodOf = (f: typeof from) =>
    period ? periodText(f?.open?.date ?? null, f?.close ? (f.close.date ?? 'bare') : null, f?.clear ?? false, period.begin, period.end) : '';
  if (!from) {
    const at = insertionPoint(stmt);
    return [{ start: at, end: at, text: ` FROM FILTER (${cond})${period ? ' ' + periodOf(null) : ''}` }];
  }
  if (from.table) return [{ start: from.table.start, end: from.table.end, text: `FILTER (${cond})${period ? ' ' + periodOf(null) : ''}` }];
  if (from.prefilter) {
    // Already a FILTER: the page filter is ANDed into it.
    const e = exprSpan(text, from.prefilter);
    const edits: Edit[] = [{ start: e.start, end: e.end, text: `(${cond}) AND (${text.slice(e.start, e.end)})` }];
    if (period) edits.push(periodEdit(from, periodOf(from)));
    return edits;
  }
  const afterKeyword = from.start + 'FROM'.length;
  const edits: Edit[] = [{ start: afterKeyword, end: afterKeyword, text: ` FILTER (${cond})` }];
  if (period) edits.push(periodEdit(from, periodOf(from)));
  return edits;
}

/** Replaces the FROM clause's period clauses (or appends them) with `clauses`. */
function periodEdit(from: NonNullable<Statement['from']>, clauses: string): Edit {
  const start = from.open?.start ?? from.close?.start ?? (from.clear ? from.end - 'CLEAR'.length : from.end);
  const lead = from.open || from.close || from.clear ? '' : ' ';
  return { start, end: from.end, text: lead + clauses };
}

/**
 * The whole text of a clause's expression. A node's span leaves out the parentheses around its
 * first or last operand (`(a) OR (b)` spans `a) OR (b`), so the span is widened by the
 * parentheses it leaves unmatched; wrapping the narrow span would bind the filter to `a` only.
 */
export function exprSpan(text: string, node: { start: number; end: number }): { start: number; end: number } {
  const toks = lexAll(text).filter((t) => t.type !== 'ws' && t.type !== 'comment');
  let depth = 0;
  let min = 0;
  for (const t of toks) {
    if (t.start < node.start || t.end > node.end) continue;
    if (t.type === 'lparen') depth++;
    else if (t.type === 'rparen') min = Math.min(min, --depth);
  }
  let start = node.start;
  let end = node.end;
  let left = -min;
  let right = depth - min;
  for (let i = toks.length - 1; i >= 0 && left > 0; i--) {
    if (toks[i].end > start) continue;
    if (toks[i].type !== 'lparen') break;
    start = toks[i].start;
    left--;
  }
  for (const t of toks) {
    if (right === 0) break;
    if (t.start < end) continue;
    if (t.type !== 'rparen') break;
    end = t.end;
    right--;
  }
  return { start, end };
}

/** Where `FROM ...` goes in a statement that has none: after the targets, AT function or pattern. */
function insertionPoint(stmt: Statement): number {
  switch (stmt.kind) {
    case 'Select':
      return stmt.star ? stmt.star.end : stmt.targets[stmt.targets.length - 1].end;
    case 'Balances':
      return stmt.at ? stmt.at.end : stmt.start + 'BALANCES'.length;
    case 'Journal':
      return stmt.at ? stmt.at.end : stmt.pattern ? stmt.pattern.end : stmt.start + 'JOURNAL'.length;
  }
}

function literalDay(d: PeriodDate): DayNum {
  // Built-ins are rendered with their parameters written in before a filter applies (the route
  // helper does it), so a parameter here is a programming error of the caller.
  if (d.kind !== 'Literal') throw new Error('filterQuery: write parameters into the text before applying a time filter');
  return d.value;
}

/**
 * The period clauses combining the query's own with the filter's range: the later OPEN, the
 * earlier CLOSE (a bare CLOSE becomes CLOSE ON the range's end), CLEAR kept. A range that ends
 * before the query's period opens closes on the OPEN date (an empty period, not an error).
 */
function periodText(
  open: PeriodDate | null,
  close: PeriodDate | 'bare' | null,
  clear: boolean,
  begin: DayNum | null,
  end: DayNum | null,
): string {
  let o: DayNum | null = open ? literalDay(open) : null;
  if (begin !== null) o = o === null ? begin : Math.max(o, begin);
  let c: DayNum | null = close && close !== 'bare' ? literalDay(close) : null;
  if (end !== null) c = c === null ? end : Math.min(c, end);
  if (o !== null && c !== null && c < o) c = o;
  const out: string[] = [];
  if (o !== null) out.push(`OPEN ON ${formatDate(o)}`);
  if (c !== null) out.push(`CLOSE ON ${formatDate(c)}`);
  else if (close === 'bare') out.push('CLOSE');
  if (clear) out.push('CLEAR');
  return out.join(' ');
}
