/**
 * The booking walk logs each posting row's account and whether it is at cost beside its number
 * (ledger/booking/posting-numbers.ts), and a first query's position columns read those instead of
 * the rows (execute/position-sums.ts). On random ledgers (lots at cost, several currencies and
 * accounts, pads whose padding rows move within the log, reloads whose walk resumes on an earlier
 * walk's columns) the logged columns must name each row's own account and cost, and the columns
 * and account ids built from them must equal those built from the rows alone (a copy of the
 * list, which has no log).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLedger } from '../../../../engine/ledger/index';
import { ParseCache } from '../../../../engine/ledger/load';
import type { Snapshot } from '../../../../engine/ledger/snapshot';
import { numbersOf } from '../../../../engine/ledger/booking/posting-numbers';
import { accountIdTable } from '../../../../engine/query/execute/account-index';
import { positionColumns } from '../../../../engine/query/execute/position-sums';

const FILE = '/books/logged.beancount';
const ACCOUNTS = ['Assets:Bank', 'Assets:Broker', 'Assets:Cash', 'Expenses:Food', 'Income:Job', 'Equity:Opening'];
const HEADER = ACCOUNTS.map((a) => `2024-01-01 open ${a}${a === 'Assets:Broker' ? ' "FIFO"' : ''}\n`).join('');

interface Block {
  day: number;
  kind: 'txn' | 'buy' | 'sell' | 'eur' | 'pad';
  a: number;
  n: number;
}
const blockArb: fc.Arbitrary<Block> = fc.record({
  day: fc.integer({ min: 1, max: 40 }),
  kind: fc.constantFrom('txn', 'txn', 'buy', 'sell', 'eur', 'pad'),
  a: fc.nat({ max: ACCOUNTS.length - 1 }),
  n: fc.integer({ min: 1, max: 30 }),
});

const dateOf = (day: number) => new Date(Date.UTC(2024, 0, 1) + day * 86400000).toISOString().slice(0, 10);

function render(b: Block): string {
  const d = dateOf(b.day);
  const A = ACCOUNTS[b.a];
  const B = ACCOUNTS[(b.a + 1 + (b.n % (ACCOUNTS.length - 1))) % ACCOUNTS.length];
  switch (b.kind) {
    case 'txn':
      return `${d} * "t${b.n}"\n  ${A}  ${b.n}.${b.n % 10}0 USD\n  ${B}\n`;
    case 'eur':
      return `${d} * "e${b.n}"\n  ${A}  ${b.n} EUR\n  ${B}  -${b.n} EUR\n`;
    case 'buy':
      return `${d} * "buy"\n  Assets:Broker  ${(b.n % 4) + 1} HOOL {${10 + (b.n % 3)} USD}\n  Assets:Bank\n`;
    case 'sell':
      return `${d} * "sell"\n  Assets:Broker  -1 HOOL {} @ ${b.n} USD\n  Income:Job\n`;
    case 'pad':
      // The padding transaction is booked at the balance, ten days later, and listed at the pad.
      return `${d} pad Assets:Cash Equity:Opening\n${dateOf(b.day + 10)} balance Assets:Cash ${b.n} USD\n`;
  }
}

function check(s: Snapshot): number {
  const rows = s.postings;
  const nums = numbersOf(rows);
  expect(nums).toBeDefined();
  for (let i = 0; i < rows.length; i++) {
    expect(nums!.accounts[nums!.account[i]]).toBe(rows[i].account);
    expect(nums!.costed[i]).toBe(rows[i].cost === null ? 0 : 1);
  }
  const copy = rows.slice();
  const logged = positionColumns(rows);
  const plain = positionColumns(copy);
  expect(Array.from(logged.lot)).toEqual(Array.from(plain.lot));
  expect(Array.from(logged.costDp)).toEqual(Array.from(plain.costDp));
  expect(logged.currency).toEqual(plain.currency);
  expect(Array.from({ length: plain.lots.size }, (_, k) => logged.lots.keyOf(k))).toEqual(Array.from({ length: plain.lots.size }, (_, k) => plain.lots.keyOf(k)));
  const a = accountIdTable(rows);
  const b = accountIdTable(copy);
  expect(Array.from(a.ids)).toEqual(Array.from(b.ids));
  expect(a.names).toEqual(b.names);
  return rows.filter((r) => r.cost !== null).length;
}

describe('posting rows logged with their account and cost', () => {
  it('give the position columns and account ids the rows give (first loads and resumed reloads)', () => {
    let costed = 0;
    let loads = 0;
    fc.assert(
      fc.property(fc.array(blockArb, { minLength: 1, maxLength: 30 }), fc.array(blockArb, { maxLength: 3 }), (blocks, appended) => {
        const cache = new ParseCache(256);
        let text = HEADER + blocks.map(render).join('');
        const load = () => loadLedger(FILE, { readFile: (p) => (p === FILE ? text : null), parseCache: cache });
        costed += check(load());
        loads++;
        for (const b of appended) {
          text += render({ ...b, day: 55 });
          costed += check(load());
          loads++;
        }
      }),
      { numRuns: 60, seed: 1919 },
    );
    expect(loads).toBeGreaterThan(100);
    expect(costed).toBeGreaterThan(50);
  });
});
