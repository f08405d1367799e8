/**
 * Deferred copies of large inventories (inventory.ts: a copy of a keyed inventory of
 * DEFERRED_COPY_MIN_LOTS lots or more works its lots out from the source's change log when first
 * read). Copies stay unread while their sources change on, are copied again, and change key kind
 * (lot ids to key texts); when finally read each must hold what its model holds: the amounts added
 * to it and to its sources before it was taken, summed afresh.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Position } from '../../../engine/ledger/snapshot';
import { DEFERRED_COPY_MIN_LOTS, Inventory } from '../../../engine/query/inventory';
import { toText } from '../../../engine/query/values';
import { LotIds } from '../../../engine/query/execute/lot-ids';
import { cost, pos } from './functions/helpers';

const BASE = DEFERRED_COPY_MIN_LOTS + 40;
/** Lot k of the base: 1 HOOL at cost k + 1 USD. */
const baseLot = (k: number, n = '1') => pos(n, 'HOOL', cost(String(k + 1), 'USD', '2024-01-01'));

const text = (i: Inventory) => toText('inventory', i);
const fresh = (list: Position[]) => {
  const i = new Inventory();
  for (const p of list) i.add(p);
  return i;
};

type Op =
  | { kind: 'add'; to: number; p: Position }
  | { kind: 'addById'; to: number; p: Position }
  | { kind: 'clone'; from: number; into: number }
  | { kind: 'read'; of: number };

// Changes hit base lots (new lots, lots emptied and so removed, lots added to) and a few others.
const change = fc.oneof(
  fc.record({ k: fc.nat({ max: BASE + 20 }), n: fc.constantFrom('1', '-1', '2', '-2', '0.5') }).map(({ k, n }) => baseLot(k, n)),
  fc.constantFrom(pos('3', 'EUR'), pos('-3', 'EUR'), pos('1.25', 'USD')),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), to: fc.nat({ max: 2 }), p: change }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('addById' as const), to: fc.nat({ max: 2 }), p: change }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clone' as const), from: fc.nat({ max: 2 }), into: fc.nat({ max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('read' as const), of: fc.nat({ max: 5 }) }) },
);

describe('deferred copies of large inventories', () => {
  test('copies read after their sources changed on hold the lots they were taken with', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(op, { maxLength: 80 }), (byIdFirst, ops) => {
        const table = new LotIds();
        const addById = (inv: Inventory, p: Position) => {
          const u = p.units;
          const id = p.cost === null ? table.plainId(u.currency) : table.costId(u.currency, p.cost);
          inv.addById(table, id, u.currency, p, u.number.scaled, u.number.dp);
        };
        // Inventories 0-2 change; 3-5 are only copied into (copies left unread for long).
        const invs: Inventory[] = [];
        const models: Position[][] = [];
        for (let i = 0; i < 6; i++) {
          const inv = new Inventory();
          const model: Position[] = [];
          if (i < 3) {
            for (let k = 0; k < BASE; k++) {
              // Keyed by lot id (a running balance fed from columns) or by key text.
              if (byIdFirst) addById(inv, baseLot(k));
              else inv.add(baseLot(k));
              model.push(baseLot(k));
            }
          }
          invs.push(inv);
          models.push(model);
        }
        for (const o of ops) {
          if (o.kind === 'add' || o.kind === 'addById') {
            // add() on an inventory keyed by ids turns it to key texts: its copies stay as taken.
            if (o.kind === 'add') invs[o.to].add(o.p);
            else addById(invs[o.to], o.p);
            models[o.to].push(o.p);
          } else if (o.kind === 'clone') {
            invs[o.into] = invs[o.from].clone();
            models[o.into] = [...models[o.from]];
          } else {
            expect(text(invs[o.of])).toBe(text(fresh(models[o.of])));
            expect(invs[o.of].size).toBe(fresh(models[o.of]).size);
          }
        }
        for (let k = 0; k < invs.length; k++) {
          // size and units() come without working the lots out; then every lot.
          expect(invs[k].size).toBe(fresh(models[k]).size);
          expect(text(invs[k].units())).toBe(text(fresh(models[k]).units()));
          expect(text(invs[k])).toBe(text(fresh(models[k])));
        }
      }),
      { numRuns: 120 },
    );
  });

  test('a copy taken before a long run of changes (past the log bound) keeps its lots', () => {
    const src = new Inventory();
    for (let k = 0; k < BASE; k++) src.add(baseLot(k));
    const before = src.clone();
    // 1 HOOL more on every lot, ten times over: 10 x BASE changes of lots that stay, so the log
    // passes 2 x lots + 4096 entries and the source moves on to a map of its own.
    for (let r = 0; r < 10; r++) for (let k = 0; k < BASE; k++) src.add(baseLot(k));
    // Then a lot made and one removed before the next copy (in the map the source moved on to).
    src.add(baseLot(BASE + 1, '4'));
    src.add(baseLot(3, '-11'));
    const after = src.clone();
    src.add(baseLot(0, '-11'));
    src.add(baseLot(BASE, '2'));
    expect(before.size).toBe(BASE);
    expect(text(before.units())).toBe(`(${BASE} HOOL)`);
    expect(before.positions().map((p) => p.units.number.toString())).toEqual(Array(BASE).fill('1'));
    expect(after.size).toBe(BASE);
    expect(text(after.units())).toBe(`(${11 * BASE - 11 + 4} HOOL)`);
    expect(after.positions().map((p) => p.units.number.toString())).toEqual([...Array(3).fill('11'), ...Array(BASE - 4).fill('11'), '4']);
    expect(after.positions()[3].cost!.number.toString()).toBe('5');
    expect(src.size).toBe(BASE);
    expect(src.positions()[0].cost!.number.toString()).toBe('2');
    expect(src.positions()[BASE - 2].cost!.number.toString()).toBe(String(BASE + 1));
    expect(src.positions()[BASE - 2].units.number.toString()).toBe('2');
    expect(src.positions()[BASE - 1].units.number.toString()).toBe('4');
  });

  test('a copy changed before it is read starts from the lots it was taken with', () => {
    const src = new Inventory();
    for (let k = 0; k < BASE; k++) src.add(baseLot(k));
    const copy = src.clone();
    src.add(baseLot(0, '-1'));
    src.add(baseLot(BASE, '5'));
    copy.add(baseLot(1, '2'));
    // copy: lot 0 still there, lot 1 at 3 HOOL, no lot BASE; src: lot 0 gone, lot BASE at 5.
    expect(copy.size).toBe(BASE);
    expect(copy.positions()[1].units.number.toString()).toBe('3');
    expect(copy.positions()[0].cost!.number.toString()).toBe('1');
    expect(text(copy.units())).toBe(`(${BASE + 2} HOOL)`);
    expect(src.size).toBe(BASE);
    expect(text(src.units())).toBe(`(${BASE - 1 + 5} HOOL)`);
  });
});
