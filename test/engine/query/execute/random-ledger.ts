/**
 * Random small ledgers for the executor's property tests: a WHERE condition changes which posting
 * of a group comes first, accounts and currencies repeat, costs split lots (also past 2^53 at
 * their scale), and numbers have different decimal places.
 */
import type { TxnSpec } from '../fixture';
import { rng } from './rng';

const ACCOUNTS = ['Assets:Bank', 'Assets:Bank:Savings', 'Assets:Broker', 'Expenses:Food', 'Expenses:Rent', 'Income:Salary', 'Liabilities:Card', 'Equity:Opening'];
const CURRENCIES = ['USD', 'EUR', 'HOOL'];
const NUMBERS = ['1', '2.5', '-3.25', '10.00', '-10', '0.001', '7', '-0.5', '100', '12345678901234.5678'];

export function randomLedger(seed: number, n: number): TxnSpec[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const txns: TxnSpec[] = [];
  let day = 1;
  for (let i = 0; i < n; i++) {
    day += Math.floor(r() * 20);
    const date = new Date(Date.UTC(2023, 0, day)).toISOString().slice(0, 10);
    const postings: string[] = [];
    const k = 1 + Math.floor(r() * 3);
    for (let j = 0; j < k; j++) {
      const cur = pick(CURRENCIES);
      // Costs equal by value in other forms, also past 2^53 at their scale (lot ids, position-sums.ts).
      const cost = cur === 'HOOL' && r() < 0.7 ? ` {${pick(['100', '100.00', '120.5', '12345678901234.5678', '12345678901234.567800'])} USD}` : '';
      postings.push(`${pick(ACCOUNTS)} ${pick(NUMBERS)} ${cur}${cost}`);
    }
    txns.push({ date, payee: pick(['Shop', 'Employer', null]), narration: `t${i}`, postings });
  }
  return txns;
}

