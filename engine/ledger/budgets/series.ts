/**
 * The monthly series of #budgets: where each budget's months start and end, and the lazy
 * generator that carries `available` from month to month. Months are numbered
 * year * 12 + (month - 1) so consecutive months are consecutive integers.
 */
import { Dec } from '../../decimal';
import { civilFromDays, daysFromCivil, formatDate, type DayNum } from '../../dates';
import type { SourceRef } from '../ast';
import type { BudgetDefinitionRow, BudgetMonthRow, BudgetMonthsOptions, LongestSeries, SeriesEnd } from '../budgets';

export function monthIndex(day: DayNum): number {
  const [y, m] = civilFromDays(day);
  return y * 12 + m - 1;
}

export function monthStart(index: number): DayNum {
  return daysFromCivil(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** Added and spent in one month, already in the budget's commodity. */
export interface MonthDelta {
  added: Dec;
  activity: Dec;
}

/** One budget as the series generator needs it. */
export interface BudgetSeries {
  def: BudgetDefinitionRow;
  startIndex: number;
  /** Month of its last budget-add/transfer/close with effect, -Infinity without one. */
  lastEventIndex: number;
  lastEvent: SeriesEnd | null;
  /** By month index; months without entries are absent. */
  deltas: Map<number, MonthDelta>;
}

/** Ledger-wide facts that end every series. */
export interface SeriesContext {
  today: DayNum;
  lastTransaction: { id: string; date: DayNum; src: SourceRef | null } | null;
}

interface Bounds {
  end: number;
  endedBy: SeriesEnd;
}

function bounds(s: BudgetSeries, todayIndex: number, ctx: SeriesContext): Bounds {
  const txn = ctx.lastTransaction;
  const txnIndex = txn === null ? -Infinity : monthIndex(txn.date);
  const end = Math.max(s.startIndex, s.lastEventIndex, txnIndex, todayIndex);
  const own: SeriesEnd = { kind: 'budget', date: s.def.date, src: s.def.src, transactionId: null };
  // Spec: name the directive whose date ends the series, or the budget directive when the series
  // runs through the current month. Of an event and a transaction in the same last month, the
  // budget's own event is the more telling one.
  let endedBy = own;
  if (end !== todayIndex) {
    if (end === s.lastEventIndex && s.lastEvent !== null) endedBy = s.lastEvent;
    else if (end === txnIndex && txn !== null)
      endedBy = { kind: 'transaction', date: txn.date, src: txn.src, transactionId: txn.id };
  }
  return { end, endedBy };
}

function lastIndex(b: Bounds, upTo: DayNum | undefined): number {
  return upTo === undefined ? b.end : Math.min(b.end, monthIndex(upTo));
}

/** Rows by budget (the caller passes them ordered by name), then month; nothing is computed ahead. */
export function* generateMonths(
  series: readonly BudgetSeries[],
  ctx: SeriesContext,
  opts: BudgetMonthsOptions,
): Generator<BudgetMonthRow, void, undefined> {
  const todayIndex = monthIndex(opts.today ?? ctx.today);
  const onMonth = opts.onMonth;
  for (const s of series) {
    const last = lastIndex(bounds(s, todayIndex, ctx), opts.upTo);
    const { def } = s;
    const closeIndex = def.close === null ? Infinity : monthIndex(def.close);
    let carried = Dec.ZERO;
    for (let i = s.startIndex; i <= last; i++) {
      if (onMonth !== undefined) onMonth();
      const delta = s.deltas.get(i);
      const added = delta === undefined ? Dec.ZERO : delta.added;
      const activity = delta === undefined ? Dec.ZERO : delta.activity;
      const assigned = carried.plus(added);
      const available = assigned.minus(activity);
      carried = available;
      const currency = def.currency;
      yield {
        name: def.name,
        alias: def.alias,
        category: def.category,
        currency,
        date: monthStart(i),
        year: Math.floor(i / 12),
        month: (i % 12) + 1,
        assigned: { number: assigned, currency },
        added: { number: added, currency },
        activity: { number: activity, currency },
        available: { number: available, currency },
        accounts: def.accounts,
        closed: i >= closeIndex,
        meta: def.meta,
      };
    }
  }
}

export function longestSeries(
  series: readonly BudgetSeries[],
  ctx: SeriesContext,
  opts: Omit<BudgetMonthsOptions, 'onMonth'>,
): LongestSeries | null {
  const todayIndex = monthIndex(opts.today ?? ctx.today);
  let best: LongestSeries | null = null;
  for (const s of series) {
    const b = bounds(s, todayIndex, ctx);
    const months = Math.max(0, lastIndex(b, opts.upTo) - s.startIndex + 1);
    if (best !== null && months <= best.months) continue;
    best = {
      name: s.def.name,
      months,
      from: monthStart(s.startIndex),
      to: monthStart(s.startIndex + Math.max(0, months - 1)),
      endedBy: b.endedBy,
    };
  }
  return best;
}

const KIND_TEXT: Record<SeriesEnd['kind'], string> = {
  budget: 'budget directive',
  'budget-add': 'budget-add directive',
  'budget-transfer': 'budget-transfer directive',
  'budget-close': 'budget-close directive',
  transaction: 'transaction',
};

function where(src: SourceRef | null): string {
  return src === null ? '' : ` (${src.file}, line ${src.line})`;
}

const yearMonth = (day: DayNum) => formatDate(day).slice(0, 7);

/**
 * The budget part of the result-too-large message, e.g.
 * `budget "Food" has 95988 months (2024-01 to 9999-12), up to the transaction dated 9999-12-01 (/l.zhang, line 9)`.
 */
export function describeLongestSeries(info: LongestSeries): string {
  const head = `budget "${info.name}" has ${info.months} months (${yearMonth(info.from)} to ${yearMonth(info.to)})`;
  const e = info.endedBy;
  if (e.kind === 'budget')
    return `${head}, running from its budget directive dated ${formatDate(e.date)}${where(e.src)} through the current month`;
  return `${head}, up to the ${KIND_TEXT[e.kind]} dated ${formatDate(e.date)}${where(e.src)}`;
}
