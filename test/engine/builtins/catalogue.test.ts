/**
 * Every built-in of the catalogue on small ledgers written here; each expected row is computed
 * by hand from the fixture text and the rule of spec 1's catalogue tables.
 */
import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../../../engine/builtins/catalogue/index';
import { lexAll } from '../../../engine/query/lexer';
import { parseDate, type DayNum } from '../../../engine/dates';
import { runQuery } from '../../../engine/query/index';
import { ledger } from '../ledger/ledger-text';
import { fixture } from './fixture';
import { columnsOf, lines, runBuiltin } from './run-builtin';

const d = (s: string): DayNum => parseDate(s)!;
const s = fixture();
const txnId = (narration: string) => s.transactions.find((t) => t.narration === narration)!.id;
const balanceId = (date: string) => {
  const r = runQuery(s, `SELECT id FROM #balances WHERE date = ${date}`);
  return r.rows[0][0] as string;
};
const run = (name: string, params: Record<string, unknown> = {}, countTotal = false) =>
  lines(runBuiltin(s, name, params as never, countTotal));

describe('declarations', () => {
  it('have unique dotted names and declare exactly the parameters their text uses', () => {
    const names = BUILTINS.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    for (const b of BUILTINS) {
      expect(b.name).toMatch(/^[a-z_]+\.[a-z_]+$/);
      const used = new Set(lexAll(b.bql).filter((t) => t.type === 'param').map((t) => t.text.slice(1)));
      expect([...used].sort(), b.name).toEqual(b.params.map((p) => p.name).sort());
    }
  });

  it('include every query the spec names', () => {
    const named = [
      'postings.between', 'report.net_worth', 'report.net_worth_trend', 'accounts.balances', 'accounts.subtree_balances',
      'accounts.journal', 'accounts.journal_page', 'accounts.balance_assertions', 'journals.page',
      'journals.balance_checks', 'budgets.month', 'budgets.budget', 'budgets.events',
    ];
    for (const n of named) expect(BUILTINS.map((b) => b.name)).toContain(n);
    expect(BUILTINS.length).toBe(46); // 37 + statements (3) and holdings (2) of issue 16, 2 since, journals.page_of_types and journals.sources (issue 17 §2)
  });
});

describe('postings', () => {
  it('postings.between: both ends included, ledger order', () => {
    expect(run('postings.between', { from: d('2024-02-05'), to: d('2024-02-10') })).toEqual([
      '2024-02-05 | * | Market | groceries again | Liabilities:Card | -30.00 USD',
      '2024-02-05 | * | Market | groceries again | Expenses:Food | 30.00 USD',
      '2024-02-10 | * | NULL | Transfer | Assets:Bank:Savings | 100.00 USD',
      '2024-02-10 | * | NULL | Transfer | Assets:Bank | -100.00 USD',
    ]);
  });

  it('postings.by_payee_tags: a NULL filter is left out, tags match if any is present', () => {
    expect(run('postings.by_payee_tags', { payee: null, tags: ['nothing', 'work'] })).toEqual([
      '2024-01-02 | Employer | January pay | work | Assets:Bank | 1000.00 USD',
      '2024-01-02 | Employer | January pay | work | Income:Salary | -1000.00 USD',
    ]);
    expect(run('postings.by_payee_tags', { payee: 'Market', tags: null })).toHaveLength(4);
    expect(run('postings.by_payee_tags', { payee: 'Market', tags: ['work'] })).toEqual([]);
  });
});

describe('report', () => {
  it('report.net_worth: lots kept, units merged, valued at the prices of `to`', () => {
    // USD: Bank 1000 - 310 - 100 = 590, Savings 50 + 100, Card -45.50 - 30 -> 664.50; STK 15 x 25.00 = 375.00.
    expect(run('report.net_worth', { to: d('2024-02-29'), currency: 'USD' })).toEqual([
      '(10 STK {20.00 USD, 2024-01-20, "a"}, 5 STK {22.00 USD, 2024-01-20}, 664.50 USD) | (15 STK, 664.50 USD) | (1039.50 USD)',
    ]);
    // Before the first STK price the stock keeps its currency.
    expect(run('report.net_worth', { to: d('2024-01-31'), currency: 'USD' })).toEqual([
      '(10 STK {20.00 USD, 2024-01-20, "a"}, 5 STK {22.00 USD, 2024-01-20}, 694.50 USD) | (15 STK, 694.50 USD) | (15 STK, 694.50 USD)',
    ]);
  });

  it('report.net_worth_trend: opening balances the day before `from`, one row per bucket with postings', () => {
    // Opening balances (flag S, 2024-01-04): Bank 1000.00, Savings 50.00. January adds -45.50 and -310.00
    // and the stock; February -30.00 and a transfer inside Assets. January is valued on 01-31 (no STK price yet).
    expect(
      run('report.net_worth_trend', { from: d('2024-01-05'), to: d('2024-02-29'), interval: '1 month', currency: 'USD' }),
    ).toEqual([
      '2024-01-01 | (10 STK {20.00 USD, 2024-01-20, "a"}, 5 STK {22.00 USD, 2024-01-20}, 694.50 USD) | (15 STK, 694.50 USD) | (15 STK, 694.50 USD)',
      '2024-02-01 | (10 STK {20.00 USD, 2024-01-20, "a"}, 5 STK {22.00 USD, 2024-01-20}, 664.50 USD) | (15 STK, 664.50 USD) | (1039.50 USD)',
    ]);
  });

  it('report.liabilities: negative as in the ledger', () => {
    expect(run('report.liabilities', { to: d('2024-01-31'), currency: 'USD' })).toEqual(['(-45.50 USD) | (-45.50 USD)']);
  });

  it('report.income_expenses: per first account component, ordered by type', () => {
    expect(run('report.income_expenses', { from: d('2024-01-01'), to: d('2024-03-31'), currency: 'USD' })).toEqual([
      'Expenses | (75.50 USD) | (75.50 USD)',
      // Salary -1000.00 and the unopened Income:Gains -116.00 (still booked, with an error).
      'Income | (-1116.00 USD) | (-1116.00 USD)',
    ]);
  });

  it('report.transaction_count: padding transactions and assertions do not count', () => {
    // 01-02 pay, (01-03 padding: no), 01-10, 01-20; assertions of 01-04 are not transactions.
    expect(run('report.transaction_count', { from: d('2024-01-01'), to: d('2024-01-31') })).toEqual(['3']);
  });

  it('report.changes: per bucket and type, valued at the earlier of bucket end and `to`', () => {
    expect(
      run('report.changes', { from: d('2024-01-15'), to: d('2024-02-07'), interval: '1 month', currency: 'USD' }),
    ).toEqual([
      // The first bucket counts only postings from `from`: the 01-20 purchase; no STK price on 01-31.
      '2024-01-01 | Assets | (15 STK, -310.00 USD) | (15 STK, -310.00 USD)',
      '2024-02-01 | Expenses | (30.00 USD) | (30.00 USD)',
      '2024-02-01 | Liabilities | (-30.00 USD) | (-30.00 USD)',
    ]);
    // Weekly buckets start on Monday: 2024-01-08 (Mon) holds 01-10; 2024-01-15 holds 01-20.
    expect(
      run('report.changes', { from: d('2024-01-09'), to: d('2024-01-31'), interval: '1 week', currency: 'USD' }).map((l) =>
        l.split(' | ').slice(0, 2).join(' '),
      ),
    ).toEqual(['2024-01-08 Expenses', '2024-01-08 Liabilities', '2024-01-15 Assets']);
  });

  it('report.breakdown: by the value in the currency ascending, then account', () => {
    expect(run('report.breakdown', { type: 'Assets', from: d('2024-01-01'), to: d('2024-02-29'), currency: 'USD' })).toEqual([
      // Broker: 15 STK at 25.00 = 375.00; Savings +50.00 +100.00; Bank 1000 - 310 - 100 = 590.00.
      'Assets:Bank:Savings | (150.00 USD) | (150.00 USD)',
      'Assets:Broker | (15 STK) | (375.00 USD)',
      'Assets:Bank | (590.00 USD) | (590.00 USD)',
    ]);
  });

  it('report.top_postings: converted first, sign flipped for income, account balance after the posting', () => {
    const pay = txnId('January pay');
    const sale = txnId('sell some');
    expect(run('report.top_postings', { type: 'Income', from: d('2024-01-01'), to: d('2024-03-31'), currency: 'USD' })).toEqual([
      `2024-01-02 | 09:00:00 | 1704186000 | Income:Salary | ${pay} | Employer | January pay | -1000.00 USD | -1000.00 USD | -1000.00 USD`,
      `2024-03-05 | 00:00:00 | 1709596800 | Income:Gains | ${sale} | Broker | sell some | -116.00 USD | -116.00 USD | -116.00 USD`,
    ]);
    // In EUR (USD 0.90 EUR from 02-01): the 01-20 stock has no EUR price on 02-29 through USD? STK -> USD -> EUR is
    // not a direct pair, so the STK lots stay unconverted and come last; the bank posting converts.
    const buy = txnId('buy stock');
    expect(
      run('report.top_postings', { type: 'Assets', from: d('2024-01-20'), to: d('2024-01-20'), currency: 'USD' }),
    ).toEqual([
      `2024-01-20 | 00:00:00 | 1705708800 | Assets:Bank | ${buy} | Broker | buy stock | -310.00 USD | 690.00 USD | -310.00 USD`,
      `2024-01-20 | 00:00:00 | 1705708800 | Assets:Broker | ${buy} | Broker | buy stock | 10 STK | 10 STK | 10 STK`,
      `2024-01-20 | 00:00:00 | 1705708800 | Assets:Broker | ${buy} | Broker | buy stock | 5 STK | 15 STK | 5 STK`,
    ]);
  });
});

describe('accounts', () => {
  it('accounts.balances: own postings per account and currency at today\'s prices', () => {
    expect(run('accounts.balances', { operating_currency: 'USD' })).toEqual([
      'Assets:Bank | USD | 950.00 | (950.00 USD) | 2024-01-02',
      'Assets:Bank:Savings | USD | 150.00 | (150.00 USD) | 2024-01-03',
      // 3 STK left, at 25.00 (the 2030 price is after today, 2025-06-01).
      'Assets:Broker | STK | 3 | (75.00 USD) | 2024-01-20',
      'Equity:Opening | USD | -50.00 | (-50.00 USD) | 2024-01-03',
      'Expenses:Food | USD | 75.50 | (75.50 USD) | 2024-01-10',
      'Income:Gains | USD | -116.00 | (-116.00 USD) | 2024-03-05',
      'Income:Salary | USD | -1000.00 | (-1000.00 USD) | 2024-01-02',
      'Liabilities:Card | USD | -75.50 | (-75.50 USD) | 2024-01-10',
    ]);
  });

  it('accounts.subtree_balances: the account and its sub-accounts only', () => {
    expect(run('accounts.subtree_balances', { account: 'Assets:Bank', operating_currency: 'USD' })).toEqual([
      'Assets:Bank | USD | 950.00 | (950.00 USD) | 2024-01-02',
      'Assets:Bank:Savings | USD | 150.00 | (150.00 USD) | 2024-01-03',
    ]);
  });

  const journalRows = () => [
    `2024-01-02 | 09:00:00 | 1704186000 | * | ${txnId('January pay')} | Assets:Bank | Employer | January pay | 10 | 0 | 1000.00 | USD | (1000.00 USD)`,
    `2024-01-03 | 00:00:00 | 1704240000 | P | ${txnId('pad Equity:Opening to Assets:Bank:Savings')} | Assets:Bank:Savings | Balance Pad | pad Equity:Opening to Assets:Bank:Savings | 12 | 0 | 50.00 | USD | (1050.00 USD)`,
    `2024-01-20 | 00:00:00 | 1705708800 | * | ${txnId('buy stock')} | Assets:Bank | Broker | buy stock | 17 | 2 | -310.00 | USD | (740.00 USD)`,
    `2024-02-10 | 00:00:00 | 1707523200 | * | ${txnId('Transfer')} | Assets:Bank:Savings | NULL | Transfer | 21 | 0 | 100.00 | USD | (840.00 USD)`,
    `2024-02-10 | 00:00:00 | 1707523200 | * | ${txnId('Transfer')} | Assets:Bank | NULL | Transfer | 21 | 1 | -100.00 | USD | (740.00 USD)`,
    `2024-03-05 | 00:00:00 | 1709596800 | * | ${txnId('sell some')} | Assets:Bank | Broker | sell some | 26 | 1 | 360.00 | USD | (1100.00 USD)`,
  ];

  it('accounts.journal: one row per posting of the subtree with the running balance', () => {
    const r = runBuiltin(s, 'accounts.journal', { account: 'Assets:Bank' });
    expect(columnsOf(r)).toBe(
      'date:date, time:str, timestamp:int, flag:str, id:str, account:str, payee:str, narration:str, seq:int, posting_index:int, units:decimal, currency:str, balance:inventory',
    );
    expect(lines(r)).toEqual(journalRows());
  });

  it('accounts.journal adds the lot rows of one posting', () => {
    // The sale takes 10 STK from lot "a" and 2 from the other: one row of -12.
    expect(run('accounts.journal', { account: 'Assets:Broker' }).map((l) => l.split(' | ').slice(8).join(' | '))).toEqual([
      '17 | 0 | 10 | STK | (10 STK)',
      '17 | 1 | 5 | STK | (15 STK)',
      '26 | 0 | -12 | STK | (3 STK)',
    ]);
  });

  it('accounts.journal_page: a window of postings in ledger order, total = all postings', () => {
    const r = runBuiltin(s, 'accounts.journal_page', { account: 'Assets:Bank', limit: 2n, offset: 2n }, true);
    expect(lines(r)).toEqual(journalRows().slice(2, 4));
    expect(r.total).toBe(6);
    expect(run('accounts.journal_page', { account: 'Assets:Bank', limit: 100n, offset: 0n })).toEqual(journalRows());
    expect(run('accounts.journal_page', { account: 'Assets:Bank', limit: 10n, offset: 6n })).toEqual([]);
  });

  it('accounts.balance_assertions: assertions on the account itself, newest first, actual includes sub-accounts', () => {
    expect(run('accounts.balance_assertions', { account: 'Assets:Bank' })).toEqual([
      `2024-02-16 | 00:00:00 | 1708041600 | ${balanceId('2024-02-16')} | Assets:Bank | 1.00 USD | 740.00 USD | FALSE | NULL | 23`,
      `2024-02-15 | 00:00:00 | 1707955200 | ${balanceId('2024-02-15')} | Assets:Bank | 640.00 USD | 740.00 USD | FALSE | NULL | 22`,
    ]);
    expect(run('accounts.balance_assertions', { account: 'Assets:Bank:Savings' })).toEqual([
      `2024-01-04 | 00:00:00 | 1704326400 | ${balanceId('2024-01-04')} | Assets:Bank:Savings | 50.00 USD | 50.00 USD | TRUE | NULL | 13`,
    ]);
  });

  it('accounts.list and accounts.subtree_directives: open/close directives with the alias', () => {
    expect(run('accounts.list')).toEqual([
      'Assets:Bank | 2024-01-01 | NULL | NULL',
      'Assets:Bank:Savings | 2024-01-01 | NULL | NULL',
      'Assets:Broker | 2024-01-01 | NULL | NULL',
      'Assets:Old | 2024-01-01 | 2024-03-01 | NULL',
      'Equity:Opening | 2024-01-01 | NULL | NULL',
      'Expenses:Food | 2024-01-01 | NULL | Groceries',
      'Income:Salary | 2024-01-01 | NULL | NULL',
      'Liabilities:Card | 2024-01-01 | NULL | NULL',
    ]);
    expect(run('accounts.subtree_directives', { account: 'Assets:Bank' })).toEqual([
      'Assets:Bank | 2024-01-01 | NULL | NULL',
      'Assets:Bank:Savings | 2024-01-01 | NULL | NULL',
    ]);
  });

  it('accounts.open: open and never closed, sorted', () => {
    expect(run('accounts.open')).toEqual([
      'Assets:Bank', 'Assets:Bank:Savings', 'Assets:Broker', 'Equity:Opening', 'Expenses:Food', 'Income:Salary', 'Liabilities:Card',
    ]);
  });

  it('accounts.balance_history: the closing balance per day and currency', () => {
    expect(run('accounts.balance_history', { account: 'Assets:Bank' })).toEqual([
      '2024-01-02 | USD | 1000.00 USD',
      '2024-01-03 | USD | 1050.00 USD',
      '2024-01-20 | USD | 740.00 USD',
      // +100 to Savings and -100 from Bank on one day.
      '2024-02-10 | USD | 740.00 USD',
      '2024-03-05 | USD | 1100.00 USD',
    ]);
  });
});

describe('journal page', () => {
  const seqs = (params: Record<string, unknown>) =>
    run('journals.page', { keyword: null, tags: null, links: null, size: 100n, offset: 0n, ...params }).map((l) => l.split(' | ')[0]);

  it('journals.page: transactions and assertions newest first, windowed', () => {
    expect(seqs({})).toEqual(['26', '23', '22', '21', '20', '17', '16', '13', '12', '10']);
    const r = runBuiltin(s, 'journals.page', { keyword: null, tags: null, links: null, size: 2n, offset: 1n }, true);
    expect(lines(r).map((l) => l.split(' | ').slice(0, 2).join(' '))).toEqual(['23 balance', '22 balance']);
    expect(r.total).toBe(10);
  });

  it('journals.page: keyword is plain case-insensitive text over payee, narration, tags, links, accounts', () => {
    expect(seqs({ keyword: 'MARKET' })).toEqual(['20', '16']);
    // Assertions match by their account or the words "Balance Check".
    expect(seqs({ keyword: 'check' })).toEqual(['23', '22', '13']);
    expect(seqs({ keyword: 'savings' })).toEqual(['21', '13', '12']);
    // Not a regular expression.
    expect(seqs({ keyword: 'M.rket' })).toEqual([]);
  });

  it('journals.page: tags and links filters leave assertions out', () => {
    expect(seqs({ tags: ['food'] })).toEqual(['20', '16']);
    expect(seqs({ links: ['r1'] })).toEqual(['16']);
    expect(seqs({ tags: ['work'], keyword: 'pay' })).toEqual(['10']);
  });

  it('journals.balance_checks: difference and asserted', () => {
    const ids = [balanceId('2024-02-15'), balanceId('2024-01-04')];
    expect(run('journals.balance_checks', { ids })).toEqual([
      `${ids[1]} | Assets:Bank:Savings | 50.00 USD | NULL | 50.00 USD | TRUE | 0.00 USD | 50.00 USD`,
      `${ids[0]} | Assets:Bank | 640.00 USD | NULL | 740.00 USD | FALSE | -100.00 USD | 640.00 USD`,
    ]);
    expect(run('journals.balance_checks', { ids: [] })).toEqual([]);
  });

  it('journals.transaction_postings: lot rows stay apart, each with its cost', () => {
    const sale = txnId('sell some');
    expect(run('journals.transaction_postings', { ids: [sale] })).toEqual([
      `${sale} | 0 | Assets:Broker | NULL | -10 STK {20.00 USD, 2024-01-20, "a"} | 30.00 USD | FALSE |  | TRUE`,
      `${sale} | 0 | Assets:Broker | NULL | -2 STK {22.00 USD, 2024-01-20} | 30.00 USD | FALSE |  | TRUE`,
      `${sale} | 1 | Assets:Bank | NULL | 360.00 USD | NULL | FALSE |  | TRUE`,
      // -(10 x 20.00 + 2 x 22.00) + 360.00 = 116.00 left for the posting without amount.
      `${sale} | 2 | Income:Gains | NULL | -116.00 USD | NULL | TRUE |  | TRUE`,
    ]);
  });
});

describe('lists', () => {
  it('documents.all and accounts.documents', () => {
    const t = ledger(
      `2024-01-01 open Assets:Bank
2024-01-01 open Assets:Bank:Sub
2024-01-01 open Expenses:Food
2024-01-02 document Assets:Bank "a.pdf"
2024-01-03 document Assets:Bank:Sub "b.pdf"
2024-01-03 document Expenses:Food "c.pdf"
2024-01-04 * "Shop" "receipt"
  document: "r.pdf"
  Expenses:Food  1.00 USD
    document: "line.pdf"
  Assets:Bank
`,
      { format: 'zhang' },
    );
    const id = t.transactions[0].id;
    expect(lines(runBuiltin(t, 'documents.all'))).toEqual([
      `2024-01-04 | 00:00:00 | r.pdf | NULL | ${id}`,
      `2024-01-04 | 00:00:00 | line.pdf | Expenses:Food | ${id}`,
      '2024-01-03 | 00:00:00 | c.pdf | Expenses:Food | NULL',
      '2024-01-03 | 00:00:00 | b.pdf | Assets:Bank:Sub | NULL',
      '2024-01-02 | 00:00:00 | a.pdf | Assets:Bank | NULL',
    ]);
    expect(lines(runBuiltin(t, 'accounts.documents', { account: 'Assets:Bank' }))).toEqual([
      '2024-01-02 | 00:00:00 | Assets:Bank | a.pdf',
      '2024-01-03 | 00:00:00 | Assets:Bank:Sub | b.pdf',
    ]);
    // Posting metadata documents are not directives.
    expect(lines(runBuiltin(t, 'accounts.documents', { account: 'Expenses' }))).toEqual([
      '2024-01-03 | 00:00:00 | Expenses:Food | c.pdf',
    ]);
  });

  it('payees.all: once, sorted, no padding, empty or NULL payees', () => {
    expect(run('payees.all')).toEqual(['Broker', 'Employer', 'Market']);
  });

  it('errors.page: #errors in order, windowed', () => {
    const all = run('errors.page', { size: 10n, offset: 0n }).map((l) => l.split(' | ').slice(1, 5).join(' '));
    expect(all).toEqual([
      'AccountBalanceCheckError main.zhang 36 1',
      'AccountBalanceCheckError main.zhang 37 1',
      'AccountDoesNotExist main.zhang 39 1',
    ]);
    const page2 = runBuiltin(s, 'errors.page', { size: 2n, offset: 2n }, true);
    expect(page2.rows.map((r) => r[1])).toEqual(['AccountDoesNotExist']);
    expect(page2.total).toBe(3);
  });
});

describe('commodities', () => {
  it('commodities.holdings and commodities.holding: Assets and Liabilities, non-zero', () => {
    // USD: Bank 950.00 + Savings 150.00 + Card -75.50.
    expect(run('commodities.holdings')).toEqual(['STK | 3', 'USD | 1024.50']);
    expect(run('commodities.holding', { commodity: 'STK' })).toEqual(['STK | 3']);
    expect(run('commodities.holding', { commodity: 'EUR' })).toEqual([]);
  });

  it('commodities.latest_prices and latest_price: either direction, nothing after today', () => {
    // USD 0.90 EUR read from EUR: 1 / 0.90 to 28 significant digits; STK's 2030 price is in the future.
    expect(run('commodities.latest_prices', { currency: 'USD' })).toEqual([
      'EUR | 2024-02-01 | 00:00:00 | 1.111111111111111111111111111',
      'STK | 2024-02-01 | 00:00:00 | 25.00',
    ]);
    expect(run('commodities.latest_price', { commodity: 'EUR', currency: 'USD' })).toEqual([
      'EUR | 2024-02-01 | 00:00:00 | 1.111111111111111111111111111',
    ]);
    expect(run('commodities.latest_price', { commodity: 'USD', currency: 'EUR' })).toEqual(['USD | 2024-02-01 | 00:00:00 | 0.90']);
    expect(run('commodities.latest_price', { commodity: 'STK', currency: 'EUR' })).toEqual([]);
  });

  it('commodities.lots: per account and lot, label apart, no cost = one lot per account', () => {
    expect(run('commodities.lots', { commodity: 'STK' })).toEqual(['Assets:Broker | 2024-01-20 | 22.00 | USD | NULL | 3']);
    const t = ledger(`2024-01-01 open Assets:Broker
2024-01-01 open Assets:Cash
2024-01-01 open Equity:Opening
2024-01-02 * "buy"
  Assets:Broker  2 STK {10.00 USD, "y"}
  Assets:Broker  3 STK {10.00 USD, "x"}
  Assets:Cash  4 STK
  Equity:Opening  -50.00 USD
  Equity:Opening  -4 STK
2024-01-03 * "move"
  Assets:Cash  -1 STK
  Equity:Opening  1 STK
`);
    expect(lines(runBuiltin(t, 'commodities.lots', { commodity: 'STK' }))).toEqual([
      'Assets:Broker | 2024-01-02 | 10.00 | USD | x | 3',
      'Assets:Broker | 2024-01-02 | 10.00 | USD | y | 2',
      'Assets:Cash | NULL | NULL | NULL |  | 3',
    ]);
  });

  it('commodities.prices: every price of the commodity, oldest first', () => {
    expect(run('commodities.prices', { commodity: 'STK' })).toEqual([
      '2024-02-01 | 00:00:00 | 25.00 USD',
      '2030-01-01 | 00:00:00 | 99.00 USD',
    ]);
  });
});

describe('budgets', () => {
  const b = ledger(
    `2024-01-01 open Assets:Cash
2024-01-01 open Expenses:Food
  budget: "Food"
2024-01-01 open Expenses:Fun
  budget: "Fun"
2024-01-01 budget Food USD
  alias: "Groceries"
2024-01-01 budget Fun USD
2024-03-01 budget Later USD
2024-01-01 10:00 budget-add Food 200.00 USD
2024-01-15 09:00 * "Market" "veg"
  Expenses:Food  20.00 USD
  Assets:Cash
2024-01-20 08:00 budget-transfer Food Fun 50.00 USD
2024-01-20 18:00 * "Cinema" "film"
  Expenses:Fun  12.00 USD
  Assets:Cash
2024-01-25 * "Market" "fruit"
  Expenses:Food  5.00 USD
  Assets:Cash
2024-02-10 budget-close Fun
`,
    { format: 'zhang' },
  );
  const runB = (name: string, params: Record<string, unknown>) => lines(runBuiltin(b, name, params as never));

  it('budgets.month: last row up to the month; later budgets not listed', () => {
    // Food: added 200.00 - 50.00, spent 20.00 + 5.00. Fun: 50.00 in, 12.00 spent.
    expect(runB('budgets.month', { month: d('2024-01-01') })).toEqual([
      'Food | Groceries | NULL | USD | 2024-01-01 | 150.00 USD | 25.00 | 125.00 USD | FALSE',
      'Fun | NULL | NULL | USD | 2024-01-01 | 50.00 USD | 12.00 | 38.00 USD | FALSE',
    ]);
    const march = runB('budgets.month', { month: d('2024-03-01') });
    expect(march.map((l) => l.split(' | ').filter((_, i) => [0, 4, 5, 7, 8].includes(i)).join(' | '))).toEqual([
      'Food | 2024-03-01 | 125.00 USD | 125.00 USD | FALSE',
      'Fun | 2024-03-01 | 38.00 USD | 38.00 USD | TRUE',
      'Later | 2024-03-01 | 0 USD | 0 USD | FALSE',
    ]);
  });

  it('budgets.one: a month after the last row carries available over with nothing spent', () => {
    // Rows run through the current month (2025-06, the clock of the load); August has none.
    expect(runB('budgets.one', { name: 'Food', month: d('2025-08-01') })).toEqual([
      'Food | Groceries | NULL | USD | 2025-06-01 | 125.00 USD | 0 | 125.00 USD | FALSE',
    ]);
    expect(runB('budgets.one', { name: 'Later', month: d('2024-02-01') })).toEqual([]);
  });

  it('budgets.budget: the definition, or no row', () => {
    expect(runB('budgets.budget', { name: 'Food' })).toEqual(['Food | Groceries | NULL | USD | Expenses:Food']);
    expect(runB('budgets.budget', { name: 'Nope' })).toEqual([]);
  });

  it('budgets.events: the month\'s events without close, newest first, transfer out negative', () => {
    expect(runB('budgets.events', { name: 'Food', month: d('2024-01-01') })).toEqual([
      '2024-01-20 | 08:00:00 | 1705737600 | transfer_out | -50.00 USD',
      '2024-01-01 | 10:00:00 | 1704103200 | assign | 200.00 USD',
    ]);
    expect(runB('budgets.events', { name: 'Fun', month: d('2024-01-01') })).toEqual([
      '2024-01-20 | 08:00:00 | 1705737600 | transfer_in | 50.00 USD',
    ]);
    expect(runB('budgets.events', { name: 'Fun', month: d('2024-02-01') })).toEqual([]);
  });

  it('budgets.postings: the month\'s postings counting in the budget, newest first', () => {
    const id = (n: string) => b.transactions.find((t) => t.narration === n)!.id;
    expect(runB('budgets.postings', { accounts: ['Expenses:Food'], month: d('2024-01-01'), name: 'Food' })).toEqual([
      `2024-01-25 | 00:00:00 | 1706140800 | Expenses:Food | ${id('fruit')} | Market | fruit | 5.00 USD | 25.00 USD`,
      `2024-01-15 | 09:00:00 | 1705309200 | Expenses:Food | ${id('veg')} | Market | veg | 20.00 USD | 20.00 USD`,
    ]);
    expect(runB('budgets.postings', { accounts: ['Expenses:Food'], month: d('2024-01-01'), name: 'Fun' })).toEqual([]);
  });
});
