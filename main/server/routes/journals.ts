/**
 * GET /api/journals?page&size&keyword&tags&links: one page of the journal, newest first
 * (spec 1, "Journal and list endpoint rules").
 *
 * journals.page picks the page's entries with every filter bound as a parameter; then one
 * query reads the postings of the page's transactions and one completes its balance checks,
 * so a page costs three queries whatever its size.
 *
 * Filters: `keyword` plain text; `tags` and `links` comma-separated and/or repeated
 * (`tags=a,b` = `tags=a&tags=b`), a leading # or ^ ignored; absent or empty = no filter.
 *
 * Issue 17 §2 (additive, not in the spec): `types` (comma-separated JOURNAL_TYPES tokens) lists
 * only those entry kinds through journals.page_of_types, other directives as Directive items;
 * absent, the spec's journal runs unchanged. Given but empty (every toggle off) lists nothing.
 * Every record carries `file` and `line` (journals.sources for the default page).
 */
import { formatDate } from '../../../engine/dates';
import type { Amount, Position, Snapshot } from '../../../engine/ledger/snapshot';
import { encodeCell, encodePosition } from '../../../engine/query/encode';
import type {
  JournalBalanceCheck,
  JournalDirective,
  JournalItem,
  JournalPosting,
  MetaPairJson,
  Page,
} from '../../../engine/api-types';
import { JOURNAL_TYPES } from '../../../engine/api-types';
import { ApiError } from '../http-errors';
import type { RouteModule } from '../app';
import { columnIndex, requestRunner, type RequestRunner } from './builtin-call';
import { readFilter } from './filter-params';
import type { Filter } from '../../../engine/filters/index';

import { queryValues, readPaging, readSetFilter, readTextFilter, totalPages, type Paging } from './page-params';

const amountJson = (a: Amount) => ({ number: a.number.toString(), currency: a.currency });
const metasJson = (v: unknown): MetaPairJson[] => (encodeCell('metas', v) as MetaPairJson[] | null) ?? [];

export interface JournalFilters {
  keyword: string | null;
  tags: string[] | null;
  links: string[] | null;
  /** Entry kinds to list (JOURNAL_TYPES tokens); null = the spec's default journal. */
  types?: string[] | null;
}

/** `filter`: the page filter (issue 16 §1); it chooses the listed entries, whose postings are then all shown. */
export function journalPage(snapshot: Snapshot, paging: Paging, filters: JournalFilters, filter?: Filter): Page<JournalItem> {
  const { page, size, offset } = paging;
  const run = requestRunner(snapshot);
  const types = filters.types ?? null;
  if (types !== null && types.length === 0) return { page, size, total_count: 0, total_pages: totalPages(0, size), records: [] };
  const params = { keyword: filters.keyword, tags: filters.tags, links: filters.links, size, offset };
  const r =
    types === null
      ? run.call('journals.page', params, { countTotal: true, filter })
      : run.call('journals.page_of_types', { ...params, types }, { countTotal: true, filter });
  const total = r.total ?? 0;
  const i = columnIndex(r);
  const src = types === null ? sourcesOf(run, r.rows.map((row) => row[i.id] as string)) : null;

  const txnIds: string[] = [];
  const checkIds: string[] = [];
  for (const row of r.rows) {
    if (row[i.type] === 'balance') checkIds.push(row[i.id] as string);
    else if (row[i.type] === 'transaction') txnIds.push(row[i.id] as string);
  }
  const postings = txnIds.length ? postingsOf(run, txnIds) : new Map<string, TxnPostings>();
  const checks = checkIds.length ? balanceChecks(run, checkIds) : new Map<string, CheckFields>();

  const records: JournalItem[] = [];
  for (const row of r.rows) {
    const id = row[i.id] as string;
    const base = {
      id,
      seq: Number(row[i.seq] as bigint),
      date: formatDate(row[i.date] as number),
      time: row[i.time] as string,
      metas: metasJson(row[i.metas]),
      ...(src ? src.get(id) ?? { file: '', line: 0 } : { file: row[i.filename] as string, line: Number(row[i.lineno] as bigint) }),
    };
    if (row[i.type] !== 'balance' && row[i.type] !== 'transaction') {
      const other: JournalDirective = {
        ...base,
        type: 'Directive',
        kind: row[i.type] as string,
        accounts: (row[i.accounts] as string[] | null) ?? [],
        detail: row[i.detail] as string | null,
        tags: (row[i.tags] as string[] | null) ?? [],
        links: (row[i.links] as string[] | null) ?? [],
      };
      records.push(other);
      continue;
    }
    if (row[i.type] === 'balance') {
      const check = checks.get(id);
      // A check the page lists but journals.balance_checks does not know cannot happen within one snapshot.
      if (check) records.push({ ...base, type: 'BalanceCheck', ...check });
      continue;
    }
    const p = postings.get(id) ?? { postings: [], balanced: true };
    if (row[i.flag] === 'P') {
      records.push({ ...base, type: 'BalancePad', payee: row[i.payee] as string | null, narration: row[i.narration] as string, postings: p.postings });
    } else {
      records.push({
        ...base,
        type: 'Transaction',
        flag: row[i.flag] as string,
        payee: row[i.payee] as string | null,
        narration: row[i.narration] as string,
        tags: (row[i.tags] as string[] | null) ?? [],
        links: (row[i.links] as string[] | null) ?? [],
        balanced: p.balanced,
        postings: p.postings,
      });
    }
  }
  return { page, size, total_count: total, total_pages: totalPages(total, size), records };
}

interface Source {
  file: string;
  line: number;
}

function sourcesOf(run: RequestRunner, ids: string[]): Map<string, Source> {
  const out = new Map<string, Source>();
  if (ids.length === 0) return out;
  const r = run.call('journals.sources', { ids });
  const i = columnIndex(r);
  for (const row of r.rows) out.set(row[i.id] as string, { file: row[i.filename] as string, line: Number(row[i.lineno] as bigint) });
  return out;
}

/** `types`: absent = null (the spec's journal); unknown tokens are a 400 naming them. */
export function readTypes(values: string[]): string[] | null {
  if (values.length === 0) return null;
  const known = new Set<string>(JOURNAL_TYPES);
  const items = new Set<string>();
  for (const v of values) for (const part of v.split(',')) if (part.trim() !== '') items.add(part.trim().toLowerCase());
  const bad = [...items].filter((t) => !known.has(t));
  if (bad.length) throw new ApiError(400, `types: unknown entry type ${bad.join(', ')} (known: ${JOURNAL_TYPES.join(', ')})`);
  return [...items].sort();
}

interface TxnPostings {
  postings: JournalPosting[];
  balanced: boolean;
}

function postingsOf(run: RequestRunner, ids: string[]): Map<string, TxnPostings> {
  const r = run.call('journals.transaction_postings', { ids });
  const i = columnIndex(r);
  const out = new Map<string, TxnPostings>();
  for (const row of r.rows) {
    const id = row[i.id] as string;
    let t = out.get(id);
    if (!t) out.set(id, (t = { postings: [], balanced: row[i.balanced] as boolean }));
    const pos = encodePosition(row[i.position] as Position);
    const price = row[i.price] as Amount | null;
    t.postings.push({
      posting_index: Number(row[i.posting_index] as bigint),
      account: row[i.account] as string,
      flag: row[i.posting_flag] as string | null,
      units: pos.units,
      cost: pos.cost,
      price: price === null ? null : amountJson(price),
      automatic: row[i.automatic] as boolean,
      metas: metasJson(row[i.metas]),
    });
  }
  return out;
}

type CheckFields = Omit<JournalBalanceCheck, 'type' | 'id' | 'seq' | 'date' | 'time' | 'metas' | 'file' | 'line'>;

function balanceChecks(run: RequestRunner, ids: string[]): Map<string, CheckFields> {
  const r = run.call('journals.balance_checks', { ids });
  const i = columnIndex(r);
  const out = new Map<string, CheckFields>();
  for (const row of r.rows) {
    const tolerance = row[i.tolerance] as { toString(): string } | null;
    out.set(row[i.id] as string, {
      account: row[i.account] as string,
      amount: amountJson(row[i.amount] as Amount),
      tolerance: tolerance === null ? null : tolerance.toString(),
      actual: amountJson(row[i.actual] as Amount),
      passed: row[i.passed] as boolean,
      difference: amountJson(row[i.difference] as Amount),
      asserted: amountJson(row[i.asserted] as Amount),
    });
  }
  return out;
}

export const journalRoutes: RouteModule = (routes) => {
  routes.get('/api/journals', (c) => {
    const paging = readPaging(c.event);
    const filters: JournalFilters = {
      keyword: readTextFilter(c.event, 'keyword'),
      tags: readSetFilter(c.event, 'tags'),
      links: readSetFilter(c.event, 'links'),
      types: readTypes(queryValues(c.event, 'types')),
    };
    return { data: journalPage(c.snapshot, paging, filters, readFilter(c.event, c.snapshot)) };
  });
};
