import { describe, expect, it } from 'vitest';
import { tickLabel, timeAxis } from '../../../renderer/charts/time-axis';
import { dayNumber, dayText } from '../../../renderer/lib/day-number';

const axisOf = (a: string, b: string, max?: number) => {
  const ax = timeAxis(dayNumber(a), dayNumber(b), max);
  return { unit: ax.unit, ticks: ax.ticks.map(dayText), min: dayText(ax.min), max: dayText(ax.max) };
};

describe('timeAxis', () => {
  it('spans exactly the data: weekly net worth of 2026 ends at the last week, not a month later', () => {
    const a = axisOf('2025-12-29', '2026-11-23');
    expect([a.min, a.max]).toEqual(['2025-12-29', '2026-11-23']);
    // Month starts 2026-01..2026-11 are 11 > 8: quarter starts.
    expect(a.unit).toBe('quarter');
    expect(a.ticks).toEqual(['2026-01-01', '2026-04-01', '2026-07-01', '2026-10-01']);
  });
  it('uses month starts when they fit', () => {
    const a = axisOf('2026-01-15', '2026-05-20');
    expect(a.unit).toBe('month');
    expect(a.ticks).toEqual(['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01']);
  });
  it('includes a boundary that is the first day itself', () => {
    expect(axisOf('2026-01-01', '2026-03-31').ticks).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });
  it('uses half years, then years, then multi-year steps on round years', () => {
    expect(axisOf('2024-02-10', '2026-12-01')).toMatchObject({ unit: 'half', ticks: ['2024-07-01', '2025-01-01', '2025-07-01', '2026-01-01', '2026-07-01'] });
    expect(axisOf('2018-03-01', '2026-11-01').ticks).toEqual(['2019-01-01', '2020-01-01', '2021-01-01', '2022-01-01', '2023-01-01', '2024-01-01', '2025-01-01', '2026-01-01']);
    expect(axisOf('1990-06-01', '2026-11-01')).toMatchObject({ unit: 'year', ticks: ['1995-01-01', '2000-01-01', '2005-01-01', '2010-01-01', '2015-01-01', '2020-01-01', '2025-01-01'] });
  });
  it('falls back to Mondays and days inside one month', () => {
    // 2026-03-02 is a Monday.
    expect(axisOf('2026-03-01', '2026-03-25')).toMatchObject({ unit: 'week', ticks: ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'] });
    expect(axisOf('2026-03-03', '2026-03-06')).toMatchObject({ unit: 'day', ticks: ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'] });
  });
  it('a single date is its own tick; reversed bounds are swapped', () => {
    expect(axisOf('2026-03-03', '2026-03-03').ticks).toEqual(['2026-03-03']);
    expect(axisOf('2026-05-20', '2026-01-15').min).toBe('2026-01-15');
  });
  it('labels ticks by their unit', () => {
    const d = dayNumber('2026-04-01');
    expect([tickLabel(d, 'year'), tickLabel(d, 'quarter'), tickLabel(d, 'week')]).toEqual(['2026', '2026-04', '2026-04-01']);
  });
});
