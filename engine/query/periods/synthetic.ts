/**
 * The synthetic transactions of the period clauses (flags S, C, T): ordinary posting rows with
 * payee NULL, no tags, links or metadata, seq NULL, and one generated id per transaction.
 *
 * Ids: derived from what the transaction is (clause values, flag, account, date) with the same
 * UUID hash as ledger ids, so a repeated query sees the same ids; the `<...>` pseudo-file names
 * cannot collide with a ledger file's relative path.
 */
import { Dec } from '../../decimal';
import type { DayNum } from '../../dates';
import type { Amount, Cost, Position, Posting, Transaction } from '../../ledger/snapshot';
import { positionId } from '../../ledger/ids';
import { positionCost } from '../inventory';

const NO_META: never[] = [];
const NO_STRINGS: string[] = [];

export interface When {
  date: DayNum;
  /** Stored time of day and Unix seconds (see periods/apply.ts for how they are chosen). */
  time: number;
  timestamp: number;
}

export function newTransaction(flag: 'S' | 'C' | 'T', when: When, narration: string, idSalt: string): Transaction {
  return {
    id: positionId(`<period ${flag}>${idSalt}`, when.date),
    seq: null,
    date: when.date,
    time: when.time,
    timestamp: when.timestamp,
    flag,
    payee: null,
    narration,
    tags: NO_STRINGS,
    links: NO_STRINGS,
    meta: NO_META,
    postings: [],
    balanced: true,
    errors: NO_STRINGS,
    src: null,
  };
}

/**
 * Appends a posting row; weight as for booked rows: at cost, else at price, else the units
 * (`atCost`: the row's cost already computed, positionCost of units and cost).
 */
export function addPosting(txn: Transaction, account: string, units: Amount, cost: Cost | null, price: Amount | null, atCost: Amount | null = null): Posting {
  const p: Posting = {
    txn,
    index: txn.postings.length,
    flag: null,
    account,
    units,
    cost,
    price,
    weight: cost
      ? (atCost ?? positionCost({ units, cost }))
      : price
        ? { number: units.number.timesRounded(price.number), currency: price.currency }
        : units,
    meta: NO_META,
    automatic: false,
  };
  txn.postings.push(p);
  return p;
}

export function negAmount(a: Amount): Amount {
  return { number: a.number.neg(), currency: a.currency };
}

/**
 * Beancount's create_entries_from_balances: one posting per lot on the account, each followed
 * by its counterpart on `other` at the lot's cost with the opposite sign. `positions` are already
 * signed as they go onto `account`.
 */
export function lotTransfer(txn: Transaction, account: string, positions: readonly Position[], other: string): void {
  for (const pos of positions) {
    // One product per lot: the row's weight and, negated, its counterpart.
    const c = positionCost(pos);
    addPosting(txn, account, pos.units, pos.cost, null, c);
    addPosting(txn, other, negAmount(c), null, null);
  }
}

/** The zero price of the conversion postings (`0 NOTHING` by default). */
export function zeroPrice(currency: string): Amount {
  return { number: Dec.ZERO, currency };
}
