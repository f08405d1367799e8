/**
 * least / greatest (document 2 "Functions", Comparison): generic over T in bool, int, decimal,
 * str, date; int and decimal compare as numbers (the resolver makes T decimal and widens ints).
 * On equal values the first argument is returned.
 */
import { typeOfValue, type Value } from '../types';
import { compareValues } from '../values';
import { scalar } from './declare';
import type { ScalarOverload } from './registry';

function cmp(a: Value, b: Value): number {
  // bigint and Dec compare numerically under either numeric type name.
  return compareValues(typeOfValue(a), a, b);
}

export const COMPARISON: readonly ScalarOverload[] = [
  scalar('least(T, T) -> T', 'smaller of two values, first if equal', ([a, b]: [Value, Value]) => (cmp(b, a) < 0 ? b : a)),
  scalar('greatest(T, T) -> T', 'larger, first if equal', ([a, b]: [Value, Value]) => (cmp(b, a) > 0 ? b : a)),
];
