/**
 * beancount.plugins.close_tree (Beancount 3): closing an account closes every open sub-account
 * not closed explicitly, on the same date. A close of a parent that was never opened itself is
 * dropped (it only closes the tree).
 */
import type { CloseAst, DirectiveAst } from '../ast';
import type { PluginDef } from './types';

export const closeTreePlugin: PluginDef = {
  module: 'beancount.plugins.close_tree',
  config: 'none',
  description: 'closing an account also closes its open sub-accounts (Beancount 3)',
  transform: (directives, _c, run) => {
    const opens = new Set<string>();
    const closes = new Set<string>();
    for (const d of directives) {
      if (d.type === 'open') opens.add(d.account);
      else if (d.type === 'close') closes.add(d.account);
    }
    const sortedOpens = [...opens].sort();
    const out: DirectiveAst[] = [];
    for (const d of directives) {
      if (d.type !== 'close') {
        out.push(d);
        continue;
      }
      for (const sub of sortedOpens) {
        if (!sub.startsWith(d.account + ':') || closes.has(sub)) continue;
        out.push(run.made<CloseAst>({ type: 'close', account: sub, date: d.date, time: d.time, meta: [], src: d.src }, 'close_tree:' + sub));
        closes.add(sub);
      }
      if (opens.has(d.account)) out.push(d);
    }
    return out;
  },
};
