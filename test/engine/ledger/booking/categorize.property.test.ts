/**
 * categorize's one-group shortcut (booking/categorize.ts oneGroup) against the general procedure
 * (categorizeAll, Beancount's categorize_by_currency): on random postings, with and without
 * numbers, currencies, costs, prices and their currencies, and with holdings that tell a missing
 * currency, both must give the same groups, work postings and errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../../engine/decimal';
import type { PostingAst } from '../../../../engine/ledger/ast';
import { categorize, categorizeAll } from '../../../../engine/ledger/booking/categorize';
import type { Holdings } from '../../../../engine/ledger/booking/holdings';

const CUR = fc.constantFrom('USD', 'EUR', 'HOOL');
const SRC = { file: '/x.beancount', line: 1, column: 1, start: 0, end: 0 };

const posting: fc.Arbitrary<PostingAst> = fc
  .record({
    account: fc.constantFrom('Assets:A', 'Assets:B', 'Expenses:C'),
    number: fc.option(fc.constantFrom('1', '-2.50', '10'), { nil: null }),
    currency: fc.option(CUR, { nil: null }),
    cost: fc.option(fc.record({ per: fc.option(fc.constantFrom('5', '7.25'), { nil: null }), currency: fc.option(CUR, { nil: null }) }), { nil: null, freq: 3 }),
    price: fc.option(fc.record({ n: fc.option(fc.constantFrom('1.1', '3'), { nil: null }), currency: fc.option(CUR, { nil: null }) }), { nil: null, freq: 3 }),
  })
  .map((r) => ({
    flag: null,
    account: r.account,
    number: r.number === null ? null : Dec.of(r.number),
    currency: r.currency,
    cost: r.cost && { perUnit: r.cost.per === null ? null : Dec.of(r.cost.per), total: null, currency: r.cost.currency, date: null, label: null, merge: false, isTotal: false },
    price: r.price && { number: r.price.n === null ? null : Dec.of(r.price.n), currency: r.price.currency, isTotal: false },
    meta: [],
    src: SRC,
  }));

/** Holdings that name one currency (and cost currency) per account, or none. */
const holdings = fc.record({ 'Assets:A': fc.option(CUR, { nil: null }), 'Assets:B': fc.option(CUR, { nil: null }) });

describe('categorize: the one-group shortcut gives what the general procedure gives', () => {
  it('random transactions of 1 to 5 postings', () => {
    fc.assert(
      fc.property(fc.array(posting, { minLength: 1, maxLength: 5 }), holdings, (ps, held) => {
        const holdingsOf = (account: string): Holdings | undefined => {
          const c = (held as Record<string, string | null>)[account];
          return c ? ({ currencies: () => [c], costCurrencies: () => [c] } as unknown as Holdings) : undefined;
        };
        expect(categorize(ps, holdingsOf)).toEqual(categorizeAll(ps, holdingsOf));
      }),
      { numRuns: 3000 },
    );
  });

  it('a purchase at cost with an auto posting is one group, in written order, the auto posting in the cost currency', () => {
    const ps: PostingAst[] = [
      { flag: null, account: 'Assets:Stock', number: Dec.of('10'), currency: 'HOOL', cost: { perUnit: Dec.of('5'), total: null, currency: 'USD', date: null, label: null, merge: false, isTotal: false }, price: null, meta: [], src: SRC },
      { flag: null, account: 'Expenses:Fees', number: Dec.of('1'), currency: 'USD', cost: null, price: null, meta: [], src: SRC },
      { flag: null, account: 'Assets:Cash', number: null, currency: null, cost: null, price: null, meta: [], src: SRC },
    ];
    const r = categorize(ps, () => undefined);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.groups.map((g) => [g.currency, g.postings.map((w) => [w.index, w.currency, w.auto, w.cost?.currency ?? null])])).toEqual([
      ['USD', [[0, 'HOOL', false, 'USD'], [1, 'USD', false, null], [2, 'USD', true, null]]],
    ]);
  });
});
