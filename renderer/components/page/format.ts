/**
 * Display text of the amounts the page endpoints send, on top of the shell's decimal formatting
 * (renderer/lib): never through a float.
 */
import type { AmountJson, ValuedTotal } from '../../../engine/api-types';
import { formatAmount } from '../../lib/cells';
import { isNegativeDecimal } from '../../lib/number-format';

export { formatAmount };

/** `80,857.06 USD`; the parts no price converts are listed by `unconvertedText`. */
export function valuedText(v: ValuedTotal): string {
  return formatAmount({ number: v.number, currency: v.currency });
}

/** `+ 100 VACHR, -18,500 IRAUSD not converted`, or '' when everything converts. */
export function unconvertedText(v: ValuedTotal): string {
  if (v.unconverted.length === 0) return '';
  return `${v.unconverted.map(formatAmount).join(', ')} not converted`;
}

export function amountsText(list: AmountJson[]): string {
  return list.length === 0 ? '0' : list.map(formatAmount).join(', ');
}

export function negative(a: AmountJson | string | null | undefined): boolean {
  if (a === null || a === undefined) return false;
  return isNegativeDecimal(typeof a === 'string' ? a : a.number);
}
