/**
 * beancount.plugins.tag_pending: transactions grouped by link; a link used by a single transaction,
 * or a group whose postings on the accounts common to all its transactions do not sum to zero
 * (units per currency and cost), gets every transaction tagged #PENDING. Sums need the booked
 * numbers, so a first booking is made when some linked transaction leaves a number out.
 */
import type { DirectiveAst, TransactionAst } from '../ast';
import { Dec } from '../../decimal';
import { canonical } from '../booking/holdings';
import type { PluginDef } from './types';

export const tagPendingPlugin: PluginDef = {
  module: 'beancount.plugins.tag_pending',
  config: 'none',
  description: 'tags #PENDING the linked transactions whose common accounts do not balance to zero',
  transform: (directives, _c, run) => {
    const groups = new Map<string, TransactionAst[]>();
    for (const d of directives) {
      if (d.type !== 'transaction') continue;
      for (const l of new Set(d.links)) {
        let g = groups.get(l);
        if (!g) groups.set(l, (g = []));
        g.push(d);
      }
    }
    if (groups.size === 0) return directives;
    let booked: ReturnType<typeof run.book> | null = null;
    const pending = new Set<DirectiveAst>();
    for (const g of groups.values()) {
      if (g.length === 1) {
        pending.add(g[0]);
        continue;
      }
      let common = new Set(g[0].postings.map((p) => p.account));
      for (const t of g) {
        const accounts = new Set(t.postings.map((p) => p.account));
        common = new Set([...common].filter((a) => accounts.has(a)));
      }
      const sums = new Map<string, Dec>();
      for (const t of g) {
        if (t.postings.some((p) => p.number === null || p.currency === null)) booked ??= run.book(directives);
        const rows = booked?.txnOf(t)?.postings;
        const list = rows
          ? rows.map((r) => ({ account: r.account, number: r.units.number, key: r.units.currency + '|' + (r.cost ? `${canonical(r.cost.number)} ${r.cost.currency} ${r.cost.date} ${r.cost.label}` : '') }))
          : t.postings.map((p) => ({ account: p.account, number: p.number ?? Dec.ZERO, key: p.currency + '|' + (p.cost ? 'cost' : '') }));
        for (const r of list) if (common.has(r.account)) sums.set(r.key, (sums.get(r.key) ?? Dec.ZERO).plus(r.number));
      }
      if ([...sums.values()].some((n) => !n.isZero())) for (const t of g) pending.add(t);
    }
    return directives.map((d): DirectiveAst => (d.type === 'transaction' && pending.has(d) && !d.tags.includes('PENDING') ? { ...d, tags: [...d.tags, 'PENDING'] } : d));
  },
};
