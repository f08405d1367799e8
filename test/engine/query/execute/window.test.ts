/** TopK: the first k rows of a stable sort, kept while scanning with bounded memory. */
import { describe, expect, it } from 'vitest';
import { TopK, type Sortable } from '../../../../engine/query/execute/window';

interface R extends Sortable {
  name: string;
}
const cmp = (a: Sortable, b: Sortable) => (a.keys[0] as number) - (b.keys[0] as number) || a.seq - b.seq;

describe('TopK', () => {
  it('keeps the k smallest in order, ties in arrival order, and reports every dropped row once', () => {
    const dropped: string[] = [];
    const top = new TopK<R>(3, cmp, (r) => dropped.push(r.name));
    const input: [number, string][] = [[5, 'a'], [1, 'b'], [3, 'c'], [1, 'd'], [9, 'e'], [3, 'f'], [0, 'g'], [1, 'h']];
    input.forEach(([k, name], seq) => top.push({ keys: [k], seq, name }));
    expect(top.result().map((r) => r.name)).toEqual(['g', 'b', 'd']);
    expect(dropped.sort()).toEqual(['a', 'c', 'e', 'f', 'h']);
  });
  it('admits tells whether a row could still enter once the buffer was cut', () => {
    const top = new TopK<R>(1, cmp);
    top.push({ keys: [4], seq: 0, name: 'x' });
    top.push({ keys: [2], seq: 1, name: 'y' });
    expect(top.admits([3], 2)).toBe(false);
    expect(top.admits([1], 2)).toBe(true);
    expect(top.result().map((r) => r.name)).toEqual(['y']);
  });
  it('k = 0 keeps nothing', () => {
    const top = new TopK<R>(0, cmp);
    expect(top.admits([1], 0)).toBe(false);
    top.push({ keys: [1], seq: 0, name: 'x' });
    expect(top.result()).toEqual([]);
  });
});
