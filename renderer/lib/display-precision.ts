/**
 * Amounts are shown with their currency's display precision (GET /api/commodities/display: the
 * commodity directive's `precision`, else the places the ledger writes most often), rounded on the
 * decimal text itself, never through a float. Only text changes: values, CSV and charts stay exact.
 *
 * Choices (spec silent):
 * - Rounding is to the precision, and shorter numbers are padded to it (`5 USD` -> `5.00 USD`), as
 *   Fava prints, so columns of one currency line up.
 * - Per-unit costs and prices keep their exact places (a price of 0.00123 USD is not 0.00); plain
 *   decimal columns have no currency and stay exact too.
 * - Until the table arrives, and for a currency it does not list, numbers show as sent.
 */
import { shallowRef } from 'vue';
import type { CommodityDisplay, DisplayRounding } from '../../engine/api-types';
import { formatDecimal } from './number-format';

/** Reactive, so every figure rendered before the table arrived is written again once it does. */
const table = shallowRef<ReadonlyMap<string, CommodityDisplay>>(new Map());

export function setCommodityDisplays(list: readonly CommodityDisplay[]): void {
  table.value = new Map(list.map((d) => [d.currency, d]));
}

export function displayOf(currency: string): CommodityDisplay | undefined {
  return table.value.get(currency);
}

/** `1234.5`, `USD` -> `1,234.50` (with the currency's precision); unknown currency: as sent. */
export function formatNumberIn(text: string, currency: string): string {
  const d = table.value.get(currency);
  return formatDecimal(d === undefined ? text : roundDecimalText(text, d.precision, d.rounding));
}

/**
 * Rounds a decimal string to `places` decimals and pads it to exactly that many.
 * half_even: 0.125 -> 0.12, 0.135 -> 0.14; half_up: away from zero on a tie; half_down: toward zero.
 * A negative result that rounds to zero keeps no sign (`-0.001` -> `0.00`). Text that is not a
 * plain decimal comes back unchanged.
 */
export function roundDecimalText(text: string, places: number, rounding: DisplayRounding = 'half_even'): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (m === null || (m[2] === '' && (m[3] ?? '') === '')) return text;
  const negative = m[1] === '-';
  const intDigits = m[2] === '' ? '0' : m[2];
  const frac = m[3] ?? '';
  let kept = intDigits + frac.slice(0, places).padEnd(places, '0');
  const rest = frac.slice(places);
  if (rest !== '' && roundsUp(rest, lastDigit(kept), rounding)) kept = incrementDigits(kept);
  let intPart = kept.slice(0, kept.length - places).replace(/^0+(?=\d)/, '');
  if (intPart === '') intPart = '0';
  const fracPart = kept.slice(kept.length - places);
  const isZero = /^0*$/.test(intPart + fracPart);
  return (negative && !isZero ? '-' : '') + intPart + (places > 0 ? '.' + fracPart : '');
}

function lastDigit(digits: string): number {
  return digits.charCodeAt(digits.length - 1) - 48;
}

/** Whether dropping `rest` (the digits after the kept ones) rounds the magnitude up. */
function roundsUp(rest: string, last: number, rounding: DisplayRounding): boolean {
  const first = rest.charCodeAt(0) - 48;
  if (first > 5) return true;
  if (first < 5) return false;
  const tie = /^0*$/.test(rest.slice(1));
  if (!tie) return true;
  if (rounding === 'half_up') return true;
  if (rounding === 'half_down') return false;
  return last % 2 === 1;
}

/** `0999` -> `1000`, `99` -> `100`: +1 on a digit string. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') out[i] = '0';
    else {
      out[i] = String.fromCharCode(out[i].charCodeAt(0) + 1);
      return out.join('');
    }
  }
  return '1' + out.join('');
}
