/**
 * Graph bins (spec 1, statistic rule 3): one per day, per Monday-Sunday week or per calendar
 * month, named by its first day. The first and last bin may reach outside the range. Counting
 * comes before building, so a request for too many points is refused without allocating them.
 */
import { civilFromDays, daysFromCivil, weekday, type DayNum } from '../../../engine/dates';
import type { GraphInterval } from '../../../engine/api-types';

/** Spec 1 "Limits": graph points. */
export const MAX_GRAPH_POINTS = 50_000;

/** The interval text report.net_worth_trend takes for each bin size. */
export const INTERVAL_TEXT: Record<GraphInterval, string> = { day: '1 day', week: '1 week', month: '1 month' };

/** First day of the bin holding `day`. */
export function binStart(interval: GraphInterval, day: DayNum): DayNum {
  if (interval === 'day') return day;
  if (interval === 'week') return day - weekday(day);
  const [y, m] = civilFromDays(day);
  return daysFromCivil(y, m, 1);
}

/** First day of the bin after the one starting at `start`. */
export function nextBin(interval: GraphInterval, start: DayNum): DayNum {
  if (interval === 'day') return start + 1;
  if (interval === 'week') return start + 7;
  const [y, m] = civilFromDays(start);
  return m === 12 ? daysFromCivil(y + 1, 1, 1) : daysFromCivil(y, m + 1, 1);
}

/** Number of bins touching [from, to], without building them. */
export function binCount(interval: GraphInterval, from: DayNum, to: DayNum): number {
  if (interval === 'day') return to - from + 1;
  if (interval === 'week') return (binStart('week', to) - binStart('week', from)) / 7 + 1;
  const [y1, m1] = civilFromDays(from);
  const [y2, m2] = civilFromDays(to);
  return (y2 - y1) * 12 + (m2 - m1) + 1;
}

/** Bin starts touching [from, to], ascending. */
export function binStarts(interval: GraphInterval, from: DayNum, to: DayNum): DayNum[] {
  const out: DayNum[] = [];
  for (let b = binStart(interval, from); b <= to; b = nextBin(interval, b)) out.push(b);
  return out;
}

/** The day a bin is valued at: its last day, but not after `to`. */
export function valuationDay(interval: GraphInterval, start: DayNum, to: DayNum): DayNum {
  const last = nextBin(interval, start) - 1;
  return last < to ? last : to;
}
