/**
 * beancount.plugins.noduplicates: two directives equal in everything but metadata (and position)
 * are reported, on the later one (Beancount's compare.hash_entries; price directives may repeat).
 * Transactions compare in their booked form, postings as a multiset; numbers compare as written
 * text (10.0 and 10.00 differ, as Beancount's str(Decimal) does).
 */
import type { DirectiveAst } from '../ast';
import type { WalkOutput } from '../booking/walk';
import type { Entry, Transaction } from '../snapshot';
import type { LedgerError } from '../errors';
import { PluginErrors } from './errors';
import type { PluginDef } from './types';

const IGNORED = new Set(['meta', 'src', 'time']);

function txnKey(t: Transaction): string {
  const postings = t.postings
    .map((p) =>
      JSON.stringify([
        p.account,
        p.flag,
        String(p.units.number),
        p.units.currency,
        p.cost ? [String(p.cost.number), p.cost.currency, p.cost.date, p.cost.label] : null,
        p.price ? [String(p.price.number), p.price.currency] : null,
      ]),
    )
    .sort();
  return JSON.stringify(['transaction', t.date, t.flag, t.payee, t.narration, t.tags, t.links, postings]);
}

function directiveKey(d: DirectiveAst): string {
  return JSON.stringify(d, (k, v) => (IGNORED.has(k) ? undefined : v));
}

export function checkDuplicates(booked: WalkOutput, errors: LedgerError[]): void {
  const seen = new Map<string, Entry>();
  for (const e of booked.entries) {
    if (e.directive.type === 'price') continue;
    const key = e.txn ? txnKey(e.txn) : directiveKey(e.directive);
    const other = seen.get(key);
    if (other) {
      const src = e.txn ? e.txn.src : e.directive.src;
      errors.push(PluginErrors.duplicate({ src, date: e.date }, e.type, other.txn ? other.txn.src : other.directive.src));
    }
    seen.set(key, e);
  }
}

export const noduplicatesPlugin: PluginDef = {
  module: 'beancount.plugins.noduplicates',
  config: 'none',
  description: 'reports directives that repeat another one exactly (metadata aside)',
  validate: (booked, _c, run) => checkDuplicates(booked, run.errors),
};
