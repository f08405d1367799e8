/**
 * beancount.plugins.nounused: an account opened but never referred to by another directive
 * (a posting, balance, pad, note, document, close, custom) is reported on its open.
 */
import type { OpenAst } from '../ast';
import type { WalkOutput } from '../booking/walk';
import type { LedgerError } from '../errors';
import { PluginErrors } from './errors';
import type { PluginDef } from './types';
import { accountsOfDirective } from './util';

export function checkUnused(booked: WalkOutput, errors: LedgerError[]): void {
  // Beancount keeps the last open of an account (a dict filled in order).
  const opens = new Map<string, OpenAst>();
  const used = new Set<string>();
  for (const e of booked.entries) {
    const d = e.directive;
    if (d.type === 'open') opens.set(d.account, d);
    else if (e.txn) for (const p of e.txn.postings) used.add(p.account);
    else for (const a of accountsOfDirective(d)) used.add(a);
  }
  for (const [account, open] of opens) if (!used.has(account)) errors.push(PluginErrors.unusedAccount(open, account));
}

export const nounusedPlugin: PluginDef = {
  module: 'beancount.plugins.nounused',
  config: 'none',
  description: 'reports accounts that are opened and never used',
  validate: (booked, _c, run) => checkUnused(booked, run.errors),
};
