import { describe, expect, it } from 'vitest';
import { amount, kinds, ledger, rowsOf } from '../ledger-text';

const OPENS = `
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Cash
2024-01-01 open Assets:Wallet
2024-01-01 open Assets:Stock
2024-01-01 open Assets:Euro
2024-01-01 open Expenses:Food
2024-01-01 open Expenses:Fee
2024-01-01 open Expenses:Mixed
`;

describe('interpolation of the missing amount', () => {
  it('infers the one missing amount and marks it automatic', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Shop" "Food"
  Expenses:Food  12.345 USD
  Assets:Bank
`);
    expect(s.errors).toEqual([]);
    const t = s.transactions[0];
    expect(t.postings.map((p) => [p.account, amount(p.units), p.automatic, p.index])).toEqual([
      ['Expenses:Food', '12.345 USD', false, 0],
      ['Assets:Bank', '-12.345 USD', true, 1],
    ]);
    expect(t.balanced).toBe(true);
  });

  it('gives an auto posting one row per currency group', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Mixed"
  Assets:Bank    -10.00 USD
  Assets:Wallet   -5.00 EUR
  Expenses:Mixed
`);
    expect(s.errors).toEqual([]);
    expect(rowsOf(s, 'Mixed')).toEqual(['Assets:Bank -10.00 USD', 'Assets:Wallet -5.00 EUR', 'Expenses:Mixed 10.00 USD', 'Expenses:Mixed 5.00 EUR']);
    expect(s.transactions[0].postings.map((p) => p.index)).toEqual([0, 1, 2, 2]);
  });

  it('rounds an inferred amount to the tolerance quantum of its currency', () => {
    // Weights: 3 x 3.3333 = 9.9999 USD and 0.10 USD; USD tolerance 0.005 (from 0.10) -> quantum 0.01:
    // -10.0999 is rounded to -10.10; the residual -0.0001 is within tolerance.
    const s = ledger(`${OPENS}
2024-01-02 * "Buy"
  Assets:Stock  3 HOOL {3.3333 USD}
  Expenses:Fee  0.10 USD
  Assets:Bank
`);
    expect(s.errors).toEqual([]);
    expect(rowsOf(s, 'Buy')[2]).toBe('Assets:Bank -10.10 USD');
    expect(s.transactions[0].balanced).toBe(true);
  });

  it('does not round when no written amount of the currency has decimals', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Buy"
  Assets:Stock  3 HOOL {3.3333 USD}
  Assets:Bank
`);
    expect(rowsOf(s, 'Buy')[1]).toBe('Assets:Bank -9.9999 USD');
  });

  it('converts through a price: weight is units x price', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Exchange"
  Assets:Euro  100.00 EUR @ 1.10 USD
  Assets:Bank
`);
    expect(s.errors).toEqual([]);
    const [eur, usd] = s.transactions[0].postings;
    expect(amount(eur.price)).toBe('1.10 USD');
    expect(amount(eur.weight)).toBe('110.0000 USD');
    expect(amount(usd.units)).toBe('-110.0000 USD');
  });

  it('divides a total price by the units to 28 digits and keeps the written total as weight', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Total price"
  Assets:Euro  3 EUR @@ 10.00 USD
  Assets:Bank  -10.00 USD
`);
    expect(s.errors).toEqual([]);
    const eur = s.transactions[0].postings[0];
    expect(amount(eur.price)).toBe('3.333333333333333333333333333 USD');
    expect(amount(eur.weight)).toBe('10.00 USD');
  });

  it('infers a missing per-unit cost when there is no lot to join', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Buy"
  Assets:Stock  4 HOOL {}
  Assets:Bank  -10.00 USD
`);
    expect(s.errors).toEqual([]);
    expect(rowsOf(s, 'Buy')[0]).toBe('Assets:Stock 4 HOOL {2.50 USD, 2024-01-02}');
  });
});

describe('balancing with inferred tolerances', () => {
  it('keeps an unbalanced transaction and reports it', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Off by a cent"
  Assets:Bank    -10.00 USD
  Expenses:Food    9.99 USD
`);
    expect(kinds(s)).toEqual(['UnbalancedTransaction']);
    expect(s.errors[0].message).toBe('Transaction does not balance: (-0.01 USD)');
    const t = s.transactions[0];
    expect(t.balanced).toBe(false);
    expect(t.errors).toEqual(['UnbalancedTransaction']);
    expect(s.errors[0].id).toBe(t.id);
    expect(s.errors[0].metas).toContainEqual(['txn_id', t.id]);
    expect(s.postings).toHaveLength(2);
  });

  it('accepts a residual within half a unit of the last decimal place written', () => {
    // Tolerance max(0.005 from 10.00, 0.0005 from 9.996) = 0.005; residual -0.004.
    const s = ledger(`${OPENS}
2024-01-02 * "Close enough"
  Assets:Bank    -10.00 USD
  Expenses:Food    9.996 USD
`);
    expect(s.errors).toEqual([]);
    expect(s.transactions[0].balanced).toBe(true);
  });

  it('is exact for integer amounts', () => {
    // Tolerance from 9.999 is 0.0005; residual -0.001 is beyond it.
    const s = ledger(`${OPENS}
2024-01-02 * "Integers"
  Assets:Bank    -10 USD
  Expenses:Food    9.999 USD
`);
    expect(kinds(s)).toEqual(['UnbalancedTransaction']);
  });

  it('uses inferred_tolerance_default and inferred_tolerance_multiplier', () => {
    const s = ledger(`option "inferred_tolerance_default" "USD:0.01"
${OPENS}
2024-01-02 * "Default"
  Assets:Bank    -10 USD
  Expenses:Food    9.995 USD
`);
    expect(s.errors).toEqual([]);
    const m = ledger(`option "inferred_tolerance_multiplier" "1.2"
${OPENS}
2024-01-02 * "Multiplier"
  Assets:Bank    -10.00 USD
  Expenses:Food    9.989 USD
`);
    // 0.01 x 1.2 = 0.012 >= 0.011.
    expect(m.errors).toEqual([]);
  });
});

describe('transactions that cannot be completed', () => {
  it('rejects two postings without amount', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Two autos"
  Assets:Bank    -10.00 USD
  Expenses:Food
  Expenses:Fee
`);
    expect(kinds(s)).toEqual(['TransactionHasMultipleImplicitPosting']);
    expect(s.transactions).toEqual([]);
    expect(s.postings).toEqual([]);
    expect(s.entries.some((e) => e.type === 'transaction')).toBe(false);
    // On the last auto posting, as bean-check 2.3.5 reports it ("You may not have more than one
    // auto-posting per currency", checked in /tmp), with the transaction's id.
    expect(s.errors[0].src).toMatchObject({ line: 14, column: 3 });
    expect(s.errors[0].id).toBe(s.errors[0].metas.find((m) => m[0] === 'txn_id')?.[1]);
  });

  it('places cost errors on the posting (line, column, span), keeping the transaction id', () => {
    // bean-check 2.3.5 reports 'Amount is zero: "0 HOOL"' on line 12 and 'Cost is negative'
    // on line 15 of this text (checked in /tmp), the postings' lines.
    const text = `${OPENS}
2024-01-04 * "Zero cost"
  Assets:Stock  0 HOOL {1 USD}
  Assets:Bank  0 USD
2024-01-05 * "Neg cost"
  Assets:Stock  1 HOOL {-1 USD}
  Assets:Bank  1 USD
`;
    const s = ledger(text);
    expect(kinds(s)).toEqual(['InvalidCost', 'InvalidCost']);
    expect(s.errors.map((e) => [e.src?.line, e.src?.column])).toEqual([
      [12, 3],
      [15, 3],
    ]);
    const e = s.errors[0];
    expect(Buffer.from(text).subarray(e.src!.start, e.src!.end).toString()).toBe('Assets:Stock  0 HOOL {1 USD}');
    expect(e.id).toBe(s.transactions.find((t) => t.narration === 'Zero cost')?.id);
  });

  it('rejects a group with two missing numbers', () => {
    const s = ledger(`${OPENS}
2024-01-02 * "Cost and auto"
  Assets:Stock  4 HOOL {}
  Assets:Bank  -10.00 USD
  Expenses:Fee
`);
    expect(kinds(s)).toEqual(['TransactionHasMultipleImplicitPosting']);
    expect(s.transactions).toEqual([]);
  });
});
