import { describe, expect, test } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { Inventory, positionCost } from '../../../engine/query/inventory';
import { toText } from '../../../engine/query/values';
import { amt, cost, pos } from './functions/helpers';

const text = (i: Inventory) => toText('inventory', i);

describe('Inventory', () => {
  test('same lot merges, keeping the larger number of places', () => {
    const i = new Inventory().add(amt('1.5', 'USD')).add(amt('2.25', 'USD')).add(pos('3', 'USD'));
    expect(text(i)).toBe('(6.75 USD)');
    expect(i.size).toBe(1);
  });

  test('different lots of one currency stay apart; equal cost written differently is one lot', () => {
    const i = new Inventory()
      .add(pos('10', 'HOOL', cost('500', 'USD', '2024-01-01')))
      .add(pos('5', 'HOOL', cost('500.00', 'USD', '2024-01-01')))
      .add(pos('2', 'HOOL', cost('500', 'USD', '2024-02-01')))
      .add(pos('1', 'HOOL', cost('500', 'USD', '2024-01-01', 'a')));
    expect(text(i)).toBe(
      '(15 HOOL {500 USD, 2024-01-01}, 1 HOOL {500 USD, 2024-01-01, "a"}, 2 HOOL {500 USD, 2024-02-01})',
    );
  });

  test('zero positions are removed; adding zero to an absent lot adds nothing', () => {
    const i = new Inventory().add(amt('5.00', 'USD')).add(amt('-5', 'USD'));
    expect(i.isEmpty()).toBe(true);
    expect(new Inventory().add(amt('0.00', 'EUR')).isEmpty()).toBe(true);
  });

  test('positions() in encoding order: currency, then no cost first, then cost', () => {
    const i = new Inventory([
      pos('1', 'USD'),
      pos('2', 'HOOL', cost('600', 'USD', '2023-01-01')),
      pos('3', 'HOOL', cost('500', 'USD', '2024-01-01')),
      pos('4', 'HOOL'),
      pos('5', 'EUR'),
    ]);
    expect(i.positions().map((p) => toText('position', p))).toEqual([
      '5 EUR',
      '4 HOOL',
      '3 HOOL {500 USD, 2024-01-01}',
      '2 HOOL {600 USD, 2023-01-01}',
      '1 USD',
    ]);
  });

  test('accepts booked postings (anything with units and cost)', () => {
    const posting = { account: 'Assets:X', units: amt('2', 'HOOL'), cost: cost('10', 'USD', '2024-01-01'), flag: null };
    expect(text(new Inventory().add(posting))).toBe('(2 HOOL {10 USD, 2024-01-01})');
    expect(text(new Inventory().addUnits(posting))).toBe('(2 HOOL)');
  });

  test('clone is independent after either side changes (copy-on-write)', () => {
    const a = new Inventory([amt('1', 'USD')]);
    const b = a.clone();
    a.add(amt('1', 'USD'));
    expect(text(a)).toBe('(2 USD)');
    expect(text(b)).toBe('(1 USD)');
    b.add(amt('1', 'EUR'));
    expect(text(a)).toBe('(2 USD)');
    expect(text(b)).toBe('(1 EUR, 1 USD)');
    const c = b.clone();
    c.add(amt('-1', 'EUR'));
    expect(text(b)).toBe('(1 EUR, 1 USD)');
    expect(text(c)).toBe('(1 USD)');
  });

  test('units merges lots; cost is book value per currency; neg and abs keep cost', () => {
    const i = new Inventory([
      pos('10', 'HOOL', cost('500.00', 'USD', '2024-01-01')),
      pos('-4', 'HOOL', cost('520', 'USD', '2024-02-01')),
      pos('100', 'USD'),
    ]);
    expect(text(i.units())).toBe('(6 HOOL, 100 USD)');
    // 10 x 500.00 - 4 x 520 + 100 = 5000.00 - 2080 + 100 = 3020.00
    expect(text(i.cost())).toBe('(3020.00 USD)');
    expect(text(i.neg())).toBe('(-10 HOOL {500.00 USD, 2024-01-01}, 4 HOOL {520 USD, 2024-02-01}, -100 USD)');
    expect(text(i.abs())).toBe('(10 HOOL {500.00 USD, 2024-01-01}, 4 HOOL {520 USD, 2024-02-01}, 100 USD)');
    expect(i.unitsOf('HOOL')!.toString()).toBe('6');
    expect(i.unitsOf('EUR')).toBeNull();
    expect(text(i.filterCurrency('HOOL'))).toBe('(10 HOOL {500.00 USD, 2024-01-01}, -4 HOOL {520 USD, 2024-02-01})');
    expect(text(i.addInventory(i.clone()))).toBe('(20 HOOL {500.00 USD, 2024-01-01}, -8 HOOL {520 USD, 2024-02-01}, 200 USD)');
  });

  test('position cost rounds a product beyond 28 digits', () => {
    const c = positionCost(pos('3.333333333333333333333333333', 'X', cost('3.000000000000000000000000001', 'USD', '2024-01-01')));
    // exact: 9.999999999999999999999999999 + 3.333...e-27 -> 28 significant digits
    expect(c.number.toString()).toBe('10.00000000000000000000000000');
  });

  test('300,000 additions over 50 lots stay fast (constant time per add)', () => {
    const lots = Array.from({ length: 50 }, (_, k) => pos('1', 'C' + k, cost(String(k + 1), 'USD', '2024-01-01')));
    const inv = new Inventory();
    const t0 = performance.now();
    for (let n = 0; n < 300_000; n++) inv.add(lots[n % 50]);
    const ms = performance.now() - t0;
    expect(inv.size).toBe(50);
    expect(inv.unitsOf('C7')!.eq(Dec.of(6000))).toBe(true);
    expect(ms).toBeLessThan(3000);
  });
});
