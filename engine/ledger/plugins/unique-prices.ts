/**
 * beancount.plugins.unique_prices: prices of one commodity in one quote currency on one day must
 * agree (equal numbers: 10.0 = 10.00). Implicit prices count when implicit_prices is on, as they
 * are price entries in Beancount. As in Beancount, the error stands on the last price carrying
 * the first number seen.
 */
import type { WalkOutput } from '../booking/walk';
import type { LedgerError } from '../errors';
import type { PriceRow } from '../snapshot';
import { canonical } from '../booking/holdings';
import { PluginErrors } from './errors';
import type { PluginDef } from './types';

export function checkUniquePrices(booked: WalkOutput, errors: LedgerError[], fallback: PriceRow['src']): void {
  const rows: { date: number; currency: string; quote: string; number: import('../../decimal').Dec; src: PriceRow['src'] }[] = [];
  for (const e of booked.entries) {
    const d = e.directive;
    if (d.type === 'price') rows.push({ date: d.date, currency: d.currency, quote: d.amount.currency, number: d.amount.number, src: d.src });
  }
  for (const p of booked.implicitPrices) rows.push({ date: p.date, currency: p.currency, quote: p.amount.currency, number: p.amount.number, src: p.src });
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const k = `${r.date}|${r.currency}|${r.quote}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(r);
  }
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const byNumber = new Map<string, (typeof rows)[number]>();
    for (const r of g) byNumber.set(canonical(r.number), r);
    if (byNumber.size < 2) continue;
    const first = byNumber.values().next().value!;
    errors.push(
      PluginErrors.disagreeingPrices({ src: first.src ?? fallback, date: first.date }, first.currency, first.quote, first.date, g.map((r) => String(r.number))),
    );
  }
}

export const uniquePricesPlugin: PluginDef = {
  module: 'beancount.plugins.unique_prices',
  config: 'none',
  description: 'reports disagreeing prices of a commodity on the same day',
  validate: (booked, _c, run) => checkUniquePrices(booked, run.errors, run.plugin.src),
};
