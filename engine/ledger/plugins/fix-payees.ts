/**
 * beancount.plugins.fix_payees: renames payees by rules. Config: a list of tuples
 * `(NEW_PAYEE, 'A:regexp', 'D:regexp', ...)`; a rule applies when every clause matches: `A:` some
 * posting's account, `D:` the payee or the narration (Python re.search, case-insensitive). Rules
 * are tried in order and the last one that applies wins, as in Beancount. An invalid clause is
 * reported and skipped (the rest of its rule still applies).
 */
import type { DirectiveAst } from '../ast';
import { PluginErrors } from './errors';
import { pyTypeName } from './literal';
import { ConfigError, type PluginDef } from './types';
import { literalConfig } from './util';

interface Rule {
  payee: string;
  clauses: { kind: 'A' | 'D'; re: RegExp }[];
  invalid: string[];
}

export const fixPayeesPlugin: PluginDef<Rule[]> = {
  module: 'beancount.plugins.fix_payees',
  config: "a list of tuples (NEW_PAYEE, 'A:account regexp' | 'D:payee/narration regexp', ...)",
  description: 'renames the payee of transactions matching account and description rules',
  parseConfig: (raw) => {
    // Required by Beancount's function (it fails without one); an empty string means no rules.
    if (raw === null) throw new ConfigError('a list of rules is required');
    if (raw.trim() === '') return [];
    const v = literalConfig(raw);
    if (v.t !== 'list' && v.t !== 'tuple') throw new ConfigError(`expected a list of rules, found a ${pyTypeName(v)}`);
    return v.items.map((r) => {
      if ((r.t !== 'list' && r.t !== 'tuple') || r.items.length === 0 || r.items.some((x) => x.t !== 'str'))
        throw new ConfigError('each rule must be a tuple of strings (NEW_PAYEE, clauses...)');
      const [payee, ...rest] = r.items.map((x) => (x as { v: string }).v);
      const rule: Rule = { payee, clauses: [], invalid: [] };
      for (const c of rest) {
        const m = /^([AD]):([\s\S]*)$/.exec(c);
        if (!m) {
          rule.invalid.push(c);
          continue;
        }
        try {
          rule.clauses.push({ kind: m[1] as 'A' | 'D', re: new RegExp(m[2], 'iu') });
        } catch (e) {
          throw new ConfigError(`invalid regular expression ${JSON.stringify(m[2])}: ${(e as Error).message}`);
        }
      }
      return rule;
    });
  },
  transform: (directives, rules, run) => {
    for (const r of rules) for (const c of r.invalid) run.errors.push(PluginErrors.config({ src: run.plugin.src, date: null }, run.plugin.name, `invalid clause ${JSON.stringify(c)} (expected A:regexp or D:regexp); the clause is skipped`));
    return directives.map((d): DirectiveAst => {
      if (d.type !== 'transaction') return d;
      let payee = d.payee;
      for (const r of rules) {
        const ok = r.clauses.every((c) =>
          c.kind === 'D' ? (d.payee !== null && c.re.test(d.payee)) || c.re.test(d.narration) : d.postings.some((p) => c.re.test(p.account)),
        );
        if (ok) payee = r.payee;
      }
      return payee === d.payee ? d : { ...d, payee };
    });
  },
};
