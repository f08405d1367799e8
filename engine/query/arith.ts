/**
 * Arithmetic and comparison operators (document 2 "Operators"): the typed table the compiler
 * checks expressions against, and the implementations the executor calls.
 *
 * Implementations are only called with non-NULL operands (the NULL rule is the executor's: any
 * NULL operand gives NULL). They throw QueryError without position for integer overflow and for
 * amounts of different currencies; the caller adds the operator's position.
 */
import { Dec } from '../decimal';
import { inRange, type DayNum } from '../dates';
import type { Amount, Position } from '../ledger/snapshot';
import { QueryError } from './errors';
import { Inventory } from './inventory';
import { addInterval, addIntervals, subIntervals } from './interval';
import { checkInt64, ORDERED_SCALARS, toDec, type Interval, type TypeName, type Value } from './types';
import { compareValues, valuesEqual } from './values';

export type ArithOp = '+' | '-' | '*' | '/';
export type BinaryFn = (a: any, b: any) => Value;

export interface ArithRule {
  op: ArithOp;
  left: TypeName;
  right: TypeName;
  result: TypeName;
  fn: BinaryFn;
  /** Can raise an error on some rows (integer overflow, currencies differ): such targets are computed on every row. */
  mayFail?: boolean;
}

const num = (v: bigint | Dec): Dec => toDec(v);

/** date + n days; NULL outside years 1 to 9999 (n may be any 64-bit int). */
function dateAddDays(d: DayNum, n: bigint): DayNum | null {
  if (n > 4_000_000n || n < -4_000_000n) return null;
  const r = d + Number(n);
  return inRange(r) ? r : null;
}

function amountOp(op: '+' | '-', a: Amount, b: Amount): Amount {
  if (a.currency !== b.currency) {
    const verb = op === '+' ? 'add' : 'subtract';
    throw new QueryError(`cannot ${verb} amounts of different currencies: ${a.currency} and ${b.currency}`);
  }
  return { number: op === '+' ? a.number.plus(b.number) : a.number.minus(b.number), currency: a.currency };
}

const NUMERIC: readonly TypeName[] = ['int', 'decimal'];

function numericRules(): ArithRule[] {
  const rules: ArithRule[] = [
    { op: '+', left: 'int', right: 'int', result: 'int', fn: (a: bigint, b: bigint) => checkInt64(a + b), mayFail: true },
    { op: '-', left: 'int', right: 'int', result: 'int', fn: (a: bigint, b: bigint) => checkInt64(a - b), mayFail: true },
    { op: '*', left: 'int', right: 'int', result: 'int', fn: (a: bigint, b: bigint) => checkInt64(a * b), mayFail: true },
    { op: '/', left: 'int', right: 'int', result: 'decimal', fn: (a: bigint, b: bigint) => num(a).div(num(b)) },
  ];
  for (const left of NUMERIC) {
    for (const right of NUMERIC) {
      if (left === 'int' && right === 'int') continue;
      rules.push(
        { op: '+', left, right, result: 'decimal', fn: (a, b) => num(a).plus(num(b)) },
        { op: '-', left, right, result: 'decimal', fn: (a, b) => num(a).minus(num(b)) },
        { op: '*', left, right, result: 'decimal', fn: (a, b) => num(a).times(num(b)) },
        { op: '/', left, right, result: 'decimal', fn: (a, b) => num(a).div(num(b)) },
      );
    }
  }
  return rules;
}

function amountNumberRules(): ArithRule[] {
  const rules: ArithRule[] = [];
  for (const n of NUMERIC) {
    rules.push(
      {
        op: '*',
        left: 'amount',
        right: n,
        result: 'amount',
        fn: (a: Amount, b) => ({ number: a.number.times(num(b)), currency: a.currency }),
      },
      {
        op: '*',
        left: n,
        right: 'amount',
        result: 'amount',
        fn: (a, b: Amount) => ({ number: num(a).times(b.number), currency: b.currency }),
      },
      {
        op: '/',
        left: 'amount',
        right: n,
        result: 'amount',
        fn: (a: Amount, b) => {
          const q = a.number.div(num(b));
          return q === null ? null : { number: q, currency: a.currency };
        },
      },
    );
  }
  return rules;
}

/** Every typed row of the operator table. */
export const ARITH_RULES: readonly ArithRule[] = [
  ...numericRules(),
  { op: '+', left: 'date', right: 'int', result: 'date', fn: (a: DayNum, b: bigint) => dateAddDays(a, b) },
  { op: '+', left: 'int', right: 'date', result: 'date', fn: (a: bigint, b: DayNum) => dateAddDays(b, a) },
  { op: '-', left: 'date', right: 'int', result: 'date', fn: (a: DayNum, b: bigint) => dateAddDays(a, -b) },
  { op: '-', left: 'date', right: 'date', result: 'int', fn: (a: DayNum, b: DayNum) => BigInt(a - b) },
  { op: '+', left: 'date', right: 'interval', result: 'date', fn: (a: DayNum, b: Interval) => addInterval(a, b, 1) },
  { op: '+', left: 'interval', right: 'date', result: 'date', fn: (a: Interval, b: DayNum) => addInterval(b, a, 1) },
  { op: '-', left: 'date', right: 'interval', result: 'date', fn: (a: DayNum, b: Interval) => addInterval(a, b, -1) },
  { op: '+', left: 'interval', right: 'interval', result: 'interval', fn: addIntervals, mayFail: true },
  { op: '-', left: 'interval', right: 'interval', result: 'interval', fn: subIntervals, mayFail: true },
  { op: '+', left: 'str', right: 'str', result: 'str', fn: (a: string, b: string) => a + b },
  ...amountNumberRules(),
  { op: '+', left: 'amount', right: 'amount', result: 'amount', fn: (a: Amount, b: Amount) => amountOp('+', a, b), mayFail: true },
  { op: '-', left: 'amount', right: 'amount', result: 'amount', fn: (a: Amount, b: Amount) => amountOp('-', a, b), mayFail: true },
];

const byKey = new Map<string, ArithRule>(ARITH_RULES.map((r) => [`${r.op} ${r.left} ${r.right}`, r]));

/**
 * The rule for `left op right`, or null when the operator does not apply (a type error, e.g.
 * interval - date). Operands of type null (the NULL literal) are the caller's: the result is
 * NULL whatever the other side, see arithResultType.
 */
export function findArithRule(op: ArithOp, left: TypeName, right: TypeName): ArithRule | null {
  return byKey.get(`${op} ${left} ${right}`) ?? null;
}

/**
 * Result type of `left op right`, or null if not allowed. A NULL literal operand makes the
 * result type null (the value is NULL whatever the other operand) unless the other side's type
 * admits no rule at all for this operator.
 */
export function arithResultType(op: ArithOp, left: TypeName, right: TypeName): TypeName | null {
  if (left === 'null' || right === 'null') {
    const other = left === 'null' ? right : left;
    if (other === 'null') return 'null';
    const side = left === 'null' ? 'right' : 'left';
    return ARITH_RULES.some((r) => r.op === op && r[side] === other) ? 'null' : null;
  }
  return findArithRule(op, left, right)?.result ?? null;
}

// ---------------------------------------------------------------------------------------------
// Unary minus and plus: int, decimal, amount, position, inventory.

export const UNARY_TYPES: ReadonlySet<TypeName> = new Set(['int', 'decimal', 'amount', 'position', 'inventory']);

export function negate(type: TypeName, v: unknown): Value {
  if (v === null) return null;
  switch (type) {
    case 'int':
      return checkInt64(-(v as bigint));
    case 'decimal':
      return (v as Dec).neg();
    case 'amount': {
      const a = v as Amount;
      return { number: a.number.neg(), currency: a.currency };
    }
    case 'position': {
      const p = v as Position;
      return { units: { number: p.units.number.neg(), currency: p.units.currency }, cost: p.cost };
    }
    case 'inventory':
      return (v as Inventory).neg();
    default:
      throw new QueryError(`unary minus does not apply to ${type}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Comparisons: = and != on two values of one type (int and decimal mix); <, <=, >, >= only on
// bool, int, decimal, str, date.

export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

/**
 * The type both operands are compared as, or null if the comparison is not allowed. A NULL
 * literal compares with anything (the result is NULL). The string-to-date reading of a quoted
 * literal compared with a date is the compiler's (it knows which operand is a literal).
 */
export function comparisonType(op: CompareOp, left: TypeName, right: TypeName): TypeName | null {
  let t: TypeName;
  if (left === 'null') t = right;
  else if (right === 'null') t = left;
  else if (left === right) t = left;
  else if ((left === 'int' || left === 'decimal') && (right === 'int' || right === 'decimal')) t = 'decimal';
  else return null;
  if (op === '=' || op === '!=') return t;
  return t === 'null' || ORDERED_SCALARS.has(t) ? t : null;
}

/** Evaluates a comparison of two non-NULL values of `type` (from comparisonType). */
export function compare(op: CompareOp, type: TypeName, a: unknown, b: unknown): boolean {
  switch (op) {
    case '=':
      return valuesEqual(type, a, b);
    case '!=':
      return !valuesEqual(type, a, b);
    case '<':
      return compareValues(type, a, b) < 0;
    case '<=':
      return compareValues(type, a, b) <= 0;
    case '>':
      return compareValues(type, a, b) > 0;
    case '>=':
      return compareValues(type, a, b) >= 0;
  }
}
