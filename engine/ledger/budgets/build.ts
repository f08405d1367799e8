/**
 * Builds the BudgetBook of a ledger from its budget directives, the accounts' opens and the
 * booked postings (spec document 2, "Budget tables", "States and transitions").
 *
 * Choices where the spec is silent (also in the report):
 * - A budget exists from its directive's date (spec: "exists from the directive's date"), so a
 *   budget-add or a posting on that same day counts even when processed before the directive.
 * - A budget-transfer needs both budgets to exist; otherwise it has no effect at all (no row for
 *   either side) and each missing budget is reported.
 * - A later budget-close "changes nothing": no event row, it does not extend the months.
 * - A posting naming a missing budget is reported once per transaction and budget.
 * - A `budget` metadata entry with an empty value names no budget.
 */
import { Dec } from '../../decimal';
import type { DayNum } from '../../dates';
import type { Amount, DirectiveAst, OpenAst, SourceRef } from '../ast';
import type { LedgerError } from '../errors';
import type { PriceMap } from '../snapshot';
import type { BudgetBook, BudgetDefinitionRow, BudgetEventRow, SeriesEnd } from '../budgets';
import { BudgetMembership, compareText } from './membership';
import { convertAt } from './convert';
import { monthIndex, type BudgetSeries, type MonthDelta } from './series';
import { BudgetErrors } from '../errors';
import { Book } from './book';
import { firstMeta } from '../shared';

/** A directive with its place in processing order (snapshot `Entry` fits). */
export interface BudgetEntryInput {
  directive: DirectiveAst;
  seq: number;
  time: number;
  timestamp: number;
}

/** What a posting contributes (snapshot `Posting` fits). */
export interface BudgetPostingInput {
  account: string;
  units: Amount;
  cost: { currency: string } | null;
  txn: { id: string; date: DayNum; src: SourceRef | null };
}

export interface BudgetInput {
  /** Directives in processing order; only budget, budget-add, budget-transfer and budget-close are read. */
  entries: readonly BudgetEntryInput[];
  /** Accounts with their open directives (snapshot `accounts` fits). */
  accounts: ReadonlyMap<string, { readonly opens: readonly OpenAst[] }>;
  /** Booked postings in ledger order. */
  postings: readonly BudgetPostingInput[];
  prices: PriceMap;
  /** Current date in the ledger timezone. */
  today: DayNum;
  /** Last transaction of the ledger in processing order (its month ends every series), or null. */
  lastTransaction: { id: string; date: DayNum; src: SourceRef | null } | null;
}

type EventDirective = Extract<DirectiveAst, { type: 'budget-add' | 'budget-transfer' | 'budget-close' }>;

function addTo(deltas: Map<number, MonthDelta>, day: DayNum, added: Dec | null, activity: Dec | null): void {
  const i = monthIndex(day);
  let d = deltas.get(i);
  if (d === undefined) deltas.set(i, (d = { added: Dec.ZERO, activity: Dec.ZERO }));
  if (added !== null) d.added = d.added.plus(added);
  if (activity !== null) d.activity = d.activity.plus(activity);
}

export function buildBudgets(input: BudgetInput): { book: BudgetBook; errors: LedgerError[] } {
  const errors: LedgerError[] = [];
  const membership = new BudgetMembership(input.accounts);
  const accountsOf = membership.accountsByBudget();

  const budgetEntries: BudgetEntryInput[] = [];
  // Indexed loops over the whole ledger (a for-of run once allocates an iterator result per step).
  for (let i = 0; i < input.entries.length; i++) {
    const e = input.entries[i];
    const t = e.directive.type;
    if (t === 'budget' || t === 'budget-add' || t === 'budget-transfer' || t === 'budget-close') budgetEntries.push(e);
  }
  budgetEntries.sort((a, b) => a.seq - b.seq);

  // Definitions first: existence is decided by date, not by the position among same-day directives.
  const byName = new Map<string, BudgetSeries>();
  for (const e of budgetEntries) {
    const d = e.directive;
    if (d.type !== 'budget') continue;
    const first = byName.get(d.name);
    if (first !== undefined) {
      errors.push(BudgetErrors.duplicate(d.name, first.def.date, d.date, d.src));
      continue;
    }
    const def: BudgetDefinitionRow = {
      name: d.name,
      date: d.date,
      currency: d.currency,
      alias: firstMeta(d.meta, 'alias'),
      category: firstMeta(d.meta, 'category'),
      accounts: Object.freeze(accountsOf.get(d.name) ?? []),
      close: null,
      meta: d.meta,
      src: d.src,
    };
    byName.set(d.name, { def, startIndex: monthIndex(d.date), lastEventIndex: -Infinity, lastEvent: null, deltas: new Map() });
  }

  /** The budget if it exists at `date`, else null after reporting why. */
  const existing = (name: string, date: DayNum, report: (definedOn: DayNum | null) => void): BudgetSeries | null => {
    const s = byName.get(name);
    if (s !== undefined && s.def.date <= date) return s;
    report(s === undefined ? null : s.def.date);
    return null;
  };

  const events: BudgetEventRow[] = [];
  for (const e of budgetEntries) {
    const d = e.directive;
    if (d.type === 'budget') continue;
    applyEvent(e, d as EventDirective);
  }

  function applyEvent(e: BudgetEntryInput, d: EventDirective): void {
    const reportMissing = (name: string) => (definedOn: DayNum | null) =>
      errors.push(BudgetErrors.directiveOnMissingBudget(d.type, name, definedOn, d.date, d.src));
    const row = (s: BudgetSeries, type: BudgetEventRow['type'], amount: Amount | null): BudgetEventRow => ({
      name: s.def.name,
      date: d.date,
      time: e.time,
      timestamp: e.timestamp,
      type,
      amount,
      meta: d.meta,
      budgetMeta: s.def.meta,
      seq: e.seq,
      src: d.src,
    });
    const end = (s: BudgetSeries) => {
      // Same or later month than any earlier event: processing order is date order.
      s.lastEventIndex = monthIndex(d.date);
      s.lastEvent = { kind: d.type, date: d.date, src: d.src, transactionId: null } satisfies SeriesEnd;
    };
    const credit = (s: BudgetSeries, amount: Amount, sign: 1 | -1) => {
      const n = convertAt(amount, null, s.def.currency, d.date, input.prices);
      if (n !== null) addTo(s.deltas, d.date, sign === 1 ? n : n.neg(), null);
    };

    switch (d.type) {
      case 'budget-add': {
        const s = existing(d.name, d.date, reportMissing(d.name));
        if (s === null) return;
        events.push(row(s, 'assign', d.amount));
        credit(s, d.amount, 1);
        end(s);
        return;
      }
      case 'budget-transfer': {
        const from = existing(d.from, d.date, reportMissing(d.from));
        const to = existing(d.to, d.date, reportMissing(d.to));
        if (from === null || to === null) return;
        events.push(row(from, 'transfer_out', { number: d.amount.number.neg(), currency: d.amount.currency }));
        events.push(row(to, 'transfer_in', d.amount));
        credit(from, d.amount, -1);
        credit(to, d.amount, 1);
        end(from);
        end(to);
        return;
      }
      case 'budget-close': {
        const s = existing(d.name, d.date, reportMissing(d.name));
        if (s === null || s.def.close !== null) return;
        s.def.close = d.date;
        events.push(row(s, 'close', null));
        end(s);
        return;
      }
    }
  }

  if (!membership.isEmpty) collectActivity(input, membership, byName, errors);

  const series = [...byName.values()].sort((a, b) => compareText(a.def.name, b.def.name));
  for (const s of series) Object.freeze(s.def);
  return {
    book: new Book(series, events, membership, { today: input.today, lastTransaction: input.lastTransaction }),
    errors,
  };
}

/** Spending of every budget by month; postings naming a budget that does not exist yet are reported. */
function collectActivity(
  input: BudgetInput,
  membership: BudgetMembership,
  byName: Map<string, BudgetSeries>,
  errors: LedgerError[],
): void {
  // Errors are reported once per transaction and budget; a transaction's postings are consecutive.
  let reportedTxn: string | null = null;
  const reported = new Set<string>();
  const postings = input.postings;
  for (let i = 0; i < postings.length; i++) {
    const p = postings[i];
    const date = p.txn.date;
    const names = membership.at(p.account, date);
    for (let k = 0; k < names.length; k++) {
      const s = byName.get(names[k]);
      if (s === undefined || s.def.date > date) {
        if (reportedTxn !== p.txn.id) {
          reportedTxn = p.txn.id;
          reported.clear();
        }
        if (reported.has(names[k])) continue;
        reported.add(names[k]);
        errors.push(
          BudgetErrors.postingOnMissingBudget(p.account, names[k], s === undefined ? null : s.def.date, date, p.txn.id, p.txn.src),
        );
        continue;
      }
      const n = convertAt(p.units, p.cost === null ? null : p.cost.currency, s.def.currency, date, input.prices);
      if (n !== null) addTo(s.deltas, date, null, n);
    }
  }
}
