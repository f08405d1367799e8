import { describe, expect, test } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { costLotKey, Inventory, lotKey, numberKey, positionCost, valueText } from '../../../engine/query/inventory';
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

describe('Inventory: lots changed in place never show through', () => {
  test('positions handed out keep their numbers after later adds to the same lot', () => {
    const i = new Inventory().add(pos('10', 'HOOL', cost('5', 'USD', '2024-01-01')));
    const before = i.positions();
    const first = before[0];
    i.add(pos('2.5', 'HOOL', cost('5.0', 'USD', '2024-01-01')));
    expect(first.units.number.toString()).toBe('10');
    expect(before.length).toBe(1);
    expect(text(i)).toBe('(12.5 HOOL {5 USD, 2024-01-01})');
    // The new Position is built once and reused until the next change.
    expect(i.positions()[0]).toBe(i.positions()[0]);
    expect(i.positions()[0]).not.toBe(first);
  });

  test('a clone of a clone: each of the three changes alone, repeatedly, in the same lot', () => {
    const a = new Inventory([amt('1', 'USD')]);
    const b = a.clone();
    const c = b.clone();
    for (let k = 0; k < 3; k++) {
      a.add(amt('1', 'USD'));
      b.add(amt('10', 'USD'));
      c.add(amt('100', 'USD'));
    }
    expect(text(a)).toBe('(4 USD)');
    expect(text(b)).toBe('(31 USD)');
    expect(text(c)).toBe('(301 USD)');
    // A clone taken after changes in place sees those changes and no later ones.
    const d = a.clone();
    a.add(amt('0.50', 'USD'));
    expect(text(d)).toBe('(4 USD)');
    expect(text(a)).toBe('(4.50 USD)');
  });

  test('abs, neg, filterCurrency and units results do not follow later changes of the source', () => {
    const src = new Inventory([amt('2', 'USD'), amt('-3', 'EUR')]);
    const abs = src.abs();
    const neg = src.neg();
    const usd = src.filterCurrency('USD');
    const units = src.units();
    src.add(amt('5', 'USD')).add(amt('1', 'EUR'));
    expect(text(src)).toBe('(-2 EUR, 7 USD)');
    expect(text(abs)).toBe('(3 EUR, 2 USD)');
    expect(text(neg)).toBe('(3 EUR, -2 USD)');
    expect(text(usd)).toBe('(2 USD)');
    expect(text(units)).toBe('(-3 EUR, 2 USD)');
    // ...nor does the source follow changes of the results.
    usd.add(amt('1', 'USD'));
    abs.add(amt('1', 'EUR'));
    expect(text(src)).toBe('(-2 EUR, 7 USD)');
    expect(text(usd)).toBe('(3 USD)');
    expect(text(abs)).toBe('(4 EUR, 2 USD)');
  });

  test('a lot that went to zero starts afresh: first cost form and places of the new adds', () => {
    const i = new Inventory()
      .add(pos('1.000', 'HOOL', cost('500.00', 'USD', '2024-01-01')))
      .add(pos('-1', 'HOOL', cost('500', 'USD', '2024-01-01')));
    expect(i.isEmpty()).toBe(true);
    i.add(pos('2', 'HOOL', cost('500', 'USD', '2024-01-01')));
    expect(text(i)).toBe('(2 HOOL {500 USD, 2024-01-01})');
  });

  test('addInventory of itself doubles every lot; of another keeps that one unchanged', () => {
    const i = new Inventory([amt('1.5', 'USD'), pos('2', 'HOOL', cost('3', 'EUR', '2024-01-01'))]);
    i.addInventory(i);
    expect(text(i)).toBe('(4 HOOL {3 EUR, 2024-01-01}, 3.0 USD)');
    const j = new Inventory([amt('-3', 'USD')]);
    j.addInventory(i);
    expect(text(j)).toBe('(4 HOOL {3 EUR, 2024-01-01})');
    expect(text(i)).toBe('(4 HOOL {3 EUR, 2024-01-01}, 3.0 USD)');
  });

  test('cost() multiplies units by the per-unit cost and sums per cost currency', () => {
    const i = new Inventory([
      pos('3', 'HOOL', cost('1.25', 'USD', '2024-01-01')),
      pos('-1', 'HOOL', cost('2', 'USD', '2024-02-01')),
      amt('0.5', 'USD'),
    ]);
    // 3 x 1.25 = 3.75; -1 x 2 = -2; plus 0.5 -> 2.25
    expect(text(i.cost())).toBe('(2.25 USD)');
  });

  test('equals and hashKey compare by value: 1.0 = 1.00, cost 500 = 500.00', () => {
    const a = new Inventory([pos('1.0', 'HOOL', cost('500', 'USD', '2024-01-01'))]);
    const b = new Inventory([pos('1.00', 'HOOL', cost('500.00', 'USD', '2024-01-01'))]);
    expect(a.equals(b)).toBe(true);
    expect(a.hashKey()).toBe(b.hashKey());
    const c = new Inventory([pos('1.01', 'HOOL', cost('500', 'USD', '2024-01-01'))]);
    expect(a.equals(c)).toBe(false);
    expect(a.hashKey()).not.toBe(c.hashKey());
  });

  test('valueText drops trailing zeros only; lotKey is per currency even for a shared Cost', () => {
    expect(valueText(Dec.of('500.00'))).toBe('500');
    expect(valueText(Dec.of('0.50'))).toBe('0.5');
    expect(valueText(Dec.of('-0.000'))).toBe('0');
    expect(valueText(Dec.of('1200'))).toBe('1200');
    expect(valueText(Dec.of('-10.10'))).toBe('-10.1');
    const k = cost('10', 'USD', '2024-01-01');
    expect(lotKey('AAA', k)).not.toBe(lotKey('BBB', k));
    expect(lotKey('AAA', k).startsWith('AAA')).toBe(true);
    expect(lotKey('AAA', k)).toBe(lotKey('AAA', cost('10.0', 'USD', '2024-01-01')));
  });

  test('numberKey is equal exactly for equal values, below and past 2^53 at the scale', () => {
    // Pairs of forms of one value: a safe scaled integer against one past 2^53 (5 vs 5 with 20
    // zeros), negative, zero with places, and the last safe integer against the first unsafe one.
    const same = [
      ['5', '5.00000000000000000000'],
      ['-120.5', '-120.500000000000000000000'],
      ['0', '-0.000'],
      ['12345678901234.5678', '12345678901234.56780000'],
      ['9007199254740991', '9007199254740991.0'],
    ];
    for (const [a, b] of same) expect(numberKey(Dec.of(a)), `${a} = ${b}`).toBe(numberKey(Dec.of(b)));
    const values = ['5', '50', '0.5', '-5', '9007199254740991', '9007199254740992', '9007199254740993', '90071992547409920', '1.25', '12.5', '0.0000000000000000000001', '0'];
    const keys = values.map((v) => numberKey(Dec.of(v)));
    expect(new Set(keys).size).toBe(values.length);
  });

  test('costLotKey: one key per lot by value, the key lotKey keeps per Cost object', () => {
    const a = cost('500', 'USD', '2024-01-01');
    expect(costLotKey('HOOL', a)).toBe(costLotKey('HOOL', cost('500.00', 'USD', '2024-01-01')));
    expect(costLotKey('HOOL', a)).not.toBe(costLotKey('HOOL', cost('500', 'USD', '2024-01-02')));
    expect(costLotKey('HOOL', a)).not.toBe(costLotKey('HOOL', cost('500', 'CAD', '2024-01-01')));
    expect(costLotKey('HOOL', a)).not.toBe(costLotKey('HOOL', { ...a, label: '' }));
    expect(costLotKey('HOOL', { ...a, label: 'x' })).not.toBe(costLotKey('HOOL', { ...a, label: 'y' }));
    expect(lotKey('HOOL', a)).toBe(costLotKey('HOOL', a));
  });
});

describe('Inventory.ofDistinctLots (sums over flat columns: keys built on first keyed use)', () => {
  const lots = () => {
    const c1 = cost('500.00', 'USD', '2024-01-01');
    const c2 = cost('500', 'USD', '2024-02-01', 'a');
    return [
      { currency: 'USD', cost: null, scaled: 1050n, dp: 2 },
      { currency: 'HOOL', cost: c1, scaled: 15n, dp: 0 },
      { currency: 'HOOL', cost: c2, scaled: -2n, dp: 0 },
    ];
  };
  const byAdd = () =>
    new Inventory()
      .add(pos('10.50', 'USD'))
      .add(pos('15', 'HOOL', cost('500.00', 'USD', '2024-01-01')))
      .add(pos('-2', 'HOOL', cost('500', 'USD', '2024-02-01', 'a')));

  test('reads like the inventory built by add, and builds no key to be read', () => {
    const asked: number[] = [];
    const l = lots();
    const inv = Inventory.ofDistinctLots(l, (i) => {
      asked.push(i);
      return lotKey(l[i].currency, l[i].cost);
    });
    expect(inv.size).toBe(3);
    expect(inv.isEmpty()).toBe(false);
    expect(text(inv)).toBe(text(byAdd()));
    // Encoding order: HOOL before USD.
    expect(text(inv)).toBe('(15 HOOL {500.00 USD, 2024-01-01}, -2 HOOL {500 USD, 2024-02-01, "a"}, 10.50 USD)');
    let n = 0;
    inv.forEachPosition(() => n++);
    expect(n).toBe(3);
    expect(asked).toEqual([]);
    // The first keyed use builds every key once, in order.
    expect(inv.equals(byAdd())).toBe(true);
    expect(asked).toEqual([0, 1, 2]);
    expect(inv.hashKey()).toBe(byAdd().hashKey());
  });

  test('adds, clones and maps like the inventory built by add (hand-computed)', () => {
    const l = lots();
    const mk = () => Inventory.ofDistinctLots(l, (i) => lotKey(l[i].currency, l[i].cost));
    // 15 HOOL {500.00} + 5 HOOL {500} is one lot: 20 HOOL, written as first seen (500.00).
    const a = mk().add(pos('5', 'HOOL', cost('500', 'USD', '2024-01-01')));
    expect(text(a)).toBe('(20 HOOL {500.00 USD, 2024-01-01}, -2 HOOL {500 USD, 2024-02-01, "a"}, 10.50 USD)');
    const b = mk();
    const c = b.clone().add(pos('-10.50', 'USD'));
    expect(text(c)).toBe('(15 HOOL {500.00 USD, 2024-01-01}, -2 HOOL {500 USD, 2024-02-01, "a"})');
    expect(text(b)).toBe(text(byAdd()));
    expect(text(mk().neg())).toBe(text(byAdd().neg()));
    expect(text(mk().units())).toBe('(13 HOOL, 10.50 USD)');
    expect(text(new Inventory().addInventory(mk()))).toBe(text(byAdd()));
    expect(Inventory.ofDistinctLots([], () => 'never').isEmpty()).toBe(true);
  });
});
