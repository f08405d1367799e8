import { describe, expect, it } from 'vitest';
import type { Cell, ColumnType, QueryResult } from '../../../engine/api-types';
import { accountTree, bars, linePoints } from '../../../renderer/lib/chart-rule';
import { barConfig, barLabel, lineConfig, NEGATIVE, POSITIVE, treemapRecords } from '../../../renderer/charts/chart-config';
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
  it('colours bars by sign and names NULL and empty labels', () => {
    const r = result(['str', 'int'], [[null, -1], ['', 2]]);
    const cfg = barConfig(bars(r, null), null);
    expect(cfg.data.labels).toEqual(['NULL', '(empty)']);
    expect(cfg.data.datasets[0].backgroundColor).toEqual([NEGATIVE, POSITIVE]);
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
