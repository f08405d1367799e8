/**
 * The columns of a statement (issue 16 §2): a time range cut at calendar years, quarters, months
 * or Monday-start weeks, as Fava's interval reports. Ranges are `begin` included to `end`
 * excluded, the time filter's convention; the first and last column are clipped to the range.
 */
import { addMonths, civilFromDays, daysFromCivil, formatDate, weekday, type DayNum } from '../dates';

export type Interval = 'year' | 'quarter' | 'month' | 'week';

export const INTERVALS: readonly Interval[] = ['year', 'quarter', 'month', 'week'];

/*
 * A weekly report over ten years would be 520 columns, each one query; beyond this many the
 * endpoint answers 400 and asks for a longer interval or a shorter time (Fava has no cap but
 * renders such a table unreadably wide).
 */
export const MAX_COLUMNS = 120;

export interface Period {
  begin: DayNum;
  end: DayNum;
  /** '2024', '2024-Q1', '2024-03', '2024-W10' (ISO week), or the range for a single column. */
  label: string;
}

/** First day of the interval holding `day`. */
export function intervalStart(interval: Interval, day: DayNum): DayNum {
  const [y, m] = civilFromDays(day);
  switch (interval) {
    case 'year':
      return daysFromCivil(y, 1, 1);
    case 'quarter':
      return daysFromCivil(y, m - ((m - 1) % 3), 1);
    case 'month':
      return daysFromCivil(y, m, 1);
    case 'week':
      // weekday(): Monday 0.
      return day - weekday(day);
  }
}

/** First day of the next interval (null past 9999). */
function nextStart(interval: Interval, start: DayNum): DayNum | null {
  switch (interval) {
    case 'year':
      return addMonths(start, 12);
    case 'quarter':
      return addMonths(start, 3);
    case 'month':
      return addMonths(start, 1);
    case 'week':
      return start + 7;
  }
}

/** ISO 8601 week-numbering year and week of a day. */
function isoWeek(day: DayNum): [number, number] {
  const thursday = day - weekday(day) + 3;
  const [y] = civilFromDays(thursday);
  return [y, Math.floor((thursday - daysFromCivil(y, 1, 1)) / 7) + 1];
}

export function intervalLabel(interval: Interval, start: DayNum): string {
  const [y, m] = civilFromDays(start);
  const yy = String(y).padStart(4, '0');
  switch (interval) {
    case 'year':
      return yy;
    case 'quarter':
      return `${yy}-Q${Math.floor((m - 1) / 3) + 1}`;
    case 'month':
      return `${yy}-${String(m).padStart(2, '0')}`;
    case 'week': {
      const [wy, w] = isoWeek(start);
      return `${String(wy).padStart(4, '0')}-W${String(w).padStart(2, '0')}`;
    }
  }
}

/** The range as its first and last day, for a single column. */
export function rangeLabel(begin: DayNum, end: DayNum): string {
  return end - 1 <= begin ? formatDate(begin) : `${formatDate(begin)} – ${formatDate(end - 1)}`;
}

/**
 * The periods of [begin, end): one per interval touching the range, clipped to it; without an
 * interval the range itself. Returns null when there would be more than MAX_COLUMNS.
 */
export function splitRange(begin: DayNum, end: DayNum, interval: Interval | null): Period[] | null {
  if (interval === null || end <= begin) return [{ begin, end, label: rangeLabel(begin, end) }];
  const out: Period[] = [];
  for (let start = intervalStart(interval, begin); start < end; ) {
    if (out.length === MAX_COLUMNS) return null;
    const next = nextStart(interval, start) ?? end;
    out.push({ begin: Math.max(start, begin), end: Math.min(next, end), label: intervalLabel(interval, start) });
    start = next;
  }
  return out;
}
