/**
 * #budgets: one row per budget per month, by budget name then month (rows made lazily by the
 * BudgetBook). Every generated month counts toward the result size (one value) even if WHERE
 * drops it, except months that ANDed conditions of FROM/WHERE exclude by bounding the date from
 * above: `date <= X`, `date < X`, `date = X`, `yearmonth(date) = X` (also written the other way
 * round, `X >= date`; and `yearmonth(date) <= X` / `< X`, which bound the same way). Later months
 * are then not generated at all. A too-large failure names the budget with the longest series and
 * the directive that ends it.
 */
import type { BudgetMonthRow } from '../../ledger/budgets';
import { describeLongestSeries } from '../../ledger/budgets';
import type { DayNum } from '../../dates';
import type { CExpr } from '../compile/plan';
import type { Node } from '../compile/expr';
import { col, int } from './common';
import { registerTable, type ScanContext, type TableDef } from './registry';

type Op = '<=' | '<' | '=' | '>=' | '>' | '!=';
const OPS: readonly Op[] = ['<=', '<', '=', '>=', '>', '!='];
/** `X op date` is `date flip(op) X`. */
const FLIP: Record<Op, Op> = { '<=': '>=', '<': '>', '=': '=', '>=': '<=', '>': '<', '!=': '!=' };

const DATE = 'col:date';
const YEARMONTH = 'call:yearmonth(col:date)';

/** Conjuncts of the condition: the AND nodes of FROM + WHERE (both named `and(...)`) are flattened. */
function conjuncts(n: Node, out: Node[]): Node[] {
  if (n.kind === 'op' && n.key.startsWith('and(')) for (const k of n.kids) conjuncts(k, out);
  else out.push(n);
  return out;
}

/** The comparison operator of a compiled `(a op b)` node, read back from its canonical key. */
function operatorOf(n: Node, a: Node, b: Node): Op | null {
  for (const op of OPS) if (n.key === `(${a.key}${op}${b.key})`) return op;
  return null;
}

/** The latest first-of-month date one conjunct lets through, or null if it bounds nothing. */
function conjunctBound(n: Node): DayNum | null {
  if (n.kids.length !== 2) return null;
  let [a, b] = n.kids;
  let op = operatorOf(n, a, b);
  if (op === null) return null;
  if (a.kind === 'lit') {
    [a, b] = [b, a];
    op = FLIP[op];
  }
  if (b.kind !== 'lit' || b.type !== 'date' || typeof b.value !== 'number') return null;
  if (a.key !== DATE && a.key !== YEARMONTH) return null;
  const x = b.value;
  // yearmonth(date) is the month's first day, which is what `upTo` compares: same bounds.
  if (op === '<=' || op === '=') return x;
  if (op === '<') return x - 1;
  return null;
}

/** Upper bound of `date` implied by the ANDed conditions, or null when unbounded. */
export function budgetDateBound(filter: CExpr | null | undefined): DayNum | null {
  if (!filter) return null;
  let bound: DayNum | null = null;
  for (const c of conjuncts(filter as Node, [])) {
    const x = conjunctBound(c);
    if (x !== null && (bound === null || x < bound)) bound = x;
  }
  return bound;
}

function monthOptions(ctx: ScanContext) {
  const upTo = budgetDateBound(ctx.filter);
  return { upTo: upTo ?? undefined, today: ctx.today };
}

export const budgetsTable: TableDef<BudgetMonthRow> = {
  name: 'budgets',
  description: 'one row per budget per month, by budget name then month',
  columns: [
    col('name', 'str', 'budget name', (r) => r.name),
    col('alias', 'str', 'display name from `alias` metadata, or NULL', (r) => r.alias),
    col('category', 'str', 'grouping from `category` metadata, or NULL', (r) => r.category),
    col('currency', 'str', 'commodity of the budget', (r) => r.currency),
    col('date', 'date', 'first day of the month', (r) => r.date),
    col('year', 'int', 'year', (r) => int(r.year)),
    col('month', 'int', 'month 1 to 12', (r) => int(r.month)),
    col('assigned', 'amount', 'available from previous month plus added', (r) => r.assigned),
    col('added', 'amount', 'budget-add and budget-transfer amounts of the month, converted at their date; a transfer out is negative', (r) => r.added),
    col('activity', 'amount', 'spending of the budget\'s accounts in the month; a refund is negative', (r) => r.activity),
    col('available', 'amount', 'assigned - activity', (r) => r.available),
    col('accounts', 'set', 'accounts whose opens name the budget at any time', (r) => r.accounts),
    col('closed', 'bool', 'closed with budget-close in or before the month; FALSE before', (r) => r.closed),
  ],
  star: ['name', 'date', 'assigned', 'activity', 'available'],
  rows: (ctx) => ctx.snapshot.budgets.months({ ...monthOptions(ctx), onMonth: ctx.onGenerated }),
  meta: (r) => r.meta,
  entryMeta: (r) => r.meta,
  explainTooLarge: (ctx) => {
    const longest = ctx.snapshot.budgets.longestSeries(monthOptions(ctx));
    return longest === null ? null : `the longest series: ${describeLongestSeries(longest)}`;
  },
};

registerTable(budgetsTable);
