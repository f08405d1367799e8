import { describe, expect, test } from 'vitest';
import type { Posting } from '../../../../engine/ledger/snapshot';
import { Inventory } from '../../../../engine/query/inventory';
import { accountBalanceAfter, accountPostings } from '../../../../engine/query/tables/account-balance';
import { toText } from '../../../../engine/query/values';
import { amt, cost } from '../functions/helpers';
import { walkStats } from '../../../../engine/query/tables/account-balance';
import { recordCheckpoints } from '../../../../engine/query/periods/apply';
import { setCheckpointRowsForTests } from '../../../../engine/query/periods/checkpoints';
import { snapshot } from '../fixture';
import { randomLedger } from '../execute/random-ledger';

const text = (i: Inventory) => toText('inventory', i);

/** The model: each row's account balance right after it, each account's rows added in order. */
function balancesAfter(rows: readonly Posting[]): Map<Posting, string> {
  const expected = new Map<Posting, string>();
  const plain = new Map<string, Inventory>();
  for (const p of rows) {
    let inv = plain.get(p.account);
    if (!inv) plain.set(p.account, (inv = new Inventory()));
    inv.add(p);
    expected.set(p, text(inv));
  }
  return expected;
}

/** Rows with only what account_balance reads: account, units, cost. */
function row(account: string, n: string, c: string, lot: [string, string, string] | null = null): Posting {
  return { account, units: amt(n, c), cost: lot ? cost(...lot) : null } as unknown as Posting;
}

describe('account_balance', () => {
  test('balance of the posting own account after it, whatever other accounts do', () => {
    const rows = [
      row('A', '10', 'USD'),
      row('B', '-10', 'USD'),
      row('A', '2', 'HOOL', ['5', 'USD', '2024-01-01']),
      row('A', '-10', 'USD'),
      row('B', '1.50', 'EUR'),
    ];
    expect(text(accountBalanceAfter(rows, rows[3]))).toBe('(2 HOOL {5 USD, 2024-01-01})');
    expect(text(accountBalanceAfter(rows, rows[0]))).toBe('(10 USD)');
    expect(text(accountBalanceAfter(rows, rows[2]))).toBe('(2 HOOL {5 USD, 2024-01-01}, 10 USD)');
    expect(text(accountBalanceAfter(rows, rows[4]))).toBe('(1.50 EUR, -10 USD)');
    expect(text(accountBalanceAfter(rows, rows[1]))).toBe('(-10 USD)');
    // The same row read twice gives the same value (cached), unchanged by reads of later rows.
    expect(accountBalanceAfter(rows, rows[0])).toBe(accountBalanceAfter(rows, rows[0]));
    expect(text(accountBalanceAfter(rows, rows[0]))).toBe('(10 USD)');
    expect(accountPostings(rows, 'A')).toEqual([rows[0], rows[2], rows[3]]);
    expect(accountPostings(rows, 'Z')).toEqual([]);
  });

  test('a posting outside the rows gets an empty inventory', () => {
    const rows = [row('A', '1', 'USD')];
    expect(accountBalanceAfter(rows, row('A', '1', 'USD')).isEmpty()).toBe(true);
  });

  test('forward, backward and scattered reads over checkpoints agree with a plain walk', () => {
    // 300 rows of one account (checkpoints every 64), lots opened and closed, mixed places.
    const rows: Posting[] = [];
    for (let i = 0; i < 300; i++) {
      if (i % 3 === 0) rows.push(row('S', String(i % 7) + '.5', 'HOOL', [String(10 + (i % 4)), 'USD', '2024-01-01']));
      else if (i % 3 === 1) rows.push(row('S', '-' + String(i % 5) + '.25', 'USD'));
      else rows.push(row('T', '1', 'EUR'));
    }
    const expected = balancesAfter(rows);
    const orders = [
      rows.map((_, i) => i).reverse(),
      rows.map((_, i) => i),
      rows.map((_, i) => (i * 97) % rows.length),
    ];
    for (const order of orders) {
      // A fresh array each time: nothing cached from the previous order.
      const copy = rows.slice();
      for (const i of order) expect(text(accountBalanceAfter(copy, copy[i]))).toBe(expected.get(rows[i]));
    }
    // Values handed out earlier do not change when the cursor moves on.
    const fresh = rows.slice();
    const early = accountBalanceAfter(fresh, fresh[0]);
    accountBalanceAfter(fresh, fresh[298]);
    expect(text(early)).toBe(expected.get(rows[0]));
  });

  test("a snapshot's rows: found by date, long moves started from the ledger's checkpoints, same balances", () => {
    const before = setCheckpointRowsForTests(64);
    try {
      for (const seed of [1, 2, 3]) {
        // About 3,000 rows over 8 accounts (several hundred each), lots at cost, places mixed.
        const snap = snapshot(randomLedger(seed, 1500));
        const rows = snap.postings;
        const expected = balancesAfter(rows);
        const n = rows.length;
        const orders = [Array.from({ length: n }, (_, i) => (i * 389) % n), Array.from({ length: n }, (_, i) => n - 1 - i)];
        for (const withCheckpoints of [false, true]) {
          for (const order of orders) {
            // A fresh snapshot each time: nothing cached from the previous order.
            const fresh = snapshot(randomLedger(seed, 1500));
            if (withCheckpoints) recordCheckpoints(fresh.postings);
            const jumps = walkStats.jumps;
            for (const i of order) expect(text(accountBalanceAfter(fresh.postings, fresh.postings[i])), `seed ${seed} row ${i}`).toBe(expected.get(rows[i]));
            if (withCheckpoints && order === orders[0]) expect(walkStats.jumps).toBeGreaterThan(jumps);
            if (!withCheckpoints) expect(walkStats.jumps).toBe(jumps);
          }
        }
      }
    } finally {
      setCheckpointRowsForTests(before);
    }
  });
});
