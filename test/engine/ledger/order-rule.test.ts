/**
 * Processing and reference order against the rule spelled out part by part, on random
 * directives over short and very long date ranges.
 */
import { describe, expect, it } from 'vitest';
import type { DirectiveAst } from '../../../engine/ledger/ast';
import { padTimes, processingOrder, referenceOrder } from '../../../engine/ledger/order';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const src = { file: '/l.beancount', line: 1, column: 1, start: 0, end: 0 };
const TYPES = ['open', 'commodity', 'balance', 'transaction', 'pad', 'note', 'close'] as const;

function directives(n: number, next: () => number, dayLo: number, dayHi: number): DirectiveAst[] {
  const out: DirectiveAst[] = [];
  for (let i = 0; i < n; i++) {
    const type = TYPES[Math.floor(next() * TYPES.length)];
    const date = dayLo + Math.floor(next() * (dayHi - dayLo + 1));
    const time = next() < 0.5 ? null : Math.floor(next() * 86400);
    const base = { date, time, meta: [], src };
    if (type === 'balance') out.push({ ...base, type, account: 'Assets:A', amount: { number: null as never, currency: 'USD' }, tolerance: null, padAccount: next() < 0.3 ? 'Equity:E' : null });
    else if (type === 'transaction') out.push({ ...base, type, flag: next() < 0.2 ? 'P' : '*', payee: null, narration: '', tags: [], links: [], postings: [] });
    else if (type === 'pad') out.push({ ...base, type, account: 'Assets:A', source: 'Equity:E' });
    else if (type === 'commodity') out.push({ ...base, type, currency: 'USD' });
    else if (type === 'note') out.push({ ...base, type, account: 'Assets:A', comment: '', tags: [], links: [] });
    else out.push({ ...base, type, account: 'Assets:A', ...(type === 'open' ? { currencies: [], booking: null } : {}) } as DirectiveAst);
  }
  return out;
}

/** The rule spelled out: date, time, rank (as in order.ts), slot. */
function expectedProcessing(ds: DirectiveAst[]): number[] {
  const pad = padTimes(ds);
  const slots: number[] = [];
  ds.forEach((d, i) => {
    slots.push(i * 2);
    if (d.type === 'balance' && d.padAccount) slots.push(i * 2 + 1);
  });
  const parts = (slot: number): number[] => {
    const i = slot >> 1;
    const d = ds[i];
    const time = d.type === 'pad' ? pad.get(i)! : (d.time ?? 0);
    const bal = d.type === 'balance' || (d.type === 'transaction' && d.flag === 'P');
    const rank = d.type === 'open' || d.type === 'commodity' ? 0 : d.type === 'balance' && d.padAccount && !(slot & 1) ? 3 : bal ? 2 : 4;
    return [d.date, time, rank, slot];
  };
  return slots.slice().sort((a, b) => {
    const x = parts(a);
    const y = parts(b);
    for (let k = 0; k < 4; k++) if (x[k] !== y[k]) return x[k] - y[k];
    return 0;
  });
}

describe('order keys', () => {
  for (const [name, lo, hi] of [
    ['a few days', 19000, 19010],
    ['three centuries', -80000, 20000],
    ['a very wide range', -1e9, 1e9],
  ] as const) {
    it(`processing order over ${name}`, () => {
      const next = rng(hi - lo);
      for (let round = 0; round < 20; round++) {
        const ds = directives(1 + Math.floor(next() * 300), next, lo, hi);
        expect(processingOrder(ds)).toEqual(expectedProcessing(ds));
      }
    });
  }

  it('reference order: date, rank, file position, sub-order', () => {
    const next = rng(7);
    for (const span of [5, 1e5, 4e9]) {
      const n = 500;
      const date = new Int32Array(n);
      const rank = new Uint8Array(n);
      const file = new Int32Array(n);
      const sub = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        date[i] = Math.floor(next() * span) - Math.floor(span / 2);
        rank[i] = Math.floor(next() * 6);
        file[i] = Math.floor(next() * 50);
        sub[i] = Math.floor(next() * 4);
      }
      const want = Array.from({ length: n }, (_, i) => i).sort((a, b) => date[a] - date[b] || rank[a] - rank[b] || file[a] - file[b] || sub[a] - sub[b] || a - b);
      expect(referenceOrder(date, rank, file, sub)).toEqual(want);
    }
  });
});
