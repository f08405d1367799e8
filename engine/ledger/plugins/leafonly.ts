/**
 * beancount.plugins.leafonly: an account with sub-accounts may not be referred to by any directive
 * (postings, and also its own open, balance, pad, note, document or custom: Beancount's
 * realization counts them all). One error per such account, on its open (else the plugin line).
 */
import type { OpenAst } from '../ast';
import type { WalkOutput } from '../booking/walk';
import type { LedgerError } from '../errors';
import { PluginErrors } from './errors';
import type { PluginDef } from './types';
import { accountsOfDirective } from './util';

export function checkLeafOnly(booked: WalkOutput, errors: LedgerError[], fallback: OpenAst['src']): void {
  const referenced = new Set<string>();
  const firstOpen = new Map<string, OpenAst>();
  for (const e of booked.entries) {
    const d = e.directive;
    if (d.type === 'open' && !firstOpen.has(d.account)) firstOpen.set(d.account, d);
    if (e.txn) for (const p of e.txn.postings) referenced.add(p.account);
    else for (const a of accountsOfDirective(d)) referenced.add(a);
  }
  const parents = new Set<string>();
  for (const a of referenced) for (let i = a.indexOf(':'); i > 0; i = a.indexOf(':', i + 1)) parents.add(a.slice(0, i));
  // Beancount walks the account tree in name order.
  for (const a of [...referenced].filter((x) => parents.has(x)).sort()) {
    const open = firstOpen.get(a);
    errors.push(PluginErrors.leafOnly({ src: open ? open.src : fallback, date: open ? open.date : null }, a));
  }
}

export const leafonlyPlugin: PluginDef = {
  module: 'beancount.plugins.leafonly',
  config: 'none',
  description: 'reports accounts that have sub-accounts and are used themselves',
  validate: (booked, _c, run) => checkLeafOnly(booked, run.errors, run.plugin.src),
};
