/**
 * Typing and implementation of the arithmetic operators (document 2 "Operators" result table),
 * resolved once per operator node at compile time. NULL operands never reach these functions
 * (the caller returns NULL first).
 */
import { Dec } from '../../decimal';
import { inRange } from '../../dates';
import type { Amount, Position } from '../../ledger/snapshot';
import { QueryError } from '../errors';
import { Inventory } from '../inventory';
import { addInterval, addIntervals, subIntervals } from '../interval';
import { checkInt64, toDec, type Interval, type TypeName } from '../types';

export interface ArithImpl {
  type: TypeName;
  fn: (a: any, b: any) => unknown;
  /** Can raise an error on some rows (integer overflow, currencies differ). */
  mayFail: boolean;
}

const num = (t: TypeName) => t === 'int' || t === 'decimal';
const date = (d: number) => (inRange(d) ? d : null);

function sameCurrency(a: Amount, b: Amount): void {
  if (a.currency !== b.currency) throw new QueryError(`cannot add amounts of different currencies: ${a.currency} and ${b.currency}`);
}

/** The implementation of `left op right` for the operand types, or null if the types do not fit. */
export function arithStep(op: '+' | '-' | '*' | '/', l: TypeName, r: TypeName): ArithImpl | null {
  // NULL fits any operand: the result type follows the other side where it is unambiguous.
  if (l === 'null' || r === 'null') {
    const other = l === 'null' ? r : l;
    const t: TypeName = other === 'null' ? 'null' : op === '/' && other === 'int' ? 'decimal' : other;
    return { type: t, fn: () => null, mayFail: false };
  }
  if (l === 'int' && r === 'int') {
    switch (op) {
      case '+':
        return { type: 'int', fn: (a: bigint, b: bigint) => checkInt64(a + b), mayFail: true };
      case '-':
        return { type: 'int', fn: (a: bigint, b: bigint) => checkInt64(a - b), mayFail: true };
      case '*':
        return { type: 'int', fn: (a: bigint, b: bigint) => checkInt64(a * b), mayFail: true };
      case '/':
        return { type: 'decimal', fn: (a: bigint, b: bigint) => Dec.of(a).div(Dec.of(b)), mayFail: false };
    }
  }
  if (num(l) && num(r)) {
    const f = {
      '+': (a: Dec, b: Dec) => a.plus(b),
      '-': (a: Dec, b: Dec) => a.minus(b),
      '*': (a: Dec, b: Dec) => a.times(b),
      '/': (a: Dec, b: Dec) => a.div(b),
    }[op];
    return { type: 'decimal', fn: (a: bigint | Dec, b: bigint | Dec) => f(toDec(a), toDec(b)), mayFail: false };
  }
  if (l === 'date' && r === 'int' && (op === '+' || op === '-')) {
    const s = op === '+' ? 1 : -1;
    return { type: 'date', fn: (a: number, b: bigint) => date(a + s * Number(b)), mayFail: false };
  }
  if (l === 'int' && r === 'date' && op === '+') return { type: 'date', fn: (a: bigint, b: number) => date(b + Number(a)), mayFail: false };
  if (l === 'date' && r === 'date' && op === '-') return { type: 'int', fn: (a: number, b: number) => BigInt(a - b), mayFail: false };
  if (l === 'date' && r === 'interval' && (op === '+' || op === '-')) {
    const s = op === '+' ? 1 : -1;
    return { type: 'date', fn: (a: number, b: Interval) => addInterval(a, b, s), mayFail: false };
  }
  if (l === 'interval' && r === 'date' && op === '+') return { type: 'date', fn: (a: Interval, b: number) => addInterval(b, a, 1), mayFail: false };
  if (l === 'interval' && r === 'interval' && (op === '+' || op === '-')) {
    return { type: 'interval', fn: op === '+' ? addIntervals : subIntervals, mayFail: true };
  }
  if (l === 'str' && r === 'str' && op === '+') return { type: 'str', fn: (a: string, b: string) => a + b, mayFail: false };
  if (l === 'amount' && num(r) && (op === '*' || op === '/')) {
    return {
      type: 'amount',
      fn: (a: Amount, b: bigint | Dec) => {
        const n = op === '*' ? a.number.times(toDec(b)) : a.number.div(toDec(b));
        return n === null ? null : { number: n, currency: a.currency };
      },
      mayFail: false,
    };
  }
  if (num(l) && r === 'amount' && op === '*') {
    return { type: 'amount', fn: (a: bigint | Dec, b: Amount) => ({ number: toDec(a).times(b.number), currency: b.currency }), mayFail: false };
  }
  if (l === 'amount' && r === 'amount' && (op === '+' || op === '-')) {
    return {
      type: 'amount',
      fn: (a: Amount, b: Amount) => {
        sameCurrency(a, b);
        return { number: op === '+' ? a.number.plus(b.number) : a.number.minus(b.number), currency: a.currency };
      },
      mayFail: true,
    };
  }
  return null;
}

/** Unary minus for its types (position keeps its cost), or null. */
export function unaryMinus(t: TypeName): ((v: any) => unknown) | null {
  switch (t) {
    case 'null':
      return () => null;
    case 'int':
      return (v: bigint) => checkInt64(-v);
    case 'decimal':
      return (v: Dec) => v.neg();
    case 'amount':
      return (v: Amount) => ({ number: v.number.neg(), currency: v.currency });
    case 'position':
      return (v: Position) => ({ units: { number: v.units.number.neg(), currency: v.units.currency }, cost: v.cost });
    case 'inventory':
      return (v: Inventory) => v.neg();
  }
  return null;
}
