/**
 * LotBalance (periods/lots.ts) made from a sum keys its lots at cost by lot id; an add at cost
 * must still find the lot it names (by lot key: cost number by value), and the order of the lots
 * (Beancount's insertion order) must not change when the keys are rebuilt.
 */
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { addRow, positionColumns, PositionSum } from '../../../engine/query/execute/position-sums';
import { LotBalance } from '../../../engine/query/periods/lots';
import { snapshot } from './fixture';

describe('LotBalance.ofSum', () => {
  it('an add at cost reaches the summed lot, written either way; order and plain lots kept (hand-computed)', () => {
    const rows = snapshot([
      { date: '2023-01-01', postings: ['Assets:B 5 USD', 'Assets:B 3 HOOL {100 USD}', 'Assets:B 2 GOOG {50 USD}'] },
    ]).postings;
    const cols = positionColumns(rows);
    const sum = new PositionSum();
    for (let i = 0; i < rows.length; i++) addRow(sum, cols, rows, i);
    const b = LotBalance.ofSum(sum, cols);
    expect(b.positions().map((p) => `${p.units.number} ${p.units.currency}`)).toEqual(['5 USD', '3 HOOL', '2 GOOG']);
    // 3 HOOL {100 USD} - 1 HOOL {100.00 USD} of the same date: the same lot, 2 HOOL left in place.
    const hoolCost = rows[1].cost!;
    b.add(Dec.of('-1'), 'HOOL', { ...hoolCost, number: Dec.of('100.00') });
    b.add(Dec.of('-5'), 'USD', null);
    expect(b.positions().map((p) => `${p.units.number} ${p.units.currency}`)).toEqual(['2 HOOL', '2 GOOG']);
    // Selling the GOOG lot whole removes it; a new lot at another cost comes last.
    b.add(Dec.of('-2'), 'GOOG', rows[2].cost!);
    b.add(Dec.of('1'), 'GOOG', { ...rows[2].cost!, number: Dec.of('60') });
    expect(b.toString()).toBe('(1 GOOG {60 USD, 2023-01-01}, 2 HOOL {100 USD, 2023-01-01})');
    expect(b.positions().map((p) => `${p.units.number} ${p.units.currency} ${p.cost?.number}`)).toEqual(['2 HOOL 100', '1 GOOG 60']);
  });
});
