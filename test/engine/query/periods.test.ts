/**
 * Accounting-period clauses (document 2 "Accounting-period clauses") on small ledgers written
 * here. Every expected figure is worked out by hand in the comments next to it; the same ledgers
 * were also run through bean-query 2.3.5, which gives the same rows (it prints fewer decimals).
 */
import { describe, expect, it } from 'vitest';
import { daysFromCivil, parseDate } from '../../../engine/dates';
import { Dec } from '../../../engine/decimal';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { QueryError, runQuery, typed, type QueryOptions } from '../../../engine/query/index';
import { applyPeriodClauses } from '../../../engine/query/periods';
import { toText } from '../../../engine/query/values';
import { ledger } from '../ledger/ledger-text';
import { snapshot } from './fixture';
import { expectColumnsOfRows } from './period-ledger';

/** Rows as text (toText), NULL as null. */
function q(snap: Snapshot, text: string, opts: QueryOptions = {}): (string | null)[][] {
  const r = runQuery(snap, text, opts);
  return r.rows.map((row) => row.map((v, i) => (v === null ? null : toText(r.columns[i].type, v))));
}

function err(snap: Snapshot, text: string, opts: QueryOptions = {}): [string, number | null, number | null] {
  try {
    runQuery(snap, text, opts);
  } catch (e) {
    if (!(e instanceof QueryError)) throw e;
    return [e.message, e.line, e.column];
  }
  throw new Error('no error');
}

// Salary and lunch in January, two lots of HOOL in February (the second labelled), dinner on
// March 1st, and a sale of 2 HOOL from the first lot at a price on March 5th.
const A = ledger(`
2020-01-01 open Assets:Cash
2020-01-01 open Assets:Stock
2020-01-01 open Income:Salary
2020-01-01 open Income:Gains
2020-01-01 open Expenses:Food
2020-01-01 open Equity:Opening-Balances

2020-01-05 * "Employer" "Salary"
  Assets:Cash  1000.00 USD
  Income:Salary  -1000.00 USD

2020-01-10 * "Shop" "Lunch"
  Expenses:Food  12.50 USD
  Assets:Cash

2020-02-01 * "Buy"
  Assets:Stock  10 HOOL {50.00 USD}
  Assets:Cash  -500.00 USD

2020-02-15 * "Buy"
  Assets:Stock  5 HOOL {60.00 USD, "lotB"}
  Assets:Cash  -300.00 USD

2020-03-01 * "Shop" "Dinner"
  Expenses:Food  20.00 USD
  Assets:Cash

2020-03-05 * "Sell"
  Assets:Stock -2 HOOL {50.00 USD} @ 55.00 USD
  Assets:Cash 110.00 USD
  Income:Gains -10.00 USD
`);

// Opening balance, a currency exchange with @ price in January, a hotel paid in EUR, a second
// exchange on February 1st, a price on March 1st and a budget on April 1st.
const B = ledger(`
2020-01-01 open Assets:Cash
2020-01-01 open Assets:EUR
2020-01-01 open Equity:Opening-Balances
2020-01-01 open Expenses:Travel

2020-01-02 * "Opening"
  Assets:Cash 1000.00 USD
  Equity:Opening-Balances

2020-01-10 * "Exchange"
  Assets:EUR 90.00 EUR @ 1.10 USD
  Assets:Cash -99.00 USD

2020-01-20 * "Hotel"
  Expenses:Travel 40.00 EUR
  Assets:EUR

2020-02-01 * "Exchange later"
  Assets:EUR 10.00 EUR @ 1.20 USD
  Assets:Cash -12.00 USD

2020-03-01 price EUR 1.15 USD

2020-04-01 custom "budget" "Travel" "EUR"
`);

// Renamed accounts (one invalid name, ignored), another conversion currency, 3 HOOL bought for a
// total cost of 100.00 USD (per unit 100.00 / 3 to 28 digits), one sold, and an exchange with @@.
const C = ledger(`
option "account_previous_balances" "Anfang"
option "account_previous_earnings" "Gewinn:Vorher"
option "account_previous_conversions" "Umrechnung:Vorher"
option "account_current_conversions" "Umrechnung:Jetzt"
option "account_current_earnings" "Bad Name"
option "conversion_currency" "XXX"

2020-01-01 open Assets:Cash
2020-01-01 open Assets:Stock
2020-01-01 open Income:Gains
2020-01-01 open Equity:Anfang

2020-01-02 * "Deposit"
  Assets:Cash 1000.00 USD
  Equity:Anfang -1000.00 USD

2020-01-03 * "Buy"
  Assets:Stock 3 HOOL {{100.00 USD}}
  Assets:Cash -100.00 USD

2020-02-01 * "Sell"
  Assets:Stock -1 HOOL {} @ 40.00 USD
  Assets:Cash 40.00 USD
  Income:Gains -6.67 USD

2020-03-01 * "Exchange"
  Assets:Cash -10.00 USD
  Assets:Cash 9.00 EUR @@ 10.00 USD
`);

const S_CASH = "Opening balance for 'Assets:Cash' (Summarization)";
const S_STOCK = "Opening balance for 'Assets:Stock' (Summarization)";
const S_EARN = "Opening balance for 'Equity:Earnings:Previous' (Summarization)";

describe('the test ledgers load cleanly', () => {
  it.each([
    ['A', A],
    ['B', B],
    ['C', C],
  ])('%s has no errors', (_n, snap) => {
    expect(snap.errors.map((e) => e.message)).toEqual([]);
  });
});

describe('OPEN ON', () => {
  // Before 2020-03-01: Cash 1000.00 - 12.50 - 500.00 - 300.00 = 187.50 USD; Stock two lots;
  // Salary -1000.00 and Food 12.50 go to previous earnings: 12.50 - 1000.00 = -987.50 USD.
  // Conversions: USD -800.00 plus the lots at cost 500.00 + 300.00 = nothing.
  // One S transaction per account, accounts by name, dated 2020-02-29, each lot followed by its
  // counterpart at cost on Equity:Opening-Balances.
  it('summarizes every account before the date into S transactions, lots kept', () => {
    expect(q(A, 'SELECT date, flag, payee, narration, account, position FROM OPEN ON 2020-03-01')).toEqual([
      ['2020-02-29', 'S', null, S_CASH, 'Assets:Cash', '187.50 USD'],
      ['2020-02-29', 'S', null, S_CASH, 'Equity:Opening-Balances', '-187.50 USD'],
      ['2020-02-29', 'S', null, S_STOCK, 'Assets:Stock', '10 HOOL {50.00 USD, 2020-02-01}'],
      ['2020-02-29', 'S', null, S_STOCK, 'Equity:Opening-Balances', '-500.00 USD'],
      ['2020-02-29', 'S', null, S_STOCK, 'Assets:Stock', '5 HOOL {60.00 USD, 2020-02-15, "lotB"}'],
      ['2020-02-29', 'S', null, S_STOCK, 'Equity:Opening-Balances', '-300.00 USD'],
      ['2020-02-29', 'S', null, S_EARN, 'Equity:Earnings:Previous', '-987.50 USD'],
      ['2020-02-29', 'S', null, S_EARN, 'Equity:Opening-Balances', '987.50 USD'],
      ['2020-03-01', '*', 'Shop', 'Dinner', 'Expenses:Food', '20.00 USD'],
      ['2020-03-01', '*', 'Shop', 'Dinner', 'Assets:Cash', '-20.00 USD'],
      ['2020-03-05', '*', null, 'Sell', 'Assets:Stock', '-2 HOOL {50.00 USD, 2020-02-01}'],
      ['2020-03-05', '*', null, 'Sell', 'Assets:Cash', '110.00 USD'],
      ['2020-03-05', '*', null, 'Sell', 'Income:Gains', '-10.00 USD'],
    ]);
  });

  // The sums follow Inventory.add_amount: Cash's 100.00 EUR leaves at zero on 01-03 and comes
  // back as 7.5 EUR on 01-06, after the USD lot made on 01-04 (-100 - 50 = -150 USD) and with
  // its own places; the HOOL lot written {50 USD} then {50.00 USD, 2020-01-04} is one lot
  // keeping the first form; Opening-Balances -100.00 + 100.00 EUR leaves, then -7.5 EUR.
  it('sums each lot as Beancount does: a lot gone at zero returns last with its new places; one cost written two ways', () => {
    const Z = ledger(`
2020-01-01 open Assets:Cash
2020-01-01 open Assets:Stock
2020-01-01 open Equity:Opening-Balances

2020-01-02 * "Fund"
  Assets:Cash  100.00 EUR
  Equity:Opening-Balances

2020-01-03 * "Out"
  Assets:Cash  -100.00 EUR
  Equity:Opening-Balances

2020-01-04 * "Buy"
  Assets:Stock  2 HOOL {50 USD}
  Assets:Cash  -100 USD

2020-01-05 * "Buy more of the lot"
  Assets:Stock  1 HOOL {50.00 USD, 2020-01-04}
  Assets:Cash  -50 USD

2020-01-06 * "Fund again"
  Assets:Cash  7.5 EUR
  Equity:Opening-Balances
`);
    expect(q(Z, "SELECT account, position FROM OPEN ON 2020-02-01 WHERE flag = 'S' AND account != 'Equity:Opening-Balances'")).toEqual([
      ['Assets:Cash', '-150 USD'],
      ['Assets:Cash', '7.5 EUR'],
      ['Assets:Stock', '3 HOOL {50 USD, 2020-01-04}'],
    ]);
    // Its own S transaction moves -7.5 EUR to itself; with Cash's counterparts (150 USD, -7.5 EUR)
    // and Stock's (-150 USD at cost) the account sums to -7.5 EUR.
    expect(q(Z, "SELECT account, position FROM OPEN ON 2020-02-01 WHERE flag = 'S' AND narration ~ 'Equity:Opening'")).toEqual([
      ['Equity:Opening-Balances', '-7.5 EUR'],
      ['Equity:Opening-Balances', '7.5 EUR'],
    ]);
    expect(q(Z, "SELECT sum(position) FROM OPEN ON 2020-02-01 WHERE account = 'Equity:Opening-Balances'")).toEqual([['(-7.5 EUR)']]);
  });

  it('keeps cost, cost date and label of each lot; the counterpart has no cost', () => {
    expect(q(A, "SELECT account, cost_number, cost_currency, cost_date, cost_label, weight FROM OPEN ON 2020-03-01 WHERE flag = 'S' AND narration ~ 'Stock'")).toEqual([
      ['Assets:Stock', '50.00', 'USD', '2020-02-01', null, '500.00 USD'],
      ['Equity:Opening-Balances', null, null, null, '', '-500.00 USD'],
      ['Assets:Stock', '60.00', 'USD', '2020-02-15', 'lotB', '300.00 USD'],
      ['Equity:Opening-Balances', null, null, null, '', '-300.00 USD'],
    ]);
  });

  it("synthetic rows: payee NULL, no tags, links or metadata, seq NULL, one id per transaction, midnight", () => {
    const r = q(A, "SELECT payee, tags, links, meta, seq, posting_index, id, other_accounts, time, timestamp FROM OPEN ON 2020-03-01 WHERE flag = 'S'");
    expect(r.map((row) => row.slice(0, 6))).toEqual([
      [null, '', '', '', null, '0'],
      [null, '', '', '', null, '1'],
      [null, '', '', '', null, '0'],
      [null, '', '', '', null, '1'],
      [null, '', '', '', null, '2'],
      [null, '', '', '', null, '3'],
      [null, '', '', '', null, '0'],
      [null, '', '', '', null, '1'],
    ]);
    const ids = r.map((row) => row[6]!);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(new Set(ids.slice(2, 6)).size).toBe(1);
    expect(ids[7]).toBe(ids[6]);
    expect(new Set([ids[0], ids[2], ids[6]]).size).toBe(3);
    // other_accounts: the other postings (by position), so the second lot's account counts too.
    expect(r[0][7]).toBe('Equity:Opening-Balances');
    expect(r[2][7]).toBe('Assets:Stock,Equity:Opening-Balances');
    // 2020-02-29 00:00:00 UTC.
    expect(r[0].slice(8)).toEqual(['00:00:00', String(daysFromCivil(2020, 2, 29) * 86400)]);
    // The ids do not change from one query to the next.
    expect(q(A, "SELECT id FROM OPEN ON 2020-03-01 WHERE flag = 'S'").map((row) => row[0])).toEqual(ids);
  });

  it("flag != 'S' hides the opening balances", () => {
    expect(q(A, "SELECT count(*) FROM OPEN ON 2020-03-01 WHERE flag != 'S'")).toEqual([['5']]);
    expect(q(A, "SELECT count(*) FROM OPEN ON 2020-03-01 WHERE flag = 'S'")).toEqual([['8']]);
  });

  it('the running balance starts from the opening rows (JOURNAL of one account)', () => {
    // 187.50, then -20.00 -> 167.50, then +110.00 -> 277.50.
    expect(q(A, "JOURNAL 'Assets:Cash' FROM OPEN ON 2020-03-01").map((r) => [r[0], r[1], r[5], r[6]])).toEqual([
      ['2020-02-29', 'S', '187.50 USD', '(187.50 USD)'],
      ['2020-03-01', '*', '-20.00 USD', '(167.50 USD)'],
      ['2020-03-05', '*', '110.00 USD', '(277.50 USD)'],
    ]);
  });

  it('account_balance starts from the opening balance whatever WHERE keeps; balance only counts kept rows', () => {
    expect(q(A, "SELECT date, position, balance, account_balance FROM OPEN ON 2020-03-01 WHERE account = 'Assets:Cash' AND flag != 'S'")).toEqual([
      ['2020-03-01', '-20.00 USD', '(-20.00 USD)', '(167.50 USD)'],
      ['2020-03-05', '110.00 USD', '(90.00 USD)', '(277.50 USD)'],
    ]);
    expect(q(A, "SELECT account_balance FROM OPEN ON 2020-03-01 WHERE account = 'Assets:Stock'")).toEqual([
      ['(10 HOOL {50.00 USD, 2020-02-01})'],
      ['(10 HOOL {50.00 USD, 2020-02-01}, 5 HOOL {60.00 USD, 2020-02-15, "lotB"})'],
      ['(8 HOOL {50.00 USD, 2020-02-01}, 5 HOOL {60.00 USD, 2020-02-15, "lotB"})'],
    ]);
  });

  it('income and expenses start at zero: their balances are in previous earnings', () => {
    // Only Food's March dinner (20.00) and the March sale's gain (-10.00) remain.
    expect(q(A, "SELECT account, sum(position) FROM OPEN ON 2020-03-01 WHERE account ~ '^(Income|Expenses|Equity:Earnings)' GROUP BY account ORDER BY account")).toEqual([
      ['Equity:Earnings:Previous', '(-987.50 USD)'],
      ['Expenses:Food', '(20.00 USD)'],
      ['Income:Gains', '(-10.00 USD)'],
    ]);
  });

  it('an OPEN date before every posting changes nothing; the FROM expression filters the rewritten rows', () => {
    expect(q(A, 'SELECT count(*) FROM OPEN ON 2020-01-01')).toEqual([['13']]);
    expect(q(A, "SELECT flag, position FROM account ~ 'Cash' OPEN ON 2020-03-01")).toEqual([
      ['S', '187.50 USD'],
      ['*', '-20.00 USD'],
      ['*', '110.00 USD'],
    ]);
  });

  it('conversions before the date go to previous conversions (S rows of that account)', () => {
    // Before 2020-01-15: Cash 1000.00 - 99.00 = 901.00 USD, EUR 90.00, Opening-Balances -1000.00 USD.
    // Total: USD 1000.00 - 1000.00 (lot gone), then EUR 90.00, then USD -99.00: the conversion
    // books -90.00 EUR and +99.00 USD on Equity:Conversions:Previous, in that order.
    const prev = "Opening balance for 'Equity:Conversions:Previous' (Summarization)";
    const open = "Opening balance for 'Equity:Opening-Balances' (Summarization)";
    expect(q(B, "SELECT narration, account, position FROM OPEN ON 2020-01-15 WHERE flag = 'S'")).toEqual([
      ["Opening balance for 'Assets:Cash' (Summarization)", 'Assets:Cash', '901.00 USD'],
      ["Opening balance for 'Assets:Cash' (Summarization)", 'Equity:Opening-Balances', '-901.00 USD'],
      ["Opening balance for 'Assets:EUR' (Summarization)", 'Assets:EUR', '90.00 EUR'],
      ["Opening balance for 'Assets:EUR' (Summarization)", 'Equity:Opening-Balances', '-90.00 EUR'],
      [prev, 'Equity:Conversions:Previous', '-90.00 EUR'],
      [prev, 'Equity:Opening-Balances', '90.00 EUR'],
      [prev, 'Equity:Conversions:Previous', '99.00 USD'],
      [prev, 'Equity:Opening-Balances', '-99.00 USD'],
      [open, 'Equity:Opening-Balances', '-1000.00 USD'],
      [open, 'Equity:Opening-Balances', '1000.00 USD'],
    ]);
  });
});

describe('CLOSE ON and bare CLOSE', () => {
  const CONV = 'Conversion for (-99.00 USD, 90.00 EUR)';
  it('drops the date and later; books the conversion of an @ exchange at price 0 NOTHING, dated the day before', () => {
    // Kept: Opening, Exchange, Hotel. Total in row order: USD 1000.00 - 1000.00 (gone), EUR 90.00,
    // USD -99.00, EUR +40.00 - 40.00 (Hotel): (-99.00 USD, 90.00 EUR); negated, EUR first as it came first.
    expect(q(B, 'SELECT date, flag, narration, account, position, price, weight FROM CLOSE ON 2020-02-01')).toEqual([
      ['2020-01-02', '*', 'Opening', 'Assets:Cash', '1000.00 USD', null, '1000.00 USD'],
      ['2020-01-02', '*', 'Opening', 'Equity:Opening-Balances', '-1000.00 USD', null, '-1000.00 USD'],
      ['2020-01-10', '*', 'Exchange', 'Assets:EUR', '90.00 EUR', '1.10 USD', '99.0000 USD'],
      ['2020-01-10', '*', 'Exchange', 'Assets:Cash', '-99.00 USD', null, '-99.00 USD'],
      ['2020-01-20', '*', 'Hotel', 'Expenses:Travel', '40.00 EUR', null, '40.00 EUR'],
      ['2020-01-20', '*', 'Hotel', 'Assets:EUR', '-40.00 EUR', null, '-40.00 EUR'],
      ['2020-01-31', 'C', CONV, 'Equity:Conversions:Current', '-90.00 EUR', '0 NOTHING', '0.00 NOTHING'],
      ['2020-01-31', 'C', CONV, 'Equity:Conversions:Current', '99.00 USD', '0 NOTHING', '0.00 NOTHING'],
    ]);
  });

  it('after CLOSE the units of all rows add up to nothing', () => {
    expect(q(B, 'SELECT sum(position) FROM CLOSE ON 2020-02-01')).toEqual([['()']]);
    expect(q(B, 'SELECT sum(position) FROM CLOSE')).toEqual([['()']]);
  });

  it('the C transaction has one id, seq NULL, no payee; its time is the last row of its day or midnight', () => {
    const r = q(B, "SELECT id, seq, payee, time, timestamp FROM CLOSE ON 2020-02-01 WHERE flag = 'C'");
    expect(r[0][0]).toBe(r[1][0]);
    expect(r[0].slice(1)).toEqual([null, null, '00:00:00', String(daysFromCivil(2020, 1, 31) * 86400)]);
  });

  it('bare CLOSE drops nothing and dates the conversion as the last entry (the price, not the budget)', () => {
    // All rows: USD 1000.00 - 1000.00 - 99.00 - 12.00 = -111.00, EUR 90.00 - 40.00 + 40.00 + 10.00 = 100.00.
    expect(q(B, "SELECT date, narration, account, position, price FROM CLOSE WHERE flag = 'C'")).toEqual([
      ['2020-03-01', 'Conversion for (-111.00 USD, 100.00 EUR)', 'Equity:Conversions:Current', '-100.00 EUR', '0 NOTHING'],
      ['2020-03-01', 'Conversion for (-111.00 USD, 100.00 EUR)', 'Equity:Conversions:Current', '111.00 USD', '0 NOTHING'],
    ]);
    expect(q(B, 'SELECT count(*) FROM CLOSE')).toEqual([['10']]);
  });

  it('postings at cost sold at a price make no conversion', () => {
    // A: every transaction balances at cost (the sale's price is not its weight).
    expect(q(A, "SELECT count(*) FROM CLOSE WHERE flag = 'C'")).toEqual([['0']]);
    expect(q(A, 'SELECT count(*) FROM CLOSE ON 2020-03-05')).toEqual([['10']]);
  });

  it('lot rounding is a conversion, computed at cost; renamed account and conversion currency', () => {
    // Cost per HOOL: 100.00 / 3 = 33.33333333333333333333333333 (28 digits). Before 2020-03-01 the
    // total is -66.67 USD (1000.00 - 1000.00, then -100.00 + 40.00 - 6.67) and 2 HOOL at that cost,
    // i.e. 66.66666666666666666666666666 USD: the difference is -0.00333333333333333333333334 USD.
    expect(q(C, "SELECT date, narration, account, position, price FROM CLOSE ON 2020-03-01 WHERE flag = 'C'")).toEqual([
      [
        '2020-02-29',
        'Conversion for (-66.67 USD, 2 HOOL {33.33333333333333333333333333 USD, 2020-01-03})',
        'Equity:Umrechnung:Jetzt',
        '0.00333333333333333333333334 USD',
        '0 XXX',
      ],
    ]);
  });

  it('OPEN with CLOSE of the same date leaves only the opening balances', () => {
    expect(q(A, 'SELECT DISTINCT flag FROM OPEN ON 2020-03-01 CLOSE ON 2020-03-01')).toEqual([['S']]);
    expect(q(A, 'SELECT count(*) FROM OPEN ON 2020-03-01 CLOSE ON 2020-03-01')).toEqual([['8']]);
  });
});

describe('CLEAR', () => {
  it('moves every income and expense balance to current earnings, dated as the last entry', () => {
    // Food 12.50 + 20.00 = 32.50; Gains -10.00; Salary -1000.00; last entry 2020-03-05.
    const t = (a: string) => `Transfer balance for '${a}' (Transfer balance)`;
    expect(q(A, "SELECT date, flag, payee, narration, account, position FROM CLEAR WHERE flag = 'T'")).toEqual([
      ['2020-03-05', 'T', null, t('Expenses:Food'), 'Expenses:Food', '-32.50 USD'],
      ['2020-03-05', 'T', null, t('Expenses:Food'), 'Equity:Earnings:Current', '32.50 USD'],
      ['2020-03-05', 'T', null, t('Income:Gains'), 'Income:Gains', '10.00 USD'],
      ['2020-03-05', 'T', null, t('Income:Gains'), 'Equity:Earnings:Current', '-10.00 USD'],
      ['2020-03-05', 'T', null, t('Income:Salary'), 'Income:Salary', '1000.00 USD'],
      ['2020-03-05', 'T', null, t('Income:Salary'), 'Equity:Earnings:Current', '-1000.00 USD'],
    ]);
    // The T rows come after every other row.
    expect(q(A, 'SELECT flag FROM CLEAR').slice(-7).map((r) => r[0])).toEqual(['*', 'T', 'T', 'T', 'T', 'T', 'T']);
    expect(q(A, "BALANCES FROM CLEAR WHERE account ~ '^(Income|Expenses|Equity)'")).toEqual([
      ['Equity:Earnings:Current', '(-977.50 USD)'],
      ['Income:Gains', '()'],
      ['Income:Salary', '()'],
      ['Expenses:Food', '()'],
    ]);
  });

  it('an invalid account option is ignored: the default current earnings account is used', () => {
    // C: Gains -6.67; last entry the exchange of 2020-03-01.
    expect(q(C, "SELECT date, account, position FROM CLEAR WHERE flag = 'T'")).toEqual([
      ['2020-03-01', 'Income:Gains', '6.67 USD'],
      ['2020-03-01', 'Equity:Earnings:Current', '-6.67 USD'],
    ]);
  });
});

describe('OPEN, CLOSE and CLEAR together', () => {
  it('BALANCES of a period: opening balances, the period, its earnings transferred', () => {
    // Rows: the 8 S rows, the dinner (the sale of 2020-03-05 is dropped), no conversion, and the
    // transfer of Food 20.00 dated 2020-03-01. Opening-Balances: -187.50 - 500.00 - 300.00 + 987.50 = 0.
    expect(q(A, 'BALANCES FROM OPEN ON 2020-03-01 CLOSE ON 2020-03-05 CLEAR')).toEqual([
      ['Assets:Cash', '(167.50 USD)'],
      ['Assets:Stock', '(10 HOOL {50.00 USD, 2020-02-01}, 5 HOOL {60.00 USD, 2020-02-15, "lotB"})'],
      ['Equity:Earnings:Current', '(20.00 USD)'],
      ['Equity:Earnings:Previous', '(-987.50 USD)'],
      ['Equity:Opening-Balances', '()'],
      ['Expenses:Food', '()'],
    ]);
    expect(q(A, "SELECT date, account, position FROM OPEN ON 2020-03-01 CLOSE ON 2020-03-05 CLEAR WHERE flag = 'T'")).toEqual([
      ['2020-03-01', 'Expenses:Food', '-20.00 USD'],
      ['2020-03-01', 'Equity:Earnings:Current', '20.00 USD'],
    ]);
  });

  it('with conversions on both sides: previous ones in S rows, current ones in C, transfers after C', () => {
    // B from 2020-01-15 to the end: S rows as in the OPEN test; then Hotel and the second exchange;
    // bare CLOSE: the S rows cancel at cost, so the conversion is that of the second exchange:
    // -12.00 USD, 10.00 EUR; dated 2020-03-01 (the price). CLEAR: Travel 40.00 EUR, same date.
    expect(q(B, "SELECT date, flag, narration, account, position FROM OPEN ON 2020-01-15 CLOSE CLEAR WHERE flag != 'S'")).toEqual([
      ['2020-01-20', '*', 'Hotel', 'Expenses:Travel', '40.00 EUR'],
      ['2020-01-20', '*', 'Hotel', 'Assets:EUR', '-40.00 EUR'],
      ['2020-02-01', '*', 'Exchange later', 'Assets:EUR', '10.00 EUR'],
      ['2020-02-01', '*', 'Exchange later', 'Assets:Cash', '-12.00 USD'],
      ['2020-03-01', 'C', 'Conversion for (-12.00 USD, 10.00 EUR)', 'Equity:Conversions:Current', '-10.00 EUR'],
      ['2020-03-01', 'C', 'Conversion for (-12.00 USD, 10.00 EUR)', 'Equity:Conversions:Current', '12.00 USD'],
      ['2020-03-01', 'T', "Transfer balance for 'Expenses:Travel' (Transfer balance)", 'Expenses:Travel', '-40.00 EUR'],
      ['2020-03-01', 'T', "Transfer balance for 'Expenses:Travel' (Transfer balance)", 'Equity:Earnings:Current', '40.00 EUR'],
    ]);
  });

  it('renamed previous accounts and exact conversion amounts after OPEN', () => {
    // C before 2020-03-01: Cash 940.00; Stock 2 HOOL at 33.33...33 = 66.66...66 USD; Anfang -1000.00;
    // Gains -6.67 to Gewinn:Vorher; conversion -0.00333333333333333333333334 USD to Umrechnung:Vorher,
    // booked as +0.00333333333333333333333334 USD there.
    expect(q(C, "SELECT account, position FROM OPEN ON 2020-03-01 WHERE flag = 'S'")).toEqual([
      ['Assets:Cash', '940.00 USD'],
      ['Equity:Anfang', '-940.00 USD'],
      ['Assets:Stock', '2 HOOL {33.33333333333333333333333333 USD, 2020-01-03}'],
      ['Equity:Anfang', '-66.66666666666666666666666666 USD'],
      ['Equity:Anfang', '-1000.00 USD'],
      ['Equity:Anfang', '1000.00 USD'],
      ['Equity:Gewinn:Vorher', '-6.67 USD'],
      ['Equity:Anfang', '6.67 USD'],
      ['Equity:Umrechnung:Vorher', '0.00333333333333333333333334 USD'],
      ['Equity:Anfang', '-0.00333333333333333333333334 USD'],
    ]);
  });
});

describe('dates as parameters and errors', () => {
  it('parameters bound to dates (typed or as text) give the same rows as literals', () => {
    const literal = q(A, 'BALANCES FROM OPEN ON 2020-03-01 CLOSE ON 2020-03-05 CLEAR');
    const params = { 1: typed('date', parseDate('2020-03-01')), to: '2020-03-05' };
    expect(q(A, 'BALANCES FROM OPEN ON $1 CLOSE ON :to CLEAR', { params })).toEqual(literal);
    expect(q(A, 'SELECT count(*) FROM CLOSE ON :d', { params: { d: '2020-03-05' } })).toEqual([['10']]);
  });

  it('CLOSE before OPEN is an error at the CLOSE date, for literals and parameters', () => {
    expect(err(A, 'SELECT * FROM OPEN ON 2020-03-01 CLOSE ON 2020-02-01')).toEqual([
      'the CLOSE date 2020-02-01 is before the OPEN date 2020-03-01',
      1,
      43,
    ]);
    expect(err(A, 'SELECT *\nFROM OPEN ON :a CLOSE ON :b', { params: { a: '2020-03-01', b: typed('date', parseDate('2020-02-29')) } })).toEqual([
      'the CLOSE date 2020-02-29 is before the OPEN date 2020-03-01',
      2,
      26,
    ]);
  });

  it('an unbound or non-date parameter is an error at the parameter', () => {
    expect(err(A, 'SELECT * FROM OPEN ON $1')).toEqual(['parameter $1 is not bound', 1, 23]);
    expect(err(A, 'SELECT * FROM OPEN ON $1', { params: { 1: 5 } })).toEqual(['OPEN ON parameter $1 must be bound to a date', 1, 23]);
    expect(err(A, 'SELECT * FROM CLOSE ON :d', { params: { d: 'March' } })).toEqual(['CLOSE ON parameter :d must be bound to a date', 1, 24]);
    expect(err(A, 'SELECT * FROM CLOSE ON :d', { params: { d: null } })).toEqual(['CLOSE ON parameter :d must be bound to a date', 1, 24]);
  });

  it('period clauses cannot follow a table', () => {
    expect(err(A, 'SELECT * FROM prices OPEN ON 2020-01-01')[0]).toMatch(/a table stands alone in FROM/);
  });
});

describe('applyPeriodClauses', () => {
  it("remembers columns for OPEN ON's rows: each row's lot id names its own lot and its number", () => {
    // Lots at one cost written two ways, a cost number past 2^53 at its scale, a units number
    // past 2^53, and income moved to previous earnings in a currency seen only as a cost.
    const Z = ledger(`
2020-01-01 open Assets:Stock
2020-01-01 open Assets:Cash
2020-01-01 open Income:Gains
2020-01-01 open Equity:Opening-Balances

2020-01-02 * "Buy"
  Assets:Stock  2 HOOL {50 CHF}
  Assets:Stock  1 HOOL {50.00 CHF, 2020-01-02}
  Assets:Stock  1 BIG {12345678901234.5678 CHF}
  Equity:Opening-Balances

2020-01-03 * "Cash"
  Assets:Cash  123456789012345678.5 EUR
  Income:Gains  -1 EUR
  Equity:Opening-Balances

2020-02-03 * "Later"
  Assets:Cash  1 EUR
  Equity:Opening-Balances
`);
    for (const c of [
      { open: parseDate('2020-02-01'), close: null, clear: false },
      { open: parseDate('2020-01-03'), close: null, clear: false },
      { open: parseDate('2021-01-01'), close: null, clear: false },
    ]) {
      const rows = applyPeriodClauses(Z, c, () => {});
      expect(rows.filter((p) => p.txn.flag === 'S').length).toBeGreaterThan(0);
      expectColumnsOfRows(rows);
    }
  });

  it('returns the same rows for the same snapshot and clauses (cached), new rows for others', () => {
    const c = { open: parseDate('2020-03-01'), close: null, clear: false };
    const a = applyPeriodClauses(A, c, () => {});
    expect(applyPeriodClauses(A, { ...c }, () => {})).toBe(a);
    expect(applyPeriodClauses(A, { ...c, clear: true }, () => {})).not.toBe(a);
    expect(a.length).toBe(13);
    expect(a.every((p, i) => i === 0 || a[i - 1].txn.date <= p.txn.date)).toBe(true);
  });

  it('calls the time check on long ledgers and stops when it throws', () => {
    const txns = Array.from({ length: 5000 }, (_, i) => ({
      date: i < 2500 ? '2021-01-01' : '2022-01-01',
      postings: ['Assets:Cash 1.00 USD', 'Income:Pay -1.00 USD'],
    }));
    const big: Snapshot = { ...snapshot(txns), options: A.options };
    let calls = 0;
    const rows = applyPeriodClauses(big, { open: parseDate('2022-01-01'), close: null, clear: true }, () => void calls++);
    expect(calls).toBeGreaterThan(0);
    // S: Cash 2500.00 and previous earnings -2500.00; 5000 rows kept; T for Income:Pay -2500.00.
    expect(rows.length).toBe(4 + 5000 + 2);
    expect(rows[0].units.number.eq(Dec.of('2500.00'))).toBe(true);
    expect(() =>
      applyPeriodClauses(big, { open: parseDate('2021-06-01'), close: null, clear: false }, () => {
        throw new Error('stopped');
      }),
    ).toThrow('stopped');
  });
});
