/**
 * #balances: one row per balance assertion (`balance ... with pad` included) as checked, in
 * reference order like every directive table (the checks themselves happen in processing order:
 * `seq` says where).
 */
import type { BalanceCheck, Snapshot } from '../../ledger/snapshot';
import { formatTime } from '../../dates';
import { col, int, metaText, perSnapshot } from './common';
import { registerTable, type TableDef } from './registry';

/*
 * A check's seq is its balance entry's (booking/walk.ts), so the checks are put in reference order
 * by their entries' `ref` without a pass over every entry (200k of a large ledger: 20-30 ms of the
 * journal page's first balance assertions). A check whose directive has no entry keeps seq -1.
 */
const rowsOf = perSnapshot((s: Snapshot): BalanceCheck[] => {
  const out = s.balances.filter((c) => c.seq >= 0 && s.entries[c.seq]?.type === 'balance');
  return out.sort((a, b) => s.entries[a.seq].ref - s.entries[b.seq].ref);
});

export const balancesTable: TableDef<BalanceCheck> = {
  name: 'balances',
  description: 'one row per balance assertion, as checked',
  columns: [
    col('date', 'date', 'assertion date', (b) => b.date),
    col('account', 'str', 'asserted account', (b) => b.account),
    col('amount', 'amount', 'asserted amount', (b) => b.amount),
    col('tolerance', 'decimal', 'explicit `~` tolerance, or NULL', (b) => b.tolerance),
    col('discrepancy', 'amount', 'actual minus asserted if the assertion fails; NULL if it holds', (b) => b.discrepancy),
    col('meta', 'str', 'directive metadata as text: `key: "value"` pairs sorted by key; \'\' if none', (b) => metaText(b.meta)),
    col('actual', 'amount', 'balance of the account and its sub-accounts in the asserted currency where it is checked', (b) => b.actual, true),
    col('passed', 'bool', 'actual within the tolerance of the asserted amount (equal without tolerance)', (b) => b.passed, true),
    col('pad', 'str', 'account padded from (balance ... with pad); NULL without pad', (b) => b.pad, true),
    col('id', 'str', 'id of the stored check; the #entries row id', (b) => b.id, true),
    col('seq', 'int', 'position in processing order where it is checked', (b) => int(b.seq), true),
    col('time', 'str', 'HH:MM:SS in the ledger timezone; 00:00:00 if none written', (b) => formatTime(b.time), true),
    col('timestamp', 'int', 'Unix seconds of date and time', (b) => int(b.timestamp), true),
  ],
  star: ['date', 'account', 'amount', 'tolerance', 'discrepancy'],
  rows: (ctx) => rowsOf(ctx.snapshot),
  meta: (b) => b.meta,
  entryMeta: (b) => b.meta,
};

registerTable(balancesTable);
