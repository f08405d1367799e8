/**
 * The chart rule of the Query page (spec 1, "What the service does", item 6): whether a query
 * result gets a chart, which kind, which currencies the picker offers, and the points to plot.
 *
 * Pure logic over the JSON result (no Chart.js, no DOM), so every branch is unit-tested.
 * Sums are exact: cells are decimal strings added as `Dec`; a float exists only where the
 * Chart.js wrapper hands a point over (`toNumberForDisplay`).
 *
 * Choices where the spec is silent (also in the report):
 * - int and decimal values have no currency: the picker is empty and every value is plotted.
 * - An amount, position or inventory column in which no currency occurs (all NULL or empty
 *   inventories) has nothing to plot: no chart.
 * - Ties for "the currency present in the most rows" go to the alphabetically first currency;
 *   the picker lists currencies by that same order (most rows first, then name).
 * - A row whose value is NULL is skipped entirely; so is a row whose first column (the date of a
 *   line chart) is NULL. In a bar chart a NULL label is a bar of its own, named like a pivot
 *   column (`NULL`), since a NULL group (no payee) is a real group of the result.
 * - Only the line chart plots a missing currency as zero (the spec says so for line charts
 *   only): bars and treemap boxes are drawn for labels that have a value in the chosen currency.
 * - The 50-bar cap keeps the first 50 labels in result order (after equal labels are added).
 */
import { Dec } from '../../engine/decimal';
import type { AmountJson, Cell, ColumnType, InventoryJson, PositionJson, QueryResult } from '../../engine/api-types';

export type ChartKind = 'line' | 'bar' | 'treemap';

/** Types of the second column that can be plotted. */
const VALUE_TYPES: ReadonlySet<ColumnType> = new Set<ColumnType>(['int', 'decimal', 'amount', 'position', 'inventory']);
const CURRENCY_TYPES: ReadonlySet<ColumnType> = new Set<ColumnType>(['amount', 'position', 'inventory']);

export const MAX_BARS = 50;

export interface ChartPlan {
  kind: ChartKind;
  /** Currencies the picker offers, most rows first, then by name; empty for int and decimal values. */
  currencies: string[];
  /** Currency plotted first; null for int and decimal values. */
  defaultCurrency: string | null;
}

export interface LinePoint {
  date: string;
  value: Dec;
}

export interface Bar {
  /** The label as in the result; null for a NULL label. */
  label: string | null;
  value: Dec;
}

/** One node of the account hierarchy of a treemap. */
export interface TreeNode {
  /** Last component of the account (the whole account name for the root: ''). */
  name: string;
  /** Full account name of the node. */
  account: string;
  /** The node's own value (sum of rows labelled with exactly this account); null if none. */
  own: Dec | null;
  /** Sum of |value| over the node's own value and all descendants: the area. */
  area: Dec;
  children: TreeNode[];
}

/** Whether a label "looks like an account name": non-empty `:`-separated parts without spaces. */
export function isAccountLike(label: string): boolean {
  if (label.length === 0) return false;
  let partLen = 0;
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c === 58 /* : */) {
      if (partLen === 0) return false;
      partLen = 0;
    } else if (isSpace(c)) {
      return false;
    } else partLen++;
  }
  return partLen > 0;
}

function isSpace(c: number): boolean {
  // ASCII whitespace plus the Unicode spaces a label could carry (NBSP, ideographic space, ...).
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The chart kind for a first column, or null when the first column is not plottable. */
function kindOf(result: QueryResult): ChartKind | null {
  const first = result.columns[0].type;
  if (first === 'date') return 'line';
  if (first !== 'str') return null;
  let anyColon = false;
  for (const row of result.rows) {
    const label = row[0];
    if (label === null || label === '') continue;
    if (typeof label !== 'string' || !isAccountLike(label)) return 'bar';
    if (!anyColon && label.indexOf(':') >= 0) anyColon = true;
  }
  return anyColon ? 'treemap' : 'bar';
}

/**
 * Decides whether and how a result is charted. `operatingCurrency` is the ledger's
 * operating_currency option (null if unknown): the default currency when the result has it.
 */
export function planChart(result: QueryResult, operatingCurrency: string | null): ChartPlan | null {
  if (result.columns.length !== 2 || result.rows.length === 0) return null;
  const valueType = result.columns[1].type;
  if (!VALUE_TYPES.has(valueType)) return null;
  const kind = kindOf(result);
  if (kind === null) return null;
  if (!CURRENCY_TYPES.has(valueType)) return { kind, currencies: [], defaultCurrency: null };

  const rowsPer = new Map<string, number>();
  const seen = new Set<string>();
  for (const row of result.rows) {
    seen.clear();
    forEachUnits(row[1], valueType, (currency) => seen.add(currency));
    for (const c of seen) rowsPer.set(c, (rowsPer.get(c) ?? 0) + 1);
  }
  if (rowsPer.size === 0) return null;
  const currencies = [...rowsPer.keys()].sort((a, b) => rowsPer.get(b)! - rowsPer.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
  const defaultCurrency = operatingCurrency !== null && rowsPer.has(operatingCurrency) ? operatingCurrency : currencies[0];
  return { kind, currencies, defaultCurrency };
}

/** Calls `f` with each units amount of a cell (positions and inventories by units, cost ignored). */
function forEachUnits(cell: Cell, type: ColumnType, f: (currency: string, number: string) => void): void {
  if (cell === null) return;
  switch (type) {
    case 'amount': {
      const a = cell as AmountJson;
      f(a.currency, a.number);
      return;
    }
    case 'position': {
      const u = (cell as PositionJson).units;
      f(u.currency, u.number);
      return;
    }
    case 'inventory':
      for (const p of (cell as InventoryJson).positions) f(p.units.currency, p.units.number);
      return;
  }
}

/**
 * The value of one cell in `currency` (null = plotted currency absent, or a NULL cell).
 * int and decimal cells ignore `currency`.
 */
export function cellValue(cell: Cell, type: ColumnType, currency: string | null): Dec | null {
  if (cell === null) return null;
  if (type === 'int') return typeof cell === 'number' ? Dec.of(cell) : null;
  if (type === 'decimal') return typeof cell === 'string' ? Dec.parse(cell) : null;
  let sum: Dec | null = null;
  forEachUnits(cell, type, (c, n) => {
    if (c !== currency) return;
    const d = Dec.parse(n);
    if (d !== null) sum = sum === null ? d : sum.plus(d);
  });
  return sum;
}

/** Line chart: one point per date ascending; a date whose rows lack the currency is zero. */
export function linePoints(result: QueryResult, currency: string | null): LinePoint[] {
  const type = result.columns[1].type;
  const byDate = new Map<string, Dec>();
  for (const row of result.rows) {
    const date = row[0];
    if (typeof date !== 'string' || row[1] === null) continue;
    const v = cellValue(row[1], type, currency);
    const prev = byDate.get(date);
    byDate.set(date, prev === undefined ? (v ?? Dec.ZERO) : v === null ? prev : prev.plus(v));
  }
  const dates = [...byDate.keys()].sort();
  return dates.map((date) => ({ date, value: byDate.get(date)! }));
}

/** Bar chart: one bar per label in result order (equal labels added), at most MAX_BARS. */
export function bars(result: QueryResult, currency: string | null): Bar[] {
  const type = result.columns[1].type;
  const byLabel = new Map<string | null, Bar>();
  const out: Bar[] = [];
  for (const row of result.rows) {
    const raw = row[0];
    const label = typeof raw === 'string' ? raw : null;
    const v = cellValue(row[1], type, currency);
    if (v === null) continue;
    const bar = byLabel.get(label);
    if (bar !== undefined) bar.value = bar.value.plus(v);
    else if (out.length < MAX_BARS) {
      const b = { label, value: v };
      byLabel.set(label, b);
      out.push(b);
    }
  }
  return out;
}

/**
 * Treemap: the account hierarchy of the labels with a value in the currency. Returns the root
 * (name '' and account '' when no shared top level is skipped; else the shared top level itself,
 * whose children are drawn as the top boxes). Empty and NULL labels are ignored.
 */
export function accountTree(result: QueryResult, currency: string | null): TreeNode {
  const type = result.columns[1].type;
  const totals = new Map<string, Dec>();
  for (const row of result.rows) {
    const label = row[0];
    if (typeof label !== 'string' || label === '') continue;
    const v = cellValue(row[1], type, currency);
    if (v === null) continue;
    const prev = totals.get(label);
    totals.set(label, prev === undefined ? v : prev.plus(v));
  }

  const root: TreeNode = { name: '', account: '', own: null, area: Dec.ZERO, children: [] };
  const index = new Map<string, TreeNode>();
  for (const [account, value] of totals) {
    let node = root;
    let start = 0;
    while (start <= account.length) {
      const colon = account.indexOf(':', start);
      const end = colon < 0 ? account.length : colon;
      const path = account.slice(0, end);
      let child = index.get(path);
      if (child === undefined) {
        child = { name: account.slice(start, end), account: path, own: null, area: Dec.ZERO, children: [] };
        index.set(path, child);
        node.children.push(child);
      }
      node = child;
      start = end + 1;
    }
    node.own = value;
  }
  sumAreas(root);
  // A top level shared by all accounts is skipped: it would be one box filling the whole chart.
  if (root.children.length === 1 && root.children[0].children.length > 0) return root.children[0];
  return root;
}

function sumAreas(node: TreeNode): Dec {
  let area = node.own === null ? Dec.ZERO : node.own.abs();
  for (const c of node.children) area = area.plus(sumAreas(c));
  node.area = area;
  return area;
}
