/**
 * Budgets: what the ledger's budget directives and the accounts' `budget` metadata add up to
 * (spec document 2, "Budget tables" and "States and transitions"). The three budget tables
 * (#budgets, #budget_definitions, #budget_events) and account_budgets() read a `BudgetBook`;
 * `buildBudgets` (engine/ledger/budgets/build.ts) makes one while the ledger is loaded.
 */
import type { DayNum } from '../dates';
import type { Amount, Meta, SourceRef } from './ast';

export { buildBudgets } from './budgets/build';
export type { BudgetInput, BudgetEntryInput, BudgetPostingInput } from './budgets/build';
export { describeLongestSeries } from './budgets/series';

/** A row of #budget_definitions. */
export interface BudgetDefinitionRow {
  name: string;
  /** Date of the (first) budget directive. */
  date: DayNum;
  currency: string;
  /** First `alias` metadata value of the budget directive, or null. */
  alias: string | null;
  /** First `category` metadata value of the budget directive, or null. */
  category: string | null;
  /** Accounts whose opens name the budget at any time, sorted. */
  accounts: readonly string[];
  /** Date of the first budget-close; null while open. */
  close: DayNum | null;
  /** Metadata of the budget directive (meta(key) on #budgets and #budget_definitions). */
  meta: Meta;
  src: SourceRef;
}

export type BudgetEventType = 'assign' | 'transfer_out' | 'transfer_in' | 'close';

/** A row of #budget_events. */
export interface BudgetEventRow {
  name: string;
  date: DayNum;
  /** Seconds since midnight in the ledger timezone (the table shows HH:MM:SS). */
  time: number;
  /** Unix seconds. */
  timestamp: number;
  type: BudgetEventType;
  /** As written in the directive (negated for transfer_out); null for close. */
  amount: Amount | null;
  /** Metadata of the directive that made the event (spec: "#budget_events ... meta(key) reads the directive"). */
  meta: Meta;
  /** Metadata of the budget's own `budget` directive, for readers that want that one instead. */
  budgetMeta: Meta;
  /** Processing order of the directive. */
  seq: number;
  src: SourceRef;
}

/** A row of #budgets: one budget in one month. */
export interface BudgetMonthRow {
  name: string;
  alias: string | null;
  category: string | null;
  currency: string;
  /** First day of the month. */
  date: DayNum;
  year: number;
  /** 1 to 12. */
  month: number;
  /** available of the previous month + added. */
  assigned: Amount;
  /** budget-add and transfer amounts of the month converted to the budget's currency (transfer out negative). */
  added: Amount;
  /** Spending of the budget's accounts in the month, converted at each posting's date (refunds negative). */
  activity: Amount;
  /** assigned - activity; negative when overspent. */
  available: Amount;
  accounts: readonly string[];
  /** A budget-close is dated in or before this month. */
  closed: boolean;
  /** Metadata of the budget directive (meta(key)). */
  meta: Meta;
}

export interface BudgetMonthsOptions {
  /** Generate only months whose first day is on or before this date (WHERE date <= X and the like). */
  upTo?: DayNum;
  /** Called once for every generated month before it is yielded (result-size counting, time limit). */
  onMonth?: () => void;
  /** The current date in the ledger timezone; defaults to the date the ledger was loaded. */
  today?: DayNum;
}

/** What ends a budget's series of months. */
export interface SeriesEnd {
  /** 'budget' when the series runs through the current month (or has only its first month). */
  kind: 'budget' | 'budget-add' | 'budget-transfer' | 'budget-close' | 'transaction';
  date: DayNum;
  src: SourceRef | null;
  /** Transaction id when kind is 'transaction'. */
  transactionId: string | null;
}

/** The longest series of months (for the result-too-large message). */
export interface LongestSeries {
  name: string;
  /** Number of months that would be generated (within `upTo` when given). */
  months: number;
  /** First day of the first and of the last generated month. */
  from: DayNum;
  to: DayNum;
  endedBy: SeriesEnd;
}

export interface BudgetBook {
  /** Rows of #budget_definitions, ordered by name. */
  definitions(): readonly BudgetDefinitionRow[];
  /** Rows of #budget_events in ledger (processing) order. */
  events(): readonly BudgetEventRow[];
  /** account_budgets(): budgets named by the account's latest open on or before `date`, sorted; empty before its first open. */
  accountBudgets(account: string, date: DayNum): string[];
  /** Rows of #budgets, by budget name then month, generated lazily one month at a time. */
  months(opts?: BudgetMonthsOptions): Iterable<BudgetMonthRow>;
  /** The budget with the most months to generate under these options; null without budgets. */
  longestSeries(opts?: Omit<BudgetMonthsOptions, 'onMonth'>): LongestSeries | null;
}
