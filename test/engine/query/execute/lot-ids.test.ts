/**
 * LotIds (the lots of the per-row columns) against Inventory's lot keys: two positions get the
 * same lot id exactly when costLotKey (lotKey) gives them the same key, on random costs whose
 * numbers are equal by value in other forms, negative, zero, past 2^53 at their scale (with and
 * without trailing zeros that bring them back), with labels and dates that differ by one.
 */
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../../engine/decimal';
import type { Cost } from '../../../../engine/ledger/snapshot';
import { costLotKey } from '../../../../engine/query/inventory';
import { LotIds } from '../../../../engine/query/execute/lot-ids';
import { rng } from './rng';

const NUMBERS = [
  '100', '100.00', '100.0000000', '-100', '-100.0', '0', '0.000', '-0.00', '120.5', '120.50', '0.1', '0.10',
  '12345678901234.5678', '12345678901234.567800', '9007199254740993', '9007199254740993.00',
  '5.000000000000000000', '5', '90071992547409910', '90071992547409910.0', '4294967296', '4294967296.000',
];

describe('LotIds', () => {
  it('gives one id per distinct lot key, the same for equal keys, and keyOf gives that key', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = rng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
      // Every third seed with a hash that puts every lot in one chain (each part is compared), every
      // third a table sized at the start for the rows at cost (as a first query's columns make it).
      const ids = seed % 3 === 0 ? new LotIds(() => 0) : seed % 3 === 1 ? new LotIds() : new LotIds(undefined, 2600);
      const byKey = new Map<string, number>();
      // Enough lots to grow the table several times (1024 slots at the start).
      for (let i = 0; i < 3000; i++) {
        const currency = pick(['HOOL', 'GOOG', 'USD']);
        if (r() < 0.15) {
          const id = ids.plainId(currency);
          expect(ids.keyOf(id)).toBe(currency);
          const known = byKey.get(currency);
          if (known === undefined) byKey.set(currency, id);
          else expect(id).toBe(known);
          continue;
        }
        const cost: Cost = {
          number: Dec.parse(r() < 0.5 ? pick(NUMBERS) : String(Math.floor(r() * 400)) + pick(['', '.0', '.5', '.25'])) as Dec,
          currency: pick(['USD', 'EUR']),
          date: 19000 + Math.floor(r() * 40),
          label: pick([null, null, null, '', 'a', 'b']),
        };
        const key = costLotKey(currency, cost);
        const id = ids.costId(currency, cost);
        const known = byKey.get(key);
        if (known === undefined) {
          expect(id, `seed ${seed}: new key ${key} gave an old id`).toBe(ids.size - 1);
          byKey.set(key, id);
        } else expect(id, `seed ${seed}: ${key}`).toBe(known);
        expect(ids.keyOf(id)).toBe(key);
      }
      expect(ids.size).toBe(byKey.size);
    }
  });

  it('prefix(n): the first n lots with their ids; later look-ups number as a table built from those lots alone', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const r = rng(100 + seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
      const hashOf = seed % 3 === 0 ? () => 0 : undefined;
      const lot = (): [string, Cost | null] =>
        r() < 0.15
          ? [pick(['HOOL', 'GOOG', 'USD']), null]
          : [
              pick(['HOOL', 'GOOG']),
              {
                number: Dec.parse(r() < 0.3 ? pick(NUMBERS) : String(Math.floor(r() * 300)) + pick(['', '.5'])) as Dec,
                currency: pick(['USD', 'EUR']),
                date: 19000 + Math.floor(r() * 20),
                label: pick([null, null, 'a']),
              },
            ];
      const idOf = (t: LotIds, [c, cost]: [string, Cost | null]) => (cost === null ? t.plainId(c) : t.costId(c, cost));
      const first = Array.from({ length: 200 + Math.floor(r() * 2500) }, lot);
      const later = Array.from({ length: 1500 }, lot);
      const whole = new LotIds(hashOf);
      for (const l of first) idOf(whole, l);
      const n = Math.floor(r() * (whole.size + 1));
      // What a table built from the lots of ids below n alone holds, then gives.
      const fresh = new LotIds(hashOf);
      for (let id = 0; id < n; id++) expect(idOf(fresh, [whole.currency[id], whole.cost[id]])).toBe(id);
      const kept = whole.prefix(n);
      expect(kept.size).toBe(n);
      for (let id = 0; id < n; id++) expect(kept.keyOf(id)).toBe(fresh.keyOf(id));
      for (const l of [...first, ...later]) expect(idOf(kept, l), `seed ${seed}`).toBe(idOf(fresh, l));
      expect(kept.size).toBe(fresh.size);
      // The original is untouched.
      expect(whole.size).toBe(new Set(first.map((l) => (l[1] === null ? l[0] : costLotKey(l[0], l[1])))).size);
    }
  });

  it.each([
    ['its hash', undefined],
    ['one chain', () => 0],
  ])('merges costs equal by value and keeps apart what differs in one part (hand-written, %s)', (_, hashOf) => {
    const ids = new LotIds(hashOf);
    const cost = (n: string, currency = 'USD', date = 19000, label: string | null = null): Cost => ({ number: Dec.parse(n)!, currency, date, label });
    const a = ids.costId('HOOL', cost('500'));
    expect(ids.costId('HOOL', cost('500.00'))).toBe(a);
    expect(ids.costId('HOOL', cost('500.000000000000000000'))).toBe(a);
    const distinct = [
      ids.costId('HOOL', cost('500.01')),
      ids.costId('HOOL', cost('-500')),
      ids.costId('HOOL', cost('500', 'EUR')),
      ids.costId('HOOL', cost('500', 'USD', 19001)),
      ids.costId('HOOL', cost('500', 'USD', 19000, '')),
      ids.costId('HOOL', cost('500', 'USD', 19000, 'x')),
      ids.costId('GOOG', cost('500')),
      ids.plainId('HOOL'),
    ];
    expect(new Set([a, ...distinct]).size).toBe(9);
    // Zero in any form is one value.
    expect(ids.costId('HOOL', cost('0.00'))).toBe(ids.costId('HOOL', cost('-0')));
  });
});
