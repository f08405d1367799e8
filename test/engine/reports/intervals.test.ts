import { describe, expect, it } from 'vitest';
import { formatDate, parseDate } from '../../../engine/dates';
import { MAX_COLUMNS, splitRange, type Interval } from '../../../engine/reports/intervals';

const day = (t: string) => parseDate(t)!;
const split = (b: string, e: string, i: Interval | null) =>
  splitRange(day(b), day(e), i)!.map((p) => `${p.label} ${formatDate(p.begin)}..${formatDate(p.end)}`);

describe('splitRange', () => {
  it('years and quarters, clipped to the range at both ends', () => {
    expect(split('2023-06-15', '2025-02-01', 'year')).toEqual([
      '2023 2023-06-15..2024-01-01',
      '2024 2024-01-01..2025-01-01',
      '2025 2025-01-01..2025-02-01',
    ]);
    expect(split('2024-02-10', '2024-07-01', 'quarter')).toEqual([
      '2024-Q1 2024-02-10..2024-04-01',
      '2024-Q2 2024-04-01..2024-07-01',
    ]);
  });

  it('months; an end on a boundary adds no empty column', () => {
    expect(split('2024-01-01', '2024-04-01', 'month')).toEqual([
      '2024-01 2024-01-01..2024-02-01',
      '2024-02 2024-02-01..2024-03-01',
      '2024-03 2024-03-01..2024-04-01',
    ]);
  });

  it('weeks start on Monday and carry the ISO week number (2024-12-30 is in 2025-W01)', () => {
    // 2024-12-25 is a Wednesday: its week began on Monday 2024-12-23 (2024-W52).
    expect(split('2024-12-25', '2025-01-08', 'week')).toEqual([
      '2024-W52 2024-12-25..2024-12-30',
      '2025-W01 2024-12-30..2025-01-06',
      '2025-W02 2025-01-06..2025-01-08',
    ]);
  });

  it('no interval: the range as one column, labelled by its first and last day', () => {
    expect(split('2024-01-01', '2025-01-01', null)).toEqual(['2024-01-01 – 2024-12-31 2024-01-01..2025-01-01']);
  });

  it('more than MAX_COLUMNS columns is refused (null)', () => {
    expect(splitRange(day('2000-01-01'), day('2010-01-01'), 'week')).toBeNull();
    expect(splitRange(day('2000-01-01'), day('2010-01-01'), 'month')).toHaveLength(MAX_COLUMNS);
  });
});
