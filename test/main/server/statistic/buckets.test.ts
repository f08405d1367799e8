/** Graph bins: Monday-Sunday weeks and calendar months named by their first day, counted without building. */
import { describe, expect, it } from 'vitest';
import { formatDate, parseDate } from '../../../../engine/dates';
import { binCount, binStart, binStarts, valuationDay } from '../../../../main/server/statistic/buckets';

const d = (s: string) => parseDate(s)!;
const names = (days: number[]) => days.map(formatDate);

describe('graph bins', () => {
  it('weeks start on Monday and may reach outside the range', () => {
    // 2024-02-28 is a Wednesday, 2024-03-12 a Tuesday
    expect(names(binStarts('week', d('2024-02-28'), d('2024-03-12')))).toEqual(['2024-02-26', '2024-03-04', '2024-03-11']);
    expect(binCount('week', d('2024-02-28'), d('2024-03-12'))).toBe(3);
    expect(formatDate(binStart('week', d('2024-03-03')))).toBe('2024-02-26'); // a Sunday ends its week
  });

  it('months start on the 1st, across a year end', () => {
    expect(names(binStarts('month', d('2023-11-30'), d('2024-02-01')))).toEqual(['2023-11-01', '2023-12-01', '2024-01-01', '2024-02-01']);
    expect(binCount('month', d('2023-11-30'), d('2024-02-01'))).toBe(4);
  });

  it('days: one per day, both ends included', () => {
    expect(binCount('day', d('2024-02-27'), d('2024-03-01'))).toBe(4);
    expect(names(binStarts('day', d('2024-02-28'), d('2024-03-01')))).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('a bin is valued at its last day, but not after to', () => {
    expect(formatDate(valuationDay('month', d('2024-02-01'), d('2024-12-31')))).toBe('2024-02-29');
    expect(formatDate(valuationDay('month', d('2024-02-01'), d('2024-02-10')))).toBe('2024-02-10');
    expect(formatDate(valuationDay('week', d('2024-02-26'), d('2024-12-31')))).toBe('2024-03-03');
  });
});
