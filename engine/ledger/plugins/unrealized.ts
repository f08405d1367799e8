/**
 * beancount.plugins.unrealized: for every holding at cost (per account, commodity and cost
 * currency) valued at its latest price, a transaction flagged `U` on the ledger's last date books
 * the difference between market value and cost into the account (or its sub-account named by the
 * config) against Income:<account without its root> (or that sub-account), opening the accounts
 * it needs. Holdings come from a first booking of the ledger (earlier `U` transactions left out,
 * as Beancount does); the narration prints the price and average cost to 4 places.
 */
import { Dec } from '../../decimal';
import { formatDate, type DayNum } from '../../dates';
import type { OpenAst, PostingAst, TransactionAst } from '../ast';
import { canonical } from '../booking/holdings';
import { buildPriceMap } from '../prices';
import type { PriceRow } from '../snapshot';
import { PluginErrors } from './errors';
import { ConfigError, type PluginDef } from './types';
import { isValidAccount, rootOf } from './util';

interface Holding {
  account: string;
  currency: string;
  costCurrency: string;
  units: Dec;
  book: Dec;
}

/** Python's format(d, '.4f'): four places, half even. */
const f4 = (d: Dec) => d.round(4).withDp(4).toString();

export const unrealizedPlugin: PluginDef<string | null> = {
  module: 'beancount.plugins.unrealized',
  config: 'optional: a sub-account name (e.g. "Unrealized") to book the gains under',
  description: "adds a transaction booking each holding's unrealized gain or loss at its latest price",
  parseConfig: (raw) => {
    const sub = raw?.trim() || null;
    if (sub && !isValidAccount('Assets:' + sub)) throw new ConfigError(`invalid subaccount name '${sub}'`);
    return sub;
  },
  transform: (directives, sub, run) => {
    if (directives.length === 0) return directives;
    const booked = run.book(directives).out;
    let latest: DayNum = directives[0].date;
    for (const d of directives) if (d.date > latest) latest = d.date;
    const prices: PriceRow[] = [];
    for (const e of booked.entries) {
      const d = e.directive;
      if (d.type === 'price') prices.push({ date: d.date, time: e.time, timestamp: e.timestamp, currency: d.currency, amount: d.amount, meta: d.meta, seq: e.seq, src: d.src });
    }
    const priceMap = buildPriceMap(prices);
    // Lots first (zero lots vanish, as positions of an inventory do), then per account/commodity/cost currency.
    const lots = new Map<string, Holding>();
    for (const p of booked.postings) {
      if (!p.cost || p.txn.flag === 'U') continue;
      const k = `${p.account}|${p.units.currency}|${canonical(p.cost.number)}|${p.cost.currency}|${p.cost.date}|${p.cost.label}`;
      const h = lots.get(k) ?? { account: p.account, currency: p.units.currency, costCurrency: p.cost.currency, units: Dec.ZERO, book: Dec.ZERO };
      h.units = h.units.plus(p.units.number);
      h.book = h.book.plus(p.units.number.times(p.cost.number));
      lots.set(k, h);
    }
    const holdings = new Map<string, Holding>();
    for (const l of lots.values()) {
      if (l.units.isZero()) continue;
      const k = `${l.account}|${l.currency}|${l.costCurrency}`;
      const h = holdings.get(k) ?? { ...l, units: Dec.ZERO, book: Dec.ZERO };
      h.units = h.units.plus(l.units);
      h.book = h.book.plus(l.book);
      holdings.set(k, h);
    }
    const sorted = [...holdings.values()].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
    const made: TransactionAst[] = [];
    const src = run.plugin.src;
    const site = { src, date: latest };
    sorted.forEach((h, index) => {
      if (h.currency === h.costCurrency) return;
      const price = priceMap.rate(h.currency, h.costCurrency, null);
      const priceDate = priceMap.rateDate(h.currency, h.costCurrency, null);
      if (price === null || priceDate === null) {
        if (!h.units.isZero()) run.errors.push(PluginErrors.unrealized(site, `A valid price for ${h.currency}/${h.costCurrency} could not be found`));
        return;
      }
      if (h.units.isZero()) {
        run.errors.push(PluginErrors.unrealized(site, `Number of units of ${h.currency} in ${h.costCurrency} in holdings sum to zero for account ${h.account} and should not`));
        return;
      }
      const market = h.units.times(price);
      const pnl = market.minus(h.book);
      const avgCost = h.book.div(h.units)!;
      const avgPrice = market.div(h.units)!;
      let asset = h.account;
      let income = rootOf(run.options, 'income') + h.account.slice(h.account.indexOf(':') < 0 ? h.account.length : h.account.indexOf(':'));
      if (sub) {
        asset += ':' + sub;
        income += ':' + sub;
      }
      const narration =
        `Unrealized ${pnl.isPos() ? 'gain' : 'loss'} for ${h.units} units of ${h.currency} ` +
        `(price: ${f4(avgPrice)} ${h.costCurrency} as of ${formatDate(priceDate)}, average cost: ${f4(avgCost)} ${h.costCurrency})`;
      const posting = (account: string, number: Dec): PostingAst => ({ flag: null, account, number, currency: h.costCurrency, cost: null, price: null, meta: [], src });
      made.push(
        run.made<TransactionAst>(
          { type: 'transaction', date: latest, time: null, meta: [], src, flag: 'U', payee: null, narration, tags: [], links: [], postings: [posting(asset, pnl), posting(income, pnl.neg())] },
          `unrealized:${index}`,
        ),
      );
    });
    const opened = new Set<string>();
    for (const d of directives) if (d.type === 'open') opened.add(d.account);
    const needed = [...new Set(made.flatMap((t) => t.postings.map((p) => p.account)))].filter((a) => !opened.has(a)).sort();
    const opens = needed.map((account) =>
      run.made<OpenAst>({ type: 'open', account, currencies: [], booking: null, date: latest, time: null, meta: [], src }, 'unrealized-open:' + account),
    );
    return [...directives, ...opens, ...made];
  },
};
