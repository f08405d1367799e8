/**
 * #transactions: one row per booked transaction (padding transactions included, rejected ones
 * not), in reference order like every directive table (postings keep processing order).
 */
import type { Snapshot, Transaction } from '../../ledger/snapshot';
import { formatTime } from '../../dates';
import { makeSet } from '../values';
import { col, int, metaPairs, metaText, perSnapshot } from './common';
import { registerTable, type TableDef } from './registry';
import { offerRows, takeTransactionRows } from '../execute/carried-rows';

/** The table's rows, built once per snapshot (also by the idle warm-up: execute/warm.ts). */
export const transactionRows = perSnapshot((s: Snapshot): Transaction[] => {
  const out = inProcessingOrder(s) ?? inReferenceOrder(s);
  // The previous snapshot's dates hold for the rows a reload kept (execute/carried-rows.ts).
  const carried = takeTransactionRows(s);
  if (carried !== null) offerRows(carried.rows, out, { accountIds: null, columns: null, dates: carried.dates });
  return out;
});

export function inReferenceOrder(s: Snapshot): Transaction[] {
  const out: Transaction[] = [];
  for (const i of s.referenceOrder) {
    const t = s.entries[i].txn;
    if (t) out.push(t);
  }
  return out;
}

/**
 * The transactions in processing order when that is their reference order too (their entries'
 * `ref` rise with `seq`: both orders put a day's transactions in file order, so in most ledgers
 * they agree), else null. Reads each transaction's own entry, in order, instead of every entry
 * in reference order (200k on the xlarge bench ledger, from all over the heap: 30-60 ms of the
 * first #transactions query of every snapshot, the dashboard's summary after a save included).
 */
export function inProcessingOrder(s: Snapshot): Transaction[] | null {
  const ts = s.transactions;
  const entries = s.entries;
  let last = -1;
  for (let k = 0; k < ts.length; k++) {
    const t = ts[k];
    const e = t.seq === null ? undefined : entries[t.seq];
    if (e === undefined || e.txn !== t || e.ref <= last) return null;
    last = e.ref;
  }
  return ts.slice();
}

/** The #transactions rows of a snapshot if a query made them, else null. */
export function knownTransactionRows(s: Snapshot): Transaction[] | null {
  return transactionRows.known(s) ?? null;
}

/** Accounts of the postings, sorted and unique; computed once per transaction. */
const accountSets = new WeakMap<Transaction, readonly string[]>();
function accountsOf(t: Transaction): readonly string[] {
  let set = accountSets.get(t);
  if (!set) {
    set = makeSet(t.postings.map((p) => p.account));
    accountSets.set(t, set);
  }
  return set;
}

export const transactionsTable: TableDef<Transaction> = {
  name: 'transactions',
  description: 'one row per transaction (padding transactions included), in reference order',
  columns: [
    col('date', 'date', 'transaction date', (t) => t.date),
    col('flag', 'str', '`*`, `!`, P (padding) or custom', (t) => t.flag),
    col('payee', 'str', 'NULL if none', (t) => t.payee),
    col('narration', 'str', "'' if none", (t) => t.narration),
    col('tags', 'set', 'without leading #', (t) => t.tags),
    col('links', 'set', 'without leading ^', (t) => t.links),
    col('accounts', 'set', 'accounts of the postings', accountsOf),
    col('meta', 'str', 'transaction metadata as text: `key: "value"` pairs sorted by key; \'\' if none', (t) => metaText(t.meta)),
    col('id', 'str', "generated UUID, the postings' id and the #entries row id", (t) => t.id, true),
    col('seq', 'int', 'position in processing order from 0, as in #entries', (t) => (t.seq === null ? null : int(t.seq)), true),
    col('time', 'str', 'HH:MM:SS in the ledger timezone: time written, midnight if none', (t) => formatTime(t.time), true),
    col('timestamp', 'int', 'Unix seconds of date and time', (t) => int(t.timestamp), true),
    col('balanced', 'bool', 'FALSE when the transaction is unbalanced (UnbalancedTransaction error)', (t) => t.balanced, true),
    col('errors', 'set', 'error kinds recorded for the transaction; empty if none', (t) => t.errors, true),
    col('metas', 'metas', 'transaction metadata as pairs sorted by key', (t) => metaPairs(t.meta), true),
  ],
  star: ['date', 'flag', 'payee', 'narration', 'tags', 'links', 'accounts'],
  rows: (ctx) => transactionRows(ctx.snapshot),
  meta: (t) => t.meta,
  entryMeta: (t) => t.meta,
  idWords: () => (t) => t.idWord,
};

registerTable(transactionsTable);
