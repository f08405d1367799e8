/** GET /api/journals over real HTTP: paging, merge order, BalanceCheck/BalancePad items, filters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { journalRoutes } from '../../../../main/server/routes/journals';
import { getJson, serveLedger } from './ledgers';
import { JOURNAL_LEDGER } from './journal-ledger';

let run: Running;
beforeAll(async () => {
  run = await serveLedger(JOURNAL_LEDGER, [journalRoutes]);
});
afterAll(() => run.stop());

/** A compact label per item: type and date, with payee for transactions or account for checks. */
const label = (item: any) =>
  item.type === 'BalanceCheck' ? `check ${item.date} ${item.account}` : `${item.type === 'BalancePad' ? 'pad' : 'txn'} ${item.date} ${item.payee}`;

const ALL = [
  'txn 2024-01-12 Broker',
  'txn 2024-01-11 Broker',
  'txn 2024-01-10 Broker',
  'check 2024-01-09 Assets:Bank',
  'txn 2024-01-08 Employer',
  'check 2024-01-07 Assets:Bank',
  'txn 2024-01-06 Landlord',
  'txn 2024-01-05 Cafe',
  'check 2024-01-03 Assets:Bank',
  'pad 2024-01-02 Balance Pad',
];

describe('GET /api/journals', () => {
  it('lists transactions and balance checks newest first with the default size 100', async () => {
    const { status, body } = await getJson(run, '/api/journals');
    expect(status).toBe(200);
    const d = body.data;
    expect([d.page, d.size, d.total_count, d.total_pages]).toEqual([1, 100, 10, 1]);
    expect(d.records.map(label)).toEqual(ALL);
    expect(d.records.map((r: any) => r.seq)).toEqual([17, 16, 15, 14, 13, 12, 11, 10, 9, 8]);
  });

  it('pages by size; a page past the last is empty', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const { body } = await getJson(run, `/api/journals?page=${page}&size=3`);
      expect([body.data.total_count, body.data.total_pages]).toEqual([10, 4]);
      pages.push(body.data.records.map(label));
    }
    expect(pages).toEqual([ALL.slice(0, 3), ALL.slice(3, 6), ALL.slice(6, 9), ALL.slice(9)]);
    const past = await getJson(run, '/api/journals?page=5&size=3');
    expect(past.status).toBe(200);
    expect(past.body.data.records).toEqual([]);
  });

  it('completes a failed balance check from journals.balance_checks', async () => {
    const { body } = await getJson(run, '/api/journals?page=4&size=1');
    const check = body.data.records[0];
    expect(check).toMatchObject({
      type: 'BalanceCheck',
      date: '2024-01-09',
      account: 'Assets:Bank',
      amount: { number: '1200.01', currency: 'USD' },
      actual: { number: '1200.00', currency: 'USD' },
      passed: false,
      tolerance: null,
      difference: { number: '0.01', currency: 'USD' },
      asserted: { number: '1200.01', currency: 'USD' },
    });
    expect(typeof check.id).toBe('string');
  });

  it('shows the padding transaction as a BalancePad with its postings, and a transaction with its lot rows', async () => {
    const { body } = await getJson(run, '/api/journals');
    const pad = body.data.records[9];
    expect(pad.type).toBe('BalancePad');
    expect(pad.postings.map((p: any) => [p.account, p.units.number, p.automatic])).toEqual([
      ['Assets:Bank', '500.00', false],
      ['Equity:Opening', '-500.00', true],
    ]);
    const rent = body.data.records[6];
    expect(rent).toMatchObject({ type: 'Transaction', flag: '*', narration: 'January rent', tags: ['home'], links: [], balanced: true });
    expect(rent.postings.map((p: any) => [p.posting_index, p.account, p.units.number, p.automatic])).toEqual([
      [0, 'Expenses:Rent', '300.00', false],
      [1, 'Assets:Bank', '-300.00', true],
    ]);
    const sell = body.data.records[0];
    // the sale reduces two lots: one row per lot, each with its cost
    expect(sell.postings.map((p: any) => [p.posting_index, p.units.number, p.cost?.number ?? null])).toEqual([
      [0, '-1', '10.00'],
      [0, '-1', '12.00'],
      [1, '22.00', null],
    ]);
  });

  it('keyword: case-insensitive plain text over payee, narration, tags, links, accounts and "Balance Check"', async () => {
    const q = async (qs: string) => (await getJson(run, `/api/journals?${qs}`)).body.data.records.map(label);
    expect(await q('keyword=CAFE')).toEqual(['txn 2024-01-05 Cafe']);
    // accounts: transactions touching Assets:Bank and the checks of Assets:Bank
    expect(await q('keyword=bank')).toEqual([
      'check 2024-01-09 Assets:Bank',
      'txn 2024-01-08 Employer',
      'check 2024-01-07 Assets:Bank',
      'txn 2024-01-06 Landlord',
      'check 2024-01-03 Assets:Bank',
      'pad 2024-01-02 Balance Pad',
    ]);
    expect(await q('keyword=check')).toEqual(['check 2024-01-09 Assets:Bank', 'check 2024-01-07 Assets:Bank', 'check 2024-01-03 Assets:Bank']);
    // never a regular expression: '.' matches only a dot
    expect(await q('keyword=c.fe')).toEqual([]);
    expect(await q('keyword=r1')).toEqual(['txn 2024-01-08 Employer', 'txn 2024-01-05 Cafe']);
  });

  it('tags and links: any of them, comma-separated or repeated; balance checks are left out', async () => {
    const q = async (qs: string) => (await getJson(run, `/api/journals?${qs}`)).body.data;
    const a = await q('tags=food,job');
    expect(a.records.map(label)).toEqual(['txn 2024-01-08 Employer', 'txn 2024-01-05 Cafe']);
    expect(a.total_count).toBe(2);
    expect((await q('tags=home&tags=%23food')).records.map(label)).toEqual(['txn 2024-01-06 Landlord', 'txn 2024-01-05 Cafe']);
    expect((await q('links=r1&keyword=pay')).records.map(label)).toEqual(['txn 2024-01-08 Employer']);
    expect((await q('tags=nothing')).total_count).toBe(0);
  });

  it('refuses a size outside 1 to 1000 with the spec message, and a bad page', async () => {
    for (const size of ['0', '1001', 'abc', '-5', '1.5']) {
      const r = await getJson(run, `/api/journals?size=${size}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('size must be between 1 and 1000');
    }
    expect((await getJson(run, '/api/journals?size=1000')).status).toBe(200);
    expect((await getJson(run, '/api/journals?page=0')).status).toBe(400);
  });
});
