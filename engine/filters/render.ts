/**
 * Renders a parsed filter into query-language conditions for one table's rows. Filters are query
 * text, never a second engine: what this writes is what "Open query" shows.
 *
 * Every condition written here is two-valued (TRUE or FALSE, never NULL), so `-x` (NOT) excludes
 * exactly what `x` keeps: nullable columns are guarded with IS NOT NULL.
 *
 * A table lacking what a filter reads keeps none of its rows for that filter (`#trip` on #prices,
 * an account filter on #events), as Fava drops an entry without tags or accounts; except `all(...)`,
 * which holds for rows without postings as in Fava (every posting of none).
 *
 * `any(x)` / `all(x)` need the other postings of a row's transaction: they are written with the
 * query-language extension `any_posting(x)` / `all_postings(x)` (query/compile/posting-quantifier.ts),
 * a short condition whatever the number of transactions it matches (it used to be an `id IN (...)`
 * list of the matching transactions, refused over the 64 KiB query limit).
 */
import { renderString } from '../builtins/render';
import { getTable, type TableDef } from '../query/tables/registry';
import { formatDate } from '../dates';
import type { AccountFilter } from './account';
import type { EntryNode, NumericKey } from './entry';
import type { TimeRange } from './time';

export interface RenderContext {
  table: TableDef;
  /**
   * On the postings, the account filter keeps only the matching postings instead of every posting
   * of a transaction touching a matching account (holdings: a row per account, see holdings.ts).
   */
  accountPostingsOnly?: boolean;
}

const TRUE = 'TRUE';
const FALSE = 'FALSE';

function column(table: TableDef, name: string, type?: string): boolean {
  return table.columns.some((c) => c.name === name && (type === undefined || c.type === type));
}

/** `(col IS NOT NULL AND col ~ 'pattern')`. */
function matches(expr: string, pattern: string): string {
  return `(${expr} IS NOT NULL AND ${expr} ~ ${renderString(pattern)})`;
}

function andAll(parts: string[]): string {
  const kept = parts.filter((p) => p !== TRUE);
  if (kept.includes(FALSE)) return FALSE;
  if (kept.length === 0) return TRUE;
  return kept.length === 1 ? kept[0] : kept.map(wrap).join(' AND ');
}

function orAll(parts: string[]): string {
  const kept = parts.filter((p) => p !== FALSE);
  if (kept.includes(TRUE)) return TRUE;
  if (kept.length === 0) return FALSE;
  return kept.length === 1 ? kept[0] : kept.map(wrap).join(' OR ');
}

function wrap(c: string): string {
  return c.startsWith('(') && balancedOuter(c) ? c : `(${c})`;
}

/** Whether the parentheses opening `c` close at its end (so it needs no more). */
function balancedOuter(c: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < c.length; i++) {
    const ch = c[i];
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0 && i !== c.length - 1) return false;
  }
  return true;
}

/** `date >= begin AND date < end` for tables other than postings (postings use OPEN ON / CLOSE ON). */
export function timeCondition(range: TimeRange, table: TableDef): string {
  if (range.begin === null && range.end === null) return TRUE;
  if (!column(table, 'date', 'date')) return TRUE;
  const parts: string[] = [];
  if (range.begin !== null) parts.push(`date >= ${formatDate(range.begin)}`);
  if (range.end !== null) parts.push(`date < ${formatDate(range.end)}`);
  return `(${parts.join(' AND ')})`;
}

function accountTest(filter: AccountFilter, expr: string): string {
  return filter.kind === 'name'
    ? `(${expr} IS NOT NULL AND under(${expr}, ${renderString(filter.name)}))`
    : matches(expr, filter.pattern);
}

/**
 * The account filter on a table. Fava's AccountFilter keeps whole entries: every entry with an
 * account that matches, with all its postings. So on the postings a row is kept when its own
 * account or one of the other accounts of its transaction (`other_accounts`) matches: a statement
 * under `Expenses:Food` shows the bank side of the groceries too, as Fava's do (issue 16 follow-up;
 * README "Filters"). On #transactions and #entries (a set of `accounts`) the rows naming a matching
 * account; on other tables with an `account` column (#balances, #documents ...) that account.
 * A set is read through its text (`str(accounts)`, names joined by commas, which names cannot
 * hold): exact for a name; for a regular expression a comma-safe pattern (setPattern) when there
 * is one, else transactions by `any_posting` over their postings and other directives by the
 * joined text (where `^` anchors only the first name).
 */
export function accountCondition(filter: AccountFilter, ctx: RenderContext): string {
  const t = ctx.table;
  if (t.name === 'postings' && !ctx.accountPostingsOnly) return postingsOfMatchingTransactions(filter, ctx);
  if (column(t, 'account', 'str')) return accountTest(filter, 'account');
  if (!column(t, 'accounts')) return FALSE;
  if (filter.kind === 'name') {
    const re = `(^|,)${escapeRegex(filter.name)}(:[^,]*)?(,|$)`;
    return `(accounts IS NOT NULL AND ${renderString(re)} ?~ str(accounts))`;
  }
  const onSet = setPattern(filter.pattern);
  if (onSet !== null) return matches('str(accounts)', onSet);
  const txns = QUANTIFIED.has(t.name) ? `any_posting(${accountTest(filter, 'account')})` : FALSE;
  if (!column(t, 'type', 'str')) return txns;
  return orAll([txns, `(type != 'transaction' AND ${matches('str(accounts)', filter.pattern)})`]);
}

/** Postings of the transactions with a posting on a matching account (Fava's whole entries). */
function postingsOfMatchingTransactions(filter: AccountFilter, ctx: RenderContext): string {
  const own = accountTest(filter, 'account');
  if (filter.kind === 'name') {
    const re = `(^|,)${escapeRegex(filter.name)}(:[^,]*)?(,|$)`;
    return `(${own} OR (other_accounts IS NOT NULL AND ${renderString(re)} ?~ str(other_accounts)))`;
  }
  const onSet = setPattern(filter.pattern);
  if (onSet !== null) return `(${own} OR ${matches('str(other_accounts)', onSet)})`;
  return `any_posting(${own})`;
}

/** Tables whose rows have a transaction for any_posting/all_postings (query/compile/posting-quantifier.ts). */
const QUANTIFIED = new Set(['postings', 'transactions', 'entries']);

function escapeRegex(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}


const NUMERIC: Record<NumericKey, string> = {
  units: 'number',
  cost: 'cost_number',
  price: 'number(price)',
  weight: 'number(weight)',
};

const POSTINGS_ONLY_KEYS: Record<string, string> = { currency: 'currency', flag: 'posting_flag', units: 'str(units(position))' };

/**
 * The entry filter as a condition on the rows of `ctx.table`. `posting` is true inside any()/all(),
 * where keys read the posting (account, currency, flag, units, its metadata) rather than the row.
 */
export function entryCondition(node: EntryNode, ctx: RenderContext, posting = false): string {
  const t = ctx.table;
  switch (node.kind) {
    case 'tag':
    case 'link': {
      const col = node.kind === 'tag' ? 'tags' : 'links';
      return column(t, col) ? `(${col} IS NOT NULL AND ${renderString(node.name)} IN ${col})` : FALSE;
    }
    case 'text':
      // Fava: narration, payee, or the comment of a note.
      return orAll(['payee', 'narration', 'comment'].filter((c) => column(t, c, 'str')).map((c) => matches(c, node.pattern)));
    case 'key': {
      const key = node.key.toLowerCase();
      if (posting && t.name === 'postings') {
        if (key === 'account') return matches('account', node.pattern);
        if (POSTINGS_ONLY_KEYS[key]) return matches(POSTINGS_ONLY_KEYS[key], node.pattern);
        return matches(`meta(${renderString(node.key)})`, node.pattern);
      }
      // A field of the row if the table has one by that name, else metadata (posting, then entry).
      if (column(t, key, 'str')) return matches(key, node.pattern);
      return matches(`any_meta(${renderString(node.key)})`, node.pattern);
    }
    case 'compare': {
      if (t.name !== 'postings') return FALSE;
      const expr = NUMERIC[node.key];
      return `(${expr} IS NOT NULL AND ${expr} ${node.op} ${node.value.toString()})`;
    }
    case 'not': {
      const c = entryCondition(node.operand, ctx, posting);
      return c === TRUE ? FALSE : c === FALSE ? TRUE : `NOT ${wrap(c)}`;
    }
    case 'and':
      return andAll(node.args.map((a) => entryCondition(a, ctx, posting)));
    case 'or':
      return orAll(node.args.map((a) => entryCondition(a, ctx, posting)));
    case 'any':
    case 'all': {
      if (!QUANTIFIED.has(t.name)) return node.kind === 'any' ? FALSE : TRUE;
      const direct = accountsOfTransaction(node, t);
      if (direct !== null) return direct;
      const postings = { ...ctx, table: getTable('postings')! };
      const inner = entryCondition(node.operand, postings, true);
      if (node.kind === 'any' && inner === FALSE) return FALSE;
      if (node.kind === 'all' && inner === TRUE) return TRUE;
      return `${node.kind === 'any' ? 'any_posting' : 'all_postings'}(${inner})`;
    }
  }
}

/**
 * `any(account:"re")`, `all(-account:"re")` (the common forms) written without an id list: the
 * transaction's accounts are a set on every row (`accounts` on #entries/#transactions, the
 * posting's `account` plus `other_accounts` on postings), read through its text joined by commas.
 * Only for patterns that cannot match across the comma between two names (letters, digits, `:`,
 * `-`, `_`, groups, alternation; `^`/`$` only at the ends, made to anchor at a comma); else null.
 */
function accountsOfTransaction(node: Extract<EntryNode, { kind: 'any' | 'all' }>, t: TableDef): string | null {
  let inner = node.operand;
  let negated = false;
  if (node.kind === 'all') {
    if (inner.kind !== 'not') return null;
    inner = inner.operand;
    negated = true;
  }
  if (inner.kind !== 'key' || inner.key.toLowerCase() !== 'account') return null;
  const onSet = setPattern(inner.pattern);
  if (onSet === null) return null;
  let test: string;
  if (t.name === 'postings') test = `(${matches('account', inner.pattern)} OR ${matches('str(other_accounts)', onSet)})`;
  else if (column(t, 'accounts')) test = matches('str(accounts)', onSet);
  else return null;
  return negated ? `NOT ${test}` : test;
}

/** The pattern for a comma-joined list of names, or null when that cannot be exact. */
export function setPattern(pattern: string): string | null {
  const start = pattern.startsWith('^');
  const end = pattern.endsWith('$') && !pattern.endsWith('\\$');
  const body = pattern.slice(start ? 1 : 0, end ? -1 : undefined);
  if (!/^[\p{L}\p{N}:_\-()|]*$/u.test(body) || body === '') return null;
  let depth = 0;
  for (const c of body) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0 && (start || end)) return null;
    if (depth < 0) return null;
  }
  if (depth !== 0) return null;
  return (start ? '(^|,)' : '') + (start || end ? `(${body})` : body) + (end ? '(,|$)' : '');
}
