/**
 * beancount.plugins.ira_contribs: config {'currency': 'IRAUSD', 'flag': 'M', 'accounts':
 * {ACCOUNT or (FLAG, ACCOUNT): (NEG_ACCOUNT, POS_ACCOUNT), ...}}. A posting on a listed account
 * whose amount has the account type's normal sign (positive for Assets/Expenses, negative for
 * Liabilities/Income/Equity), with the required posting flag if one is given, adds two postings
 * of its absolute amount in the config currency: negative on NEG_ACCOUNT, positive on
 * POS_ACCOUNT (`{year}` in them becomes the transaction's year), flagged with the config flag.
 * Amounts left out in the ledger come from a first booking.
 */
import { civilFromDays } from '../../dates';
import type { DirectiveAst, PostingAst } from '../ast';
import { dictGet, pyTypeName, type PyValue } from './literal';
import { ConfigError, type PluginDef } from './types';
import { isOfType, literalConfig } from './util';

interface Config {
  currency: string;
  flag: string | null;
  accounts: Map<string, { flag: string | null; neg: string; pos: string }>;
}

const str = (v: PyValue | undefined, what: string): string => {
  if (!v || v.t !== 'str') throw new ConfigError(`${what} must be a string`);
  return v.v;
};

export const iraContribsPlugin: PluginDef<Config> = {
  module: 'beancount.plugins.ira_contribs',
  config: "a dict {'currency': CUR, 'flag': FLAG, 'accounts': {ACCOUNT or (FLAG, ACCOUNT): (NEG_ACCOUNT, POS_ACCOUNT)}}",
  description: 'adds matching contribution postings (e.g. 401k employer match) in a tracking currency',
  parseConfig: (raw) => {
    const v = literalConfig(raw);
    if (v.t !== 'dict') throw new ConfigError(`should be a single dict, found a ${pyTypeName(v)}`);
    const cur = dictGet(v, 'currency');
    const flag = dictGet(v, 'flag');
    const accounts = dictGet(v, 'accounts');
    const out: Config = { currency: cur ? str(cur, "'currency'") : 'UNKNOWN', flag: flag && flag.t !== 'none' ? str(flag, "'flag'") : null, accounts: new Map() };
    if (accounts && accounts.t !== 'dict') throw new ConfigError("'accounts' must be a dict");
    for (const [k, x] of accounts?.t === 'dict' ? accounts.entries : []) {
      let reqFlag: string | null = null;
      let account: string;
      if (k.t === 'str') account = k.v;
      else if (k.t === 'tuple' && k.items.length === 2) {
        reqFlag = str(k.items[0], 'a key flag');
        account = str(k.items[1], 'a key account');
      } else throw new ConfigError('the keys of accounts must be an account or a (flag, account) tuple');
      if ((x.t !== 'tuple' && x.t !== 'list') || x.items.length !== 2) throw new ConfigError(`the value for ${account} must be a pair (NEG_ACCOUNT, POS_ACCOUNT)`);
      out.accounts.set(account, { flag: reqFlag, neg: str(x.items[0], 'NEG_ACCOUNT'), pos: str(x.items[1], 'POS_ACCOUNT') });
    }
    return out;
  },
  transform: (directives, cfg, run) => {
    const sign = (account: string) =>
      isOfType(run.options, account, 'assets') || isOfType(run.options, account, 'expenses') ? 1 : -1;
    let booked: ReturnType<typeof run.book> | null = null;
    return directives.map((d): DirectiveAst => {
      if (d.type !== 'transaction' || !d.postings.some((p) => cfg.accounts.has(p.account))) return d;
      const year = String(civilFromDays(d.date)[0]);
      const added: PostingAst[] = [];
      d.postings.forEach((p, i) => {
        const rule = cfg.accounts.get(p.account);
        if (!rule) return;
        let number = p.number;
        if (number === null) {
          booked ??= run.book(directives);
          number = booked.txnOf(d)?.postings.find((r) => r.index === i)?.units.number ?? null;
        }
        if (number === null || number.isZero() || (number.isPos() ? 1 : -1) !== sign(p.account)) return;
        if (rule.flag !== null && rule.flag !== p.flag) return;
        const abs = number.abs();
        const mk = (account: string, n: typeof abs): PostingAst => ({ flag: cfg.flag, account: account.replaceAll('{year}', year), number: n, currency: cfg.currency, cost: null, price: null, meta: [], src: p.src });
        added.push(mk(rule.neg, abs.neg()), mk(rule.pos, abs));
      });
      return added.length ? { ...d, postings: [...d.postings, ...added] } : d;
    });
  },
};
