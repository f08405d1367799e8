/**
 * LotBalance (periods/lots.ts) made from a sum keys its lots at cost by lot id; an add at cost
 * must still find the lot it names (by lot key: cost number by value), and the order of the lots
 * (Beancount's insertion order) must not change when the keys are rebuilt.
 */
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { addRow, positionColumns, PositionSum } from '../../../engine/query/execute/position-sums';
import { LotBalance } from '../../../engine/query/periods/lots';
import { positionCost } from '../../../engine/query/inventory';
import { snapshot } from './fixture';
import { rng } from './execute/rng';

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

describe('LotBalance.atCost', () => {
  /** The definition: each lot's positionCost added in order to a balance of plain amounts. */
  function reference(b: LotBalance): string[] {
    const out = new LotBalance();
    for (const p of b.positions()) {
      const c = positionCost(p);
      out.add(c.number, c.currency, null);
    }
    return out.positions().map((p) => `${p.units.number} ${p.units.currency}`);
  }
  const atCost = (b: LotBalance) => b.atCost().positions().map((p) => `${p.units.number} ${p.units.currency}`);

  it('hand-computed: products keep the sum of places, sums the larger, a currency through zero comes back last', () => {
    const b = new LotBalance();
    const cost = (n: string, c: string) => ({ number: Dec.of(n), currency: c, date: 19000, label: null });
    b.add(Dec.of('3'), 'HOOL', cost('100.50', 'USD')); // 301.50 USD
    b.add(Dec.of('2'), 'EUR', null); // 2 EUR
    b.add(Dec.of('-1.5'), 'GOOG', cost('201', 'USD')); // -301.5 USD: USD sums to zero and leaves
    b.add(Dec.of('0.25'), 'ACME', cost('4', 'USD')); // 1.00 USD, after EUR
    expect(atCost(b)).toEqual(['2 EUR', '1.00 USD']);
    expect(reference(b)).toEqual(['2 EUR', '1.00 USD']);
  });

  it('equals the definition on random balances, products past 28 digits included', () => {
    const r = rng(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const numbers = ['1', '-1', '2.5', '-2.50', '0.001', '100', '-100.00', '12345678901234.5678', '-98765432109876543.21', '3'];
    const costs = ['0', '1', '1.00', '0.5', '100.25', '99999999999999.999', '123456789012345678901.5', '7'];
    for (let round = 0; round < 300; round++) {
      const b = new LotBalance();
      const n = 1 + Math.floor(r() * 12);
      for (let i = 0; i < n; i++) {
        const plain = r() < 0.3;
        const currency = plain ? pick(['USD', 'EUR']) : pick(['HOOL', 'GOOG', 'ACME']);
        const cost = plain ? null : { number: Dec.of(pick(costs)), currency: pick(['USD', 'EUR']), date: 19000 + Math.floor(r() * 3), label: null };
        b.add(Dec.of(pick(numbers)), currency, cost);
      }
      expect(atCost(b), `round ${round}`).toEqual(reference(b));
    }
  });
});
