import { describe, expect, test } from 'vitest';
import { formatDate } from '../../../engine/dates';
import {
  ARITH_RULES,
  arithResultType,
  compare,
  comparisonType,
  findArithRule,
  negate,
  type ArithOp,
} from '../../../engine/query/arith';
import { Inventory } from '../../../engine/query/inventory';
import { parseInterval } from '../../../engine/query/interval';
import type { TypeName } from '../../../engine/query/types';
import { toText } from '../../../engine/query/values';
import { amt, cost, d, dec, pos } from './functions/helpers';

function run(op: ArithOp, lt: TypeName, a: unknown, rt: TypeName, b: unknown): unknown {
  const r = findArithRule(op, lt, rt);
  if (!r) throw new Error(`no rule ${lt} ${op} ${rt}`);
  return r.fn(a, b);
}
const txt = (op: ArithOp, lt: TypeName, a: unknown, rt: TypeName, b: unknown): string | null => {
  const rule = findArithRule(op, lt, rt)!;
  const v = rule.fn(a, b);
  return v === null ? null : toText(rule.result, v);
};

const MAX = 9223372036854775807n;
const MIN = -9223372036854775808n;

describe('int arithmetic', () => {
  test('+ - * stay int; / gives decimal', () => {
    expect(run('+', 'int', 2n, 'int', 3n)).toBe(5n);
    expect(run('-', 'int', 2n, 'int', 3n)).toBe(-1n);
    expect(run('*', 'int', -4n, 'int', 3n)).toBe(-12n);
    expect(txt('/', 'int', 7n, 'int', 2n)).toBe('3.5');
    expect(txt('/', 'int', 6n, 'int', 3n)).toBe('2');
    expect(findArithRule('/', 'int', 'int')!.result).toBe('decimal');
  });

  test('64-bit overflow is an error', () => {
    expect(run('+', 'int', MAX - 1n, 'int', 1n)).toBe(MAX);
    expect(() => run('+', 'int', MAX, 'int', 1n)).toThrow('integer overflow');
    expect(() => run('-', 'int', MIN, 'int', 1n)).toThrow('integer overflow');
    expect(() => run('*', 'int', 4294967296n, 'int', 4294967296n)).toThrow('integer overflow');
    expect(() => negate('int', MIN)).toThrow('integer overflow');
  });

  test('division by zero gives NULL', () => {
    expect(run('/', 'int', 1n, 'int', 0n)).toBeNull();
    expect(run('/', 'decimal', dec('1.5'), 'int', 0n)).toBeNull();
    expect(run('/', 'amount', amt('1', 'USD'), 'decimal', dec('0.00'))).toBeNull();
  });
});

describe('decimal arithmetic', () => {
  test('exact + - * keeping places; int mixes in', () => {
    expect(txt('+', 'decimal', dec('1.10'), 'int', 2n)).toBe('3.10');
    expect(txt('-', 'int', 1n, 'decimal', dec('0.25'))).toBe('0.75');
    expect(txt('*', 'decimal', dec('1.10'), 'decimal', dec('2.5'))).toBe('2.750');
    expect(findArithRule('+', 'int', 'decimal')!.result).toBe('decimal');
  });

  test('division exact when it fits, else 28 significant digits half even', () => {
    expect(txt('/', 'decimal', dec('1.00'), 'int', 4n)).toBe('0.25');
    expect(txt('/', 'int', 1n, 'int', 3n)).toBe('0.3333333333333333333333333333');
    expect(txt('/', 'int', 2n, 'int', 3n)).toBe('0.6666666666666666666666666667');
  });
});

describe('dates and intervals', () => {
  test('date +/- int, int + date, date - date', () => {
    expect(formatDate(run('+', 'date', d('2024-02-28'), 'int', 1n) as number)).toBe('2024-02-29');
    expect(formatDate(run('+', 'int', 2n, 'date', d('2024-02-28')) as number)).toBe('2024-03-01');
    expect(formatDate(run('-', 'date', d('2024-01-01'), 'int', 1n) as number)).toBe('2023-12-31');
    expect(run('-', 'date', d('2024-03-01'), 'date', d('2024-02-01'))).toBe(29n);
    expect(run('+', 'date', d('9999-12-31'), 'int', 1n)).toBeNull();
    expect(run('-', 'date', d('0001-01-01'), 'int', 1n)).toBeNull();
    expect(run('+', 'date', d('2024-01-01'), 'int', MAX)).toBeNull();
  });

  test('date +/- interval, interval + date, interval +/- interval; interval - date is not allowed', () => {
    const m = parseInterval('1 month')!;
    expect(formatDate(run('+', 'date', d('2024-01-31'), 'interval', m) as number)).toBe('2024-02-29');
    expect(formatDate(run('+', 'interval', m, 'date', d('2024-01-31')) as number)).toBe('2024-02-29');
    expect(formatDate(run('-', 'date', d('2024-03-31'), 'interval', m) as number)).toBe('2024-02-29');
    expect(txt('+', 'interval', m, 'interval', parseInterval('1 year'))).toBe('1 year 1 month');
    expect(txt('-', 'interval', m, 'interval', parseInterval('1 week'))).toBe('1 month -7 days');
    expect(findArithRule('-', 'interval', 'date')).toBeNull();
    expect(arithResultType('-', 'interval', 'date')).toBeNull();
  });
});

describe('strings and amounts', () => {
  test('str + str concatenates', () => {
    expect(run('+', 'str', '^Expenses:', 'str', 'Food')).toBe('^Expenses:Food');
    expect(findArithRule('-', 'str', 'str')).toBeNull();
  });

  test('amount * number, number * amount, amount / number', () => {
    expect(txt('*', 'amount', amt('10.50', 'USD'), 'int', 3n)).toBe('31.50 USD');
    expect(txt('*', 'decimal', dec('0.5'), 'amount', amt('10.50', 'USD'))).toBe('5.250 USD');
    expect(txt('/', 'amount', amt('10.00', 'USD'), 'int', 4n)).toBe('2.50 USD');
    expect(findArithRule('/', 'int', 'amount')).toBeNull();
    expect(findArithRule('*', 'amount', 'amount')).toBeNull();
  });

  test('amount +/- amount needs one currency', () => {
    expect(txt('+', 'amount', amt('1.5', 'USD'), 'amount', amt('2', 'USD'))).toBe('3.5 USD');
    expect(txt('-', 'amount', amt('1.5', 'USD'), 'amount', amt('2', 'USD'))).toBe('-0.5 USD');
    expect(() => run('+', 'amount', amt('1', 'USD'), 'amount', amt('1', 'EUR'))).toThrow(
      'cannot add amounts of different currencies: USD and EUR',
    );
    expect(() => run('-', 'amount', amt('1', 'USD'), 'amount', amt('1', 'EUR'))).toThrow(
      'cannot subtract amounts of different currencies: USD and EUR',
    );
  });

  test('unary minus on int, decimal, amount, position (keeps cost), inventory', () => {
    expect(negate('int', 5n)).toBe(-5n);
    expect(toText('decimal', negate('decimal', dec('1.20')))).toBe('-1.20');
    expect(toText('amount', negate('amount', amt('3', 'USD')))).toBe('-3 USD');
    expect(toText('position', negate('position', pos('2', 'HOOL', cost('5', 'USD', '2024-01-01'))))).toBe(
      '-2 HOOL {5 USD, 2024-01-01}',
    );
    expect(toText('inventory', negate('inventory', new Inventory([pos('1', 'USD'), pos('-2', 'EUR')])))).toBe('(2 EUR, -1 USD)');
    expect(() => negate('str', 'x')).toThrow();
  });
});

describe('operator table', () => {
  test('no duplicate rows; NULL literal operands give a null-typed result where the other side can take part', () => {
    const keys = ARITH_RULES.map((r) => `${r.op} ${r.left} ${r.right}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(arithResultType('+', 'null', 'int')).toBe('null');
    expect(arithResultType('*', 'str', 'null')).toBeNull();
    expect(arithResultType('+', 'bool', 'bool')).toBeNull();
    expect(arithResultType('+', 'date', 'date')).toBeNull();
    expect(arithResultType('-', 'date', 'date')).toBe('int');
  });
});

describe('comparisons', () => {
  test('types: = on any one type, int/decimal mix; ordering only on bool, int, decimal, str, date', () => {
    expect(comparisonType('=', 'int', 'decimal')).toBe('decimal');
    expect(comparisonType('=', 'amount', 'amount')).toBe('amount');
    expect(comparisonType('<', 'amount', 'amount')).toBeNull();
    expect(comparisonType('<', 'interval', 'interval')).toBeNull();
    expect(comparisonType('=', 'interval', 'interval')).toBe('interval');
    expect(comparisonType('<', 'str', 'date')).toBeNull();
    expect(comparisonType('>=', 'date', 'null')).toBe('date');
    expect(comparisonType('<', 'bool', 'bool')).toBe('bool');
  });

  test('values', () => {
    expect(compare('=', 'decimal', 1n, dec('1.00'))).toBe(true);
    expect(compare('!=', 'str', 'a', 'A')).toBe(true);
    expect(compare('<', 'str', 'B', 'a')).toBe(true);
    expect(compare('>=', 'date', d('2024-01-01'), d('2024-01-01'))).toBe(true);
    expect(compare('>', 'bool', true, false)).toBe(true);
    expect(compare('<=', 'decimal', dec('2.5'), 2n)).toBe(false);
    expect(compare('=', 'interval', parseInterval('1 year'), parseInterval('12 months'))).toBe(true);
  });
});
