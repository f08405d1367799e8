import { describe, expect, it } from 'vitest';
import { formatTime } from '../../../engine/dates';
import { ledger } from './ledger-text';
import fc from 'fast-check';
import { sortByDay } from '../../../engine/ledger/order';

const label = (e: { type: string; txn: { narration: string } | null }) => (e.txn ? e.txn.narration : e.type);

describe('processing order (seq)', () => {
  it('orders by date and written time; at one time balance records first; then file order', () => {
    const s = ledger(
      `
2024-01-02 10:00 * "late"
  Assets:A  1 USD
  Equity:E
2024-01-02 09:00 * "early"
  Assets:A  1 USD
  Equity:E
2024-01-02 09:00 balance Assets:A 1 USD
2024-01-02 * "midnight"
  Assets:A  1 USD
  Equity:E
2024-01-01 close Equity:Old
2024-01-01 commodity USD
2024-01-01 open Assets:A
2024-01-01 open Equity:E
2024-01-01 open Equity:Old
`,
      { format: 'zhang' },
    );
    expect(s.errors).toEqual([]);
    expect(s.entries.map(label)).toEqual(['commodity', 'open', 'open', 'open', 'close', 'midnight', 'balance', 'early', 'late']);
    expect(s.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s.transactions.map((t) => t.seq)).toEqual([5, 7, 8]);
    expect(s.balances[0].seq).toBe(6);
    // Reference order: by date, open before commodity, balance, other, document, close; file order.
    expect(s.referenceOrder.map((i) => label(s.entries[i]))).toEqual(['open', 'open', 'open', 'commodity', 'close', 'balance', 'late', 'early', 'midnight']);
    expect(s.referenceOrder.map((i) => s.entries[i].ref)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // Postings follow the transactions in processing order.
    expect(s.postings.map((p) => p.txn.narration)).toEqual(['midnight', 'midnight', 'early', 'early', 'late', 'late']);
  });

  it('puts a hand-written P transaction among the balance records of its time', () => {
    const s = ledger(`
2024-01-01 open Assets:A
2024-01-01 open Equity:E
2024-01-02 * "normal"
  Assets:A  1 USD
  Equity:E
2024-01-02 P "manual pad"
  Assets:A  1 USD
  Equity:E
2024-01-02 balance Assets:A 1 USD
`);
    expect(s.entries.slice(2).map(label)).toEqual(['manual pad', 'balance', 'normal']);
    expect(s.errors).toEqual([]);
  });
});

describe('time zone', () => {
  it('stores time and timestamp in the ledger time zone', () => {
    const s = ledger(
      `option "timezone" "Asia/Tokyo"
2024-01-01 open Assets:A
2024-01-02 09:30:15 * "t"
  Assets:A  1 USD
  Assets:A  -1 USD
`,
      { format: 'zhang' },
    );
    const t = s.transactions[0];
    expect(formatTime(t.time)).toBe('09:30:15');
    // 2024-01-02T09:30:15+09:00 = 2024-01-02T00:30:15Z.
    expect(t.timestamp).toBe(Date.UTC(2024, 0, 2, 0, 30, 15) / 1000);
    expect(s.options.timezone).toBe('Asia/Tokyo');
    expect(s.entries[0].timestamp).toBe(Date.UTC(2023, 11, 31, 15, 0, 0) / 1000);
  });

  it('moves a time skipped by daylight saving forward by the gap and orders by the written time', () => {
    const s = ledger(
      `option "timezone" "America/New_York"
2024-03-01 open Assets:A
2024-03-10 03:15 * "after"
  Assets:A  1 USD
  Assets:A  -1 USD
2024-03-10 02:30 * "in the gap"
  Assets:A  1 USD
  Assets:A  -1 USD
`,
      { format: 'zhang' },
    );
    expect(s.transactions.map((t) => [t.narration, formatTime(t.time)])).toEqual([
      ['in the gap', '03:30:00'],
      ['after', '03:15:00'],
    ]);
    // 02:30 EST (-05:00) = 07:30Z, shown as 03:30 EDT.
    expect(s.transactions[0].timestamp).toBe(Date.UTC(2024, 2, 10, 7, 30) / 1000);
    expect(s.transactions[1].timestamp).toBe(Date.UTC(2024, 2, 10, 7, 15) / 1000);
  });

  it('reports an unknown time zone and keeps the default', () => {
    const s = ledger(`option "timezone" "Mars/Olympus"\n`);
    expect(s.errors.map((e) => e.kind)).toEqual(['InvalidOption']);
    expect(s.options.timezone).toBe('UTC');
  });
});

describe('sortByDay (both orders: a count per day, then each day sorted alone)', () => {
  // What it replaces: one comparison sort of all indices.
  const reference = (day: number[], tie: (a: number, b: number) => number) =>
    day.map((_, i) => i).sort((a, b) => day[a] - day[b] || tie(a, b));

  it('equals the comparison sort: few or many items a day, negative days, spread-out and fractional days', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -100_000, max: 100_000 }), fc.constantFrom(0.5, 1e9)),
            rank: fc.nat({ max: 3 }),
          }),
          { maxLength: 300, size: 'large' },
        ),
        fc.boolean(),
        (items, dense) => {
          // Dense: every item on one of three days (runs longer than the insertion sort takes).
          const day = items.map((x) => (dense ? Math.abs(Math.trunc(x.day)) % 3 : x.day));
          const rank = items.map((x) => x.rank);
          const tie = (a: number, b: number) => rank[b] - rank[a] || a - b;
          expect(sortByDay(day, tie)).toEqual(reference(day, tie));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('by hand: a day, then the tie order (here: higher rank first, then index)', () => {
    const day = [3, 1, 3, 1, 2, 3];
    const rank = [0, 1, 2, 1, 0, 2];
    expect(sortByDay(day, (a, b) => rank[b] - rank[a] || a - b)).toEqual([1, 3, 4, 2, 5, 0]);
    expect(sortByDay([], () => 0)).toEqual([]);
  });
});
