/**
 * Ledger options (`option "name" "value"`) read into typed settings with their defaults.
 * Unknown options are kept in `raw` without complaint: the zhang format has options of its own
 * and Beancount's loader tolerates plugin options too.
 */
import { IANAZone } from 'luxon';
import { Dec } from '../decimal';
import type { OptionAst } from './ast';
import { Errors, type LedgerError } from './errors';
import { machineZone } from './machine-zone';
import type { LedgerOptions } from './snapshot';

export const BOOKING_METHODS = ['STRICT', 'FIFO', 'LIFO', 'NONE', 'AVERAGE', 'AVERAGE_ONLY'] as const;
/** Methods the engine books with; the others are reported and replaced by the default. */
export const SUPPORTED_BOOKING = new Set(['STRICT', 'FIFO', 'LIFO', 'NONE', 'AVERAGE']);
/** The spec's default (Beancount's own default is STRICT). */
export const DEFAULT_BOOKING = 'FIFO';

/** Same shape the query engine and the period clauses accept: capitalised components, no spaces. */
const ACCOUNT_PART_RE = /^[\p{Lu}\p{Nd}][\p{L}\p{Nd}-]*$/u;

export { machineZone } from './machine-zone';

function validAccountTail(value: string): boolean {
  return value.length > 0 && value.split(':').every((p) => ACCOUNT_PART_RE.test(p));
}

export function readOptions(options: OptionAst[], errors: LedgerError[], defaultZone = machineZone()): LedgerOptions {
  const out: LedgerOptions = {
    title: null,
    operatingCurrencies: [],
    timezone: defaultZone,
    bookingMethod: DEFAULT_BOOKING,
    inferredToleranceDefault: new Map(),
    inferredToleranceMultiplier: Dec.of('0.5'),
    accountPreviousBalances: 'Equity:Opening-Balances',
    accountPreviousEarnings: 'Equity:Earnings:Previous',
    accountPreviousConversions: 'Equity:Conversions:Previous',
    accountCurrentEarnings: 'Equity:Earnings:Current',
    accountCurrentConversions: 'Equity:Conversions:Current',
    conversionCurrency: 'NOTHING',
    raw: [],
  };
  for (const o of options) {
    out.raw.push([o.name, o.value]);
    const site = { src: o.src, date: null };
    const bad = (why: string) => errors.push(Errors.invalidOption(site, o.name, o.value, why));
    switch (o.name) {
      case 'title':
        out.title = o.value;
        break;
      case 'operating_currency':
        if (!out.operatingCurrencies.includes(o.value)) out.operatingCurrencies.push(o.value);
        break;
      case 'timezone':
        if (IANAZone.isValidZone(o.value)) out.timezone = o.value;
        else bad(`not a known IANA time zone; ${out.timezone} is used`);
        break;
      case 'booking_method': {
        const m = o.value.trim().toUpperCase();
        if (SUPPORTED_BOOKING.has(m)) out.bookingMethod = m;
        else if ((BOOKING_METHODS as readonly string[]).includes(m)) bad(`booking method ${m} is not supported; ${out.bookingMethod} is used`);
        else bad(`unknown booking method; ${out.bookingMethod} is used`);
        break;
      }
      case 'inferred_tolerance_default': {
        // Beancount form: CURRENCY:NUMBER, `*` for every currency.
        const i = o.value.lastIndexOf(':');
        const num = i > 0 ? Dec.parse(o.value.slice(i + 1).trim()) : null;
        if (!num || num.isNeg()) bad('expected CURRENCY:NUMBER, e.g. USD:0.005');
        else out.inferredToleranceDefault.set(o.value.slice(0, i).trim(), num);
        break;
      }
      case 'inferred_tolerance_multiplier': {
        const num = Dec.parse(o.value.trim());
        if (!num || num.isNeg()) bad('expected a non-negative number');
        else out.inferredToleranceMultiplier = num;
        break;
      }
      case 'account_previous_balances':
      case 'account_previous_earnings':
      case 'account_previous_conversions':
      case 'account_current_earnings':
      case 'account_current_conversions': {
        // Spec: the value is the part after `Equity:`; an invalid name is ignored and the default kept.
        if (!validAccountTail(o.value)) break;
        const full = 'Equity:' + o.value;
        if (o.name === 'account_previous_balances') out.accountPreviousBalances = full;
        else if (o.name === 'account_previous_earnings') out.accountPreviousEarnings = full;
        else if (o.name === 'account_previous_conversions') out.accountPreviousConversions = full;
        else if (o.name === 'account_current_earnings') out.accountCurrentEarnings = full;
        else out.accountCurrentConversions = full;
        break;
      }
      case 'conversion_currency':
        if (o.value.trim()) out.conversionCurrency = o.value.trim();
        break;
    }
  }
  return out;
}
