/**
 * beancount.plugins.check_closing: a posting with metadata `closing: TRUE` asserts that its
 * account is empty after the transaction: a zero balance assertion in the posting's currency is
 * added the next day (and checked like a written one). The assertion points at the posting.
 * Beancount also replaces the transaction's metadata with the posting's (a bug without effect on
 * figures); here the transaction keeps its own and the posting loses `closing`, as intended.
 */
import { Dec } from '../../decimal';
import type { BalanceAst, DirectiveAst, PostingAst, TransactionAst } from '../ast';
import type { PluginDef } from './types';
import { metaTruthy, metaGet } from './util';
// Postings are copied field by field: a spread drops a parsed posting's `src` (syntax/posting.ts).
import { copyPosting } from '../syntax/posting';

export const checkClosingPlugin: PluginDef = {
  module: 'beancount.plugins.check_closing',
  config: 'none',
  description: "adds a zero balance assertion the day after each posting marked 'closing: TRUE'",
  transform: (directives, _c, run) => {
    const out: DirectiveAst[] = [];
    let booked: ReturnType<typeof run.book> | null = null;
    for (const d of directives) {
      if (d.type !== 'transaction' || !d.postings.some((p) => metaTruthy(metaGet(p.meta, 'closing')))) {
        out.push(d);
        continue;
      }
      const added: BalanceAst[] = [];
      const postings: PostingAst[] = d.postings.map((p, i) => {
        if (!metaTruthy(metaGet(p.meta, 'closing'))) return p;
        let currency = p.currency;
        if (currency === null) {
          // An interpolated posting: its currency comes from a first booking.
          booked ??= run.book(directives);
          currency = booked.txnOf(d)?.postings.find((r) => r.index === i)?.units.currency ?? null;
        }
        if (currency !== null) {
          added.push(
            run.made<BalanceAst>(
              { type: 'balance', date: d.date + 1, time: null, meta: [], src: p.src, account: p.account, amount: { number: Dec.ZERO, currency }, tolerance: null, padAccount: null },
              `check_closing:${i}`,
            ),
          );
        }
        return copyPosting(p, { meta: p.meta.filter((m) => m.key !== 'closing') });
      });
      out.push({ ...d, postings } as TransactionAst, ...added);
    }
    return out;
  },
};
