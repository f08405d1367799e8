/**
 * GET /api/accounts/{account}/journals over real HTTP: postings of the subtree merged with the
 * account's balance assertions, newest first, each assertion listed right above the postings its
 * balance includes; lot rows of one posting are one row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../harness';
import { accountRoutes } from '../../../../main/server/routes/accounts';
import { getJson, serveLedger } from './ledgers';
import { JOURNAL_LEDGER } from './journal-ledger';

let run: Running;
beforeAll(async () => {
  run = await serveLedger(JOURNAL_LEDGER, [accountRoutes]);
});
afterAll(() => run.stop());

const label = (r: any) =>
  r.type === 'balance'
    ? `assert ${r.date} ${r.amount.number} actual ${r.actual.number} bal ${r.balance.map((a: any) => a.number).join(',')}`
    : `${r.date} ${r.account} ${r.units.number} bal ${r.balance.map((a: any) => a.number).join(',')}`;

const BANK = [
  'assert 2024-01-09 1200.01 actual 1200.00 bal 1200.00',
  '2024-01-08 Assets:Bank 1000.00 bal 1200.00',
  'assert 2024-01-07 200.00 actual 200.00 bal 200.00',
  '2024-01-06 Assets:Bank -300.00 bal 200.00',
  'assert 2024-01-03 500.00 actual 500.00 bal 500.00',
  '2024-01-02 Assets:Bank 500.00 bal 500.00',
];

describe('GET /api/accounts/{account}/journals', () => {
  it('merges assertions by seq: each right above the postings its balance includes', async () => {
    const { status, body } = await getJson(run, '/api/accounts/Assets:Bank/journals');
    expect(status).toBe(200);
    expect([body.data.page, body.data.size, body.data.total_count, body.data.total_pages]).toEqual([1, 100, 6, 1]);
    expect(body.data.records.map(label)).toEqual(BANK);
    const a = body.data.records[0];
    expect(a).toMatchObject({ type: 'balance', account: 'Assets:Bank', passed: false, pad: null, seq: 14 });
    expect(body.data.records[1]).toMatchObject({ type: 'posting', payee: 'Employer', narration: 'Pay', flag: '*', seq: 13, posting_index: 0 });
    expect(body.data.records[5]).toMatchObject({ flag: 'P', payee: 'Balance Pad' });
  });

  it('every page size gives the same journal, every page but the last full', async () => {
    for (let size = 1; size <= 7; size++) {
      const rows: string[] = [];
      const pages = Math.ceil(6 / size);
      for (let page = 1; page <= pages + 1; page++) {
        const { body } = await getJson(run, `/api/accounts/Assets:Bank/journals?page=${page}&size=${size}`);
        expect(body.data.total_pages).toBe(pages);
        const n = body.data.records.length;
        expect(n).toBe(page < pages ? size : page === pages ? 6 - size * (pages - 1) : 0);
        rows.push(...body.data.records.map(label));
      }
      expect(rows).toEqual(BANK);
    }
  });

  it('covers the sub-accounts; lot rows of one posting are one row', async () => {
    const { body } = await getJson(run, '/api/accounts/Assets/journals');
    expect(body.data.total_count).toBe(10);
    const rows = body.data.records.map((r: any) => [r.date, r.account, r.units.number, r.units.currency]);
    expect(rows).toEqual([
      ['2024-01-12', 'Assets:Cash', '22.00', 'USD'],
      ['2024-01-12', 'Assets:Broker', '-2', 'STK'],
      ['2024-01-11', 'Assets:Cash', '-12.00', 'USD'],
      ['2024-01-11', 'Assets:Broker', '1', 'STK'],
      ['2024-01-10', 'Assets:Cash', '-10.00', 'USD'],
      ['2024-01-10', 'Assets:Broker', '1', 'STK'],
      ['2024-01-08', 'Assets:Bank', '1000.00', 'USD'],
      ['2024-01-06', 'Assets:Bank', '-300.00', 'USD'],
      ['2024-01-05', 'Assets:Cash', '-8.00', 'USD'],
      ['2024-01-02', 'Assets:Bank', '500.00', 'USD'],
    ]);
    // running balance of the subtree after each row, every currency (STK back to zero drops out)
    expect(body.data.records.map((r: any) => r.balance)).toEqual([
      [{ number: '1192.00', currency: 'USD' }],
      [{ number: '1170.00', currency: 'USD' }],
      [{ number: '2', currency: 'STK' }, { number: '1170.00', currency: 'USD' }],
      [{ number: '2', currency: 'STK' }, { number: '1182.00', currency: 'USD' }],
      [{ number: '1', currency: 'STK' }, { number: '1182.00', currency: 'USD' }],
      [{ number: '1', currency: 'STK' }, { number: '1192.00', currency: 'USD' }],
      [{ number: '1192.00', currency: 'USD' }],
      [{ number: '192.00', currency: 'USD' }],
      [{ number: '492.00', currency: 'USD' }],
      [{ number: '500.00', currency: 'USD' }],
    ]);
  });

  it('pages stay exact when more assertions stand together than a page holds', async () => {
    // One directive a day on Assets:Box: postings (P) and balance assertions (A).
    const steps: Array<['P' | 'A', string]> = [
      ['P', '10'], ['A', '10'], ['A', '10'], ['A', '10'], ['P', '5'], ['P', '1'],
      ['A', '16'], ['A', '16'], ['A', '16'], ['A', '16'], ['A', '16'], ['P', '-6'], ['A', '10'],
    ];
    let text = '2024-01-01 open Assets:Box\n2024-01-01 open Equity:Opening\n';
    steps.forEach(([kind, n], k) => {
      const day = `2024-02-${String(k + 1).padStart(2, '0')}`;
      text += kind === 'P' ? `${day} * "Box"\n  Assets:Box  ${n} USD\n  Equity:Opening\n` : `${day} balance Assets:Box ${n} USD\n`;
    });
    const box = await serveLedger(text, [accountRoutes]);
    try {
      const expected = [
        'A 13 10', 'P 12 -6 10', 'A 11 16', 'A 10 16', 'A 09 16', 'A 08 16', 'A 07 16',
        'P 06 1 16', 'P 05 5 15', 'A 04 10', 'A 03 10', 'A 02 10', 'P 01 10 10',
      ];
      const short = (r: any) =>
        r.type === 'balance'
          ? `A ${r.date.slice(8)} ${r.balance[0].number}`
          : `P ${r.date.slice(8)} ${r.units.number} ${r.balance[0].number}`;
      for (let size = 1; size <= 14; size++) {
        const rows: string[] = [];
        for (let page = 1; page <= Math.ceil(13 / size); page++) {
          const { body } = await getJson(box, `/api/accounts/Assets:Box/journals?page=${page}&size=${size}`);
          expect(body.data.total_count).toBe(13);
          rows.push(...body.data.records.map(short));
        }
        expect(rows, `size ${size}`).toEqual(expected);
      }
    } finally {
      await box.stop();
    }
  });

  it('zhang times: an assertion at noon stands between the morning and evening postings; with pad after its padding', async () => {
    const zhang = await serveLedger(
      `2024-01-01 open Assets:Bank
2024-01-01 open Equity:Opening
2024-01-01 open Income:Job

2024-01-04 08:00 balance Assets:Bank 3.00 USD with pad Equity:Opening

2024-01-05 09:00 * "Morning"
  Assets:Bank  10.00 USD
  Income:Job  -10.00 USD
2024-01-05 18:00 * "Evening"
  Assets:Bank  5.00 USD
  Income:Job  -5.00 USD
2024-01-05 12:00 balance Assets:Bank 13.00 USD
2024-01-06 balance Assets:Bank 18.00 USD
`,
      [accountRoutes],
      'zhang',
    );
    try {
      const { body } = await getJson(zhang, '/api/accounts/Assets:Bank/journals');
      expect(body.data.records.map(label)).toEqual([
        'assert 2024-01-06 18.00 actual 18.00 bal 18.00',
        '2024-01-05 Assets:Bank 5.00 bal 18.00',
        'assert 2024-01-05 13.00 actual 13.00 bal 13.00',
        '2024-01-05 Assets:Bank 10.00 bal 13.00',
        'assert 2024-01-04 3.00 actual 3.00 bal 3.00',
        '2024-01-04 Assets:Bank 3.00 bal 3.00',
      ]);
      expect(body.data.records.map((r: any) => r.time)).toEqual(['00:00:00', '18:00:00', '12:00:00', '09:00:00', '08:00:00', '08:00:00']);
      expect(body.data.records[4]).toMatchObject({ pad: 'Equity:Opening', passed: true });
      expect(body.data.records[5]).toMatchObject({ flag: 'P' });
    } finally {
      await zhang.stop();
    }
  });

  it('an account without postings has an empty journal; a bad size is refused', async () => {
    const empty = await getJson(run, '/api/accounts/Income:Nothing/journals');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ page: 1, size: 100, total_count: 0, total_pages: 0, records: [] });
    const bad = await getJson(run, '/api/accounts/Assets:Bank/journals?size=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('size must be between 1 and 1000');
  });
});
