import { describe, expect, test } from 'vitest';
import { DIRECTIVES } from '../../../../engine/query/functions/directives';
import { call, ctxOf, d, fakeSnapshot, meta, type Arg } from './helpers';

const snapshot = fakeSnapshot({
  opens: [
    // reopened: the earliest open counts whatever the list order
    { account: 'Assets:Bank', date: '2022-01-01', meta: meta(['institution', 'Bank B']) },
    { account: 'Assets:Bank', date: '2020-01-01', meta: meta(['institution', 'Bank A'], ['budget', 'cash'], ['account_id', '7'], ['budget', 'all']) },
    { account: 'Assets:Cash', date: '2019-05-01' },
  ],
  closes: [
    { account: 'Assets:Bank', date: '2023-01-01' },
    { account: 'Assets:Bank', date: '2021-06-30' },
    { account: 'Equity:Old', date: '2018-01-01' },
  ],
  commodities: [
    { currency: 'HOOL', date: '2020-01-01', meta: meta(['name', 'Old name']) },
    { currency: 'HOOL', date: '2021-01-01', meta: meta(['name', 'Hooli'], ['export', 'NASDAQ:HOOL']) },
    { currency: 'USD', date: '2020-01-01' },
  ],
  budgetsOf: (account, date) => (account === 'Assets:Bank' && date >= d('2020-01-01') ? ['food', 'Bills'] : []),
});
const ctx = ctxOf({ snapshot });
const s = (v: string): Arg => ['str', v];
const c = (name: string, ...args: Arg[]) => call(name, args, ctx);

describe('open_date and close_date', () => {
  test('earliest open and earliest close; NULL if none or unknown', () => {
    expect(c('open_date', s('Assets:Bank'))).toBe(d('2020-01-01'));
    expect(c('close_date', s('Assets:Bank'))).toBe(d('2021-06-30'));
    expect(c('close_date', s('Assets:Cash'))).toBeNull();
    expect(c('open_date', s('Equity:Old'))).toBeNull();
    expect(c('open_date', s('Assets:Nowhere'))).toBeNull();
  });
});

describe('open_meta', () => {
  test('a value of the earliest open; NULL if unset or no open', () => {
    expect(c('open_meta', s('Assets:Bank'), s('institution'))).toBe('Bank A');
    expect(c('open_meta', s('Assets:Bank'), s('budget'))).toBe('cash');
    expect(c('open_meta', s('Assets:Bank'), s('nope'))).toBeNull();
    expect(c('open_meta', s('Assets:Nowhere'), s('institution'))).toBeNull();
  });
  test('all metadata sorted by key, repeated keys in written order; empty list; NULL without open', () => {
    expect(c('open_meta', s('Assets:Bank'))).toEqual([
      ['account_id', '7'],
      ['budget', 'cash'],
      ['budget', 'all'],
      ['institution', 'Bank A'],
    ]);
    expect(c('open_meta', s('Assets:Cash'))).toEqual([]);
    expect(c('open_meta', s('Equity:Old'))).toBeNull();
    expect(c('open_meta', s('Assets:Nowhere'))).toBeNull();
  });
});

describe('commodity_meta and currency_meta', () => {
  test('the last commodity directive of the currency', () => {
    for (const f of ['commodity_meta', 'currency_meta']) {
      expect(c(f, s('HOOL'), s('name'))).toBe('Hooli');
      expect(c(f, s('HOOL'), s('missing'))).toBeNull();
      expect(c(f, s('EUR'), s('name'))).toBeNull();
      expect(c(f, s('HOOL'))).toEqual([
        ['export', 'NASDAQ:HOOL'],
        ['name', 'Hooli'],
      ]);
      expect(c(f, s('USD'))).toEqual([]);
      expect(c(f, s('EUR'))).toBeNull();
    }
  });
});

describe('account_budgets', () => {
  test('a sorted set from the budget book; empty before the first open; NULL for an unknown account', () => {
    expect(c('account_budgets', s('Assets:Bank'), ['date', d('2024-01-01')])).toEqual(['Bills', 'food']);
    expect(c('account_budgets', s('Assets:Bank'), ['date', d('2019-01-01')])).toEqual([]);
    expect(c('account_budgets', s('Assets:Nowhere'), ['date', d('2024-01-01')])).toBeNull();
  });
});

test('every directive overload gives NULL for a NULL argument', () => {
  for (const o of DIRECTIVES) expect(call(o.name, o.params.map((): Arg => ['null', null]), ctx)).toBeNull();
});
