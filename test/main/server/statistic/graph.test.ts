/** buildGraph limits: the time limit covers the whole graph (queries and filling points). */
import { afterAll, describe, expect, it } from 'vitest';
import { loadLedger } from '../../../../engine/ledger/index';
import { parseDate } from '../../../../engine/dates';
import { buildGraph, parseInterval } from '../../../../main/server/statistic/graph';
import { tempDir } from '../../fake-ledger';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const snapshot = loadLedger(
  tmp.write(
    'main.bean',
    `option "operating_currency" "USD"
2024-01-01 open Assets:Bank
2024-01-01 open Income:Job
2024-01-02 * "Pay"
  Assets:Bank  10.00 USD
  Income:Job  -10.00 USD
`,
  ),
);
const range = { from: parseDate('2024-01-01')!, to: parseDate('2024-12-31')! };

describe('buildGraph', () => {
  it('stops with the time-limit error when the time is used up', () => {
    expect(() => buildGraph(snapshot, range, 'day', { timeLimitMs: 0 })).toThrow(/^the query was stopped because it ran longer than the .* time limit$/);
  });

  it('stops with the result-size error when the points exceed the values allowed', () => {
    // 12 month points of at least 3 values each (date, total, one currency)
    expect(() => buildGraph(snapshot, range, 'month', { maxResultValues: 30 })).toThrow(/^the result is too large/);
    const g = buildGraph(snapshot, range, 'month', { maxResultValues: 100 });
    expect(g.points.map((p) => p.number)).toEqual(Array(12).fill('10.00'));
  });

  it('reads the interval parameter; month by default', () => {
    expect(parseInterval(null)).toBe('month');
    expect(parseInterval('Week')).toBe('week');
    expect(() => parseInterval('quarter')).toThrow(/interval must be day, week or month/);
  });
});
