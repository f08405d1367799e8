import { describe, expect, it } from 'vitest';
import { mergeBudgetLines, type EventRow, type PostingRow } from '../../../../renderer/pages/budgets/budget-merge';
import { builtinRows, ledger } from '../builtin-rows';

const TEXT = `
2024-01-01 open Assets:Cash USD
2024-01-01 open Expenses:Food USD
  budget: "Food"
2024-01-01 budget Food USD
2024-01-01 budget-add Food 300 USD
2024-01-05 10:00 * "Market" "Veg"
  Expenses:Food  20.00 USD
  Assets:Cash
2024-01-10 09:00 budget-add Food 50 USD
2024-01-10 12:30 * "Bakery" "Bread"
  Expenses:Food  4.50 USD
  Assets:Cash
2024-02-02 * "Market" "February, not in the month"
  Expenses:Food  7.00 USD
  Assets:Cash
`;

describe('mergeBudgetLines on budgets.events and budgets.postings of a zhang ledger', () => {
  const s = ledger(TEXT, { format: 'zhang', now: new Date('2024-02-15T12:00:00Z') });
  const params = { name: 'Food', month: '2024-01-01' };
  const events = builtinRows(s, 'budgets.events', params) as unknown as EventRow[];
  const postings = builtinRows(s, 'budgets.postings', { accounts: ['Expenses:Food'], ...params }) as unknown as PostingRow[];

  it('interleaves events and postings of the month newest first by time', () => {
    const lines = mergeBudgetLines(events, postings);
    expect(lines.map((l) => (l.kind === 'event' ? `${l.date} ${l.time} ${l.type} ${l.amount?.number}` : `${l.date} ${l.time} ${l.payee} ${l.units?.number}`))).toEqual([
      '2024-01-10 12:30:00 Bakery 4.50',
      '2024-01-10 09:00:00 assign 50',
      '2024-01-05 10:00:00 Market 20.00',
      '2024-01-01 00:00:00 assign 300',
    ]);
  });

  it('carries the posting balance after each posting (20.00, then 24.50)', () => {
    const balances = mergeBudgetLines(events, postings).flatMap((l) => (l.kind === 'posting' ? [l.balance?.number] : []));
    expect(balances).toEqual(['24.50', '20.00']);
  });

  it('lists the posting above an event at the same instant', () => {
    const ev: EventRow = { date: '2024-03-01', time: '00:00:00', timestamp: 100, type: 'assign', amount: { number: '1', currency: 'USD' } };
    const po: PostingRow = { date: '2024-03-01', time: '00:00:00', timestamp: 100, account: 'Expenses:Food', id: 'x', payee: null, narration: 'n', units: null, balance: null };
    expect(mergeBudgetLines([ev], [po]).map((l) => l.kind)).toEqual(['posting', 'event']);
    expect(mergeBudgetLines([], []).length).toBe(0);
  });
});
