import { describe, expect, it } from 'vitest';
import { commodityDisplays, parsePrecision, parseRounding } from '../../../engine/ledger/display';
import { ledger } from './ledger-text';
import { numbersOf } from '../../../engine/ledger/booking/posting-numbers';

const TEXT = `2024-01-01 open Assets:Bank
2024-01-01 open Assets:Broker
2024-01-01 open Expenses:Food
2024-01-01 open Income:Pay
2024-01-01 commodity EUR
  precision: 3
  rounding: "RoundUp"
  prefix: "€"
2024-01-01 commodity JPY
  precision: "not a number"
2024-01-01 commodity GOLD
  name: "only a directive, never written"

2024-01-02 * "Pay"
  Assets:Bank  1000.00 USD
  Income:Pay
2024-01-03 * "Lunch"
  Expenses:Food  12.5 USD
  Assets:Bank  -12.50 USD
2024-01-04 * "Buy"
  Assets:Broker  1.2345 ACME {10.0 USD}
  Assets:Bank  -12.345 USD
2024-01-05 * "Buy"
  Assets:Broker  2.1 ACME {10.0 USD}
  Assets:Bank
2024-01-06 * "Yen"
  Expenses:Food  500 JPY
  Income:Pay  -500 JPY
2024-01-07 * "Euro"
  Expenses:Food  1.5 EUR
  Income:Pay  -1.5 EUR
2024-01-10 balance Assets:Broker  3.3345 ACME
`;

describe('commodityDisplays', () => {
  const byName = Object.fromEntries(commodityDisplays(ledger(TEXT)).map((d) => [d.currency, d]));

  it('lists every currency with a directive or a written amount, by name', () => {
    expect(Object.keys(byName)).toEqual(['ACME', 'EUR', 'GOLD', 'JPY', 'USD']);
  });

  it('takes precision, rounding and prefix from the commodity directive', () => {
    expect(byName.EUR).toEqual({ currency: 'EUR', precision: 3, source: 'directive', rounding: 'half_up', prefix: '€', suffix: null });
  });

  it('infers the places written most often; interpolated amounts do not vote', () => {
    // USD written: 1000.00, 12.5, -12.50, -12.345 (the -21.00 of "Buy" 2 is interpolated): 2 places twice.
    expect(byName.USD).toMatchObject({ precision: 2, source: 'inferred', rounding: 'half_even' });
    // ACME: 1.2345 (4), 2.1 (1), balance 3.3345 (4).
    expect(byName.ACME).toMatchObject({ precision: 4, source: 'inferred' });
  });

  it('ignores an unreadable precision and falls back to the written places; 2 without any', () => {
    expect(byName.JPY).toMatchObject({ precision: 0, source: 'inferred' });
    expect(byName.GOLD).toMatchObject({ precision: 2, source: 'inferred' });
  });

  it("counts the walk's number columns as the rows themselves, interpolated amounts left out", () => {
    // CHF written 1.5 (1 place) and 0.25 (2): a tie, so 2. The interpolated -1.8 (1 place, as
    // Beancount quantizes it) would make it 1.
    const s = ledger(`2024-01-01 open Assets:A
2024-01-01 open Income:B
2024-01-02 * "x"
  Assets:A  1.5 CHF
  Assets:A  0.25 CHF
  Income:B
${TEXT}`);
    expect(numbersOf(s.postings)).toBeDefined();
    const fromColumns = commodityDisplays(s);
    expect(fromColumns.find((d) => d.currency === 'CHF')).toMatchObject({ precision: 2, source: 'inferred' });
    // A copy of the list has no columns: the rows are read.
    const copy = { ...s, postings: [...s.postings] };
    expect(numbersOf(copy.postings)).toBeUndefined();
    expect(commodityDisplays(copy)).toEqual(fromColumns);
  });

  it('breaks a tie toward more places', () => {
    const s = ledger(`2024-01-01 open Assets:A
2024-01-01 open Income:B
2024-01-02 * "x"
  Assets:A  1.5 CHF
  Income:B  -1.50 CHF
`);
    expect(commodityDisplays(s)[0]).toMatchObject({ currency: 'CHF', precision: 2 });
  });
});

describe('metadata readers', () => {
  it('reads a precision of 0 to 20 only', () => {
    expect([parsePrecision('0'), parsePrecision(' 4 '), parsePrecision('20'), parsePrecision('21'), parsePrecision('-1'), parsePrecision('2.0'), parsePrecision(null)]).toEqual([
      0, 4, 20, null, null, null, null,
    ]);
  });
  it('maps zhang rounding names and defaults to half-even', () => {
    expect([parseRounding('RoundUp'), parseRounding('RoundDown'), parseRounding('half_even'), parseRounding('ceiling'), parseRounding(null)]).toEqual([
      'half_up', 'half_down', 'half_even', 'half_even', 'half_even',
    ]);
  });
});
