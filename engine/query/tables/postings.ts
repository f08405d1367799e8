/**
 * The postings table (default): one row per booked posting row, columns in the order of the
 * spec's postings column table (reference columns, then the [ext] service extensions).
 *
 * Choice: the order is the table's as written in document 2 (metas and entry_metas [ext] stand
 * before balance there); the schema endpoint lists the columns in that order.
 */
import type { Meta } from '../../ledger/ast';
import type { Posting, Transaction } from '../../ledger/snapshot';
import { civilFromDays, formatTime } from '../../dates';
import { accountBalanceAfter } from './account-balance';
import { registerTable, type ColumnDef, type TableDef } from './registry';

type Col = ColumnDef<Posting>;

/** Metadata pairs sorted by key, written order kept within a key (Array.prototype.sort is stable). */
export function metaPairs(meta: Meta): [string, string][] {
  const pairs: [string, string][] = meta.map((m) => [m.key, m.text]);
  return pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** `key: "value"` pairs sorted by key, joined by `, ` (the postings `meta` text column). */
export function metaText(meta: Meta): string {
  if (meta.length === 0) return '';
  return metaPairs(meta)
    .map(([k, v]) => `${k}: "${v}"`)
    .join(', ');
}

function description(payee: string | null, narration: string): string {
  if (payee && narration) return payee + ' | ' + narration;
  return payee || narration || '';
}

function otherAccounts(p: Posting): string[] {
  const set = new Set<string>();
  for (const o of p.txn.postings) if (o.index !== p.index) set.add(o.account);
  return [...set].sort();
}

/**
 * Year, month and day of a date as query ints. Grouping by year and month reads them on every
 * row; a ledger has a few thousand distinct dates, so they are remembered (bounded) instead of
 * converted per row.
 */
const partsCache = new Map<number, readonly [bigint, bigint, bigint]>();
function dateParts(d: number): readonly [bigint, bigint, bigint] {
  let p = partsCache.get(d);
  if (p === undefined) {
    if (partsCache.size >= 100_000) partsCache.clear();
    const [y, m, day] = civilFromDays(d);
    p = [BigInt(y), BigInt(m), BigInt(day)];
    partsCache.set(d, p);
  }
  return p;
}

const col = (name: string, type: Col['type'], description: string, get: Col['get'], ext = false): Col => ({
  name,
  type,
  description,
  get,
  ext,
});

export const postingColumns: Col[] = [
  col('date', 'date', 'transaction date (time part dropped, see time)', (p) => p.txn.date),
  col('year', 'int', 'year of date', (p) => dateParts(p.txn.date)[0]),
  col('month', 'int', 'month of date (1 to 12)', (p) => dateParts(p.txn.date)[1]),
  col('day', 'int', 'day of date (1 to 31)', (p) => dateParts(p.txn.date)[2]),
  col('flag', 'str', '`*` (also when none written), `!`, P (padding), S, C, T (period clauses), or custom', (p) => p.txn.flag),
  col('payee', 'str', 'NULL if none; a header with one string makes it the narration', (p) => p.txn.payee),
  col('narration', 'str', "'' if none", (p) => p.txn.narration),
  col('description', 'str', "payee and narration joined with ' | '; missing or empty parts left out; '' if both", (p) =>
    description(p.txn.payee, p.txn.narration),
  ),
  col('tags', 'set', 'without leading #', (p) => p.txn.tags),
  col('links', 'set', 'without leading ^', (p) => p.txn.links),
  col('id', 'str', 'generated UUID of the transaction, shared by its postings', (p) => p.txn.id),
  col('posting_flag', 'str', "the posting's own flag, NULL if none", (p) => p.flag),
  col('account', 'str', '', (p) => p.account),
  col('number', 'decimal', 'units', (p) => p.units.number),
  col('currency', 'str', 'commodity of the units', (p) => p.units.currency),
  // A booked posting row has `units` and `cost`, so it is itself a position value.
  col('position', 'position', 'units with cost lot', (p) => p),
  col('cost_number', 'decimal', 'per-unit cost; NULL if not at cost; total cost {{..}} divided by units', (p) => p.cost?.number ?? null),
  col('cost_currency', 'str', 'or NULL', (p) => p.cost?.currency ?? null),
  col('cost_date', 'date', "lot date; NULL if not at cost; a lot without explicit date has the opening transaction's date", (p) =>
    p.cost ? p.cost.date : null,
  ),
  col('cost_label', 'str', "'' if not held at cost; NULL if the lot has no label", (p) => (p.cost ? p.cost.label : '')),
  col('price', 'amount', 'per-unit price with @ (total @@ divided by units); NULL if none', (p) => p.price),
  col('weight', 'amount', 'contribution to balancing: units x per-unit cost if at cost, else units x price if a price, else units', (p) => p.weight),
  col('other_accounts', 'set', 'accounts of other postings of the transaction', otherAccounts),
  col('meta', 'str', 'posting metadata as text: `key: "value"` pairs sorted by key, separated by a comma and space; \'\' if none', (p) =>
    metaText(p.meta),
  ),
  col('metas', 'metas', 'posting metadata as pairs', (p) => metaPairs(p.meta), true),
  col('entry_metas', 'metas', 'transaction metadata as pairs', (p) => metaPairs(p.txn.meta), true),
  {
    name: 'balance',
    type: 'inventory',
    description: 'running balance',
    special: 'running',
    get: (_p, state) => state.balance,
  },
  col('time', 'str', 'HH:MM:SS in the ledger timezone: time written, midnight if none', (p) => formatTime(p.txn.time), true),
  col('timestamp', 'int', 'Unix seconds of date and time', (p) => BigInt(p.txn.timestamp), true),
  col('seq', 'int', 'position of the transaction in processing order from 0, as in #entries; shared by its postings; NULL for synthetic period transactions', (p) =>
    p.txn.seq === null ? null : BigInt(p.txn.seq),
  true),
  col('posting_index', 'int', '0-based position in its transaction; lot rows of one posting share it', (p) => BigInt(p.index), true),
  col('account_balance', 'inventory', "balance of the posting's account right after it", (p, state) =>
    accountBalanceAfter((state.source as readonly Posting[]) ?? [], p),
  true),
  col('balanced', 'bool', 'FALSE when the transaction is unbalanced (UnbalancedTransaction error)', (p) => p.txn.balanced, true),
  col('errors', 'set', 'error kinds recorded for the transaction (names as in #errors kind); empty if none', (p) => p.txn.errors, true),
  col('automatic', 'bool', 'TRUE if written without amount and inferred; the padding source posting of a padding transaction is automatic', (p) => p.automatic, true),
];

export const postingsTable: TableDef<Posting> = {
  name: 'postings',
  description: 'one row per posting of every transaction (the default table)',
  columns: postingColumns,
  star: ['date', 'flag', 'payee', 'narration', 'account', 'position'],
  rows: (ctx) => ctx.snapshot.postings,
  meta: (p) => p.meta,
  entryMeta: (p) => p.txn.meta,
  // A transaction's postings are consecutive rows: its word is computed once.
  idWords: () => {
    let txn: Transaction | null = null;
    let word: number | undefined;
    return (p) => {
      if (p.txn !== txn) {
        txn = p.txn;
        word = txn.idWord;
      }
      return word;
    };
  },
};

registerTable(postingsTable);
