import { describe, expect, it } from 'vitest';
import { daysFromCivil, formatDate } from '../../../engine/dates';
import { ledger } from './ledger-text';
import { LazyPriceMap } from '../../../engine/ledger/prices';
import { carryQueryCaches, warmQueryCaches } from '../../../engine/query/index';
import { loadLedger } from '../../../engine/ledger/index';
import { ParseCache } from '../../../engine/ledger/load';

const d = (y: number, m: number, day: number) => daysFromCivil(y, m, day);

describe('price map', () => {
  const s = ledger(`
2024-01-01 price HOOL 100 USD
2024-01-05 price HOOL 110 USD
2024-01-05 price HOOL 111 USD
2024-01-01 price EUR 1.10 USD
2024-01-03 price EUR 1.20 USD
2024-01-05 price EUR 1.25 USD
2024-01-04 price USD 0.8 EUR
2030-01-01 price GOLD 2000 USD
`);
  const m = s.priceMap;

  it('takes the latest price on or before a date; the last of a day wins', () => {
    expect(m.rate('HOOL', 'USD', d(2023, 12, 31))).toBeNull();
    expect(m.rate('HOOL', 'USD', d(2024, 1, 4))?.toString()).toBe('100');
    expect(m.rate('HOOL', 'USD', d(2024, 1, 5))?.toString()).toBe('111');
    expect(m.rate('HOOL', 'USD')?.toString()).toBe('111');
    expect(formatDate(m.rateDate('HOOL', 'USD', d(2024, 1, 4))!)).toBe('2024-01-01');
  });

  it('inverts a quote to 28 significant digits', () => {
    expect(m.rate('USD', 'HOOL', d(2024, 1, 5))?.toString()).toBe('0.009009009009009009009009009009');
  });

  it('merges the direction with fewer quotes into the other one, inverted', () => {
    // USD->EUR (one quote) becomes EUR->USD 1/0.8 = 1.25 on 2024-01-04.
    expect(m.rate('EUR', 'USD', d(2024, 1, 4))?.toString()).toBe('1.25');
    expect(m.rate('EUR', 'USD', d(2024, 1, 3))?.toString()).toBe('1.20');
    expect(m.rate('USD', 'EUR', d(2024, 1, 4))?.toString()).toBe('0.8');
    expect(m.rate('USD', 'EUR', d(2024, 1, 2))?.toString()).toBe('0.9090909090909090909090909091');
  });

  it('uses future prices only without a date', () => {
    expect(m.rate('GOLD', 'USD', d(2025, 1, 1))).toBeNull();
    expect(m.rate('GOLD', 'USD')?.toString()).toBe('2000');
    expect(m.rate('USD', 'USD')?.toString()).toBe('1');
    expect(m.quotedAgainst('USD')).toEqual(['EUR', 'GOLD', 'HOOL']);
  });

  it('lists price directives in processing order', () => {
    expect(s.prices.map((p) => `${formatDate(p.date)} ${p.currency}`)).toEqual([
      '2024-01-01 HOOL', '2024-01-01 EUR', '2024-01-03 EUR', '2024-01-04 USD', '2024-01-05 HOOL', '2024-01-05 HOOL', '2024-01-05 EUR', '2030-01-01 GOLD',
    ]);
    expect(s.prices.map((p) => p.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('implicit_prices adds prices from postings with a price or opening a lot at cost', () => {
    const p = ledger(`plugin "beancount.plugins.implicit_prices"
2024-01-01 open Assets:Cash
2024-01-01 open Assets:Stock
2024-01-01 open Assets:Euro
2024-01-02 * "Buy"
  Assets:Stock  10 HOOL {100 USD}
  Assets:Cash
2024-01-03 * "Sell"
  Assets:Stock  -5 HOOL {100 USD}
  Assets:Cash
2024-01-04 * "Exchange"
  Assets:Euro  10 EUR @ 1.1 USD
  Assets:Cash
`);
    expect(p.errors).toEqual([]);
    expect(p.prices.map((r) => `${formatDate(r.date)} ${r.currency} ${r.amount.number} ${r.amount.currency}`)).toEqual([
      '2024-01-02 HOOL 100 USD',
      '2024-01-04 EUR 1.1 USD',
    ]);
    expect(p.priceMap.rate('HOOL', 'USD', d(2024, 1, 2))?.toString()).toBe('100');
  });
});

describe('the load leaves the price map to its first look-up (LazyPriceMap)', () => {
  const text = `
2024-01-01 price HOOL 100 USD
2024-01-03 price HOOL 104.50 USD
2024-01-02 price USD 0.9 EUR
`;

  it('builds nothing at load, then answers as the built map; the warm-up builds it', () => {
    const s = ledger(text);
    const m = s.priceMap as LazyPriceMap;
    expect(m).toBeInstanceOf(LazyPriceMap);
    expect(m.built).toBe(false);
    expect(m.rate('HOOL', 'USD', d(2024, 1, 2))?.toString()).toBe('100');
    expect(m.built).toBe(true);
    expect(m.rate('HOOL', 'USD')?.toString()).toBe('104.50');
    expect(formatDate(m.rateDate('HOOL', 'USD')!)).toBe('2024-01-03');
    expect(m.rate('EUR', 'USD', d(2024, 1, 2))?.toString()).toBe('1.111111111111111111111111111');
    expect(m.quotedAgainst('USD')).toEqual(['EUR', 'HOOL']);

    const warmed = ledger(text);
    warmQueryCaches(warmed);
    expect((warmed.priceMap as LazyPriceMap).built).toBe(true);
    expect(warmed.priceMap.quotedAgainst('EUR')).toEqual(['USD']);
  });

  it('each look-up of an unbuilt map first builds it (rateDate and quotedAgainst too)', () => {
    const a = ledger(text).priceMap as LazyPriceMap;
    expect(a.quotedAgainst('HOOL')).toEqual(['USD']);
    expect(a.built).toBe(true);
    const b = ledger(text).priceMap as LazyPriceMap;
    expect(formatDate(b.rateDate('USD', 'EUR', d(2024, 1, 5))!)).toBe('2024-01-02');
    expect(b.built).toBe(true);
    expect(new LazyPriceMap([]).rate('HOOL', 'USD')).toBeNull();
  });
});

describe('a reload takes the previous price map when its prices are the same rows', () => {
  const FILE = '/ledger/main.beancount';
  const BASE = `2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
2024-01-01 price HOOL 100 USD
2024-01-02 price HOOL 104.50 USD
2024-01-03 * "Lunch"
  Expenses:Food  12.50 USD
  Assets:Cash
`;
  const reloads = () => {
    const cache = new ParseCache();
    return (text: string) => loadLedger(FILE, { readFile: (p) => (p === FILE ? text : null), parseCache: cache, now: new Date('2024-06-01T00:00:00Z') });
  };

  it('a save adding a transaction: the built map is taken, not built again', () => {
    const load = reloads();
    const s0 = load(BASE);
    warmQueryCaches(s0);
    const s1 = load(BASE + '2024-01-04 * "Tea"\n  Expenses:Food  2.00 USD\n  Assets:Cash\n');
    expect(s1.prices).toHaveLength(2);
    expect(s1.prices.every((p, i) => p === s0.prices[i])).toBe(true);
    carryQueryCaches(s0, s1);
    expect((s1.priceMap as LazyPriceMap).built).toBe(true);
    expect(s1.priceMap.rate('HOOL', 'USD')?.toString()).toBe('104.50');
  });

  it('a save adding a price, or a previous map never built: built from its own rows', () => {
    const load = reloads();
    const s0 = load(BASE);
    warmQueryCaches(s0);
    const s1 = load(BASE + '2024-01-05 price HOOL 110 USD\n');
    carryQueryCaches(s0, s1);
    expect((s1.priceMap as LazyPriceMap).built).toBe(false);
    expect(s1.priceMap.rate('HOOL', 'USD')?.toString()).toBe('110');
    expect(s1.priceMap.rate('HOOL', 'USD', d(2024, 1, 4))?.toString()).toBe('104.50');
    const s2 = load(BASE + '2024-01-05 price HOOL 110 USD\n2024-01-06 * "x"\n  Expenses:Food  1 USD\n  Assets:Cash\n');
    carryQueryCaches(s1, s2);
    // Taken exactly when the walk kept the price rows as they were (whether it did is resume.ts's business).
    const same = s2.prices.length === s1.prices.length && s2.prices.every((p, i) => p === s1.prices[i]);
    expect((s2.priceMap as LazyPriceMap).built).toBe(same);
    expect(s2.priceMap.rate('HOOL', 'USD')?.toString()).toBe('110');
    const s3 = load(BASE);
    carryQueryCaches(load(BASE), s3);
    expect((s3.priceMap as LazyPriceMap).built).toBe(false);
  });
});
