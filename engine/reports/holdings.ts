/**
 * Holdings (issue 16 §3) from the built-ins holdings.list and holdings.totals, valued on the last
 * day of the filtered time. Only the weights are computed here: a row's market value in the first
 * operating currency over the total of those values (rows that cannot be converted have none).
 */
import { Dec } from '../decimal';
import { formatDate, type DayNum } from '../dates';
import type { AmountJson, HoldingRow, Holdings, HoldingsGroup, HoldingsTotal } from '../api-types';
import type { Amount, Snapshot } from '../ledger/snapshot';
import { Inventory } from '../query/inventory';
import { findBuiltin } from '../builtins/catalogue/index';
import { renderQuery } from '../builtins/render';
import { filterQuery, isEmptyFilter, type Filter } from '../filters/index';
import { amounts, type RunText } from './statements';

/*
 * A price quoted more than this many days before the valuation day is marked stale. Fava has no
 * such mark; 30 days flags a monthly-updated price that was missed, not one from last week.
 */
export const DEFAULT_STALE_DAYS = 30;

export interface HoldingsRequest {
  /** Postings before `end` count; values are taken on `end - 1`. */
  end: DayNum;
  group: HoldingsGroup;
  /** Operating currencies, first one for values and weights (at least one). */
  currencies: string[];
  staleDays: number;
  /** Account and entry filters are written into the queries; the time is `end` already. */
  filter: Filter | null;
  /**
   * Only the rows of this commodity (a commodity page), written into the rows query so its
   * "Open query" shows that commodity alone; the totals stay the portfolio's. Null: every row.
   */
  commodity?: string | null;
}

/**
 * The account filter keeps only the postings of matching accounts here, not whole transactions
 * as on the statements: a holding is one account's lots, and the cash leg of a purchase under
 * `account=Assets:Broker` would list a part of the bank's balance as a holding.
 */
function withFilter(snapshot: Snapshot, text: string, filter: Filter | null): string {
  const f = filter ? { ...filter, time: null } : null;
  return f && !isEmptyFilter(f) ? filterQuery(text, f, snapshot, { accountPostingsOnly: true }) : text;
}

function builtinText(name: string, values: Record<string, unknown>): string {
  const b = findBuiltin(name);
  if (!b) throw new Error(`no built-in ${name}`);
  return renderQuery(b, values as never);
}

const amountJson = (a: Amount): AmountJson => ({ number: a.number.toString(), currency: a.currency });
const decText = (v: unknown): string | null => (v === null || v === undefined ? null : (v as Dec).toString());

export function buildHoldings(snapshot: Snapshot, req: HoldingsRequest, run: RunText): Holdings {
  const currency = req.currencies[0];
  const rowsQuery = withFilter(
    snapshot,
    builtinText('holdings.list', { end: req.end, group: req.group, currency, stale_days: BigInt(req.staleDays), commodity: req.commodity ?? null }),
    req.filter,
  );
  const result = run(rowsQuery);
  const idx = Object.fromEntries(result.columns.map((c, i) => [c.name, i]));
  const get = (r: unknown[], name: string) => r[idx[name]];

  const values = result.rows.map((r) => {
    const inv = get(r, 'value') as Inventory;
    const ps = inv.positions();
    // Only a value wholly in the operating currency can be weighed against the others.
    return ps.length === 1 && ps[0].units.currency === currency ? ps[0].units.number : ps.length === 0 ? Dec.ZERO : null;
  });
  let total = Dec.ZERO;
  for (const v of values) if (v !== null) total = total.plus(v);

  const rows: HoldingRow[] = result.rows.map((r, i) => {
    const v = values[i];
    return {
      account: get(r, 'account') as string | null,
      currency: get(r, 'currency') as string | null,
      cost_currency: get(r, 'cost_currency') as string,
      units: decText(get(r, 'units')),
      average_cost: decText(get(r, 'average_cost')),
      cost_basis: amountJson(get(r, 'cost_basis') as Amount),
      price: decText(get(r, 'price')),
      price_date: get(r, 'price_date') === null ? null : formatDate(get(r, 'price_date') as DayNum),
      stale: get(r, 'stale') === true,
      market_value: amountJson(get(r, 'market_value') as Amount),
      unpriced: amounts(get(r, 'unpriced') as Inventory),
      gain: get(r, 'gain') === null ? null : amountJson(get(r, 'gain') as Amount),
      gain_percent: decText(get(r, 'gain_percent')),
      value: v === null ? null : { number: v.toString(), currency },
      weight: v === null ? null : (v.times(Dec.of('100')).div(total)?.toString() ?? null),
    };
  });

  const totalQueries: string[] = [];
  const totals: HoldingsTotal[] = req.currencies.map((c) => {
    const text = withFilter(snapshot, builtinText('holdings.totals', { end: req.end, currency: c }), req.filter);
    totalQueries.push(text);
    const t = run(text);
    const row = t.rows[0] ?? [new Inventory(), new Inventory(), { number: Dec.ZERO, currency: c }];
    return {
      currency: c,
      cost_basis: amounts(row[0] as Inventory),
      market_value: amounts(row[1] as Inventory),
      gain: amountJson(row[2] as Amount),
    };
  });

  return {
    group: req.group,
    date: formatDate(req.end - 1),
    stale_days: req.staleDays,
    rows,
    totals,
    queries: { rows: rowsQuery, totals: totalQueries },
  };
}
