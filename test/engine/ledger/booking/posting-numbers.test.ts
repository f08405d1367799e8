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

  it('shares the log while every transaction lands where it was logged, and copies once one moves', () => {
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
    const copied = moved.finish([]);
    expect(copied.dp.buffer).not.toBe(log.dp.buffer);
    expect([0, 1, 2, 3, 4, 5].map((i) => text(copied, i))).toEqual(['0|1|A', '0|-1|A', '0|3|C', '0|-3|C', '0|2|B', '0|-2|B']);
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
