/**
 * beancount.plugins.book_conversions: config "Assets:Bitcoin,Income:Bitcoin". Postings on the
 * assets account with a price and no cost become lots: a positive one is held at its price (dated
 * by the transaction), a negative one is matched FIFO against those lots (split into one posting
 * per lot, at the lot's cost, keeping its price), and the gain or loss is booked on the income
 * account. Matched pairs get metadata `trades: "trade-…"`. Differences: the trade links are
 * numbered (trade-1, trade-2, ...) where Beancount draws random UUIDs, so they are stable across
 * reloads; an emptied lot is the one removed (Beancount removes the first pending lot, which is
 * the same one unless lots of several currencies are pending). Amounts left out on the other
 * postings are those of a first booking, as Beancount interpolates before plugins run.
 */
import { Dec } from '../../decimal';
import type { DirectiveAst, MetaEntry, PostingAst, TransactionAst } from '../ast';
import { PluginErrors } from './errors';
import { ConfigError, type PluginDef } from './types';
import { explicitPosting, isValidAccount } from './util';
// Postings are copied field by field: a spread drops a parsed posting's `src` (syntax/posting.ts).
import { copyPosting } from '../syntax/posting';

interface Lot {
  left: Dec;
  posting: PostingAst;
  trades: string[];
}

/** Per-unit price of a posting with a price (the total divided by the units for `@@`). */
function unitPrice(p: PostingAst): Dec | null {
  if (!p.price || p.price.number === null || p.number === null) return null;
  if (!p.price.isTotal) return p.price.number;
  return p.number.isZero() ? null : p.price.number.div(p.number.abs());
}

export const bookConversionsPlugin: PluginDef<{ assets: string; income: string }> = {
  module: 'beancount.plugins.book_conversions',
  config: 'two accounts, "ASSETS_ACCOUNT,INCOME_ACCOUNT"',
  description: 'turns price conversions on an account into lots at cost, reduced FIFO, with the gains on an income account',
  parseConfig: (raw) => {
    const parts = (raw ?? '').split(/[,; \t]/);
    if (parts.length !== 2) throw new ConfigError(`"${raw ?? ''}": expected two accounts separated by a comma`);
    if (!isValidAccount(parts[0]) || !isValidAccount(parts[1])) throw new ConfigError(`"${raw}": invalid account string`);
    return { assets: parts[0], income: parts[1] };
  },
  transform: (directives, cfg, run) => {
    const matching = (p: PostingAst) => p.account === cfg.assets && p.cost === null && p.price !== null && p.number !== null && p.currency !== null && p.price.currency !== null;
    const pending: Lot[] = [];
    let tradeNo = 0;
    let booked: ReturnType<typeof run.book> | null = null;
    // Postings made here, with the trade links they receive (filled in as later sales match them).
    const trades = new Map<PostingAst, string[]>();
    const out = directives.map((d): DirectiveAst => {
      if (d.type !== 'transaction' || !d.postings.some(matching)) return d;
      const augmenting = d.postings.filter((p) => matching(p) && !p.number!.isNeg());
      const reducing = d.postings.filter((p) => matching(p) && p.number!.isNeg());
      let other = d.postings.filter((p) => !matching(p));
      if (other.some((p) => p.number === null || p.currency === null)) {
        // Beancount interpolated these before the plugin ran: keep those amounts (a sale that
        // cannot be matched then leaves the transaction unbalanced, as there).
        booked ??= run.book(directives);
        const t = booked.txnOf(d);
        if (t) {
          other = d.postings.flatMap((p, i) =>
            matching(p) ? [] : p.number !== null && p.currency !== null ? [p] : t.postings.filter((r) => r.index === i).map((r) => ({ ...explicitPosting(r, p.src), meta: p.meta })),
          );
        }
      }
      const postings: PostingAst[] = [];
      for (const p of augmenting) {
        const price = unitPrice(p)!;
        const np = copyPosting(p, { cost: { perUnit: price, total: null, currency: p.price!.currency, date: d.date, label: null, merge: false, isTotal: false } });
        pending.push({ left: p.number!, posting: np, trades: [] });
        trades.set(np, pending[pending.length - 1].trades);
        postings.push(np);
      }
      const pnl = new Map<string, Dec>();
      for (const p of reducing) {
        const price = unitPrice(p)!;
        const costCurrency = p.price!.currency!;
        let want = p.number!.neg();
        let gain = Dec.ZERO;
        while (!want.isZero()) {
          const k = pending.findIndex((l) => l.posting.currency === p.currency && l.posting.cost!.currency === costCurrency);
          if (k < 0) {
            run.errors.push(PluginErrors.bookConversion({ src: p.src, date: d.date }, `Could not match position ${p.account} ${p.number} ${p.currency} @ ${price} ${costCurrency}`));
            break;
          }
          const lot = pending[k];
          const n = want.cmp(lot.left) < 0 ? want : lot.left;
          want = want.minus(n);
          lot.left = lot.left.minus(n);
          if (lot.left.isZero()) pending.splice(k, 1);
          const cost = lot.posting.cost!;
          const rp = copyPosting(p, { number: n.neg(), cost: { ...cost }, price: { number: price, currency: costCurrency, isTotal: false } });
          const link = `trade-${++tradeNo}`;
          lot.trades.push(link);
          trades.set(rp, [link]);
          postings.push(rp);
          gain = gain.plus(n.times(price.minus(cost.perUnit!)));
        }
        pnl.set(costCurrency, (pnl.get(costCurrency) ?? Dec.ZERO).plus(gain));
      }
      for (const [currency, n] of pnl) {
        if (!n.isZero()) postings.push({ flag: null, account: cfg.income, number: n.neg(), currency, cost: null, price: null, meta: [], src: d.src });
      }
      postings.push(...other);
      return { ...d, postings } as TransactionAst;
    });
    if (trades.size === 0) return out;
    // The trade links, known only once every sale is matched, go into the postings' metadata.
    const withLinks = (p: PostingAst): PostingAst => {
      const links = trades.get(p);
      if (!links || links.length === 0) return p;
      const m: MetaEntry = { key: 'trades', kind: 'string', text: links.join(',') };
      return copyPosting(p, { meta: [...p.meta.filter((x) => x.key !== 'trades'), m] });
    };
    return out.map((d): DirectiveAst => (d.type === 'transaction' && d.postings.some((p) => trades.has(p)) ? { ...d, postings: d.postings.map(withLinks) } : d));
  },
};
