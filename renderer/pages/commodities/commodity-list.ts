/**
 * The Commodities list: holdings per currency (commodities.holdings: currency, total) joined with
 * the latest price in the operating currency (commodities.latest_prices: currency, date, time,
 * rate). Every commodity of either list is one row, sorted by name: a commodity with a price but
 * no holdings is still listed (its price history is worth opening), and the operating currency
 * itself has holdings but no price.
 */
import type { Cell } from '../../../engine/api-types';

export interface CommodityRow {
  currency: string;
  /** Units held in Assets and Liabilities, or null when none. */
  total: string | null;
  /** Latest rate in the operating currency and its date, or null when not quoted. */
  rate: string | null;
  date: string | null;
}

export function mergeCommodities(holdings: Array<Record<string, Cell>>, prices: Array<Record<string, Cell>>): CommodityRow[] {
  const rows = new Map<string, CommodityRow>();
  const row = (c: string) => {
    let r = rows.get(c);
    if (r === undefined) rows.set(c, (r = { currency: c, total: null, rate: null, date: null }));
    return r;
  };
  for (const h of holdings) if (typeof h.currency === 'string') row(h.currency).total = typeof h.total === 'string' ? h.total : null;
  for (const p of prices) {
    if (typeof p.currency !== 'string') continue;
    const r = row(p.currency);
    r.rate = typeof p.rate === 'string' ? p.rate : null;
    r.date = typeof p.date === 'string' ? p.date : null;
  }
  return [...rows.values()].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/** Price rows (date, time, amount) grouped by quote currency, each oldest first as they come. */
export function priceSeries(prices: Array<Record<string, Cell>>): Map<string, Array<{ date: string; value: string }>> {
  const out = new Map<string, Array<{ date: string; value: string }>>();
  for (const p of prices) {
    const a = p.amount as { number: string; currency: string } | null;
    if (a === null || typeof p.date !== 'string') continue;
    if (!out.has(a.currency)) out.set(a.currency, []);
    out.get(a.currency)!.push({ date: p.date, value: a.number });
  }
  return out;
}
