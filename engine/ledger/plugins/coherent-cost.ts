/**
 * beancount.plugins.coherent_cost: a currency is held either always at cost or never. The error
 * stands on the first transaction using it without cost, as in Beancount.
 */
import type { SourceRef } from '../ast';
import type { WalkOutput } from '../booking/walk';
import type { LedgerError } from '../errors';
import { PluginErrors } from './errors';
import type { PluginDef } from './types';

export function checkCoherentCost(booked: WalkOutput, errors: LedgerError[]): void {
  const withCost = new Map<string, { src: SourceRef; date: number }>();
  const without = new Map<string, { src: SourceRef; date: number }>();
  for (const t of booked.transactions) {
    if (!t.src) continue;
    for (const p of t.postings) {
      const m = p.cost ? withCost : without;
      if (!m.has(p.units.currency)) m.set(p.units.currency, { src: t.src, date: t.date });
    }
  }
  for (const [currency, site] of without) {
    const other = withCost.get(currency);
    if (other) errors.push(PluginErrors.incoherentCost(site, currency, other.src));
  }
}

export const coherentCostPlugin: PluginDef = {
  module: 'beancount.plugins.coherent_cost',
  config: 'none',
  description: 'reports currencies used both with and without cost',
  validate: (booked, _c, run) => checkCoherentCost(booked, run.errors),
};
