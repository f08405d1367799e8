/**
 * Every interval column of a statement from one query (issue 16 follow-up). Running the
 * per-column built-in once per column costs one OPEN ON/CLOSE ON/CLEAR rewrite of the whole
 * ledger each (~0.16 s on 100k transactions: 15 s for a monthly balance sheet over eight years).
 * Here one scan groups the rows by account and column and the columns are put together:
 *
 * - income statement: `statements.income_statement_columns` already holds each column's figures
 *   (each posting valued at its column's prices; conversion is linear at a fixed date);
 * - balance sheet and trial balance: `statements.balances_by_column` gives the lots booked per
 *   account and column; a column's balance is their running sum. The rows OPEN ON/CLOSE ON/CLEAR
 *   would add at the column's end are derived as engine/query/periods/apply.ts books them:
 *   conversions (CLOSE ON) are minus the cost of the total of every row, on the current
 *   conversions account; clearing (CLEAR, balance sheet) moves the cost of every Income/Expenses
 *   balance to current earnings. Each account is then valued at the column's prices with the
 *   query language's own valuation (functions/valuation.ts), as the per-column query does per
 *   posting (linear, so the same figure).
 *
 * The per-column query stays each column's "Open query" (statements.ts); test/engine/reports/
 * columns.test.ts checks that both give the same statement for every conversion.
 *
 * An account or entry filter is written into the scan as into each column's query: `FROM FILTER
 * (cond)` chooses the postings before OPEN ON (filters/apply.ts), so the opening balances,
 * conversions and cleared earnings come from the chosen postings in both, and the derivation
 * below is the same with or without a filter (issue 16 follow-up §4: one scan when filtered too).
 */
import type { DayNum } from '../dates';
import type { Snapshot } from '../ledger/snapshot';
import { Inventory } from '../query/inventory';
import { convertPosition, isUnpriced, marketValuePosition } from '../query/functions/valuation';
import { findBuiltin } from '../builtins/catalogue/index';
import { renderQuery } from '../builtins/render';
import { filterQuery, isEmptyFilter } from '../filters/index';
import type { Period } from './intervals';
import type { RunText, StatementRequest } from './statements';

/** One account's figures in one column, as a row of the per-column query. */
export interface ColumnRow {
  account: string;
  balance: Inventory;
  atCost: Inventory | null;
}

const INVERTED_ROOTS = new Set(['Income', 'Liabilities', 'Equity']);
const rootOf = (account: string) => account.split(':', 1)[0];

function builtinText(name: string, values: Record<string, unknown>): string {
  const b = findBuiltin(name);
  if (!b) throw new Error(`no built-in ${name}`);
  return renderQuery(b, values as Parameters<typeof renderQuery>[1]);
}

/** The one-scan query text of a statement, with the account and entry filters written in. */
export function columnsQuery(snapshot: Snapshot, req: StatementRequest): string {
  const text =
    req.kind === 'income-statement'
      ? builtinText('statements.income_statement_columns', {
          begin: req.begin,
          end: req.end,
          interval: req.interval,
          conversion: req.conversion,
          invert: req.invert,
          latest: req.prices === 'latest',
        })
      : builtinText('statements.balances_by_column', { begin: req.begin, end: req.end, interval: req.interval });
  const filter = req.filter ? { ...req.filter, time: null } : null;
  return filter && !isEmptyFilter(filter) ? filterQuery(text, filter, snapshot) : text;
}

/** Whether columnRows can answer this request: interval columns, two or more. */
export function columnsInOneScan(req: StatementRequest, periods: readonly Period[]): boolean {
  return req.interval !== null && periods.length >= 2;
}

/** Per column, the rows its per-column query would give (`priceDay(period)`: the day of its prices). */
export function columnRows(
  snapshot: Snapshot,
  req: StatementRequest,
  periods: readonly Period[],
  priceDay: (p: Period) => DayNum,
  run: RunText,
): ColumnRow[][] {
  const result = run(columnsQuery(snapshot, req));
  const idx = Object.fromEntries(result.columns.map((c, i) => [c.name, i]));
  const columnOf = new Map(periods.map((p, i) => [p.begin, i]));
  const out: ColumnRow[][] = periods.map(() => []);
  if (req.kind === 'income-statement') {
    for (const r of result.rows) {
      const column = columnOf.get(r[idx.column_begin] as number);
      if (column === undefined) throw new Error('a row outside the statement columns');
      out[column].push({ account: r[idx.account] as string, balance: r[idx.balance] as Inventory, atCost: (r[idx.at_cost] as Inventory | null) ?? null });
    }
    return out;
  }
  // Lots booked per account and column (rows come ordered by account, then column).
  const booked = new Map<string, (Inventory | undefined)[]>();
  for (const r of result.rows) {
    const column = columnOf.get(r[idx.column_begin] as number);
    if (column === undefined) throw new Error('a row outside the statement columns');
    const account = r[idx.account] as string;
    let cols = booked.get(account);
    if (!cols) booked.set(account, (cols = []));
    cols[column] = r[idx.balance] as Inventory;
  }
  return closedColumns(snapshot, req, periods, priceDay, booked);
}

/**
 * The balance sheet's or trial balance's columns from the lots booked per account and column.
 * A column's rows are what OPEN ON/CLOSE ON (and CLEAR on the balance sheet) give: the running
 * sums plus, on the current conversions account, minus the total of every row at cost (CLOSE ON's
 * C transaction) and, when clearing, the cost of every Income/Expenses balance on current
 * earnings (CLEAR's T transactions; the income and expense rows themselves are not on the
 * balance sheet). Totals are kept running rather than summed again per column: lots of a large
 * ledger number in the thousands.
 */
function closedColumns(
  snapshot: Snapshot,
  req: StatementRequest,
  periods: readonly Period[],
  priceDay: (p: Period) => DayNum,
  booked: ReadonlyMap<string, (Inventory | undefined)[]>,
): ColumnRow[][] {
  const o = snapshot.options;
  const clear = req.kind === 'balance-sheet';
  const shown = (account: string) => !clear || ['Assets', 'Liabilities', 'Equity'].includes(rootOf(account));
  const isIncome = (account: string) => rootOf(account) === 'Income' || rootOf(account) === 'Expenses';
  const running = new Map<string, Inventory>();
  const totalAtCost = new Inventory();
  const incomeAtCost = new Inventory();
  // Units and costs do not depend on the column's prices: an account without new rows keeps its figure.
  const priceFree = req.conversion === 'units' || req.conversion === 'at_cost';
  const last = new Map<string, ColumnRow>();
  return periods.map((period, column) => {
    const changed = new Set<string>();
    for (const [account, cols] of booked) {
      const inv = cols[column];
      if (inv === undefined) continue;
      let sum = running.get(account);
      if (!sum) running.set(account, (sum = new Inventory()));
      sum.addInventory(inv);
      changed.add(account);
      const cost = inv.cost();
      totalAtCost.addInventory(cost);
      if (isIncome(account)) incomeAtCost.addInventory(cost);
    }
    const extra = new Map<string, Inventory>();
    const addExtra = (account: string, inv: Inventory) => {
      const e = extra.get(account);
      if (e) e.addInventory(inv);
      else extra.set(account, inv.clone());
    };
    // CLOSE ON: the C transaction, one posting per currency of the total at cost, negated.
    if (!totalAtCost.isEmpty()) addExtra(o.accountCurrentConversions, totalAtCost.neg());
    // CLEAR: T transactions exist when some Income/Expenses account has a balance.
    if (clear && [...running].some(([account, inv]) => isIncome(account) && !inv.isEmpty())) {
      addExtra(o.accountCurrentEarnings, incomeAtCost);
    }
    const day = priceDay(period);
    const rows: ColumnRow[] = [];
    for (const [account, inv] of running) {
      if (!shown(account) || extra.has(account)) continue;
      const prev = last.get(account);
      const row = priceFree && prev && !changed.has(account) ? prev : valued(snapshot, req, account, inv, day);
      last.set(account, row);
      rows.push(row);
    }
    for (const [account, inv] of extra) {
      if (!shown(account)) continue;
      const own = running.get(account);
      last.delete(account);
      rows.push(valued(snapshot, req, account, own ? inv.clone().addInventory(own) : inv, day));
    }
    return rows;
  });
}

/** One account's balance valued as the per-column query's `balance` and `at_cost` targets. */
function valued(snapshot: Snapshot, req: StatementRequest, account: string, inv: Inventory, day: DayNum): ColumnRow {
  const prices = snapshot.priceMap;
  let balance: Inventory;
  let atCost: Inventory | null = null;
  if (req.conversion === 'units') balance = inv.units();
  else if (req.conversion === 'at_cost') balance = inv.cost();
  else {
    balance = new Inventory();
    if (req.conversion === 'at_value') atCost = new Inventory();
    inv.forEachPosition((p) => {
      if (req.conversion === 'at_value') {
        balance.add(marketValuePosition(prices, p, day));
        if (isUnpriced(prices, p, day)) atCost!.add(p.units);
      } else balance.add(convertPosition(prices, p, req.conversion, day));
    });
  }
  if (req.invert && INVERTED_ROOTS.has(rootOf(account))) balance = balance.neg();
  return { account, balance, atCost };
}
