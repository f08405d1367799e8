/**
 * GET /api/journals, issue 17 §2 additions: `types` (toggles per entry kind) and `file`/`line`
 * on every record. The ledger passes bean-check (Beancount 2.3.5), and the lines below are the
 * `lineno` Beancount's loader gives each entry (its padding transaction: the pad's line 7).
 * Processing order: opens (0-2), pad (3), padding transaction (4), balance (5), Cafe (6),
 * Market (7), note (8), price (9), custom (10), event (11), close (12), Merge (13, flag M).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { journalRoutes } from '../../../../main/server/routes/journals';
import { getJson, serveLedger } from './ledgers';

const LEDGER = `option "operating_currency" "USD"

2024-01-01 open Assets:Bank USD
2024-01-01 open Expenses:Food
2024-01-01 open Equity:Opening

2024-01-02 pad Assets:Bank Equity:Opening
2024-01-03 balance Assets:Bank 100.00 USD

2024-01-04 * "Cafe" "Lunch" #food
  Expenses:Food  10.00 USD
  Assets:Bank

2024-01-05 ! "Market" "Unsure"
  Expenses:Food  5.00 USD
  Assets:Bank

2024-01-06 note Assets:Bank "Called the bank"
2024-01-07 price EUR 1.10 USD
2024-01-08 custom "budget" Expenses:Food "monthly" 100.00 USD
2024-01-09 event "location" "Paris"
2024-01-10 close Expenses:Food

2024-01-11 M "Merge" "Another flag"
  Assets:Bank  1.00 USD
  Equity:Opening
`;

let run: Running;
beforeAll(async () => {
  run = await serveLedger(LEDGER, [journalRoutes]);
});
afterAll(() => run.stop());

/** type (kind for directives), date, file:line. */
const label = (r: any) => `${r.type === 'Directive' ? r.kind : r.type} ${r.date} ${r.file}:${r.line}`;
const list = async (qs: string) => (await getJson(run, `/api/journals?${qs}`)).body.data;

describe('GET /api/journals types and file:line (issue 17 §2)', () => {
  it('without types: the spec journal as before, each record with its file:line', async () => {
    const d = await list('');
    expect(d.total_count).toBe(5);
    expect(d.records.map(label)).toEqual([
      'Transaction 2024-01-11 main.bean:24',
      'Transaction 2024-01-05 main.bean:14',
      'Transaction 2024-01-04 main.bean:10',
      'BalanceCheck 2024-01-03 main.bean:8',
      'BalancePad 2024-01-02 main.bean:7',
    ]);
    expect(d.records.map((r: any) => r.seq)).toEqual([13, 7, 6, 5, 4]);
  });

  it('transactions by flag: transaction = every flag but P, cleared = *, pending = !, other-flags = M here; pad = the padding transaction', async () => {
    expect((await list('types=transaction')).records.map((r: any) => r.payee)).toEqual(['Merge', 'Market', 'Cafe']);
    expect((await list('types=other-flags')).records.map((r: any) => [r.payee, r.flag])).toEqual([['Merge', 'M']]);
    expect((await list('types=cleared,other-flags')).records.map((r: any) => r.payee)).toEqual(['Merge', 'Cafe']);
    expect((await list('types=cleared')).records.map((r: any) => [r.payee, r.flag])).toEqual([['Cafe', '*']]);
    const pending = await list('types=pending');
    expect(pending.total_count).toBe(1);
    expect(pending.records[0]).toMatchObject({ type: 'Transaction', flag: '!', payee: 'Market', file: 'main.bean', line: 14 });
    // the postings come along as in the default journal (Assets:Bank interpolated: -5.00)
    expect(pending.records[0].postings.map((p: any) => [p.account, p.units.number, p.automatic])).toEqual([
      ['Expenses:Food', '5.00', false],
      ['Assets:Bank', '-5.00', true],
    ]);
    expect((await list('types=pad')).records.map(label)).toEqual(['BalancePad 2024-01-02 main.bean:7']);
  });

  it('other kinds are Directive items with their accounts and a one-line detail, newest first', async () => {
    const d = await list('types=note,price,custom,event,close,open,pad-directive');
    expect(d.records.map(label)).toEqual([
      'close 2024-01-10 main.bean:22',
      'event 2024-01-09 main.bean:21',
      'custom 2024-01-08 main.bean:20',
      'price 2024-01-07 main.bean:19',
      'note 2024-01-06 main.bean:18',
      'pad 2024-01-02 main.bean:7',
      'open 2024-01-01 main.bean:5',
      'open 2024-01-01 main.bean:4',
      'open 2024-01-01 main.bean:3',
    ]);
    const by = (kind: string) => d.records.find((r: any) => r.kind === kind);
    expect(by('note')).toMatchObject({ type: 'Directive', accounts: ['Assets:Bank'], detail: 'Called the bank' });
    expect(by('price').detail).toBe('EUR 1.10 USD');
    expect(by('event').detail).toBe('location: Paris');
    expect(by('custom')).toMatchObject({ accounts: [], detail: '"budget" Expenses:Food "monthly" 100.00 USD' });
    expect(by('close')).toMatchObject({ accounts: ['Expenses:Food'], detail: null });
    expect(by('pad')).toMatchObject({ accounts: ['Assets:Bank', 'Equity:Opening'], detail: 'Assets:Bank from Equity:Opening' });
    expect(d.records[8]).toMatchObject({ accounts: ['Assets:Bank'], detail: 'USD' });
  });

  it('types combine with keyword and tags; an empty types lists nothing; an unknown type is a 400', async () => {
    // keyword over accounts and the note text: the balance check and the note of Assets:Bank
    expect((await list('types=balance,note,price&keyword=bank')).records.map(label)).toEqual([
      'note 2024-01-06 main.bean:18',
      'BalanceCheck 2024-01-03 main.bean:8',
    ]);
    expect((await list('types=note&keyword=CALLED')).total_count).toBe(1);
    // tags keep only what carries a matching tag: the note has none
    expect((await list('types=transaction,note&tags=food')).records.map(label)).toEqual(['Transaction 2024-01-04 main.bean:10']);
    // paging counts only the chosen kinds
    const p2 = await list('types=open&page=2&size=2');
    expect([p2.total_count, p2.total_pages, p2.records.map(label)]).toEqual([3, 2, ['open 2024-01-01 main.bean:3']]);
    const none = await list('types=');
    expect([none.total_count, none.records]).toEqual([0, []]);
    const bad = await getJson(run, '/api/journals?types=note,bogus');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/unknown entry type bogus/);
  });
});
