/**
 * Every column from one scan (engine/reports/columns.ts) against every column's own query (the
 * "Open query" text): the whole statement must be identical, at every conversion, interval and
 * price choice, inverted or not, with opening balances (a range starting mid-ledger), on the
 * statements ledger (bean-check clean; its per-column figures are cross-checked with bean-query
 * in test/engine/builtins/statements.test.ts) and on the bundled example ledger. A few figures of
 * the one-scan path are also checked by hand, so both paths cannot be wrong together unnoticed.
 */
import { describe, expect, it } from 'vitest';
import { ledger } from '../ledger/ledger-text';
import { LEDGER } from '../builtins/statements-ledger';
import { parseDate } from '../../../engine/dates';
import { loadLedger } from '../../../engine/ledger/index';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { runQuery, type QueryResult } from '../../../engine/query/index';
import { parseFilter } from '../../../engine/filters/index';
import { buildStatement, type StatementRequest } from '../../../engine/reports/statements';
import { columnsInOneScan } from '../../../engine/reports/columns';
import { splitRange, type Interval } from '../../../engine/reports/intervals';
import type { AmountJson, StatementKind } from '../../../engine/api-types';

const day = (t: string) => parseDate(t)!;
const text = (a: AmountJson[]) => a.map((x) => `${x.number} ${x.currency}`).join(', ');
const KINDS: StatementKind[] = ['balance-sheet', 'income-statement', 'trial-balance'];

function request(kind: StatementKind, begin: string, end: string, interval: Interval, conversion: string, invert = false, latest = false): StatementRequest {
  return { kind, begin: day(begin), end: day(end), interval, conversion, invert, prices: latest ? 'latest' : 'end', currencies: ['USD'], filter: null };
}

/** Both paths, counting the queries each runs. */
function both(s: Snapshot, req: StatementRequest) {
  let scans = 0;
  let perColumn = 0;
  const fast = buildStatement(s, req, (q): QueryResult => (scans++, runQuery(s, q)));
  const slow = buildStatement(s, req, (q): QueryResult => (perColumn++, runQuery(s, q)), false);
  return { fast: fast!, slow: slow!, scans, perColumn };
}

describe('statements ledger', () => {
  const s = ledger(LEDGER);
  for (const kind of KINDS) {
    for (const conversion of ['units', 'at_cost', 'at_value', 'USD', 'EUR']) {
      it(`${kind} ${conversion}: one scan = one query per column`, () => {
        for (const [begin, interval] of [['2024-01-01', 'month'], ['2024-01-20', 'week'], ['2024-02-03', 'month']] as const) {
          for (const invert of [false, true]) {
            for (const latest of [false, true]) {
              const req = request(kind, begin, '2024-04-01', interval, conversion, invert, latest);
              const { fast, slow, scans, perColumn } = both(s, req);
              expect(scans).toBe(1);
              expect(perColumn).toBe(fast.columns.length);
              expect(fast).toEqual(slow);
            }
          }
        }
      });
    }
  }

  it('hand-computed: monthly trial balance, February column (conversions booked, income not cleared)', () => {
    const st = both(s, request('trial-balance', '2024-01-01', '2024-04-01', 'month', 'at_cost')).fast;
    const flat: string[] = [];
    const walk = (n: (typeof st.tree)[number]) => {
      if (n.balance[1].length) flat.push(`${n.account} ${text(n.balance[1])}`);
      n.children.forEach(walk);
    };
    st.tree.forEach(walk);
    // To the end of February: Bank 1000 + 500 - 200 - 99 - 100 = 1101; the exchange leaves 90 EUR
    // against 99 USD, so the conversions are -90.00 EUR and +99.00 USD.
    expect(flat).toEqual([
      'Assets:Bank 1101.00 USD',
      'Assets:Broker 300.00 USD',
      'Assets:Euro 90.00 EUR',
      'Liabilities:Card -30.00 USD',
      'Equity:Conversions:Current -90.00 EUR, 99.00 USD',
      'Equity:Opening -1000.00 USD',
      'Income:Salary -500.00 USD',
      'Expenses:Food 30.00 USD',
    ]);
  });

  it('hand-computed: from 2024-02-03, January is opening balances (income in Equity:Earnings:Previous)', () => {
    const st = both(s, request('balance-sheet', '2024-02-03', '2024-04-01', 'month', 'at_cost')).fast;
    const equity = st.tree.find((n) => n.account === 'Equity')!;
    const earnings = equity.children.find((n) => n.name === 'Earnings')!;
    const byName = Object.fromEntries(earnings.children.map((n) => [n.name, n.balance.map(text)]));
    // January's salary (-500) is previous earnings; February's food (+30) and March's salary are current.
    expect(byName.Previous).toEqual(['-500.00 USD', '-500.00 USD']);
    expect(byName.Current).toEqual(['30.00 USD', '-470.00 USD']);
  });

  it('an account or entry filter: still one scan, the same statement as the per-column queries', () => {
    const periods = splitRange(day('2024-01-01'), day('2024-04-01'), 'month')!;
    for (const params of [{ account: 'Assets:Bank' }, { account: 'Euro|Card' }, { account: 'Ban.' }, { filter: 'Grocer' }, { filter: '-#nothing', account: 'Income' }]) {
      const filter = parseFilter(params, { today: day('2025-06-01') });
      for (const kind of KINDS) {
        for (const conversion of ['units', 'at_cost', 'at_value', 'USD']) {
          for (const begin of ['2024-01-01', '2024-02-03']) {
            const req = { ...request(kind, begin, '2024-04-01', 'month', conversion), filter };
            expect(columnsInOneScan(req, periods)).toBe(true);
            const { fast, slow, scans } = both(s, req);
            expect(scans).toBe(1);
            expect(fast).toEqual(slow);
          }
        }
      }
    }
    const entry = parseFilter({ filter: 'Grocer' }, { today: day('2025-06-01') });
    const r = { ...request('income-statement', '2024-01-01', '2024-04-01', 'month', 'USD'), filter: entry };
    const { fast, slow } = both(s, r);
    expect(fast).toEqual(slow);
    expect(fast.total.map(text)).toEqual(['', '-30.00 USD', '']);
  });
});

describe('example ledger', () => {
  const s = loadLedger(new URL('../../../main/demo/example.beancount', import.meta.url).pathname);
  for (const kind of KINDS) {
    it(`${kind}: one scan = one query per column at every conversion`, () => {
      for (const conversion of ['units', 'at_cost', 'at_value', 'USD', 'VACHR']) {
        const quarterly = both(s, request(kind, '2024-01-01', '2027-01-01', 'quarter', conversion));
        expect(quarterly.fast).toEqual(quarterly.slow);
        const monthly = both(s, request(kind, '2025-03-15', '2026-01-01', 'month', conversion, true, conversion === 'at_value'));
        expect(monthly.fast).toEqual(monthly.slow);
      }
    }, 120_000);
  }
});
