import { describe, expect, it } from 'vitest';
import type { GraphPoint, ValuedTotal } from '../../../../engine/api-types';
import { changeRows, changeTypes, netWorthPoints } from '../../../../renderer/pages/report/graph-data';

const v = (number: string): ValuedTotal => ({ number, currency: 'USD', units: [{ number, currency: 'USD' }], unconverted: [] });
const point = (date: string, number: string, changes: Array<[GraphPoint['changes'][number]['type'], string]>): GraphPoint => ({
  date,
  ...v(number),
  changes: changes.map(([type, n]) => ({ type, ...v(n) })),
});

// Weeks over 2024-01-03 (a Wednesday) to 2024-01-20: buckets start on Mondays 01-01, 01-08, 01-15.
const POINTS = [
  point('2024-01-01', '100.00', [['Expenses', '5.00'], ['Assets', '-5.00']]),
  point('2024-01-08', '100.00', []),
  point('2024-01-15', '130.00', [['Income', '-30.00'], ['Assets', '30.00']]),
];

describe('report graph data', () => {
  it('labels the first point with the first day of the range (statistic rule 3)', () => {
    expect(netWorthPoints(POINTS, '2024-01-03')).toEqual([
      { date: '2024-01-03', value: '100.00' },
      { date: '2024-01-08', value: '100.00' },
      { date: '2024-01-15', value: '130.00' },
    ]);
    // A range starting on the bucket's first day keeps it.
    expect(netWorthPoints(POINTS, '2024-01-01')[0].date).toBe('2024-01-01');
  });

  it('lists the types with changes in account order, buckets with changes newest first', () => {
    const types = changeTypes(POINTS);
    expect(types).toEqual(['Assets', 'Income', 'Expenses']);
    const rows = changeRows(POINTS, types, '2024-01-03');
    expect(rows.map((r) => [r.label, ...r.cells.map((c) => c?.number ?? null)])).toEqual([
      ['2024-01-15', '30.00', '-30.00', null],
      ['2024-01-03', '-5.00', null, '5.00'],
    ]);
  });
});
