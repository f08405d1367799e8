import { describe, expect, it } from 'vitest';
import type { Cell, ColumnType, QueryResult } from '../../../engine/api-types';
import { accountTree, bars, linePoints } from '../../../renderer/lib/chart-rule';
import { axisText, barConfig, barLabel, BELOW_ZERO, lineConfig, NEGATIVE, POSITIVE, treemapRecords, valueText } from '../../../renderer/charts/chart-config';
import { setCommodityDisplays } from '../../../renderer/lib/display-precision';
import { dayNumber, dayText } from '../../../renderer/lib/day-number';

function result(types: ColumnType[], rows: Cell[][]): QueryResult {
  return { columns: types.map((type, i) => ({ name: `c${i}`, type })), rows };
}

describe('treemapRecords', () => {
  it('groups leaves under their top-level box, deeper levels folded into the leaf name', () => {
    const r = result(['str', 'decimal'], [
      ['Expenses:Taxes:Y2024:Federal', '100.50'],
      ['Expenses:Taxes', '-2'],
      ['Expenses:Food', '7'],
      ['Expenses:Zero', '0.00'],
    ]);
    expect(treemapRecords(accountTree(r, null))).toEqual([
      { top: 'Taxes', leaf: 'Taxes', area: 2, exact: '-2', account: 'Expenses:Taxes' },
      { top: 'Taxes', leaf: 'Y2024:Federal', area: 100.5, exact: '100.50', account: 'Expenses:Taxes:Y2024:Federal' },
      { top: 'Food', leaf: 'Food', area: 7, exact: '7', account: 'Expenses:Food' },
    ]);
  });
  it('shows the own value of a skipped shared top level as a box of its own', () => {
    const r = result(['str', 'int'], [['Assets', 5], ['Assets:Cash', 1]]);
    expect(treemapRecords(accountTree(r, null)).map((x) => [x.top, x.leaf, x.exact])).toEqual([
      ['Assets', 'Assets', '5'],
      ['Cash', 'Cash', '1'],
    ]);
  });
});

describe('line and bar configurations', () => {
  it('hands Chart.js day numbers and floats, keeps the exact text for tooltips', () => {
    const r = result(['date', 'decimal'], [['2024-01-02', '0.1'], ['2024-01-02', '0.2'], ['2024-01-01', '12345678901234567.89']]);
    const cfg = lineConfig(linePoints(r, null), null);
    expect(cfg.data.datasets[0].data).toEqual([
      { x: dayNumber('2024-01-01'), y: 12345678901234567.89 },
      { x: dayNumber('2024-01-02'), y: 0.3 },
    ]);
  });
  it('names NULL and empty labels in words; below zero is a darker blue, never the red of bad news', () => {
    const r = result(['str', 'int'], [[null, -1], ['', 2]]);
    const cfg = barConfig(bars(r, null), null);
    expect(cfg.data.labels).toEqual(['(none)', '(empty)']);
    expect(cfg.data.datasets[0].backgroundColor).toEqual([BELOW_ZERO, POSITIVE]);
    expect(cfg.data.datasets[0].backgroundColor).not.toContain(NEGATIVE);
    expect(barLabel('x')).toBe('x');
  });
});

describe('day numbers', () => {
  it('round-trips dates, including years before 100', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayText(dayNumber('2024-02-29'))).toBe('2024-02-29');
    expect(dayText(dayNumber('0050-06-15'))).toBe('0050-06-15');
  });
});

describe('values in tooltips and on axes', () => {
  it('rounds to the currency display precision and names the currency', () => {
    setCommodityDisplays([
      { currency: 'USD', precision: 2, rounding: 'half_even', prefix: null, suffix: null } as never,
      { currency: 'VBMPX', precision: 3, rounding: 'half_even', prefix: null, suffix: null } as never,
    ]);
    expect(valueText('12345.675', 'USD')).toBe('12,345.68 USD');
    expect(valueText('12345.665', 'USD')).toBe('12,345.66 USD');
    expect(valueText('1.5', 'VBMPX')).toBe('1.500 VBMPX');
    expect(valueText('0.123456', null)).toBe('0.123456');
    expect(axisText(20000.004, 'USD')).toBe('20,000 USD');
    expect(axisText(2.5, 'USD')).toBe('2.5 USD');
    expect(axisText(0.1 + 0.2, 'USD')).toBe('0.3 USD');
    setCommodityDisplays([]);
  });
  it('cuts the line chart x axis to the data with calendar ticks, one series without a legend', () => {
    const r = result(['date', 'decimal'], [['2026-01-04', '1'], ['2026-11-22', '2']]);
    const cfg = lineConfig(linePoints(r, null), null);
    const x = cfg.options!.scales!.x as any;
    expect(dayText(x.min)).toBe('2026-01-04');
    expect(dayText(x.max)).toBe('2026-11-22');
    const scale = { ticks: [] as Array<{ value: number }> };
    x.afterBuildTicks(scale);
    // 10 month starts in range (Feb..Nov) exceed 8 ticks: quarters.
    expect(scale.ticks.map((t) => dayText(t.value))).toEqual(['2026-04-01', '2026-07-01', '2026-10-01']);
    expect(x.ticks.callback(scale.ticks[0].value)).toBe('2026-04');
    expect(cfg.options!.plugins!.legend!.display).toBe(false);
  });
});
