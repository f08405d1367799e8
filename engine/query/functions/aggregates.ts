/**
 * Aggregate functions (document 2 "Functions", Aggregates). They see every row of a group in
 * ledger order and skip NULL arguments; a group of only NULLs sums to 0 (or an empty
 * inventory), and first/last/min/max give NULL.
 */
import { Dec } from '../../decimal';
import type { Amount, Position } from '../../ledger/snapshot';
import { Inventory } from '../inventory';
import { checkInt64, typeOfValue, type TypeName, type Value } from '../types';
import { compareValues } from '../values';
import { aggregate } from './declare';
import type { AggregateOverload } from './registry';

/**
 * Values kept across rows are snapshotted: an inventory argument may be the executor's live
 * running balance, which keeps changing after this row (clone is O(1), copy-on-write).
 */
const keep = (x: Value): Value => (x instanceof Inventory ? x.clone() : x);

interface Box<T> {
  v: T;
}

interface Pick {
  has: boolean;
  v: Value;
  type: TypeName;
}

/** min/max over `any`: the value's type is read from the value (the first non-NULL one). */
function extreme(sign: 1 | -1) {
  return {
    init: (): Pick => ({ has: false, v: null, type: 'null' }),
    step(s: Pick, [x]: Value[]) {
      if (x === null) return;
      if (!s.has) {
        s.has = true;
        s.v = keep(x);
        s.type = typeOfValue(x);
        return;
      }
      if (s.type === 'set' && typeOfValue(x) === 'metas') s.type = 'metas'; // an empty first list
      // Strictly smaller (larger) replaces: the first of equal values is kept.
      if (sign * compareValues(s.type, x, s.v) < 0) s.v = keep(x);
    },
    finish: (s: Pick) => s.v,
  };
}

function inventorySum(add: (inv: Inventory, x: any) => void) {
  return {
    init: (): Inventory => new Inventory(),
    step(inv: Inventory, [x]: Value[]) {
      if (x !== null) add(inv, x);
    },
    finish: (inv: Inventory) => inv,
  };
}

/**
 * A running decimal sum as a scaled integer at the largest scale seen (what chaining Dec.plus
 * from 0 gives: same number, same places) without a new Dec per row. The scaled integer is a JS
 * number while it is a safe integer (every operand and result checked, so a float operation is
 * only kept when it is exact), else a bigint.
 */
export interface DecSum {
  n: number;
  big: bigint | null;
  dp: number;
}

const POW10N: number[] = Array.from({ length: 16 }, (_, i) => 10 ** i);
const POW10B: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10b = (k: number): bigint => (k < POW10B.length ? POW10B[k] : 10n ** BigInt(k));
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Adds x / 10^dx when both the sum and x fit in safe integers at the larger places; false (the
 * sum unchanged) otherwise. The flat columns' numbers (execute/group.ts) come here directly.
 */
export function addSafeScaled(s: DecSum, x: number, dx: number): boolean {
  if (s.big !== null) return false;
  let a = s.n;
  let b = x;
  const k = s.dp - dx;
  if (k > 0 && k < POW10N.length) b *= POW10N[k];
  else if (k < 0 && -k < POW10N.length) a *= POW10N[-k];
  if (k > -POW10N.length && k < POW10N.length && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) {
      s.n = sum;
      if (k < 0) s.dp = dx;
      return true;
    }
  }
  return false;
}

export function addScaled(s: DecSum, x: bigint, dx: number): void {
  if (s.big === null && x <= MAX_SAFE && x >= -MAX_SAFE && addSafeScaled(s, Number(x), dx)) return;
  const cur = s.big ?? BigInt(s.n);
  const k = s.dp - dx;
  const sum = k === 0 ? cur + x : k > 0 ? cur + x * pow10b(k) : cur * pow10b(-k) + x;
  if (k < 0) s.dp = dx;
  if (sum <= MAX_SAFE && sum >= -MAX_SAFE) {
    s.n = Number(sum);
    s.big = null;
  } else s.big = sum;
}

export const AGGREGATES: readonly AggregateOverload[] = [
  aggregate('count(*) -> int', 'number of rows of the group', {
    init: (): Box<bigint> => ({ v: 0n }),
    step(s: Box<bigint>) {
      s.v++;
    },
    finish: (s: Box<bigint>) => s.v,
  }),
  aggregate('count(any) -> int', 'rows with a non-NULL argument', {
    init: (): Box<bigint> => ({ v: 0n }),
    step(s: Box<bigint>, [x]: Value[]) {
      if (x !== null) s.v++;
    },
    finish: (s: Box<bigint>) => s.v,
  }),
  aggregate('sum(int) -> int', 'sum', {
    init: (): Box<bigint> => ({ v: 0n }),
    step(s: Box<bigint>, [x]: Value[]) {
      if (x !== null) s.v = checkInt64(s.v + (x as bigint));
    },
    finish: (s: Box<bigint>) => s.v,
  }),
  aggregate('sum(decimal) -> decimal', 'sum', {
    init: (): DecSum => ({ n: 0, big: null, dp: 0 }),
    step(s: DecSum, [x]: Value[]) {
      if (x === null) return;
      if (typeof x === 'bigint') addScaled(s, x, 0);
      else addScaled(s, (x as Dec).scaled, (x as Dec).dp);
    },
    finish: (s: DecSum) => Dec.fromScaled(s.big ?? s.n, s.dp),
  }),
  aggregate('sum(amount) -> inventory', 'sum per currency', inventorySum((inv, a: Amount) => inv.add(a))),
  aggregate(
    'sum(position) -> inventory',
    'sum of positions; same currency and same lot (number, currency, date, label) merge; different lots stay apart; zero positions are removed',
    inventorySum((inv, p: Position) => inv.add(p)),
  ),
  aggregate('sum(inventory) -> inventory', 'sum', inventorySum((inv, x: Inventory) => inv.addInventory(x))),
  aggregate('first(any) -> any', 'first non-NULL in ledger order (ORDER BY does not change it)', {
    init: (): Pick => ({ has: false, v: null, type: 'null' }),
    step(s: Pick, [x]: Value[]) {
      if (x !== null && !s.has) {
        s.has = true;
        s.v = keep(x);
      }
    },
    finish: (s: Pick) => s.v,
  }),
  aggregate('last(any) -> any', 'last non-NULL in ledger order', {
    init: (): Box<Value> => ({ v: null }),
    step(s: Box<Value>, [x]: Value[]) {
      if (x !== null) s.v = keep(x);
    },
    finish: (s: Box<Value>) => s.v,
  }),
  aggregate('min(any) -> any', 'smallest non-NULL in the order below', extreme(1)),
  aggregate('max(any) -> any', 'largest non-NULL', extreme(-1)),
];
