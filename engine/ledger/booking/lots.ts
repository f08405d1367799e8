/**
 * Lot booking of one posting held at cost (spec "Lot booking"):
 * 1. a posting whose sign is opposite to an open lot of its currency reduces lots; the cost fields
 *    written (number, currency, date, label) must match, unwritten ones match anything;
 * 2. matching lots are taken oldest first (FIFO) or newest first (LIFO); STRICT accepts several
 *    matches only when the posting takes all of them in full, else reports AmbiguousLotMatch and
 *    books oldest first; a reduction spanning lots gives one row per lot;
 * 3. any other posting at cost opens a lot (dated by the transaction unless a date is written) or
 *    adds to an identical one; `{}` joins the first lot the account holds in that currency; a
 *    cost with a date or label but no number takes the interpolated per-unit cost (Beancount);
 * 4. what the lots do not cover is NoEnoughCommodityLot and is booked as an augmentation, without
 *    cost when no cost number is written;
 * 5. total cost `{{..}}` is divided by the units to 28 significant digits;
 * 6. NONE (Beancount) matches nothing: every posting at cost is an augmentation, `{}` included
 *    (its cost number interpolated); AVERAGE augments normally and reports each reduction as
 *    bean-check 2.3.5 does ("AVERAGE method is not supported"), booking it FIFO.
 * "Oldest" is the lot date, then the order lots were opened; "newest" the reverse of both.
 */
import { Dec } from '../../decimal';
import { formatDate, type DayNum } from '../../dates';
import type { Cost } from '../snapshot';
import type { WorkCost, WorkPosting } from './categorize';
import type { Holdings, Lot } from './holdings';
import { firstAtOrAfter } from '../shared';

export type Method = 'FIFO' | 'LIFO' | 'STRICT' | 'NONE' | 'AVERAGE';

export interface LotRow {
  units: Dec;
  cost: Cost | null;
  /** Taken from an existing lot (not an augmentation). */
  reduces?: boolean;
  /** The existing lot the row reduces or joins, if any. */
  lot?: Lot;
}

export interface LotBooking {
  rows: LotRow[];
  /** Set when STRICT found several matching lots it could not take in full (text of the lots). */
  ambiguous: string | null;
  /** Units the lots did not cover (booked as an augmentation), or null. */
  uncovered: Dec | null;
  /** Augmentation without a cost number and no lot to join: the per-unit cost is to be inferred. */
  needsCostNumber: boolean;
  /** A reduction under AVERAGE, which Beancount 2.3.5 refuses ("not supported"): booked FIFO here. */
  averageReduction: boolean;
}

/**
 * Lots already reduced by earlier postings of the same transaction (delta per lot): a transaction
 * is committed to the holdings only once it is fully booked, and may still be rejected.
 */
export type Pending = Map<Lot, Dec>;

export function costNumber(spec: WorkCost, units: Dec): Dec | null {
  if (spec.total !== null) {
    const n = units.abs();
    if (n.isZero()) return null;
    const total = spec.perUnit !== null ? spec.total.plus(spec.perUnit.times(n)) : spec.total;
    return total.div(n);
  }
  return spec.perUnit;
}

function remaining(lot: Lot, pending: Pending): Dec {
  // Most reductions are the first of their transaction: nothing pending to look up.
  if (pending.size === 0) return lot.units;
  const d = pending.get(lot);
  return d ? lot.units.plus(d) : lot.units;
}

export function lotText(currency: string, units: Dec, cost: Cost): string {
  return `${units} ${currency} {${cost.number} ${cost.currency}, ${formatDate(cost.date)}${cost.label !== null ? ', "' + cost.label + '"' : ''}}`;
}

export function bookAtCost(w: WorkPosting, units: Dec, holdings: Holdings | undefined, method: Method, txnDate: DayNum, pending: Pending): LotBooking {
  const spec = w.cost!;
  const perUnit = costNumber(spec, units);
  const sign = units.sign();
  const out: LotBooking = { rows: [], ambiguous: null, uncovered: null, needsCostNumber: false, averageReduction: false };
  const lots = holdings ? holdings.lotsOf(w.currency) : NO_LOTS;

  // Reducing: some lot is held with the opposite sign (and not used up earlier in the transaction).
  // NONE never reduces (Beancount's booking_full: every posting is added as written, so lots of
  // both signs may coexist).
  let reducing = false;
  if (method !== 'NONE' && sign !== 0 && holdings && holdings.hasLotOfSign(w.currency, sign > 0 ? -1 : 1)) {
    for (const lot of lots) {
      if (remaining(lot, pending).sign() === -sign) {
        reducing = true;
        break;
      }
    }
  }

  if (!reducing) {
    if (perUnit !== null || !spec.noNumber) {
      out.rows.push({ units, cost: specCost(spec, perUnit, txnDate) });
      return out;
    }
    // `{}` augmentation: join the first (oldest) lot of the currency (spec). A cost written with
    // only a date or label (`{2019-12-29}`) is Beancount's missing cost number instead: the
    // per-unit cost that balances the transaction is interpolated, never an older lot's cost
    // (bean-check books `10 ABC {2019-12-29}` against -50.00 USD at 5.00 USD).
    if (spec.date === null && spec.label === null && method !== 'NONE') {
      for (const lot of lots) {
        if (matches(lot.cost, spec, null)) {
          out.rows.push({ units, cost: lot.cost, lot });
          return out;
        }
      }
    }
    out.needsCostNumber = true;
    return out;
  }

  const want = units.abs();
  out.averageReduction = method === 'AVERAGE';
  // Only lots of the written date can fit: lots are held sorted by date, so they are one run of
  // the list. An account that bought every week for years holds thousands of lots, and a sale
  // naming its lot walked all of them (STRICT counts every fitting lot).
  const lo = spec.date === null ? 0 : firstAtOrAfter(lots, spec.date, lotDate);
  const hi = spec.date === null ? lots.length : firstAtOrAfter(lots, spec.date + 1, lotDate);
  if (method === 'STRICT') {
    let count = 0;
    let total = Dec.ZERO;
    for (let j = lo; j < hi; j++) {
      const l = lots[j];
      if (!fits(l, pending, sign, spec, perUnit)) continue;
      count++;
      total = total.plus(remaining(l, pending).abs());
    }
    if (count > 1 && !total.eq(want)) {
      out.ambiguous = lots
        .slice(lo, hi)
        .filter((l) => fits(l, pending, sign, spec, perUnit))
        .map((l) => lotText(l.currency, remaining(l, pending), l.cost))
        .join(', ');
    }
  }
  // Lots are held oldest first: FIFO (and STRICT) walks forward, LIFO backward, stopping once covered.
  let left = want;
  const n = hi - lo;
  const taken: Lot[] = [];
  for (let j = 0; j < n && left.isPos(); j++) {
    const lot = lots[method === 'LIFO' ? hi - 1 - j : lo + j];
    if (!fits(lot, pending, sign, spec, perUnit)) continue;
    const have = remaining(lot, pending).abs();
    const take = have.cmp(left) <= 0 ? have : left;
    const signed = sign < 0 ? take.neg() : take;
    out.rows.push({ units: signed, cost: lot.cost, reduces: true, lot });
    taken.push(lot);
    left = left.minus(take);
  }
  // Recorded after the walk so that `fits` above sees the lots as they were before this posting.
  for (let j = 0; j < taken.length; j++) pending.set(taken[j], (pending.get(taken[j]) ?? Dec.ZERO).plus(out.rows[j].units));
  if (left.isPos()) {
    const rest = sign < 0 ? left.neg() : left;
    out.uncovered = rest;
    out.rows.push({ units: rest, cost: specCost(spec, perUnit, txnDate) });
  }
  return out;
}

const NO_LOTS: readonly Lot[] = Object.freeze([]);

const lotDate = (l: Lot) => l.cost.date;

/** The cost of a new lot as written (the transaction date when none is written). */
function specCost(spec: WorkCost, perUnit: Dec | null, txnDate: DayNum): Cost | null {
  return perUnit === null ? null : { number: perUnit, currency: spec.currency, date: spec.date ?? txnDate, label: spec.label };
}

/** Can the posting take from this lot? (Held with the opposite sign, cost fields as written.) */
function fits(lot: Lot, pending: Pending, sign: number, spec: WorkCost, perUnit: Dec | null): boolean {
  // The cost fields first: a sale naming its lot's cost and date rules out every other lot of an
  // account that bought for decades without touching the pending reductions.
  return matches(lot.cost, spec, perUnit) && remaining(lot, pending).sign() === -sign;
}

/** Do the written cost fields match a lot's cost? (`perUnit` is the written number, if any.) */
function matches(cost: Cost, spec: WorkCost, perUnit: Dec | null): boolean {
  // Cheapest comparisons first: the date alone rules out most lots of a long-held account.
  if (spec.date !== null && cost.date !== spec.date) return false;
  if (cost.currency !== spec.currency) return false;
  if (spec.label !== null && cost.label !== spec.label) return false;
  return perUnit === null || cost.number.eq(perUnit);
}
