import { describe, expect, test } from 'vitest';
import { AMOUNTS } from '../../../../engine/query/functions/amounts';
import { Inventory } from '../../../../engine/query/inventory';
import type { TypeName } from '../../../../engine/query/types';
import { toText } from '../../../../engine/query/values';
import { amt, call, cost, dec, pos, type Arg } from './helpers';

const t = (name: string, args: Arg[], type: TypeName) => {
  const v = call(name, args);
  return v === null ? null : toText(type, v);
};
const lot = cost('10.00', 'USD', '2024-01-01');
const mixed = () => new Inventory([pos('-3', 'HOOL', lot), pos('5', 'USD'), pos('2.5', 'HOOL', cost('11', 'USD', '2024-02-01'))]);

describe('number, currency, commodity, only', () => {
  test('parts of an amount', () => {
    expect(t('number', [['amount', amt('-1.50', 'EUR')]], 'decimal')).toBe('-1.50');
    expect(call('currency', [['amount', amt('1', 'EUR')]])).toBe('EUR');
    expect(call('commodity', [['amount', amt('1', 'EUR')]])).toBe('EUR');
  });
  test('only: total units of a currency over its lots; 0 if none', () => {
    expect(t('only', [['str', 'HOOL'], ['inventory', mixed()]], 'amount')).toBe('-0.5 HOOL');
    expect(t('only', [['str', 'GBP'], ['inventory', mixed()]], 'amount')).toBe('0 GBP');
  });
});

describe('filter_currency', () => {
  test('position kept or NULL', () => {
    expect(t('filter_currency', [['position', pos('1', 'USD')], ['str', 'USD']], 'position')).toBe('1 USD');
    expect(call('filter_currency', [['position', pos('1', 'USD')], ['str', 'EUR']])).toBeNull();
  });
  test('inventory keeps positions of the currency, lots included', () => {
    expect(t('filter_currency', [['inventory', mixed()], ['str', 'HOOL']], 'inventory')).toBe(
      '(-3 HOOL {10.00 USD, 2024-01-01}, 2.5 HOOL {11 USD, 2024-02-01})',
    );
    expect(t('filter_currency', [['inventory', mixed()], ['str', 'GBP']], 'inventory')).toBe('()');
  });
});

describe('abs and neg', () => {
  test('on every numeric kind; position keeps cost', () => {
    expect(call('abs', [['int', -5n]])).toBe(5n);
    expect(() => call('abs', [['int', -9223372036854775808n]])).toThrow('integer overflow');
    expect(t('abs', [['decimal', dec('-2.50')]], 'decimal')).toBe('2.50');
    expect(t('abs', [['amount', amt('-2', 'USD')]], 'amount')).toBe('2 USD');
    expect(t('abs', [['position', pos('-3', 'HOOL', lot)]], 'position')).toBe('3 HOOL {10.00 USD, 2024-01-01}');
    expect(t('abs', [['inventory', mixed()]], 'inventory')).toBe(
      '(3 HOOL {10.00 USD, 2024-01-01}, 2.5 HOOL {11 USD, 2024-02-01}, 5 USD)',
    );
    expect(call('neg', [['int', 5n]])).toBe(-5n);
    expect(() => call('neg', [['int', -9223372036854775808n]])).toThrow('integer overflow');
    expect(t('neg', [['decimal', dec('2.50')]], 'decimal')).toBe('-2.50');
    expect(t('neg', [['amount', amt('2', 'USD')]], 'amount')).toBe('-2 USD');
    expect(t('neg', [['position', pos('-3', 'HOOL', lot)]], 'position')).toBe('3 HOOL {10.00 USD, 2024-01-01}');
    expect(t('neg', [['inventory', mixed()]], 'inventory')).toBe(
      '(3 HOOL {10.00 USD, 2024-01-01}, -2.5 HOOL {11 USD, 2024-02-01}, -5 USD)',
    );
  });
  test('an int argument of abs stays int; of possign widens to decimal', () => {
    expect(call('abs', [['int', 3n]])).toBe(3n);
    expect(t('possign', [['int', 3n], ['str', 'Income:Salary']], 'decimal')).toBe('-3');
  });
});

describe('possign', () => {
  test('Assets and Expenses keep the sign, everything else flips', () => {
    expect(t('possign', [['decimal', dec('-10')], ['str', 'Income:Salary']], 'decimal')).toBe('10');
    expect(t('possign', [['decimal', dec('-10')], ['str', 'Liabilities:Card']], 'decimal')).toBe('10');
    expect(t('possign', [['decimal', dec('-10')], ['str', 'Equity:Opening']], 'decimal')).toBe('10');
    expect(t('possign', [['decimal', dec('-10')], ['str', 'Assets:Cash']], 'decimal')).toBe('-10');
    expect(t('possign', [['decimal', dec('10')], ['str', 'Expenses']], 'decimal')).toBe('10');
    expect(t('possign', [['decimal', dec('10')], ['str', 'AssetsX:Foo']], 'decimal')).toBe('-10');
    expect(t('possign', [['amount', amt('-5', 'USD')], ['str', 'Income:X']], 'amount')).toBe('5 USD');
    expect(t('possign', [['position', pos('-1', 'HOOL', lot)], ['str', 'Income:X']], 'position')).toBe(
      '1 HOOL {10.00 USD, 2024-01-01}',
    );
    expect(t('possign', [['inventory', mixed()], ['str', 'Assets:X']], 'inventory')).toBe(toText('inventory', mixed()));
    expect(t('possign', [['inventory', mixed()], ['str', 'Income:X']], 'inventory')).toBe(
      '(3 HOOL {10.00 USD, 2024-01-01}, -2.5 HOOL {11 USD, 2024-02-01}, -5 USD)',
    );
  });
});

test('every amounts overload gives NULL for a NULL argument', () => {
  for (const o of AMOUNTS) expect(call(o.name, o.params.map((): Arg => ['null', null]))).toBeNull();
});
