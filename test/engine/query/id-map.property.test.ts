/**
 * IdMap (engine/query/id-map.ts) behaves as a Map of the same operations: the same entries in the
 * same order after any run of sets, deletes and copies, from any start (an empty map or a base of
 * lots), through compactions and growth of its index.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { IdMap } from '../../../engine/query/id-map';

type Op = { kind: 'set'; key: number; value: number } | { kind: 'delete'; key: number } | { kind: 'copy' } | { kind: 'get'; key: number };

// Keys from a small range so sets hit present, absent and deleted keys alike; a few far ones grow the index.
const key = fc.oneof({ weight: 9, arbitrary: fc.nat({ max: 150 }) }, { weight: 1, arbitrary: fc.nat({ max: 5000 }) });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('delete' as const), key }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('copy' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('get' as const), key }) },
);

const entriesOf = (m: IdMap<number> | Map<number, number>) => [...m.entries()];

describe('IdMap reads as a Map', () => {
  test('random sets, deletes and copies from a random base keep the entries and their order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat({ max: 200 }), { maxLength: 120 }), fc.nat({ max: 300 }), fc.array(op, { maxLength: 400 }), (baseKeys, capacity, ops) => {
        const values = baseKeys.map((k) => k * 10);
        let idm = IdMap.of(Int32Array.from(baseKeys), values.slice(), capacity);
        let map = new Map(baseKeys.map((k, i) => [k, values[i]]));
        for (const o of ops) {
          if (o.kind === 'set') {
            idm.set(o.key, o.value);
            map.set(o.key, o.value);
          } else if (o.kind === 'delete') expect(idm.delete(o.key)).toBe(map.delete(o.key));
          else if (o.kind === 'get') {
            expect(idm.get(o.key)).toBe(map.get(o.key));
            expect(idm.has(o.key)).toBe(map.has(o.key));
          } else {
            // The copy goes on alone; the original must not see its changes (checked at the end).
            const old = idm;
            idm = idm.copy();
            map = new Map(map);
            old.set(9999, -1);
          }
          expect(idm.size).toBe(map.size);
        }
        expect(entriesOf(idm)).toEqual(entriesOf(map));
        expect([...idm.keys()]).toEqual([...map.keys()]);
        expect(idm.values()).toEqual([...map.values()]);
        const seen: [number, number][] = [];
        idm.forEach((v, k) => seen.push([k, v]));
        expect(seen).toEqual([...map.entries()]);
        expect([...idm]).toEqual([...map]);
      }),
      { numRuns: 400 },
    );
  });

  test('a deleted key set again goes last; a present one keeps its place; dead entries are compacted away', () => {
    const m = IdMap.of(Int32Array.from([5, 3, 9]), ['a', 'b', 'c']);
    m.set(3, 'B');
    m.delete(5);
    m.set(5, 'A');
    m.set(1, 'd');
    expect([...m]).toEqual([
      [3, 'B'],
      [9, 'c'],
      [5, 'A'],
      [1, 'd'],
    ]);
    // 200 entries, 150 deleted: compacted (the dead outnumber the live), order kept.
    const big = new IdMap<number>();
    for (let k = 0; k < 200; k++) big.set(k, k);
    for (let k = 0; k < 150; k++) big.delete(2 * k < 200 ? 2 * k : 2 * k - 199);
    const want = new Map<number, number>();
    for (let k = 0; k < 200; k++) want.set(k, k);
    for (let k = 0; k < 150; k++) want.delete(2 * k < 200 ? 2 * k : 2 * k - 199);
    expect([...big]).toEqual([...want]);
    expect(big.size).toBe(50);
    big.set(0, 7);
    want.set(0, 7);
    big.set(1, 8);
    want.set(1, 8);
    expect(big.get(0)).toBe(7);
    expect(big.get(1)).toBe(8);
    expect([...big]).toEqual([...want]);
    expect([...big.keys()].slice(-2)).toEqual([0, 1]);
  });

  test('a key that is not a lot id is refused', () => {
    const m = new IdMap<number>();
    expect(() => m.set(-1, 1)).toThrow(/not a lot id/);
    expect(() => m.set(1.5, 1)).toThrow(/not a lot id/);
    expect(() => IdMap.of([2, 2], [1, 1])).toThrow(/twice/);
  });
});
