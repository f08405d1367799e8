/**
 * Plugins the engine always does or does inside booking: Beancount's own `beancount.ops.*`
 * stages (accepted, nothing to do), auto_accounts, implicit_prices and auto.
 */
import type { DirectiveAst, OpenAst } from '../ast';
import type { PluginDef } from './types';
import { accountsOfDirective } from './util';

/** Opens for accounts used without any open directive, in account-name order, dated at first use. */
export function autoOpens(directives: readonly DirectiveAst[]): OpenAst[] {
  const opened = new Set<string>();
  for (const d of directives) if (d.type === 'open') opened.add(d.account);
  const first = new Map<string, DirectiveAst>();
  for (const d of directives) {
    if (d.type === 'custom') continue;
    for (const a of accountsOfDirective(d)) {
      if (opened.has(a)) continue;
      const prev = first.get(a);
      if (!prev || d.date < prev.date) first.set(a, d);
    }
  }
  return [...first.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([account, d]) => ({ type: 'open', account, currencies: [], booking: null, date: d.date, time: null, meta: [], src: d.src }));
}

const autoAccountsTransform: PluginDef['transform'] = (directives, _c, run) => {
  const opens = autoOpens(directives);
  // The made-up open points at the directive that first uses the account; the salt keeps its id apart.
  for (const o of opens) run.made(o, 'open:' + o.account);
  return opens.length ? [...directives, ...opens] : directives;
};

const opsNoop = (what: string): PluginDef => ({
  module: `beancount.ops.${what}`,
  config: 'none',
  description: `Beancount's own ${what} stage: accepted; the engine always does it`,
});

export const corePlugins: PluginDef[] = [
  opsNoop('pad'),
  opsNoop('balance'),
  opsNoop('documents'),
  {
    module: 'beancount.plugins.auto_accounts',
    config: 'none',
    description: 'opens every account used without an open directive, on the date of its first use',
    transform: autoAccountsTransform,
  },
  {
    module: 'beancount.plugins.implicit_prices',
    config: 'none',
    description: 'adds a price for every posting with a price, or with a cost that opens or adds to a lot (one per day, commodity and number)',
    implicitPrices: true,
  },
  {
    module: 'beancount.plugins.auto',
    config: 'none',
    description: 'auto_accounts and implicit_prices together',
    transform: autoAccountsTransform,
    implicitPrices: true,
  },
];
