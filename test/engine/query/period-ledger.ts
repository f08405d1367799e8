/** A random ledger in Beancount text for the period clauses' tests (checkpoints, carry), and a check of their rows' columns. */
import { expect } from 'vitest';
import type { Posting } from '../../../engine/ledger/snapshot';
import { knownPositionColumns } from '../../../engine/query/execute/position-sums';
import { lotKey } from '../../../engine/query/inventory';
import { rng } from './execute/rng';

/** The columns remembered for rows a period clause made describe each row: its lot, number and cost places. */
export function expectColumnsOfRows(rows: readonly Posting[]): void {
  const cols = knownPositionColumns(rows)!;
  expect(cols).not.toBeNull();
  rows.forEach((p, i) => {
    expect(cols.lots.keyOf(cols.lot[i])).toBe(lotKey(p.units.currency, p.cost));
    expect(cols.currency[cols.lot[i]]).toBe(p.units.currency);
    expect(cols.dp[i]).toBe(p.units.number.dp);
    expect(cols.costDp[i]).toBe(p.cost === null ? -1 : p.cost.number.dp);
    const safe = Number.isSafeInteger(Number(p.units.number.scaled));
    expect(cols.safe[i]).toBe(safe ? 1 : 0);
    if (safe) expect(cols.scaled[i]).toBe(Number(p.units.number.scaled));
  });
}

/**
 * A random balanced ledger in Beancount text: salaries, spending, currency exchanges at a price,
 * buys and sells of lots at cost (booking NONE: any sell is allowed, lots cross zero), amounts
 * with different places, so the period clauses make S, C and T rows with many lots.
 */
export function randomText(seed: number, n: number): string {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const cents = (c: number) => (c / 100).toFixed(2);
  const lines = [
    'option "operating_currency" "USD"',
    'option "booking_method" "NONE"',
    ...['Assets:Bank', 'Assets:Broker', 'Assets:Cash', 'Liabilities:Card', 'Income:Salary', 'Income:Gains', 'Expenses:Food', 'Expenses:Rent', 'Equity:Opening'].map(
      (a) => `2022-12-01 open ${a}`,
    ),
  ];
  let day = 0;
  for (let i = 0; i < n; i++) {
    day += Math.floor(r() * 12);
    const date = new Date(Date.UTC(2023, 0, 1 + day)).toISOString().slice(0, 10);
    const kind = Math.floor(r() * 6);
    lines.push(`${date} * "t${i}"`);
    if (kind === 0) {
      const c = 1000 + Math.floor(r() * 500000);
      lines.push(`  Income:Salary -${cents(c)} USD`, `  Assets:Bank ${pick(['', '0'])}${cents(c)} USD`);
    } else if (kind === 1) {
      const c = 1 + Math.floor(r() * 20000);
      lines.push(`  Expenses:${pick(['Food', 'Rent'])} ${cents(c)} USD`, `  ${pick(['Assets:Cash', 'Liabilities:Card'])} -${cents(c)} USD`);
    } else if (kind === 2) {
      const units = 1 + Math.floor(r() * 50);
      lines.push(`  Assets:Cash ${units} EUR @ 1.10 USD`, `  Assets:Bank -${cents(units * 110)} USD`);
    } else {
      const units = 1 + Math.floor(r() * 9);
      const price = pick([100, 12050, 99999]);
      const sell = kind === 5 ? -1 : 1;
      lines.push(`  Assets:Broker ${sell * units} HOOL {${cents(price)} USD}`, `  Assets:Bank ${cents(-sell * units * price)} USD`);
    }
  }
  return lines.join('\n') + '\n';
}
