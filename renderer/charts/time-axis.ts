/**
 * A date axis that reads at a glance: it spans exactly the data (no padding months past the last
 * point) and its ticks fall on calendar boundaries: the first of a month, of a quarter, of a year,
 * or a Monday for short ranges, with the smallest step that keeps at most `maxTicks` ticks.
 * Chart.js's linear scale would pick round day numbers instead (ticks every 49 days on odd dates).
 *
 * Pure: day numbers in, day numbers and labels out, so the unit tests check the dates themselves.
 */
import { dayNumber, dayText } from '../lib/day-number';

export type TickUnit = 'day' | 'week' | 'month' | 'quarter' | 'half' | 'year';

export interface TimeAxis {
  min: number;
  max: number;
  unit: TickUnit;
  /** Day numbers of the ticks, ascending, all within [min, max]. */
  ticks: number[];
}

interface Step {
  unit: TickUnit;
  /** For month-based steps: months per tick; for year steps: years per tick; days otherwise. */
  every: number;
}

const STEPS: Step[] = [
  { unit: 'day', every: 1 },
  { unit: 'week', every: 7 },
  { unit: 'week', every: 14 },
  { unit: 'month', every: 1 },
  { unit: 'quarter', every: 3 },
  { unit: 'half', every: 6 },
  { unit: 'year', every: 1 },
  { unit: 'year', every: 2 },
  { unit: 'year', every: 5 },
  { unit: 'year', every: 10 },
  { unit: 'year', every: 25 },
  { unit: 'year', every: 50 },
  { unit: 'year', every: 100 },
];

/** Ticks of one step inside [min, max]. */
function ticksOf(step: Step, min: number, max: number): number[] {
  const out: number[] = [];
  const first = dayText(min);
  if (first === '') return out;
  if (step.unit === 'day' || step.unit === 'week') {
    // 1970-01-01 was a Thursday: day 4 is a Monday, so weeks align on Mondays.
    let d = step.unit === 'day' ? min : min + ((((4 - min) % 7) + 7) % 7);
    for (; d <= max; d += step.every) out.push(d);
    return out;
  }
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7)) - 1;
  const months = step.unit === 'year' ? 12 * step.every : step.every;
  if (step.unit === 'year') {
    // First year boundary at or after min that is a multiple of `every`.
    m = 0;
    if (first.slice(5) !== '01-01') y++;
    y = Math.ceil(y / step.every) * step.every;
  } else {
    // First boundary of the step at or after min: months 0, every, 2*every, ... of a year.
    if (first.slice(8) !== '01') m++;
    m = Math.ceil(m / months) * months;
  }
  for (;;) {
    y += Math.floor(m / 12);
    m %= 12;
    if (y > 9999) break;
    const d = dayNumber(`${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-01`);
    if (d > max) break;
    if (d >= min) out.push(d);
    m += months;
  }
  return out;
}

/**
 * The axis for data from `min` to `max` (day numbers). A single date gets that day as its only
 * tick. Chooses the finest step with at most `maxTicks` ticks; a step with no tick at all inside
 * the range (a range within one month) is passed over for a finer one; ranges of two months or
 * more never get day or week ticks.
 */
export function timeAxis(min: number, max: number, maxTicks = 8): TimeAxis {
  if (max < min) [min, max] = [max, min];
  if (min === max) return { min, max, unit: 'day', ticks: [min] };
  let fallback: TimeAxis | null = null;
  for (const step of STEPS) {
    // Two months or more read by months (quarters, years): weeks are for short ranges only.
    if ((step.unit === 'day' || step.unit === 'week') && max - min >= 59) continue;
    const ticks = ticksOf(step, min, max);
    if (ticks.length === 0) continue;
    const axis = { min, max, unit: step.unit, ticks };
    if (ticks.length <= maxTicks) return axis;
    fallback = axis;
  }
  return fallback ?? { min, max, unit: 'day', ticks: [min] };
}

/** The label of a tick: `2026` for year steps, `2026-04` for month steps, the date otherwise. */
export function tickLabel(day: number, unit: TickUnit): string {
  const t = dayText(day);
  if (unit === 'year') return t.slice(0, 4);
  if (unit === 'month' || unit === 'quarter' || unit === 'half') return t.slice(0, 7);
  return t;
}
