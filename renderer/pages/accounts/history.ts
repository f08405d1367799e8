/**
 * The balance history chart of an account page (rows of accounts.balance_history: date,
 * currency, balance amount): one line per currency, one currency shown at a time, defaulting to
 * the operating currency when the account holds it, else the currency with the most rows.
 */
import type { AmountJson, Cell } from '../../../engine/api-types';

export interface HistoryRow {
  date: Cell;
  currency: Cell;
  balance: Cell;
}

/** Currencies by number of rows, most first (ties by name); the default first. */
export function historyCurrencies(rows: HistoryRow[], operatingCurrency: string | null): string[] {
  const counts = new Map<string, number>();
  for (const r of rows) if (typeof r.currency === 'string') counts.set(r.currency, (counts.get(r.currency) ?? 0) + 1);
  const list = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
  if (operatingCurrency !== null && counts.has(operatingCurrency)) return [operatingCurrency, ...list.filter((c) => c !== operatingCurrency)];
  return list;
}

/** The points of one currency, in the order of the rows (the query orders them by date). */
export function historyPoints(rows: HistoryRow[], currency: string): Array<{ date: string; value: string }> {
  const out: Array<{ date: string; value: string }> = [];
  for (const r of rows) {
    if (r.currency !== currency || typeof r.date !== 'string' || r.balance === null) continue;
    out.push({ date: r.date, value: (r.balance as AmountJson).number });
  }
  return out;
}
