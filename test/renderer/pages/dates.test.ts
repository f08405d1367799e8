import { describe, expect, it } from 'vitest';
import { addMonths, isDateText, monthEnd, monthLabel, monthStart, pickMonth, todayText, yearStart } from '../../../renderer/components/page/dates';

describe('page dates', () => {
  it('defaults the budget month to the current month', () => {
    expect(pickMonth(undefined, '2026-11-21')).toBe('2026-11-01');
    expect(pickMonth('garbage', '2026-11-21')).toBe('2026-11-01');
    expect(pickMonth('2026-13', '2026-11-21')).toBe('2026-11-01');
    expect(pickMonth('2026-02-30', '2026-11-21')).toBe('2026-11-01');
  });

  it('reads a month from the URL as YYYY-MM or any day of it', () => {
    expect(pickMonth('2024-02', '2026-11-21')).toBe('2024-02-01');
    expect(pickMonth('2024-02-29', '2026-11-21')).toBe('2024-02-01');
  });

  it('steps months across years', () => {
    expect(addMonths('2024-12-01', 1)).toBe('2025-01-01');
    expect(addMonths('2024-01-31', -1)).toBe('2023-12-01');
    expect(addMonths('2024-03-15', -14)).toBe('2023-01-01');
  });

  it('knows month ends and leap years', () => {
    expect(monthEnd('2024-02-10')).toBe('2024-02-29');
    expect(monthEnd('2100-02-01')).toBe('2100-02-28');
    expect(monthEnd('2000-02-01')).toBe('2000-02-29');
    expect(monthEnd('2024-04-01')).toBe('2024-04-30');
    expect(isDateText('2023-02-29')).toBe(false);
    expect(isDateText('2024-02-29')).toBe(true);
  });

  it('formats the local day, the month start, the year start and a month label', () => {
    expect(todayText(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(monthStart('2026-07-19')).toBe('2026-07-01');
    expect(yearStart('2026-07-19')).toBe('2026-01-01');
    expect(monthLabel('2026-10-01')).toBe('October 2026');
  });
});
