/**
 * GET /api/accounts/{account}/journals?page&size: the account page's journal (spec 1, "Account
 * page rules" 3-4): postings of the account and its sub-accounts (accounts.journal rows, lot rows
 * of a posting added) merged with the account's balance assertions by seq, newest first; each
 * posting row and each assertion is one row; pages of 100 rows by default (size 1 to 1000).
 *
 * Only the page's postings are read: with A assertions, the page's postings lie among the
 * newest-first postings [offset - A, offset + size), fetched with accounts.journal_page counting
 * from the end. A posting's place in the merged journal is its own index plus the assertions
 * newer than it; an assertion's place is the postings newer than it plus the assertions newer
 * than it. Both are exact for every row that can land on the page (see the bounds below).
 */
import { formatDate } from '../../../engine/dates';
import type { Amount, Snapshot } from '../../../engine/ledger/snapshot';
import type { Inventory } from '../../../engine/query/inventory';
import type { Dec } from '../../../engine/decimal';
import type { AccountJournalAssertion, AccountJournalPosting, AccountJournalRow, AmountJson, Page } from '../../../engine/api-types';
import type { RouteModule } from '../app';
import { columnIndex, requestRunner } from './builtin-call';
import { readFilter } from './filter-params';
import type { Filter } from '../../../engine/filters/index';

import { pathParam, readPaging, totalPages, type Paging } from './page-params';

const amountJson = (a: Amount): AmountJson => ({ number: a.number.toString(), currency: a.currency });

function unitsList(inv: Inventory | null): AmountJson[] {
  return inv === null ? [] : inv.units().positions().map((p) => amountJson(p.units));
}

interface Assertion {
  seq: number;
  row: Omit<AccountJournalAssertion, 'balance'>;
}

export function accountJournalPage(snapshot: Snapshot, account: string, paging: Paging, filter?: Filter): Page<AccountJournalRow> {
  const { page, size, offset } = paging;
  // Every query of the page sees the page filter (issue 16 §1).
  const run = requestRunner(snapshot, undefined, filter);

  const a = run.call('accounts.balance_assertions', { account });
  const ai = columnIndex(a);
  // Newest first by seq, as the query orders them.
  const assertions: Assertion[] = a.rows.map((row) => ({
    seq: Number(row[ai.seq] as bigint),
    row: {
      type: 'balance',
      date: formatDate(row[ai.date] as number),
      time: row[ai.time] as string,
      timestamp: Number(row[ai.timestamp] as bigint),
      trx_id: row[ai.id] as string,
      account: row[ai.account] as string,
      amount: amountJson(row[ai.amount] as Amount),
      actual: amountJson(row[ai.actual] as Amount),
      passed: row[ai.passed] as boolean,
      pad: row[ai.pad] as string | null,
      seq: Number(row[ai.seq] as bigint),
    },
  }));
  const A = assertions.length;

  const counted = run.call('accounts.journal_page', { account, limit: 0, offset: 0 }, { countTotal: true });
  const P = counted.total ?? 0;
  const totalCount = P + A;
  const result = (records: AccountJournalRow[]): Page<AccountJournalRow> => ({
    page,
    size,
    total_count: totalCount,
    total_pages: totalPages(totalCount, size),
    records,
  });
  if (offset >= totalCount) return result([]);

  // Newest-first posting indices that can land on the page: j0 <= j < j1.
  const j0 = Math.max(0, offset - A);
  const j1 = Math.min(P, offset + size);
  const postings: AccountJournalPosting[] = []; // newest first, postings[k] has index j0 + k
  const balances: AmountJson[][] = [];
  if (j1 > j0) {
    const r = run.call('accounts.journal_page', { account, limit: j1 - j0, offset: P - j1 });
    const i = columnIndex(r);
    for (let k = r.rows.length - 1; k >= 0; k--) {
      const row = r.rows[k];
      const balance = unitsList(row[i.balance] as Inventory | null);
      balances.push(balance);
      postings.push({
        type: 'posting',
        date: formatDate(row[i.date] as number),
        time: row[i.time] as string,
        timestamp: Number(row[i.timestamp] as bigint),
        flag: row[i.flag] as string,
        trx_id: row[i.id] as string,
        account: row[i.account] as string,
        payee: row[i.payee] as string | null,
        narration: row[i.narration] as string,
        seq: Number(row[i.seq] as bigint),
        posting_index: Number(row[i.posting_index] as bigint),
        units: { number: (row[i.units] as Dec).toString(), currency: row[i.currency] as string },
        balance,
      });
    }
  }

  const placed: Array<{ at: number; row: AccountJournalRow }> = [];
  const end = offset + size;
  // Assertions newer than posting k: assertions are newest first, so a moving pointer counts them.
  let newer = 0;
  for (let k = 0; k < postings.length; k++) {
    while (newer < A && assertions[newer].seq > postings[k].seq) newer++;
    const at = j0 + k + newer;
    if (at >= offset && at < end) placed.push({ at, row: postings[k] });
  }
  // Postings newer than assertion n: j0 plus the fetched ones with a greater seq. Exact on the
  // page: an assertion older than every fetched posting lands at >= j1 + n (>= end unless j1 = P,
  // when the count is exact); one newer than every fetched posting lands at <= j0 + n < offset
  // (unless j0 = 0, exact again).
  let fetchedNewer = 0;
  for (let n = 0; n < A; n++) {
    const { seq, row } = assertions[n];
    while (fetchedNewer < postings.length && postings[fetchedNewer].seq > seq) fetchedNewer++;
    const before = j0 + fetchedNewer;
    const at = before + n;
    if (at < offset || at >= end) continue;
    // The running balance where it stands: that of the newest posting older than it.
    const balance = fetchedNewer < postings.length ? balances[fetchedNewer] : [];
    placed.push({ at, row: { ...row, balance } });
  }
  placed.sort((x, y) => x.at - y.at);
  return result(placed.map((p) => p.row));
}

export const accountRoutes: RouteModule = (routes) => {
  routes.get('/api/accounts/:account/journals', (c) => {
    const account = pathParam(c.event, 'account');
    return { data: accountJournalPage(c.snapshot, account, readPaging(c.event), readFilter(c.event, c.snapshot)) };
  });
};
