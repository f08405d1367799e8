/**
 * beancount.plugins.divert_expenses: in transactions with the configured tag, postings on Expenses
 * accounts (or any posting with `divert: TRUE`; `divert: FALSE` keeps one) move to the configured
 * account; the posting's metadata becomes `diverted_account: "<original account>"`, as in Beancount.
 */
import type { DirectiveAst } from '../ast';
import { dictGet, pyTypeName } from './literal';
import { ConfigError, type PluginDef } from './types';
import { isOfType, isValidAccount, literalConfig, metaGet } from './util';
// Postings are copied field by field: a spread drops a parsed posting's `src` (syntax/posting.ts).
import { copyPosting } from '../syntax/posting';

export const divertExpensesPlugin: PluginDef<{ tag: string; account: string }> = {
  module: 'beancount.plugins.divert_expenses',
  config: "a dict {'tag': TAG, 'account': ACCOUNT}",
  description: 'moves the Expenses postings of transactions with a tag to another account',
  parseConfig: (raw) => {
    const v = literalConfig(raw);
    if (v.t !== 'dict') throw new ConfigError(`should be a single dict, found a ${pyTypeName(v)}`);
    const tag = dictGet(v, 'tag');
    const account = dictGet(v, 'account');
    if (!tag || tag.t !== 'str') throw new ConfigError("the dict needs a string 'tag'");
    if (!account || account.t !== 'str' || !isValidAccount(account.v)) throw new ConfigError("the dict needs a valid account name as 'account'");
    return { tag: tag.v.replace(/^#/, ''), account: account.v };
  },
  transform: (directives, cfg, run) =>
    directives.map((d): DirectiveAst => {
      if (d.type !== 'transaction' || !d.tags.includes(cfg.tag)) return d;
      let changed = false;
      const postings = d.postings.map((p) => {
        const divert = metaGet(p.meta, 'divert');
        const yes = divert ? divert.kind === 'bool' && divert.text === 'TRUE' : isOfType(run.options, p.account, 'expenses');
        if (!yes) return p;
        changed = true;
        return copyPosting(p, { account: cfg.account, meta: [{ key: 'diverted_account', kind: 'string' as const, text: p.account }] });
      });
      return changed ? { ...d, postings } : d;
    }),
};
