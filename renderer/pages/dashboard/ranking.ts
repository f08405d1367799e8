/**
 * Rankings of an account type's breakdown and the words for an amount no price converts.
 *
 * Choices (spec silent, as Fava users expect): the largest absolute value first (so Income,
 * negative in the ledger, also ranks its biggest source first), ties by account name; rows whose
 * value is entirely unconvertible come last, since they have no place on the scale. An amount
 * that converts to nothing at all is named "not convertible", never "0.00 USD".
 */
import type { AccountTypeBreakdownRow, ValuedTotal } from '../../../engine/api-types';
import { Dec } from '../../../engine/decimal';
import { valuedText } from '../../components/page/format';

/** Zero after conversion while some units had no price: the value is unknown, not zero. */
export function onlyUnconverted(v: ValuedTotal): boolean {
  return v.unconverted.length > 0 && (Dec.parse(v.number)?.isZero() ?? false);
}

/** `1,234.00 USD`, or `not convertible` when nothing converted. */
export function convertedText(v: ValuedTotal): string {
  return onlyUnconverted(v) ? 'not convertible' : valuedText(v);
}

export function rankRows<T extends AccountTypeBreakdownRow>(rows: readonly T[]): T[] {
  const key = (r: T) => (Dec.parse(r.number) ?? Dec.ZERO).abs();
  return [...rows].sort((a, b) => {
    const ua = onlyUnconverted(a);
    const ub = onlyUnconverted(b);
    if (ua !== ub) return ua ? 1 : -1;
    const c = key(b).cmp(key(a));
    return c !== 0 ? c : a.account < b.account ? -1 : a.account > b.account ? 1 : 0;
  });
}
