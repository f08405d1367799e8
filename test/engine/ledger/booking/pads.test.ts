import { describe, expect, it } from 'vitest';
import { amount, kinds, ledger, rowsOf } from '../ledger-text';

const OPENS = `
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Cash
2024-01-01 open Equity:Opening
2024-01-01 open Income:Salary
`;

describe('pad', () => {
  it('creates a padding transaction right after the pad that makes the next assertion hold', () => {
    const s = ledger(`${OPENS}
2024-01-01 pad Assets:Bank Equity:Opening

2024-01-02 * "Pay"
  Assets:Bank  100.00 USD
  Income:Salary

2024-01-05 balance Assets:Bank 1000.00 USD
`);
    expect(s.errors).toEqual([]);
    const pad = s.transactions.find((t) => t.flag === 'P')!;
    expect(pad.payee).toBe('Balance Pad');
    expect(pad.narration).toBe('pad Equity:Opening to Assets:Bank');
    expect(pad.postings.map((p) => [p.account, amount(p.units), p.automatic])).toEqual([
      ['Assets:Bank', '900.00 USD', false],
      ['Equity:Opening', '-900.00 USD', true],
    ]);
    expect(s.entries.map((e) => `${e.seq}:${e.type}${e.txn ? ':' + e.txn.flag : ''}`)).toEqual([
      '0:open', '1:open', '2:open', '3:open', '4:pad', '5:transaction:P', '6:transaction:*', '7:balance',
    ]);
    const b = s.balances[0];
    expect([amount(b.actual), b.passed, b.discrepancy, b.seq, b.pad]).toEqual(['1000.00 USD', true, null, 7, null]);
  });

  it('serves the next assertion of each currency once; an unused pad is reported', () => {
    const s = ledger(`${OPENS}
2024-01-01 pad Assets:Cash Equity:Opening
2024-01-02 balance Assets:Cash 10 USD
2024-01-02 balance Assets:Cash 20 EUR
2024-01-03 balance Assets:Cash 11 USD

2024-01-01 pad Assets:Bank Equity:Opening
`);
    // Cash: padded 10 USD and 20 EUR; the 11 USD check is not padded again and fails.
    expect(s.transactions.map((t) => rowsOf(s, t.narration)).length).toBe(2);
    expect(s.transactions.flatMap((t) => t.postings.filter((p) => p.account === 'Assets:Cash').map((p) => amount(p.units)))).toEqual(['10 USD', '20 EUR']);
    expect(kinds(s)).toEqual(['AccountBalanceCheckError', 'UnusedPad']);
    expect(s.errors[0].message).toBe('Balance failed for Assets:Cash: expected 11 USD != accumulated 10 USD (1 USD too little)');
    const failed = s.balances.find((b) => !b.passed)!;
    expect(amount(failed.discrepancy)).toBe('-1 USD');
    expect(s.errors[1].account).toBe('Assets:Bank');
  });

  it('sorts a pad after every balance record of its day (zhang times)', () => {
    // The pad at 08:00 takes the time of the 12:00 assertion and comes after it, so it pads for
    // the next day's assertion only.
    const s = ledger(
      `
2024-01-01 open Assets:Bank USD
2024-01-01 open Equity:Opening
2024-01-02 08:00 pad Assets:Bank Equity:Opening
2024-01-02 12:00 balance Assets:Bank 0 USD
2024-01-03 balance Assets:Bank 50 USD
`,
      { format: 'zhang' },
    );
    expect(s.errors).toEqual([]);
    expect(s.entries.map((e) => e.type)).toEqual(['open', 'open', 'balance', 'pad', 'transaction', 'balance']);
    const padding = s.transactions[0];
    expect(padding.time).toBe(12 * 3600);
  });
});

describe('balance ... with pad (zhang)', () => {
  it('pads among the balance records of its time and is checked after them', () => {
    const s = ledger(
      `
2024-01-01 open Assets:Bank USD
2024-01-01 open Assets:Cash USD
2024-01-01 open Equity:Opening
2024-01-01 08:00 balance Assets:Bank 100.00 USD with pad Equity:Opening
2024-01-01 08:00 balance Assets:Cash 0 USD
`,
      { format: 'zhang' },
    );
    expect(s.errors).toEqual([]);
    expect(s.entries.map((e) => `${e.type}${e.txn ? ':' + e.txn.flag : ''}`)).toEqual([
      'open', 'open', 'open', 'transaction:P', 'balance', 'balance',
    ]);
    // The padding sits in file position among the 08:00 balance records; the checked
    // `with pad` assertion comes after the plain one.
    expect(s.entries[4].id).toBe(s.balances.find((b) => b.account === 'Assets:Cash')!.id);
    const b = s.balances.find((x) => x.account === 'Assets:Bank')!;
    expect([amount(b.actual), b.passed, b.pad, b.seq]).toEqual(['100.00 USD', true, 'Equity:Opening', 5]);
    expect(s.transactions[0].narration).toBe('pad Equity:Opening to Assets:Bank');
    expect(amount(s.transactions[0].postings[1].units)).toBe('-100.00 USD');
  });

  it('leaves the balance as it was when padding from a sub-account', () => {
    const s = ledger(
      `
2024-01-01 open Assets:Bank USD
2024-01-01 open Assets:Bank:Sub USD
2024-01-01 balance Assets:Bank 10 USD with pad Assets:Bank:Sub
`,
      { format: 'zhang' },
    );
    expect(kinds(s)).toEqual(['AccountBalanceCheckError']);
    expect(amount(s.balances[0].discrepancy)).toBe('-10 USD');
  });
});

describe('balance assertions', () => {
  it('sums the account and its sub-accounts before it; same-day transactions come after', () => {
    const s = ledger(`
2024-01-01 open Assets:Bank
2024-01-01 open Assets:Bank:Savings
2024-01-01 open Income:Salary
2024-01-02 * "One"
  Assets:Bank  10.00 USD
  Income:Salary
2024-01-02 * "Two"
  Assets:Bank:Savings  5.00 USD
  Income:Salary
2024-01-03 * "Same day"
  Assets:Bank  1.00 USD
  Income:Salary
2024-01-03 balance Assets:Bank 15.00 USD
`);
    expect(s.errors).toEqual([]);
    expect(amount(s.balances[0].actual)).toBe('15.00 USD');
    // Seq: three opens, two transactions, then the assertion before the same-day transaction.
    expect(s.balances[0].seq).toBe(5);
  });

  it('fails without changing any balance, within an explicit tolerance it passes', () => {
    const s = ledger(`
2024-01-01 open Assets:Bank
2024-01-01 open Income:Salary
2024-01-02 * "Pay"
  Assets:Bank  10.004 USD
  Income:Salary
2024-01-03 balance Assets:Bank 10.00 USD
2024-01-03 balance Assets:Bank 10.00 ~ 0.01 USD
2024-01-04 balance Assets:Bank 10.004 USD
`);
    expect(s.balances.map((b) => b.passed)).toEqual([false, true, true]);
    expect(kinds(s)).toEqual(['AccountBalanceCheckError']);
    expect(amount(s.balances[0].discrepancy)).toBe('0.004 USD');
    expect(s.balances[1].tolerance?.toString()).toBe('0.01');
    expect(s.errors[0].id).toBe(s.balances[0].id);
    expect(s.errors[0].account).toBe('Assets:Bank');
  });
});

describe('pad serving many currencies', () => {
  // More padding entries than directives plus slack: the walk's reference-order key lists grow.
  // Cross-checked with bean-check 2.3.5 (clean) and bean-query (40 padding transactions, 80
  // postings, the k-th padding k+1 units of its currency, dated on the pad).
  it('puts every padding entry right after its pad, in both orders', () => {
    const cur = (k: number) => 'X' + String.fromCharCode(65 + Math.floor(k / 26), 65 + (k % 26));
    const n = 40;
    const lines = ['2024-01-01 open Assets:Bank', '2024-01-01 open Equity:Opening', '2024-01-01 pad Assets:Bank Equity:Opening'];
    for (let k = 0; k < n; k++) lines.push(`2024-01-02 balance Assets:Bank ${k + 1} ${cur(k)}`);
    const s = ledger(lines.join('\n') + '\n');
    expect(s.errors).toEqual([]);
    const label = (e: (typeof s.entries)[number]) => (e.txn ? `P ${amount(e.txn.postings[0].units)}` : e.type);
    const paddings = Array.from({ length: n }, (_, k) => `P ${k + 1} ${cur(k)}`);
    const balances = Array.from({ length: n }, () => 'balance');
    expect(s.entries.map(label)).toEqual(['open', 'open', 'pad', ...paddings, ...balances]);
    expect(s.entries.map((e) => e.seq)).toEqual(s.entries.map((_, i) => i));
    // Reference order: the 2024-01-01 opens, the pad and its paddings, then the balances.
    expect(s.referenceOrder.map((i) => label(s.entries[i]))).toEqual(['open', 'open', 'pad', ...paddings, ...balances]);
    expect(s.referenceOrder.map((i) => s.entries[i].ref)).toEqual(s.entries.map((_, i) => i));
    expect(s.balances.every((b) => b.passed)).toBe(true);
  });
});
