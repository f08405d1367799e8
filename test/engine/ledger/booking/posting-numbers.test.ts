/**
 * The booking walk's posting numbers (engine/ledger/booking/posting-numbers.ts): the log of rows
 * as booked, and their placement into list order, shared with the log while nothing moves.
 * (The resume property test checks them against every row's units on random ledgers.)
 */
import { describe, expect, it } from 'vitest';
import { NumberLog, Placement, numbersOf } from '../../../../engine/ledger/booking/posting-numbers';
import type { Posting } from '../../../../engine/ledger/snapshot';
import { Dec } from '../../../../engine/decimal';

const row = (n: string, currency: string) => ({ units: { number: Dec.of(n), currency } }) as unknown as Posting;
const text = (nums: NonNullable<ReturnType<typeof numbersOf>>, i: number) =>
  `${nums.dp[i]}|${nums.safe[i] ? nums.scaled[i] : '-'}|${nums.currencies[nums.currency[i]]}`;

describe('NumberLog and Placement', () => {
  it('logs places, safe scaled values and currency ids, growing past its first size', () => {
    const log = new NumberLog(['EUR'], 2);
    const a = {};
    const b = {};
    expect(log.add([row('1.50', 'USD'), row('-1.5', 'USD')], a)).toBe(0);
    expect(log.add([row('123456789012345678.9', 'EUR'), row('0', 'XYZ')], b)).toBe(2);
    expect([log.logged(a, 0), log.logged(b, 2), log.logged(a, 2), log.logged(b, 4)]).toEqual([true, true, false, false]);
    const list = [0, 1, 2, 3].map(() => ({}) as Posting);
    const nums = new Placement(log, 4).finish(list);
    expect(numbersOf(list)).toBe(nums);
    expect([0, 1, 2, 3].map((i) => text(nums, i))).toEqual(['2|150|USD', '1|-15|USD', '1|-|EUR', '0|0|XYZ']);
    // The ids the log was given keep their numbers.
    expect(nums.currencies).toEqual(['EUR', 'USD', 'XYZ']);
  });

  it('shares the log while every transaction lands where it was logged, and moves rows within it when one is placed earlier', () => {
    const log = new NumberLog([], 8);
    const t = [{}, {}, {}];
    log.add([row('1', 'A'), row('-1', 'A')], t[0]);
    log.add([row('2', 'B'), row('-2', 'B')], t[1]);
    log.add([row('3', 'C'), row('-3', 'C')], t[2]);
    const same = new Placement(log, 6);
    same.put(0, 2, 0);
    same.put(2, 2, 2);
    same.put(4, 2, 4);
    const shared = same.finish([]);
    expect(shared.dp.buffer).toBe(log.dp.buffer);
    expect(shared.dp.length).toBe(6);
    // The third transaction (a padding booked late) is placed second.
    const moved = new Placement(log, 6);
    moved.put(0, 2, 0);
    moved.put(4, 2, 2);
    moved.put(2, 2, 4);
    const inPlace = moved.finish([]);
    expect(inPlace.dp.buffer).toBe(log.dp.buffer);
    expect([0, 1, 2, 3, 4, 5].map((i) => text(inPlace, i))).toEqual(['0|1|A', '0|-1|A', '0|3|C', '0|-3|C', '0|2|B', '0|-2|B']);
  });

  it('copies into new columns once many rows move to a lower row', () => {
    // 400 one-row transactions logged in reverse of their list order: the first 200 move up.
    const log = new NumberLog([], 512);
    for (let i = 0; i < 400; i++) log.add([row(String(i), 'A')], {});
    const p = new Placement(log, 400);
    for (let to = 0; to < 400; to++) p.put(399 - to, 1, to);
    const nums = p.finish([]);
    expect(nums.dp.buffer).not.toBe(log.dp.buffer);
    expect(Array.from({ length: 400 }, (_, i) => nums.scaled[i])).toEqual(Array.from({ length: 400 }, (_, i) => 399 - i));
  });

  it('places like a copy for any order of blocks (property: random logs, blocks logged late, both modes)', () => {
    let seed = 12345;
    const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let run = 0; run < 400; run++) {
      const blocks = 1 + Math.floor(next() * 60);
      const log = new NumberLog(run % 3 === 0 ? ['Z'] : [], 1 + Math.floor(next() * 50));
      const sizes: number[] = [];
      const rows: string[] = [];
      for (let b = 0; b < blocks; b++) {
        const n = 1 + Math.floor(next() * 5);
        const made = Array.from({ length: n }, (_, j) => row(`${b}.${j}${next() < 0.2 ? '00000000000000000001' : ''}`, 'ABCD'[Math.floor(next() * 4)]));
        log.add(made, {});
        sizes.push(n);
      }
      // Where each block was logged, then a list order: mostly in place, some blocks placed
      // earlier (padding booked late) or, in some runs, shuffled throughout.
      const bases: number[] = [];
      for (let b = 0, at = 0; b < blocks; b++) {
        bases.push(at);
        at += sizes[b];
      }
      const order = bases.map((_, b) => b);
      // Some runs keep a first part in place and reverse the rest (copy mode after rows that stayed).
      if (run % 4 === 1) order.splice(blocks >> 1, blocks, ...order.slice(blocks >> 1).reverse());
      const shuffles = run % 4 === 0 ? blocks : run % 4 === 1 ? 0 : Math.floor(next() * 4);
      for (let k = 0; k < shuffles; k++) {
        const from = Math.floor(next() * blocks);
        const to = Math.floor(next() * (from + 1));
        const [b] = order.splice(from, 1);
        order.splice(to, 0, b);
      }
      const total = sizes.reduce((a, b) => a + b, 0);
      const want: string[] = [];
      const before = new Placement(log, total).finish([]);
      for (const b of order) for (let j = 0; j < sizes[b]; j++) want.push(text(before, bases[b] + j));
      const p = new Placement(log, total);
      for (let k = 0, to = 0; k < order.length; k++) {
        p.put(bases[order[k]], sizes[order[k]], to);
        to += sizes[order[k]];
      }
      const nums = p.finish([]);
      rows.push(...Array.from({ length: total }, (_, i) => text(nums, i)));
      expect(rows).toEqual(want);
    }
  });

  it('starts from an earlier walk’s columns for a reused prefix', () => {
    const first = new NumberLog([], 4);
    first.add([row('5', 'A'), row('-5', 'A')], {});
    const before = new Placement(first, 2).finish([]);
    const log = new NumberLog(before.currencies, 4);
    log.add([row('7.0', 'B')], {});
    const p = new Placement(log, 3, { from: before, count: 2 });
    p.put(0, 1, 2);
    const nums = p.finish([]);
    expect([0, 1, 2].map((i) => text(nums, i))).toEqual(['0|5|A', '0|-5|A', '1|70|B']);
  });
});
