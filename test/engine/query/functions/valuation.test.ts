import { describe, expect, test } from 'vitest';
import { Inventory } from '../../../../engine/query/inventory';
import type { TypeName, Value } from '../../../../engine/query/types';
import { toText } from '../../../../engine/query/values';
import { VALUATION } from '../../../../engine/query/functions/valuation';
import { amt, call, cost, ctxOf, d, fakePrices, fakeSnapshot, pos, type Arg } from './helpers';

const prices = fakePrices([
  ['2024-01-01', 'HOOL', 'USD', '500'],
  ['2024-03-01', 'HOOL', 'USD', '550.5'],
  ['2024-02-01', 'USD', 'EUR', '0.9'],
  ['2025-01-01', 'HOOL', 'USD', '600'], // future-dated: still the latest without a date
]);
const ctx = ctxOf({ snapshot: fakeSnapshot({ prices }) });
const t = (name: string, args: Arg[], type: TypeName): string | null => {
  const v: Value = call(name, args, ctx);
  return v === null ? null : toText(type, v);
};
const hool = pos('2', 'HOOL', cost('450.00', 'USD', '2023-06-01'));
const date = (s: string): Arg => ['date', d(s)];

describe('units and cost', () => {
  test('units', () => {
    expect(t('units', [['position', hool]], 'amount')).toBe('2 HOOL');
    const i = new Inventory([hool, pos('3', 'HOOL', cost('460', 'USD', '2023-07-01')), pos('1', 'USD')]);
    expect(t('units', [['inventory', i]], 'inventory')).toBe('(5 HOOL, 1 USD)');
  });
  test('cost: units x per-unit cost; no cost gives units', () => {
    expect(t('cost', [['position', hool]], 'amount')).toBe('900.00 USD');
    expect(t('cost', [['position', pos('7', 'EUR')]], 'amount')).toBe('7 EUR');
    const i = new Inventory([hool, pos('3', 'HOOL', cost('460', 'USD', '2023-07-01')), pos('1', 'USD')]);
    // 900.00 + 1380 + 1 = 2281.00
    expect(t('cost', [['inventory', i]], 'inventory')).toBe('(2281.00 USD)');
  });
});

describe('convert', () => {
  test('amount at the latest price, or the latest on or before a date', () => {
    expect(t('convert', [['amount', amt('10', 'HOOL')], ['str', 'USD']], 'amount')).toBe('6000 USD');
    expect(t('convert', [['amount', amt('10', 'HOOL')], ['str', 'USD'], date('2024-02-15')], 'amount')).toBe('5000 USD');
    expect(t('convert', [['amount', amt('10', 'HOOL')], ['str', 'USD'], date('2024-03-01')], 'amount')).toBe('5505.0 USD');
  });
  test('no price: unchanged; own currency: unchanged; reverse direction by reciprocal', () => {
    expect(t('convert', [['amount', amt('10', 'HOOL')], ['str', 'USD'], date('2023-12-31')], 'amount')).toBe('10 HOOL');
    expect(t('convert', [['amount', amt('10.50', 'USD')], ['str', 'USD']], 'amount')).toBe('10.50 USD');
    expect(t('convert', [['amount', amt('10', 'USD')], ['str', 'EUR']], 'amount')).toBe('9.0 EUR');
    // 9 EUR / 0.9 = 9 x 1.111...1 (28 digits) = 9.999...9 (28 digits)
    expect(t('convert', [['amount', amt('9', 'EUR')], ['str', 'USD']], 'amount')).toBe('9.999999999999999999999999999 USD');
  });
  test('position: units converted, through the cost currency when there is no direct price', () => {
    expect(t('convert', [['position', hool], ['str', 'USD']], 'amount')).toBe('1200 USD');
    // HOOL -> USD (600) -> EUR (0.9): 2 x 600 x 0.9
    expect(t('convert', [['position', hool], ['str', 'EUR']], 'amount')).toBe('1080.0 EUR');
    expect(t('convert', [['position', hool], ['str', 'EUR'], date('2024-03-15')], 'amount')).toBe('990.90 EUR');
    // without cost there is no intermediate step
    expect(t('convert', [['position', pos('2', 'HOOL')], ['str', 'EUR']], 'amount')).toBe('2 HOOL');
    expect(t('convert', [['position', hool], ['str', 'JPY']], 'amount')).toBe('2 HOOL');
  });
  test('inventory: each position converted and summed; unconvertible kept', () => {
    const i = new Inventory([hool, pos('100', 'USD'), pos('5', 'GBP')]);
    expect(t('convert', [['inventory', i], ['str', 'USD']], 'inventory')).toBe('(5 GBP, 1300 USD)');
    expect(t('convert', [['inventory', i], ['str', 'USD'], date('2024-01-15')], 'inventory')).toBe('(5 GBP, 1100 USD)');
  });
});

describe('value', () => {
  test('market value in the cost currency; no cost or no price: the units', () => {
    expect(t('value', [['position', hool]], 'amount')).toBe('1200 USD');
    expect(t('value', [['position', hool], date('2024-03-15')], 'amount')).toBe('1101.0 USD');
    expect(t('value', [['position', hool], date('2023-12-01')], 'amount')).toBe('2 HOOL');
    expect(t('value', [['position', pos('2', 'HOOL')]], 'amount')).toBe('2 HOOL');
  });
  test('inventory summed', () => {
    const i = new Inventory([hool, pos('1', 'HOOL', cost('300', 'USD', '2022-01-01')), pos('5', 'USD')]);
    expect(t('value', [['inventory', i]], 'inventory')).toBe('(1805 USD)');
    expect(t('value', [['inventory', i], date('2024-01-02')], 'inventory')).toBe('(1505 USD)');
  });
});

describe('market_value and unpriced (Fava: no price means valued at cost)', () => {
  const gold = pos('3', 'GOLD', cost('10.50', 'USD', '2023-01-01')); // never quoted
  test('position: priced as value(); without a price its cost; without cost its units', () => {
    expect(t('market_value', [['position', hool]], 'amount')).toBe('1200 USD');
    expect(t('market_value', [['position', hool], date('2024-03-15')], 'amount')).toBe('1101.0 USD');
    // before the first HOOL quote: 2 x 450.00 = 900.00 USD (value() leaves 2 HOOL)
    expect(t('market_value', [['position', hool], date('2023-12-01')], 'amount')).toBe('900.00 USD');
    expect(t('market_value', [['position', gold]], 'amount')).toBe('31.50 USD');
    expect(t('market_value', [['position', pos('2', 'EUR')]], 'amount')).toBe('2 EUR');
  });
  test('inventory: 2 HOOL at 550.5 + 3 GOLD at cost 10.50 + 5 USD = 1101.0 + 31.50 + 5 = 1137.50 USD', () => {
    const i = new Inventory([hool, gold, pos('5', 'USD')]);
    expect(t('market_value', [['inventory', i], date('2024-03-15')], 'inventory')).toBe('(1137.50 USD)');
    expect(t('unpriced', [['inventory', i], date('2024-03-15')], 'inventory')).toBe('(3 GOLD {10.50 USD, 2023-01-01})');
    // before any HOOL quote both lots took the cost fallback: 900.00 + 31.50 + 5
    expect(t('market_value', [['inventory', i], date('2023-12-01')], 'inventory')).toBe('(936.50 USD)');
    expect(t('unpriced', [['inventory', i], date('2023-12-01')], 'inventory')).toBe(
      '(3 GOLD {10.50 USD, 2023-01-01}, 2 HOOL {450.00 USD, 2023-06-01})',
    );
  });
});

describe('price_date', () => {
  test('the date of the quote getprice uses, either direction; none or same currency NULL', () => {
    expect(t('price_date', [['str', 'hool'], ['str', 'USD'], date('2024-03-15')], 'date')).toBe('2024-03-01');
    expect(t('price_date', [['str', 'HOOL'], ['str', 'USD'], date('2024-02-29')], 'date')).toBe('2024-01-01');
    expect(t('price_date', [['str', 'EUR'], ['str', 'USD'], date('2024-03-15')], 'date')).toBe('2024-02-01');
    expect(t('price_date', [['str', 'HOOL'], ['str', 'USD'], date('2023-12-31')], 'date')).toBeNull();
    expect(t('price_date', [['str', 'USD'], ['str', 'USD'], date('2024-03-15')], 'date')).toBeNull();
  });
});

describe('getprice', () => {
  test('latest price, upper-cased names, dated, none is NULL', () => {
    expect(t('getprice', [['str', 'hool'], ['str', 'usd']], 'decimal')).toBe('600');
    expect(t('getprice', [['str', 'HOOL'], ['str', 'USD'], date('2024-02-01')], 'decimal')).toBe('500');
    expect(t('getprice', [['str', 'HOOL'], ['str', 'EUR']], 'decimal')).toBeNull();
    expect(t('getprice', [['str', 'HOOL'], ['str', 'USD'], date('2023-01-01')], 'decimal')).toBeNull();
    expect(t('getprice', [['str', 'usd'], ['str', 'USD']], 'decimal')).toBe('1');
  });
});

test('every valuation overload gives NULL for a NULL argument', () => {
  for (const o of VALUATION) {
    expect(call(o.name, o.params.map((): Arg => ['null', null]), ctx)).toBeNull();
  }
});
