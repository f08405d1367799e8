/**
 * Inventories and their clones against a model: random adds, clones and reads over a few
 * inventories, where the model of each is the list of every amount added to it (a clone starts
 * with its source's list). An inventory must always read as the model summed afresh by add(),
 * whatever was cloned from what and changed after: the clone shares lot records with its source
 * (inventory.ts), and neither may change one in place once shared.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Position } from '../../../engine/ledger/snapshot';
import { Inventory } from '../../../engine/query/inventory';
import { toText } from '../../../engine/query/values';
import { cost, pos } from './functions/helpers';
import { LotIds } from '../../../engine/query/execute/lot-ids';

const lot = fc
  .record({
    n: fc.constantFrom('1', '-1', '2.50', '-2.5', '0.10', '-0.1', '3', '100.000'),
    currency: fc.constantFrom('USD', 'HOOL', 'EUR'),
    cost: fc.constantFrom(null, '50', '50.00', '60'),
  })
  .map(({ n, currency, cost: c }): Position => pos(n, currency, c === null || currency === 'USD' ? null : cost(c, 'USD', '2024-01-01')));

type Op =
  | { kind: 'add'; to: number; p: Position }
  | { kind: 'addById'; to: number; p: Position }
  | { kind: 'clone'; from: number; into: number }
  | { kind: 'copyWithIds'; from: number; into: number }
  | { kind: 'read'; of: number; how: 'positions' | 'units' | 'cost' | 'lots' | 'equals' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('add' as const), to: fc.nat({ max: 3 }), p: lot }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('addById' as const), to: fc.nat({ max: 3 }), p: lot }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clone' as const), from: fc.nat({ max: 3 }), into: fc.nat({ max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copyWithIds' as const), from: fc.nat({ max: 3 }), into: fc.nat({ max: 3 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('read' as const), of: fc.nat({ max: 3 }), how: fc.constantFrom('positions', 'units', 'cost', 'lots', 'equals') as fc.Arbitrary<'positions' | 'units' | 'cost' | 'lots' | 'equals'> }),
  },
);

const text = (i: Inventory) => toText('inventory', i);
const fresh = (list: Position[]) => {
  const i = new Inventory();
  for (const p of list) i.add(p);
  return i;
};

describe('clones share lots and never see each other change', () => {
  test('random adds (by key and by lot id), clones and reads over four inventories read as their models', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const invs = [new Inventory(), new Inventory(), new Inventory(), new Inventory()];
        const models: Position[][] = [[], [], [], []];
        // Adds by lot id (a running balance fed from per-row columns) mixed with adds by key.
        const table = new LotIds();
        for (const o of ops) {
          if (o.kind === 'add') {
            invs[o.to].add(o.p);
            models[o.to].push(o.p);
          } else if (o.kind === 'addById') {
            const u = o.p.units;
            const id = o.p.cost === null ? table.plainId(u.currency) : table.costId(u.currency, o.p.cost);
            invs[o.to].addById(table, id, u.currency, o.p, u.number.scaled, u.number.dp);
            models[o.to].push(o.p);
          } else if (o.kind === 'clone') {
            invs[o.into] = invs[o.from].clone();
            models[o.into] = [...models[o.from]];
          } else if (o.kind === 'copyWithIds') {
            // A kept sum's copy: keyed by its lots' ids again when rows are added by id.
            invs[o.into] = invs[o.from].copyWithIds();
            models[o.into] = [...models[o.from]];
          } else {
            // Reads that build a clone's keys, its sorted positions or derived inventories, in
            // between changes, must not disturb what either side holds.
            const i = invs[o.of];
            if (o.how === 'positions') i.positions();
            else if (o.how === 'units') expect(text(i.units())).toBe(text(fresh(models[o.of]).units()));
            else if (o.how === 'cost') expect(text(i.cost())).toBe(text(fresh(models[o.of]).cost()));
            else if (o.how === 'lots') i.unitsOf('HOOL');
            else expect(i.equals(fresh(models[o.of]))).toBe(true);
          }
          for (let k = 0; k < invs.length; k++) expect(text(invs[k])).toBe(text(fresh(models[k])));
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a clone of 5,000 lots is read without building its keys; a later add to either stays apart', () => {
    const src = new Inventory();
    for (let k = 0; k < 5000; k++) src.add(pos('1', 'HOOL', cost(String(k + 1), 'USD', '2024-01-01')));
    const snap = src.clone();
    src.add(pos('2', 'HOOL', cost('1', 'USD', '2024-01-01')));
    src.add(pos('-1', 'HOOL', cost('2', 'USD', '2024-01-01')));
    // units: 5,000 lots of 1 HOOL each; the source then 5,000 + 2 - 1.
    expect(text(snap.units())).toBe('(5000 HOOL)');
    expect(text(src.units())).toBe('(5001 HOOL)');
    expect(snap.size).toBe(5000);
    expect(src.size).toBe(4999);
    expect(snap.positions()[0].units.number.toString()).toBe('1');
    expect(src.positions()[0].units.number.toString()).toBe('3');
    snap.add(pos('1', 'HOOL', cost('1', 'USD', '2024-01-01')));
    expect(snap.positions()[0].units.number.toString()).toBe('2');
    expect(src.positions()[0].units.number.toString()).toBe('3');
  });
});

describe('copies that keep their lot ids', () => {
  test('rows added by id to a copy land on their own lots, in the copy only', () => {
    const table = new LotIds();
    const src = new Inventory();
    const rows = [pos('1', 'HOOL', cost('10', 'USD', '2024-01-01')), pos('2', 'HOOL', cost('20', 'USD', '2024-01-01')), pos('3', 'EUR', null), pos('4', 'HOOL', cost('30', 'USD', '2024-01-01'))];
    const byId = (inv: Inventory, p: Position) => {
      const u = p.units;
      inv.addById(table, p.cost === null ? table.plainId(u.currency) : table.costId(u.currency, p.cost), u.currency, p, u.number.scaled, u.number.dp);
    };
    for (const p of rows) byId(src, p);
    const copy = src.copyWithIds();
    // Each lot again, in another order, on the copy: 2, 4, 6, 8 of each.
    for (const p of [rows[3], rows[1], rows[2], rows[0]]) byId(copy, p);
    expect(text(copy)).toBe('(6 EUR, 2 HOOL {10 USD, 2024-01-01}, 4 HOOL {20 USD, 2024-01-01}, 8 HOOL {30 USD, 2024-01-01})');
    expect(text(src)).toBe('(3 EUR, 1 HOOL {10 USD, 2024-01-01}, 2 HOOL {20 USD, 2024-01-01}, 4 HOOL {30 USD, 2024-01-01})');
    // A copy of the copy (now keyed by id), then by key: the same lots.
    const again = copy.copyWithIds();
    again.add(rows[0]);
    byId(again, rows[1]);
    expect(text(again)).toBe('(6 EUR, 3 HOOL {10 USD, 2024-01-01}, 6 HOOL {20 USD, 2024-01-01}, 8 HOOL {30 USD, 2024-01-01})');
    expect(again.equals(fresh([...rows, ...rows, rows[0], rows[1]]))).toBe(true);
  });
});
