/**
 * Cross-check of the period clauses against bean-query (Beancount 2.3.5) on the bean-example
 * ledger `--seed 3 --date-begin 2021-01-01 --date-end 2023-12-31`
 * (test/fixtures/bean-example/seed3-2021-2023.beancount). The expected figures were computed by
 * Beancount itself: test/fixtures/bean-example/periods-expected.py wrote
 * seed3-2021-2023.periods.json (exact decimal strings, lots with cost dates and labels).
 *
 * Compared for `FROM OPEN ON 2022-01-01 CLOSE ON 2023-01-01 CLEAR`:
 * - `SELECT account, sum(position) ... GROUP BY account`: the same groups in the same order
 *   (order of first posting), the same exact lots;
 * - `BALANCES ...`: the same rows in the same order (type, then name);
 * - every posting of the S, C and T transactions: date, flag, narration (the C narration lists
 *   the whole inventory with lots), account, position, in ledger order.
 * No difference was found on this ledger.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDate, parseDate } from '../../../engine/dates';
import { loadLedger } from '../../../engine/ledger/index';
import type { Position } from '../../../engine/ledger/snapshot';
import { runQuery } from '../../../engine/query/index';
import { applyPeriodClauses } from '../../../engine/query/periods';
import type { Inventory } from '../../../engine/query/inventory';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'bean-example');

interface PositionJson {
  units: { number: string; currency: string };
  cost: null | { number: string; currency: string; date: string | null; label: string | null };
}
interface Expected {
  period: string;
  group_by: [string, PositionJson[]][];
  balances: [string, PositionJson[]][];
  synthetic: [string, string, string, string, PositionJson][];
}

const expected: Expected = JSON.parse(readFileSync(join(FIXTURES, 'seed3-2021-2023.periods.json'), 'utf8'));
const snap = loadLedger(join(FIXTURES, 'seed3-2021-2023.beancount'), { defaultTimezone: 'UTC' });

function positionJson(p: Position): PositionJson {
  const c = p.cost;
  return {
    units: { number: p.units.number.toString(), currency: p.units.currency },
    cost: c ? { number: c.number.toString(), currency: c.currency, date: formatDate(c.date), label: c.label } : null,
  };
}

/** periods-expected.py's order: currency, no cost first, cost number, date, label. */
function inventoryJson(inv: Inventory): PositionJson[] {
  const ps = [...inv.positions()];
  ps.sort(
    (a, b) =>
      (a.units.currency < b.units.currency ? -1 : a.units.currency > b.units.currency ? 1 : 0) ||
      (a.cost ? 1 : 0) - (b.cost ? 1 : 0) ||
      (a.cost && b.cost ? a.cost.number.cmp(b.cost.number) || a.cost.date - b.cost.date || (a.cost.label ?? '').localeCompare(b.cost.label ?? '') : 0),
  );
  return ps.map(positionJson);
}

describe('period clauses agree with bean-query on the seed-3 bean-example ledger', () => {
  it('the ledger loads without errors and the fixture is the period compared', () => {
    expect(snap.errors).toEqual([]);
    expect(expected.period).toBe('FROM OPEN ON 2022-01-01 CLOSE ON 2023-01-01 CLEAR');
    expect(expected.synthetic.length).toBe(161);
  });

  it('SELECT account, sum(position) ... GROUP BY account: same groups, order and lots', () => {
    const r = runQuery(snap, `SELECT account, sum(position) ${expected.period} GROUP BY account`);
    expect(r.rows.map((row) => [row[0], inventoryJson(row[1] as Inventory)])).toEqual(expected.group_by);
  });

  it('BALANCES ...: same rows in the same order', () => {
    const r = runQuery(snap, `BALANCES ${expected.period}`);
    expect(r.rows.map((row) => [row[0], inventoryJson(row[1] as Inventory)])).toEqual(expected.balances);
  });

  it('the S, C and T postings: date, flag, narration, account, position in ledger order', () => {
    const r = runQuery(snap, `SELECT date, flag, narration, account, position ${expected.period} WHERE flag IN ('S', 'C', 'T')`);
    const got = r.rows.map((row) => [formatDate(row[0] as number), row[1], row[2], row[3], positionJson(row[4] as Position)]);
    expect(got).toEqual(expected.synthetic);
  });

  it('the rewritten rows keep every real posting of the period and balance to zero at cost', () => {
    const rows = applyPeriodClauses(snap, { open: parseDate('2022-01-01'), close: { date: parseDate('2023-01-01') }, clear: true }, () => {});
    const real = snap.postings.filter((p) => p.txn.date >= parseDate('2022-01-01')! && p.txn.date < parseDate('2023-01-01')!);
    expect(rows.filter((p) => p.txn.seq !== null)).toEqual(real);
    const r = runQuery(snap, `SELECT sum(cost(position)) ${expected.period} WHERE flag != 'C'`);
    // The C postings are at price zero: without them the rest adds up to the conversion difference
    // bean-query books, 0.01596 USD (the negation of the C posting).
    const c = expected.synthetic.find((s) => s[1] === 'C')!;
    expect(c[4].units.number).toBe('-0.01596');
    expect((r.rows[0][0] as Inventory).positions().map((p) => `${p.units.number} ${p.units.currency}`)).toEqual(['0.01596 USD']);
  });
});
