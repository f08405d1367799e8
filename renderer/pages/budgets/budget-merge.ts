/**
 * The budget page's list (budget rule, budgets.postings): the budget's events of the month
 * (budgets.events: assign, transfer, ...) merged with the postings that count in it
 * (budgets.postings), newest first by timestamp. Both inputs arrive newest first, so one merge
 * pass suffices.
 *
 * Choice (spec silent): at an equal timestamp the posting is listed above the event, i.e. the
 * event counts as the older one: money is assigned at the start of a day before it is spent
 * (a month's `assign` is dated its first day, usually at midnight, like that day's postings).
 */
import type { AmountJson, Cell } from '../../../engine/api-types';

export interface EventRow {
  date: Cell;
  time: Cell;
  timestamp: Cell;
  type: Cell;
  amount: Cell;
}

export interface PostingRow {
  date: Cell;
  time: Cell;
  timestamp: Cell;
  account: Cell;
  id: Cell;
  payee: Cell;
  narration: Cell;
  units: Cell;
  balance: Cell;
}

export type BudgetLine =
  | { kind: 'event'; date: string; time: string; timestamp: number; type: string; amount: AmountJson | null }
  | {
      kind: 'posting';
      date: string;
      time: string;
      timestamp: number;
      account: string;
      id: string;
      payee: string | null;
      narration: string;
      units: AmountJson | null;
      balance: AmountJson | null;
    };

const text = (c: Cell): string => (typeof c === 'string' ? c : '');
const stamp = (c: Cell): number => (typeof c === 'number' ? c : Number.NEGATIVE_INFINITY);

function eventLine(r: EventRow): BudgetLine {
  return { kind: 'event', date: text(r.date), time: text(r.time), timestamp: stamp(r.timestamp), type: text(r.type), amount: r.amount as AmountJson | null };
}

function postingLine(r: PostingRow): BudgetLine {
  return {
    kind: 'posting',
    date: text(r.date),
    time: text(r.time),
    timestamp: stamp(r.timestamp),
    account: text(r.account),
    id: text(r.id),
    payee: typeof r.payee === 'string' ? r.payee : null,
    narration: text(r.narration),
    units: r.units as AmountJson | null,
    balance: r.balance as AmountJson | null,
  };
}

/** Both lists newest first in; one list newest first out (ties: posting first). */
export function mergeBudgetLines(events: EventRow[], postings: PostingRow[]): BudgetLine[] {
  const out: BudgetLine[] = [];
  let i = 0;
  let j = 0;
  while (i < events.length || j < postings.length) {
    if (j < postings.length && (i >= events.length || stamp(postings[j].timestamp) >= stamp(events[i].timestamp))) out.push(postingLine(postings[j++]));
    else out.push(eventLine(events[i++]));
  }
  return out;
}
