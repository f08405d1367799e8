/**
 * The three statements (issue 16 §2) from the catalogue's built-ins, put into account trees. Each
 * column's "Open query" is its own built-in text; several columns are computed in one scan
 * (columns.ts), which a test checks against running each column's query. What the queries do not give is computed here and said so:
 * - subtree totals (sums of the rows), and per-column totals (net worth, net profit);
 * - on the balance sheet, Equity:Unrealized: minus the total of every row of the column (Fava's
 *   Tree.cap). After conversions and clearing the rows add up to nothing at cost; what is left at
 *   other conversions (lots at units, market values above cost) is the unrealized gain, and
 *   booking it makes the sheet balance at every conversion.
 */
import { MAX_DAY, formatDate, type DayNum } from '../dates';
import type { AmountJson, Statement, StatementKind, StatementNode } from '../api-types';
import type { Snapshot } from '../ledger/snapshot';
import type { QueryResult } from '../query/index';
import { Inventory } from '../query/inventory';
import { findBuiltin } from '../builtins/catalogue/index';
import { renderQuery } from '../builtins/render';
import { filterQuery, isEmptyFilter, type Filter } from '../filters/index';
import { splitRange, type Interval, type Period } from './intervals';
import { buildTree, type TreeNode, type TreeRow } from './tree';
import { columnRows, columnsInOneScan, type ColumnRow } from './columns';

export const BUILTIN_OF: Record<StatementKind, string> = {
  'balance-sheet': 'statements.balance_sheet',
  'income-statement': 'statements.income_statement',
  'trial-balance': 'statements.trial_balance',
};

/** Fava's default `unrealized` option: the equity account of unrealized gains. */
export const UNREALIZED_ACCOUNT = 'Equity:Unrealized';

const INVERTED_ROOTS = new Set(['Income', 'Liabilities', 'Equity']);

export interface StatementRequest {
  kind: StatementKind;
  /** The filtered time: `begin` included, `end` excluded. */
  begin: DayNum;
  end: DayNum;
  interval: Interval | null;
  /** 'units', 'at_cost', 'at_value' or a currency. */
  conversion: string;
  invert: boolean;
  /** 'end': each column at the prices of its last day; 'latest': at the latest price (Fava). */
  prices: PriceChoice;
  /** Offered in the conversion switch (echoed back). */
  currencies: string[];
  /** Account and entry filters are written into each query; its time is `begin`/`end` already. */
  filter: Filter | null;
}

export type PriceChoice = 'end' | 'latest';

/** The latest price of every pair: a price on or before the last day there is. */
export const LATEST_PRICE_DAY = MAX_DAY;

/** Runs one query text (the caller's time limit and snapshot). */
export type RunText = (text: string) => QueryResult;

/** The text of one column: the built-in with its values (and the filter) written in. */
export function columnQuery(snapshot: Snapshot, req: StatementRequest, period: Period): string {
  const builtin = findBuiltin(BUILTIN_OF[req.kind]);
  if (!builtin) throw new Error(`no built-in ${BUILTIN_OF[req.kind]}`);
  // The balance sheet and trial balance are balances at the column's end (from the range's
  // beginning); the income statement is the change during the column.
  const begin = req.kind === 'income-statement' ? period.begin : req.begin;
  const priceDate = priceDayOf(req, period);
  const text = renderQuery(builtin, { begin, end: period.end, conversion: req.conversion, invert: req.invert, price_date: priceDate });
  const filter = req.filter ? { ...req.filter, time: null } : null;
  return filter && !isEmptyFilter(filter) ? filterQuery(text, filter, snapshot) : text;
}

/** The day whose prices value a column: its last day, or the latest price (Fava). */
function priceDayOf(req: StatementRequest, period: Period): DayNum {
  return req.prices === 'latest' ? LATEST_PRICE_DAY : period.end - 1;
}

/** The rows of one per-column query. */
function queryRows(result: QueryResult): ColumnRow[] {
  const idx = Object.fromEntries(result.columns.map((c, i) => [c.name, i]));
  return result.rows.map((r) => ({
    account: r[idx.account] as string,
    balance: r[idx.balance] as Inventory,
    atCost: (r[idx.at_cost] as Inventory | null) ?? null,
  }));
}

/**
 * `oneScan` false runs every column's own query (the reference the one-scan path is tested against).
 * Null when the interval would cut the range into too many columns (intervals.MAX_COLUMNS). */
export function buildStatement(snapshot: Snapshot, req: StatementRequest, run: RunText, oneScan = true): Statement | null {
  const periods = splitRange(req.begin, req.end, req.interval);
  if (periods === null) return null;
  const rows: TreeRow[] = [];
  // Several columns come from one scan (columns.ts); each column still shows its own query.
  const scanned = oneScan && columnsInOneScan(req, periods) ? columnRows(snapshot, req, periods, (p) => priceDayOf(req, p), run) : null;
  const columns = periods.map((period, column) => {
    const query = columnQuery(snapshot, req, period);
    const sum = new Inventory();
    for (const r of scanned ? scanned[column] : queryRows(run(query))) {
      rows.push({ column, account: r.account, balance: r.balance, atCost: r.atCost });
      sum.addInventory(ledgerSign(req, r.account, r.balance));
    }
    if (req.kind === 'balance-sheet' && !sum.isEmpty()) {
      const unrealized = sum.neg();
      rows.push({ column, account: UNREALIZED_ACCOUNT, balance: req.invert ? unrealized.neg() : unrealized, atCost: null });
    }
    return { label: period.label, begin: formatDate(period.begin), end: formatDate(period.end), query };
  });
  const tree = buildTree(periods.length, rows);
  return {
    kind: req.kind,
    conversion: req.conversion,
    invert: req.invert,
    prices: req.prices,
    currencies: req.currencies,
    interval: req.interval,
    columns,
    tree: tree.map(encodeNode),
    total: periods.map((_, i) => amounts(columnTotal(req, tree, i))),
  };
}

/** A row's balance with the ledger's sign (undoing `invert`). */
function ledgerSign(req: StatementRequest, account: string, balance: Inventory): Inventory {
  const root = account.split(':', 1)[0];
  return req.invert && INVERTED_ROOTS.has(root) ? balance.neg() : balance;
}

function columnTotal(req: StatementRequest, roots: TreeNode[], column: number): Inventory {
  const out = new Inventory();
  const add = (name: string, negate = false) => {
    const n = roots.find((r) => r.account === name);
    if (n) out.addInventory(negate ? ledgerSign(req, name, n.total[column]).neg() : ledgerSign(req, name, n.total[column]));
  };
  if (req.kind === 'balance-sheet') ['Assets', 'Liabilities'].forEach((r) => add(r));
  else if (req.kind === 'income-statement') ['Income', 'Expenses'].forEach((r) => add(r, true));
  else roots.forEach((r) => add(r.account));
  return out;
}

/** An inventory of plain amounts (converted: no lots) as one amount per currency. */
export function amounts(inv: Inventory): AmountJson[] {
  return inv
    .units()
    .positions()
    .map((p) => ({ number: p.units.number.toString(), currency: p.units.currency }));
}

function encodeNode(n: TreeNode): StatementNode {
  return {
    account: n.account,
    name: n.name,
    balance: n.own.map(amounts),
    balance_children: n.total.map(amounts),
    at_cost: n.atCost.map(amounts),
    children: n.children.map(encodeNode),
  };
}
