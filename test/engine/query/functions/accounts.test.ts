import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from '../../../../engine/query/functions/accounts';
import { call, type Arg } from './helpers';

const s = (v: string): Arg => ['str', v];

describe('account functions', () => {
  test('root', () => {
    expect(call('root', [s('Assets:Bank:Checking')])).toBe('Assets');
    expect(call('root', [s('Assets')])).toBe('Assets');
    expect(call('root', [s('Assets:Bank:Checking'), ['int', 2n]])).toBe('Assets:Bank');
    expect(call('root', [s('Assets:Bank:Checking'), ['int', 3n]])).toBe('Assets:Bank:Checking');
    expect(call('root', [s('Assets:Bank'), ['int', 5n]])).toBe('Assets:Bank');
    expect(call('root', [s('Assets:Bank'), ['int', 0n]])).toBe('');
    expect(call('root', [s('Assets:Bank'), ['int', -1n]])).toBe('');
  });
  test('parent and leaf', () => {
    expect(call('parent', [s('Assets:Bank:Checking')])).toBe('Assets:Bank');
    expect(call('parent', [s('Assets')])).toBe('');
    expect(call('leaf', [s('Assets:Bank:Checking')])).toBe('Checking');
    expect(call('leaf', [s('Assets')])).toBe('Assets');
  });
  test('account_sortkey', () => {
    expect(call('account_sortkey', [s('Assets:Cash')])).toBe('0-Assets:Cash');
    expect(call('account_sortkey', [s('Liabilities:Card')])).toBe('1-Liabilities:Card');
    expect(call('account_sortkey', [s('Equity:Opening')])).toBe('2-Equity:Opening');
    expect(call('account_sortkey', [s('Income:Salary')])).toBe('3-Income:Salary');
    expect(call('account_sortkey', [s('Expenses:Food')])).toBe('4-Expenses:Food');
    expect(call('account_sortkey', [s('Other:Thing')])).toBe('5-Other:Thing');
    expect(call('account_sortkey', [s('AssetsX')])).toBe('5-AssetsX');
  });
  test('under: equal or followed by a colon, siblings with a common prefix are not', () => {
    expect(call('under', [s('Expenses:Food'), s('Expenses:Food')])).toBe(true);
    expect(call('under', [s('Expenses:Food:Restaurant'), s('Expenses:Food')])).toBe(true);
    expect(call('under', [s('Expenses:Foodstuff'), s('Expenses:Food')])).toBe(false);
    expect(call('under', [s('Expenses'), s('Expenses:Food')])).toBe(false);
  });
  test('NULL argument gives NULL', () => {
    for (const o of ACCOUNTS) expect(call(o.name, o.params.map((): Arg => ['null', null]))).toBeNull();
    expect(call('root', [s('Assets:Bank'), ['null', null]])).toBeNull();
  });
});
