/**
 * The walk books a transaction without cost or price by SimpleRows.book (booking/transaction.ts),
 * with running sums per currency (booking/units-sum.ts), and any other by bookTransaction
 * (Beancount's full method). On random simple transactions (1 to 5 postings, one or two
 * currencies, numbers of 0 to 6 places and up to 17 digits, at most two without an amount, with
 * and without inferred-tolerance options) both must give the same rows (posting, units and places,
 * currency, automatic), the same balance verdict and residual, and the same rejections.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../../engine/decimal';
import type { PostingAst, TransactionAst } from '../../../../engine/ledger/ast';
import { bookTransaction, isSimple, SimpleRows, type BookingContext } from '../../../../engine/ledger/booking/transaction';
import { readOptions } from '../../../../engine/ledger/options';

const SRC = { file: '/x.beancount', line: 1, column: 1, start: 0, end: 0 };

const number = fc
  .tuple(fc.oneof(fc.bigInt({ min: -100000n, max: 100000n }), fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n })), fc.integer({ min: 0, max: 6 }))
  .map(([s, dp]) => Dec.fromScaled(s, dp));

const posting: fc.Arbitrary<PostingAst> = fc
  .record({ account: fc.constantFrom('Assets:A', 'Expenses:B', 'Income:C'), amount: fc.option(fc.tuple(number, fc.constantFrom('USD', 'EUR')), { nil: null, freq: 4 }) })
  .map((r) => ({
    flag: null,
    account: r.account,
    number: r.amount === null ? null : r.amount[0],
    currency: r.amount === null ? null : r.amount[1],
    cost: null,
    price: null,
    meta: [],
    src: SRC,
  }));

/** A second posting that balances the first exactly, so that balanced transactions are common. */
const transaction: fc.Arbitrary<TransactionAst> = fc
  .tuple(fc.array(posting, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([ps, balance]) => {
    const postings = ps.slice();
    const first = postings[0];
    if (balance && first.number !== null) postings.push({ ...first, account: 'Equity:D', number: first.number.neg() });
    return { type: 'transaction', date: 19000, time: null, meta: [], src: SRC, flag: '*', payee: null, narration: 'x', tags: [], links: [], postings } as TransactionAst;
  });

const opt = (name: string, value: string) => ({ name, value, src: SRC });
const OPTION_SETS = [
  readOptions([], [], 'UTC'),
  readOptions([opt('inferred_tolerance_default', '*:0.005'), opt('inferred_tolerance_multiplier', '0.6')], [], 'UTC'),
  readOptions([opt('inferred_tolerance_default', 'USD:0.1')], [], 'UTC'),
];

describe('simple transactions: SimpleRows.book gives what the full booking gives', () => {
  it('random transactions without cost or price', () => {
    const simple = new SimpleRows();
    fc.assert(
      fc.property(transaction, fc.constantFrom(0, 1, 2), (txn, o) => {
        expect(isSimple(txn)).toBe(true);
        const ctx: BookingContext = { options: OPTION_SETS[o], holdingsOf: () => undefined, methodOf: () => 'STRICT' };
        const failure = simple.book(txn, ctx);
        const full = bookTransaction(txn, ctx);
        if (!full.ok) {
          expect(failure).toEqual(full);
          return;
        }
        expect(failure).toBeNull();
        const mine = Array.from({ length: simple.count }, (_, j) => [simple.posting[j], simple.units[j].toString(), simple.currency[j], simple.automatic[j]]);
        const theirs = full.rows.map((r) => [r.w.index, r.units.toString(), r.w.currency, r.automatic]);
        expect(mine).toEqual(theirs);
        expect(simple.balanced).toBe(full.balanced);
        expect(simple.residual).toBe(full.residual);
      }),
      { numRuns: 1000 },
    );
  });
});
