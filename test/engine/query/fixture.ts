/**
 * Small hand-built snapshots for query tests (the ledger loader is tested on its own): each
 * transaction is written as date, flag, payee, narration and postings `account number currency`
 * with optional cost `{n CUR}`; ids, seq and metadata are filled in predictably.
 */
import { Dec } from '../../../engine/decimal';
import { parseDate } from '../../../engine/dates';
import type { Meta } from '../../../engine/ledger/ast';
import type { Posting, Snapshot, Transaction } from '../../../engine/ledger/snapshot';

export interface TxnSpec {
  date: string;
  flag?: string;
  payee?: string | null;
  narration?: string;
  tags?: string[];
  meta?: Record<string, string>;
  /** `Account 10.50 USD`, `Account 2 HOOL {100 USD}`, optionally followed by ` ; key=value`. */
  postings: string[];
}

const meta = (m: Record<string, string> = {}): Meta => Object.entries(m).map(([key, text]) => ({ key, kind: 'string', text }));

export function snapshot(txns: TxnSpec[]): Snapshot {
  const transactions: Transaction[] = [];
  const postings: Posting[] = [];
  txns.forEach((t, i) => {
    const date = parseDate(t.date)!;
    const txn: Transaction = {
      id: `txn-${i}`,
      seq: i,
      date,
      time: 0,
      timestamp: date * 86400,
      flag: t.flag ?? '*',
      payee: t.payee === undefined ? null : t.payee,
      narration: t.narration ?? '',
      tags: t.tags ?? [],
      links: [],
      meta: meta(t.meta),
      postings: [],
      balanced: true,
      errors: [],
      src: null,
    };
    t.postings.forEach((spec, index) => {
      const [main, metaPart] = spec.split(' ; ');
      const m = /^(\S+)\s+(\S+)\s+(\S+)(?:\s+\{(\S+)\s+(\S+)\})?$/.exec(main.trim());
      if (!m) throw new Error('bad posting ' + spec);
      const units = { number: Dec.of(m[2]), currency: m[3] };
      const cost = m[4] ? { number: Dec.of(m[4]), currency: m[5], date, label: null } : null;
      const pm: Record<string, string> = {};
      if (metaPart) for (const kv of metaPart.split(',')) pm[kv.split('=')[0].trim()] = kv.split('=')[1].trim();
      const p: Posting = {
        txn,
        index,
        flag: null,
        account: m[1],
        units,
        cost,
        price: null,
        weight: cost ? { number: units.number.times(cost.number), currency: cost.currency } : units,
        meta: meta(pm),
        automatic: false,
      };
      txn.postings.push(p);
      postings.push(p);
    });
    transactions.push(txn);
  });
  return {
    file: '/x/main.beancount',
    root: '/x',
    format: 'beancount',
    files: [],
    missingFiles: [],
    options: { timezone: 'UTC', operatingCurrencies: ['USD'] } as never,
    entries: [],
    referenceOrder: [],
    transactions,
    postings,
    balances: [],
    prices: [],
    priceMap: { rate: () => null, rateDate: () => null, quotedAgainst: () => [] },
    documents: [],
    notes: [],
    events: [],
    commodities: [],
    customs: [],
    queries: [],
    accounts: new Map(),
    budgets: {} as never,
    errors: [],
    loadedAt: 0,
  };
}

/** The ledger most tests use. */
export const BASIC: TxnSpec[] = [
  { date: '2024-01-05', payee: 'Shop', narration: 'Lunch', postings: ['Expenses:Food 10.50 USD ; kind=meal', 'Assets:Cash -10.50 USD'] },
  { date: '2024-02-01', payee: 'Boss', narration: 'Pay', tags: ['work'], meta: { ref: 'p1' }, postings: ['Assets:Cash 100 USD', 'Income:Salary -100 USD'] },
  { date: '2024-02-10', payee: null, narration: 'Dinner', postings: ['Expenses:Food 20 USD', 'Assets:Cash -20 USD'] },
  { date: '2024-03-01', payee: 'Broker', narration: 'Buy', postings: ['Assets:Stock 2 HOOL {30 USD}', 'Assets:Cash -60 USD'] },
];
