/**
 * The period sums carried from the previous snapshot to its reload (engine/query/periods/carry.ts):
 * the new snapshot takes the old one's checkpoints and OPEN ON opening rows only for the rows
 * both have in common, and every answer is the one the new snapshot gives without them. Edits
 * that keep each row's lot and number but change what a sum shows (how a cost is written, an
 * account's name) must end the common rows there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { carryQueryCaches, encodeResult, runQuery, warmQueryCaches } from '../../../engine/query/index';
import { stringifyResult } from '../../../engine/query/encode';
import { setCheckpointRowsForTests, CHECKPOINT_ROWS } from '../../../engine/query/periods/checkpoints';
import { carriedFor } from '../../../engine/query/periods/carry';
import { keptSumStats } from '../../../engine/query/execute/kept-sums';
import { fastPaths } from '../../../engine/query/execute/fast-paths';
import { applyPeriodClauses } from '../../../engine/query/periods/apply';
import { parseDate } from '../../../engine/dates';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { ledger } from '../ledger/ledger-text';
import { toText } from '../../../engine/query/values';
import { expectColumnsOfRows, randomText } from './period-ledger';

afterEach(() => {
  setCheckpointRowsForTests(CHECKPOINT_ROWS);
});

const QUERIES = [
  'SELECT account, sum(position) FROM OPEN ON 2023-06-01 GROUP BY account ORDER BY account',
  "SELECT date, flag, account, position, balance FROM OPEN ON 2023-09-01 WHERE account ~ '^(Assets|Liabilities)'",
  'SELECT month, last(balance), units(last(balance)) FROM OPEN ON 2023-06-01 GROUP BY month ORDER BY month',
  'BALANCES FROM CLOSE ON 2023-10-01',
  'SELECT account, sum(position) FROM OPEN ON 2023-03-01 CLOSE ON 2023-11-01 CLEAR GROUP BY account ORDER BY account',
  'SELECT sum(position), count(*) FROM CLOSE ON 2023-08-15 CLEAR',
  "SELECT account, sum(position) FROM OPEN ON 2025-01-01 WHERE account ~ 'Assets|Expenses' GROUP BY account ORDER BY account",
  'BALANCES FROM CLOSE ON 2026-01-01',
  // Sums from the first row (kept and started from: execute/kept-sums.ts), later dates first,
  // then earlier: a kept sum serves a later end only.
  "SELECT sum(position) WHERE account ~ '^(Assets|Liabilities)' AND date <= 2024-06-30",
  "SELECT units(sum(position)), cost(sum(position)) WHERE account ~ '^(Assets|Liabilities)' AND date <= 2027-01-01",
  "SELECT sum(position) WHERE account ~ '^(Assets|Liabilities)' AND date <= 2023-09-30",
  "SELECT sum(position) WHERE under(account, 'Assets') AND date <= 2030-01-01",
  'SELECT sum(position) WHERE date <= 2025-05-05',
];

const answers = (s: Snapshot) => QUERIES.map((q) => stringifyResult(encodeResult(runQuery(s, q))));

/** The answers of the straightforward path (no fast path, so nothing kept or carried). */
function plain(s: Snapshot): string[] {
  fastPaths.enabled = false;
  try {
    return answers(s);
  } finally {
    fastPaths.enabled = true;
  }
}

/** The old snapshot, warmed and asked every query (so it has checkpoints and openings), then its reload with carry. */
function reload(before: string, after: string): { old: Snapshot; next: Snapshot } {
  const old = ledger(before);
  warmQueryCaches(old);
  answers(old);
  const next = ledger(after);
  carryQueryCaches(old, next);
  return { old, next };
}

const OPEN = { open: parseDate('2023-06-01'), close: null, clear: false };

describe('period sums carried to a reload', () => {
  const base = randomText(7, 400);
  const lines = base.split('\n');
  // A line well inside the history, before most of the queries' dates: the 40th transaction's.
  const early = lines.findIndex((l, i) => i > 0 && l.startsWith('2023-') && lines.slice(0, i).filter((x) => x.startsWith('2023-')).length === 40);
  const edit = (i: number, f: (l: string) => string) => lines.map((l, k) => (k === i ? f(l) : l)).join('\n');

  it('the same file again: every row in common, the opening rows and checkpoints taken over, same answers', () => {
    setCheckpointRowsForTests(32);
    const { old, next } = reload(base, base);
    const fresh = plain(ledger(base));
    expect(answers(next)).toEqual(fresh);
    expect(carriedFor(next.postings)!.prefix).toBe(next.postings.length);
    // The S rows are the old snapshot's own objects.
    const a = applyPeriodClauses(old, OPEN, () => {});
    const b = applyPeriodClauses(next, OPEN, () => {});
    expect(b[0]).toBe(a[0]);
    expect(b[b.length - 1]).toBe(next.postings[next.postings.length - 1]);
    // Its columns: the head's taken from the old rows' columns, lot ids of the new table.
    expectColumnsOfRows(b);
  });

  it('saves that change nothing summed carry on from generation to generation', () => {
    // A save that adds no row (the file saved unchanged, a note, a price) must leave the next
    // snapshot as much to start from as the one before: sums from the first row that started
    // from a carried sum as it was were not kept, so every other such save summed from row 0.
    setCheckpointRowsForTests(32);
    const gen1 = ledger(base);
    warmQueryCaches(gen1);
    answers(gen1);
    let prev = gen1;
    const carriedPerGeneration: number[] = [];
    const checkpointsPerGeneration: number[] = [];
    for (let g = 2; g <= 4; g++) {
      const next = ledger(base);
      carryQueryCaches(prev, next);
      const c = carriedFor(next.postings)!;
      checkpointsPerGeneration.push(c.checkpoints.filter((x) => x !== undefined).length);
      const before = keptSumStats.carried;
      warmQueryCaches(next);
      expect(answers(next)).toEqual(plain(next));
      carriedPerGeneration.push(keptSumStats.carried - before);
      prev = next;
    }
    // Five queries sum from the first row; each started from a carried sum in every generation.
    expect(carriedPerGeneration[0]).toBeGreaterThanOrEqual(4);
    expect(carriedPerGeneration).toEqual([carriedPerGeneration[0], carriedPerGeneration[0], carriedPerGeneration[0]]);
    expect(checkpointsPerGeneration[0]).toBeGreaterThan(0);
    expect(checkpointsPerGeneration).toEqual([checkpointsPerGeneration[0], checkpointsPerGeneration[0], checkpointsPerGeneration[0]]);
  });

  it('a transaction added at the end: the rows before it in common, same answers as without carry', () => {
    setCheckpointRowsForTests(32);
    const after = base + '2040-01-02 * "new"\n  Assets:Bank -5.00 USD\n  Expenses:Food 5.00 USD\n';
    const { old, next } = reload(base, after);
    const carried = keptSumStats.carried;
    expect(answers(next)).toEqual(plain(ledger(after)));
    // The sums from the first row started from the old snapshot's.
    expect(keptSumStats.carried).toBeGreaterThan(carried);
    expect(carriedFor(next.postings)!.prefix).toBe(old.postings.length);
  });

  it('edits in the history end the common rows at the edit, answers as without carry', () => {
    setCheckpointRowsForTests(32);
    const broker = lines.findIndex((l, i) => i > early && / HOOL \{\d+\.\d\d USD\}/.test(l));
    const food = lines.findIndex((l, i) => i > early && l.startsWith('  Expenses:Food '));
    const bank = lines.findIndex((l, i) => i > early && l.startsWith('  Assets:Bank ') && / USD$/.test(l));
    const variants: [string, string][] = [
      // Same lot by value, written with more places: a lot keeps the form of the row that made it.
      ['a cost written another way', edit(broker, (l) => l.replace(/\{(\d+\.\d\d) USD\}/, '{$10 USD}'))],
      ['a posting moved to another account', edit(food, (l) => l.replace('Expenses:Food', 'Expenses:Rent'))],
      // Another lot with the same number: the lot that row introduces is not the old one.
      ['a lot labelled', edit(broker, (l) => l.replace(/\{(\d+\.\d\d) USD\}/, '{$1 USD, "x"}'))],
      ['a number written another way', edit(bank, (l) => l.replace(/ USD$/, '0 USD').replace(/(\d)\.(\d\d)0 USD$/, '$1.$20 USD'))],
      ['an amount changed', edit(bank, (l) => l.replace(/(\d) USD$/, (m, d) => `${(Number(d) + 1) % 10} USD`))],
      ['a transaction inserted', lines.slice(0, early).join('\n') + '\n2023-02-01 * "inserted"\n  Assets:Cash 1 EUR @ 1.10 USD\n  Assets:Bank -1.10 USD\n' + lines.slice(early).join('\n')],
      ['an option the openings read', 'option "account_previous_balances" "Opening-Balances"\n' + base],
    ];
    for (const [name, after] of variants) {
      expect(after, name).not.toBe(base);
      const { old, next } = reload(base, after);
      expect(answers(next), name).toEqual(plain(ledger(after)));
      const prefix = carriedFor(next.postings)!.prefix;
      // Nothing after the edit is taken as common (the inserted transaction is dated 2023-02-01).
      if (name !== 'an option the openings read') expect(prefix, name).toBeLessThan(old.postings.length);
    }
  });

  it('a zero amount written with more places: the common rows end there (a zero still widens a lot)', () => {
    setCheckpointRowsForTests(32);
    const zero = (n: string) => lines.slice(0, early).join('\n') + `\n2023-02-01 * "zero"\n  Assets:Bank ${n} USD\n  Expenses:Food -${n} USD\n` + lines.slice(early).join('\n');
    const before = zero('0.00');
    const after = zero('0.000');
    const { old, next } = reload(before, after);
    expect(answers(next)).toEqual(plain(ledger(after)));
    expect(carriedFor(next.postings)!.prefix).toBeLessThan(old.postings.length);
  });

  it('an account renamed early: ends the common rows at its first row', () => {
    setCheckpointRowsForTests(32);
    const after = base.replaceAll('Expenses:Rent', 'Expenses:Housing');
    const { next } = reload(base, after);
    expect(answers(next)).toEqual(plain(ledger(after)));
    const first = next.postings.findIndex((p) => p.account === 'Expenses:Housing');
    expect(carriedFor(next.postings)!.prefix).toBeLessThanOrEqual(first);
  });

  it("an opening's lot made after the rows' lots (a currency seen only in costs) is looked up in the new table", () => {
    // CHF is only ever a cost currency: the earnings of OPEN ON hold plain CHF, a lot the table
    // makes after every row's lot. The save adds a lot of its own (a new cost), which takes that
    // id in the new table.
    const text = `
option "booking_method" "NONE"
2023-01-01 open Assets:Broker
2023-01-01 open Income:Gains
2023-01-01 open Equity:Opening

2023-01-02 * "buy"
  Assets:Broker  3 HOOL {10 CHF}
  Equity:Opening  -30 USD @ 1 CHF

2023-02-02 * "sell and buy"
  Assets:Broker  -1 HOOL {10 CHF}
  Assets:Broker  3 ACME {5 CHF}
  Income:Gains  -5 USD @ 1 CHF
`;
    const after = text + '\n2023-08-01 * "buy"\n  Assets:Broker  1 ZETA {7 CHF}\n  Equity:Opening  -7 USD @ 1 CHF\n';
    const queries = [
      "SELECT date, account, position, balance FROM OPEN ON 2023-06-01",
      "SELECT account, sum(position) FROM OPEN ON 2023-06-01 GROUP BY account ORDER BY account",
      // A replayed balance: starts after the opening rows, kept by the old snapshot.
      'SELECT month, last(balance) FROM OPEN ON 2023-06-01 GROUP BY month ORDER BY month',
    ];
    const run = (s: Snapshot) => queries.map((q) => stringifyResult(encodeResult(runQuery(s, q))));
    const old = ledger(text);
    warmQueryCaches(old);
    run(old);
    const next = ledger(after);
    carryQueryCaches(old, next);
    expect(old.errors).toEqual([]);
    expect(next.errors).toEqual([]);
    expect(run(next)).toEqual(run(ledger(after)));
    // The opening was carried: its S rows are the old snapshot's objects.
    const open = { open: parseDate('2023-06-01'), close: null, clear: false };
    expect(applyPeriodClauses(next, open, () => {})[0]).toBe(applyPeriodClauses(old, open, () => {})[0]);
    expectColumnsOfRows(applyPeriodClauses(next, open, () => {}));
  });

  it('a balance kept after the opening rows serves only the same chosen rows', () => {
    // Two accounts with one lot each before the date: each filter chooses one opening row.
    const s = ledger(`
2023-01-01 open Assets:A
2023-01-01 open Assets:B
2023-01-01 open Equity:Opening
2023-01-02 * "a"
  Assets:A  1 USD
  Equity:Opening
2023-01-03 * "b"
  Assets:B  2 EUR
  Equity:Opening
2023-03-01 * "later"
  Assets:A  5 USD
  Assets:B  7 EUR
  Equity:Opening
`);
    const q = (a: string) => runQuery(s, `SELECT month, last(balance) FROM OPEN ON 2023-02-01 WHERE account = '${a}' GROUP BY month ORDER BY month`).rows.map((r) => toText('inventory', r[1]));
    // The opening (January) and March: 1 then 6 USD on A, 2 then 9 EUR on B.
    expect(q('Assets:A')).toEqual(['(1 USD)', '(6 USD)']);
    expect(q('Assets:B')).toEqual(['(2 EUR)', '(9 EUR)']);
    expect(q('Assets:A')).toEqual(['(1 USD)', '(6 USD)']);
  });

  it('nothing is offered from a snapshot no query summed', () => {
    const old = ledger(base);
    const next = ledger(base);
    carryQueryCaches(old, next);
    expect(carriedFor(next.postings)).toBeUndefined();
    expect(answers(next)).toEqual(plain(ledger(base)));
  });
});
