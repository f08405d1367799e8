/**
 * A reload carries the per-row columns of the rows it kept (execute/carried-rows.ts): the next
 * snapshot's account ids, position columns (lots, numbers, cost places) and row dates, built from
 * the previous snapshot's for the shared rows and read from the rows after them, must equal the
 * columns built whole over the same rows. Random ledgers (lots at cost, several currencies,
 * prices, numbers beyond 2^53 at their scale) are reloaded with the parse cache under random
 * edits (appends, as a save adds, and inserts, deletes and replacements anywhere).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLedger } from '../../../../engine/ledger/index';
import { ParseCache } from '../../../../engine/ledger/load';
import type { Posting, Snapshot } from '../../../../engine/ledger/snapshot';
import { carryQueryCaches, warmQueryCaches } from '../../../../engine/query/index';
import { accountIdTable } from '../../../../engine/query/execute/account-index';
import { positionColumns } from '../../../../engine/query/execute/position-sums';
import { sortedDates, tableDates } from '../../../../engine/query/execute/date-index';
import { transactionRows } from '../../../../engine/query/tables/transactions';
import { carryCounts, sharedRowCount } from '../../../../engine/query/execute/carried-rows';

const FILE = '/books/main.beancount';
const ACCOUNTS = ['Assets:Bank', 'Assets:Broker', 'Assets:Cash', 'Expenses:Food', 'Income:Job', 'Equity:Opening'];

interface Block {
  day: number;
  kind: 'txn' | 'buy' | 'sell' | 'price' | 'big' | 'eur';
  a: number;
  n: number;
}

const blockArb: fc.Arbitrary<Block> = fc.record({
  day: fc.integer({ min: 1, max: 60 }),
  kind: fc.constantFrom('txn', 'txn', 'txn', 'buy', 'buy', 'sell', 'price', 'big', 'eur'),
  a: fc.nat({ max: ACCOUNTS.length - 1 }),
  n: fc.integer({ min: 1, max: 40 }),
});

function dateOf(day: number): string {
  return new Date(Date.UTC(2024, 0, 1) + day * 86400000).toISOString().slice(0, 10);
}

function render(b: Block): string {
  const d = dateOf(b.day);
  const A = ACCOUNTS[b.a];
  const B = ACCOUNTS[(b.a + 1 + (b.n % (ACCOUNTS.length - 1))) % ACCOUNTS.length];
  switch (b.kind) {
    case 'txn':
      return `${d} * "t${b.n}"\n  ${A}  ${b.n}.${b.n % 10}0 USD\n  ${B}\n`;
    case 'eur':
      return `${d} * "e${b.n}"\n  ${A}  ${b.n} EUR\n  ${B}\n`;
    case 'big':
      return `${d} * "b${b.n}"\n  ${A}  9007199254740993.${b.n % 10} USD\n  ${B}\n`;
    case 'buy':
      return `${d} * "buy"\n  Assets:Broker  ${(b.n % 4) + 1} HOOL {${10 + (b.n % 3)}${b.n % 2 ? '.00' : ''} USD}\n  Assets:Bank\n`;
    case 'sell':
      return `${d} * "sell"\n  Assets:Broker  -1 HOOL {} @ ${b.n} USD\n  Income:Job\n`;
    case 'price':
      return `${d} price HOOL ${b.n} USD\n`;
  }
}

const HEADER = `option "operating_currency" "USD"\n${ACCOUNTS.map((a) => `2024-01-01 open ${a}${a === 'Assets:Broker' ? ' "FIFO"' : ''}\n`).join('')}`;

type Edit = { op: 'append' | 'insert' | 'delete' | 'replace'; at: number; block: Block };
const editArb: fc.Arbitrary<Edit> = fc.record({
  op: fc.constantFrom('append', 'append', 'append', 'insert', 'delete', 'replace'),
  at: fc.nat(),
  block: blockArb,
});

function apply(blocks: Block[], e: Edit): Block[] {
  const out = blocks.slice();
  const n = out.length;
  if (e.op === 'append') out.push({ ...e.block, day: 61 + (out.length % 5) });
  else if (e.op === 'insert') out.splice(n === 0 ? 0 : e.at % n, 0, e.block);
  else if (n > 0 && e.op === 'delete') out.splice(e.at % n, 1);
  else if (n > 0) out[e.at % n] = e.block;
  return out;
}

/** The columns of `rows`, as plain data (lots by their key text). */
function columnsOf(rows: readonly Posting[]) {
  const c = positionColumns(rows);
  const acct = accountIdTable(rows);
  const n = rows.length;
  return {
    lot: [...c.lot],
    scaled: [...c.scaled].map((x, i) => (c.safe[i] === 1 ? x : null)),
    dp: [...c.dp],
    safe: [...c.safe],
    costDp: [...c.costDp],
    lots: Array.from({ length: c.lots.size }, (_, id) => c.lots.keyOf(id)),
    accounts: [...acct.ids],
    names: [...acct.names],
    dates: sortedDates(rows) === null ? null : [...sortedDates(rows)!],
    n,
  };
}

/** The transactions' dates computed whole (never decreasing, else null). */
function txnDatesWhole(txns: readonly { date: number }[]): number[] | null {
  for (let i = 1; i < txns.length; i++) if (txns[i].date < txns[i - 1].date) return null;
  return txns.map((t) => t.date);
}

describe('per-row columns carried over a reload', () => {
  it('equal the columns built whole, on random ledgers under random edits (and the #transactions dates)', () => {
    let reloads = 0;
    let shared = 0;
    let sharedTxns = 0;
    const taken0 = carryCounts.taken;
    fc.assert(
      // `numbers`: the walk logs the rows' numbers (as the engine worker's loads do), or the
      // columns read them from the rows (as for a load that logs none).
      fc.property(fc.array(blockArb, { minLength: 5, maxLength: 60 }), fc.array(editArb, { minLength: 1, maxLength: 6 }), fc.boolean(), (blocks0, edits, numbers) => {
        const cache = new ParseCache(64);
        const load = (blocks: Block[]) => {
          const text = HEADER + [...blocks].sort((x, y) => x.day - y.day).map(render).join('');
          return loadLedger(FILE, { readFile: (p) => (p === FILE ? text : null), parseCache: cache, now: new Date('2024-06-01T00:00:00Z'), defaultTimezone: 'UTC', postingNumbers: numbers });
        };
        let blocks = blocks0;
        let prev: Snapshot = load(blocks);
        warmQueryCaches(prev);
        for (const e of edits) {
          blocks = apply(blocks, e);
          const next = load(blocks);
          carryQueryCaches(prev, next);
          reloads++;
          if (sharedRowCount(prev.postings, next.postings) > 0) shared++;
          // Built from the carry (first), then whole over a copy of the same rows.
          const carried = columnsOf(next.postings);
          expect(carried).toStrictEqual(columnsOf([...next.postings]));
          // The #transactions rows' dates likewise.
          const txns = transactionRows(next);
          if (sharedRowCount(transactionRows(prev), txns) > 0) sharedTxns++;
          const dates = tableDates('transactions', txns);
          expect(dates === null ? null : [...dates]).toStrictEqual(txnDatesWhole(txns));
          prev = next;
        }
      }),
      { numRuns: 60 },
    );
    // Most reloads keep rows (the appends, and edits near the end).
    expect(shared).toBeGreaterThan(reloads / 3);
    // Each reload keeping rows hands over the three parts (the previous ones were all built).
    expect(carryCounts.taken - taken0).toBe(3 * shared + sharedTxns);
    expect(sharedTxns).toBeGreaterThan(reloads / 3);
  });
});
