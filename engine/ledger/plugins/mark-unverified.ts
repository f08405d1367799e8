/**
 * beancount.plugins.mark_unverified: postings on or after the last balance assertion of their
 * account (same account, not parents) get metadata `unverified: TRUE`.
 */
import type { DirectiveAst } from '../ast';
import type { PluginDef } from './types';
import { metaSet } from './util';
// Postings are copied field by field: a spread drops a parsed posting's `src` (syntax/posting.ts).
import { copyPosting } from '../syntax/posting';

export const markUnverifiedPlugin: PluginDef = {
  module: 'beancount.plugins.mark_unverified',
  config: 'none',
  description: "marks postings dated on or after their account's last balance assertion with 'unverified: TRUE'",
  transform: (directives) => {
    const last = new Map<string, number>();
    for (const d of directives) if (d.type === 'balance' && (last.get(d.account) ?? -Infinity) <= d.date) last.set(d.account, d.date);
    return directives.map((d): DirectiveAst => {
      if (d.type !== 'transaction') return d;
      let changed = false;
      const postings = d.postings.map((p) => {
        const b = last.get(p.account);
        if (b === undefined || b > d.date) return p;
        changed = true;
        return copyPosting(p, { meta: metaSet(p.meta, { key: 'unverified', kind: 'bool', text: 'TRUE' }) });
      });
      return changed ? { ...d, postings } : d;
    });
  },
};
