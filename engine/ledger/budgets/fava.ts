/**
 * Fava's budgets: `custom "budget" Expenses:Food "monthly" 400.00 USD` lines (kept as plain custom
 * entries, engine/ledger/syntax/custom-budgets.ts), and budget vs actual per period for an account
 * and its children, with Fava's semantics (fava/core/budgets.py):
 * - a budget applies from its date until the next budget of the same account and currency;
 * - each day gets `amount / days of the budget's period around that day` (a monthly budget gives
 *   a 31-day month 1/31 of it per day, a weekly one 1/7 per day, Monday-start weeks), so periods
 *   that do not align with the budget's are prorated by day;
 * - an account's budget includes the budgets of its children.
 *
 * Choices where Fava differs in detail (README, Decisions):
 * - days of one budget period are added as `amount x days / period days` (one division): a whole
 *   month is exactly the amount, where Fava's day-by-day sum of 28-digit quotients can end in
 *   ...9999 before display rounding;
 * - children are the account's subtree (`Expenses:Food` and `Expenses:Food:...`); Fava's string
 *   prefix also counts `Expenses:FoodTruck` under `Expenses:Food`;
 * - a line Fava cannot read (a period other than daily/weekly/monthly/quarterly/yearly or
 *   day/week/month/quarter/year, a missing amount) is listed in `invalid`, not as a ledger error:
 *   bean-check accepts it as a custom entry, and `npm run check` reports what bean-check reports.
 * Actual = the units posted to the account's subtree in the period, per budget currency.
 */
import { Dec } from '../../decimal';
import { addMonths, civilFromDays, daysFromCivil, daysInMonth, isLeapYear, weekday, type DayNum } from '../../dates';
import type { CustomAst, SourceRef } from '../ast';
import type { Posting } from '../snapshot';

export type FavaPeriod = 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface FavaBudget {
  account: string;
  date: DayNum;
  period: FavaPeriod;
  number: Dec;
  currency: string;
  src: SourceRef;
}

export interface FavaBudgetLine {
  src: SourceRef;
  message: string;
}

const PERIODS: Record<string, FavaPeriod> = {
  daily: 'day',
  day: 'day',
  weekly: 'week',
  week: 'week',
  monthly: 'month',
  month: 'month',
  quarterly: 'quarter',
  quarter: 'quarter',
  yearly: 'year',
  year: 'year',
};

/** Fava's budgets of the ledger (in ledger order) and the lines it could not read. */
export function readFavaBudgets(customs: readonly CustomAst[]): { budgets: FavaBudget[]; invalid: FavaBudgetLine[] } {
  const budgets: FavaBudget[] = [];
  const invalid: FavaBudgetLine[] = [];
  for (const c of customs) {
    if (c.name !== 'budget' || c.type !== 'custom') continue;
    const v = c.values;
    if (v.length === 0 || v[0].kind !== 'account') continue;
    const period = v.length > 1 && v[1].kind === 'string' ? PERIODS[v[1].text.toLowerCase()] : undefined;
    const amount = v.length > 2 && v[2].kind === 'amount' ? v[2].text : null;
    const sp = amount ? amount.indexOf(' ') : -1;
    const number = amount && sp > 0 ? Dec.parse(amount.slice(0, sp)) : null;
    if (period === undefined || number === null || v.length !== 3) {
      invalid.push({ src: c.src, message: 'Failed to parse budget entry: write custom "budget" ACCOUNT "monthly" 400.00 USD (daily, weekly, monthly, quarterly or yearly)' });
      continue;
    }
    budgets.push({ account: v[0].text, date: c.date, period, number, currency: amount!.slice(sp + 1), src: c.src });
  }
  // Stable: budgets of one date keep ledger order, and the later one wins (as in Fava).
  budgets.sort((a, b) => a.date - b.date);
  return { budgets, invalid };
}

/** First day of the period (of kind `p`) holding `day`. */
export function periodStart(p: FavaPeriod, day: DayNum): DayNum {
  if (p === 'day') return day;
  if (p === 'week') return day - weekday(day);
  const [y, m] = civilFromDays(day);
  if (p === 'month') return daysFromCivil(y, m, 1);
  if (p === 'quarter') return daysFromCivil(y, m - ((m - 1) % 3), 1);
  return daysFromCivil(y, 1, 1);
}

/** First day of the next period after the one holding `day`. */
export function nextPeriodStart(p: FavaPeriod, day: DayNum): DayNum {
  const s = periodStart(p, day);
  if (p === 'day') return s + 1;
  if (p === 'week') return s + 7;
  return addMonths(s, p === 'month' ? 1 : p === 'quarter' ? 3 : 12) ?? s + 366;
}

/** Days of the period (of kind `p`) holding `day`. */
function periodDays(p: FavaPeriod, day: DayNum): number {
  if (p === 'day') return 1;
  if (p === 'week') return 7;
  const [y, m] = civilFromDays(day);
  if (p === 'month') return daysInMonth(y, m);
  if (p === 'year') return isLeapYear(y) ? 366 : 365;
  const q = m - ((m - 1) % 3);
  return daysInMonth(y, q) + daysInMonth(y, q + 1) + daysInMonth(y, q + 2);
}

export function isInSubtree(account: string, root: string): boolean {
  return account === root || (account.length > root.length && account.startsWith(root) && account.charCodeAt(root.length) === 58);
}

/**
 * Budget of `account` and its children for the days [from, to) (to exclusive), per currency.
 * Currencies appear in the order of their first budget.
 */
export function budgetedBetween(budgets: readonly FavaBudget[], account: string, from: DayNum, to: DayNum): Map<string, Dec> {
  const out = new Map<string, Dec>();
  // Budgets by account (date order kept), for the subtree only.
  const byAccount = new Map<string, FavaBudget[]>();
  for (const b of budgets) {
    if (!isInSubtree(b.account, account)) continue;
    let list = byAccount.get(b.account);
    if (!list) byAccount.set(b.account, (list = []));
    list.push(b);
    if (!out.has(b.currency)) out.set(b.currency, Dec.ZERO);
  }
  for (const list of byAccount.values()) {
    // Walk the range in stretches where the same budgets apply and the same period instance holds.
    let day = from;
    while (day < to) {
      // The budget in effect per currency: the last one dated on or before `day`.
      const active = new Map<string, FavaBudget>();
      let nextChange = to;
      for (const b of list) {
        if (b.date <= day) active.set(b.currency, b);
        else {
          nextChange = Math.min(nextChange, b.date);
          break;
        }
      }
      let end = nextChange;
      for (const b of active.values()) end = Math.min(end, nextPeriodStart(b.period, day));
      const days = Dec.of(end - day);
      for (const b of active.values()) {
        const share = b.number.times(days).div(Dec.of(periodDays(b.period, day)))!;
        out.set(b.currency, out.get(b.currency)!.plus(share));
      }
      day = end;
    }
  }
  return out;
}

export type FavaInterval = FavaPeriod;

export interface FavaBudgetRow {
  /** First and last day of the row's period (clipped to the asked range). */
  start: DayNum;
  end: DayNum;
  currency: string;
  budgeted: Dec;
  actual: Dec;
  /** budgeted - actual. */
  remaining: Dec;
}

/**
 * Budget vs actual of `account` and its children per `interval` period between `from` and `to`
 * (both included). One row per period and budget currency (currencies in order of their first
 * budget); no rows when the subtree has no budget.
 */
export function favaBudgetReport(
  budgets: readonly FavaBudget[],
  postings: readonly Posting[],
  account: string,
  from: DayNum,
  to: DayNum,
  interval: FavaInterval,
): FavaBudgetRow[] {
  const rows: FavaBudgetRow[] = [];
  if (to < from) return rows;
  const currencies: string[] = [];
  for (const b of budgets) if (isInSubtree(b.account, account) && !currencies.includes(b.currency)) currencies.push(b.currency);
  if (currencies.length === 0) return rows;

  // Period boundaries in [from, to + 1).
  const starts: DayNum[] = [];
  for (let d = from; d <= to; d = nextPeriodStart(interval, d)) starts.push(d);
  const actual = starts.map(() => new Map<string, Dec>());
  for (const p of postings) {
    const date = p.txn.date;
    if (date < from || date > to || !isInSubtree(p.account, account)) continue;
    const cur = p.units.currency;
    if (!currencies.includes(cur)) continue;
    // Binary search for the period holding the date.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= date) lo = mid;
      else hi = mid - 1;
    }
    const m = actual[lo];
    m.set(cur, (m.get(cur) ?? Dec.ZERO).plus(p.units.number));
  }
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i];
    const endExclusive = i + 1 < starts.length ? starts[i + 1] : to + 1;
    const budgeted = budgetedBetween(budgets, account, start, endExclusive);
    for (const cur of currencies) {
      const b = budgeted.get(cur) ?? Dec.ZERO;
      const a = actual[i].get(cur) ?? Dec.ZERO;
      rows.push({ start, end: endExclusive - 1, currency: cur, budgeted: b, actual: a, remaining: b.minus(a) });
    }
  }
  return rows;
}
