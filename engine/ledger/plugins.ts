/**
 * Plugins named in the ledger. Two Beancount plugins are implemented natively:
 * - beancount.plugins.auto_accounts: an `open` for every account used without one, dated at its
 *   first use (the made-up open points at the directive that first uses the account);
 * - beancount.plugins.implicit_prices: a price for every posting with a price, or with a cost that
 *   opens or adds to a lot (not a reduction); collected during booking, one per day, commodity,
 *   number and currency.
 * `beancount.plugins.auto` is both. Any other plugin is reported as unsupported (it has no effect),
 * so a ledger relying on it does not silently give other figures.
 */
import type { DirectiveAst, OpenAst, PluginAst } from './ast';
import { Errors, type LedgerError } from './errors';

export interface PluginPlan {
  autoAccounts: boolean;
  implicitPrices: boolean;
}

export function planPlugins(plugins: readonly PluginAst[], errors: LedgerError[]): PluginPlan {
  const plan: PluginPlan = { autoAccounts: false, implicitPrices: false };
  for (const p of plugins) {
    switch (p.name) {
      case 'beancount.plugins.auto_accounts':
        plan.autoAccounts = true;
        break;
      case 'beancount.plugins.implicit_prices':
        plan.implicitPrices = true;
        break;
      case 'beancount.plugins.auto':
        plan.autoAccounts = plan.implicitPrices = true;
        break;
      default:
        errors.push(Errors.unsupportedPlugin({ src: p.src, date: null }, p.name));
    }
  }
  return plan;
}

function usedAccounts(d: DirectiveAst): string[] {
  switch (d.type) {
    case 'transaction':
      return d.postings.map((p) => p.account);
    case 'open':
    case 'close':
    case 'note':
    case 'document':
      return [d.account];
    case 'balance':
      return d.padAccount ? [d.account, d.padAccount] : [d.account];
    case 'pad':
      return [d.account, d.source];
    default:
      return [];
  }
}

/** Opens for accounts used without any open directive, in account-name order. */
export function autoOpens(directives: readonly DirectiveAst[]): OpenAst[] {
  const opened = new Set<string>();
  for (const d of directives) if (d.type === 'open') opened.add(d.account);
  const first = new Map<string, DirectiveAst>();
  for (const d of directives) {
    for (const a of usedAccounts(d)) {
      if (opened.has(a)) continue;
      const prev = first.get(a);
      if (!prev || d.date < prev.date) first.set(a, d);
    }
  }
  return [...first.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([account, d]) => ({ type: 'open', account, currencies: [], booking: null, date: d.date, time: null, meta: [], src: d.src }));
}
