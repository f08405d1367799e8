/**
 * beancount.plugins.split_expenses: config "Martin Caroline" (members, whitespace-separated).
 * Each posting on an Expenses account whose name contains no member's name is split into one
 * posting per member, on `<account>:<Member>`, each with the amount divided by the number of
 * members (28 significant digits, as Python's Decimal); the new accounts are opened on the
 * ledger's first date. Numbers left out in the ledger come from a first booking.
 */
import { Dec } from '../../decimal';
import type { DirectiveAst, OpenAst, PostingAst } from '../ast';
import { ConfigError, type PluginDef } from './types';
import { explicitPosting, isOfType } from './util';
// Postings are copied field by field: a spread drops a parsed posting's `src` (syntax/posting.ts).
import { copyPosting } from '../syntax/posting';

export const splitExpensesPlugin: PluginDef<string[]> = {
  module: 'beancount.plugins.split_expenses',
  config: 'the members, separated by spaces (e.g. "Martin Caroline")',
  description: 'splits shared Expenses postings evenly into one sub-account per member',
  parseConfig: (raw) => {
    const members = (raw ?? '').split(/\s+/).filter(Boolean);
    if (members.length === 0) throw new ConfigError('the names of the members are required');
    return members;
  },
  transform: (directives, members, run) => {
    if (directives.length === 0) return directives;
    const n = Dec.of(members.length);
    const shared = (account: string) => isOfType(run.options, account, 'expenses') && !members.some((m) => account.includes(m));
    let booked: ReturnType<typeof run.book> | null = null;
    const created = new Set<string>();
    const out = directives.map((d): DirectiveAst => {
      if (d.type !== 'transaction' || !d.postings.some((p) => shared(p.account))) return d;
      let rows: PostingAst[] = d.postings;
      // Missing numbers, and totals (`@@`, `{{…}}`, per unit once booked, as Beancount's plugin sees
      // them), come from the first booking.
      if (d.postings.some((p) => shared(p.account) && (p.number === null || p.currency === null || p.price?.isTotal || p.cost?.isTotal || p.cost?.total))) {
        booked ??= run.book(directives);
        const t = booked.txnOf(d);
        if (!t) return d;
        rows = t.postings.map((r) => explicitPosting(r, d.postings[r.index].src));
      }
      const postings: PostingAst[] = [];
      for (const p of rows) {
        if (!shared(p.account) || p.number === null) {
          postings.push(p);
          continue;
        }
        const part = p.number.div(n)!;
        for (const m of members) {
          const account = `${p.account}:${m}`;
          created.add(account);
          postings.push(copyPosting(p, { account, number: part }));
        }
      }
      return { ...d, postings };
    });
    const opened = new Set<string>();
    for (const d of directives) if (d.type === 'open' || d.type === 'close') opened.add(d.account);
    let first = directives[0].date;
    for (const d of directives) if (d.date < first) first = d.date;
    const opens = [...created]
      .filter((a) => !opened.has(a))
      .sort()
      .map((account) => run.made<OpenAst>({ type: 'open', account, currencies: [], booking: null, date: first, time: null, meta: [], src: run.plugin.src }, 'split-open:' + account));
    return [...opens, ...out];
  },
};
