import { describe, expect, it } from 'vitest';
import type { Cell, ColumnType, QueryResult } from '../../../engine/api-types';
import { MAX_BARS, accountTree, bars, cellValue, isAccountLike, linePoints, planChart, type TreeNode } from '../../../renderer/lib/chart-rule';

function result(types: ColumnType[], rows: Cell[][]): QueryResult {
  return { columns: types.map((type, i) => ({ name: `c${i}`, type })), rows };
}
const amt = (number: string, currency: string) => ({ number, currency });
const pos = (number: string, currency: string, cost: { number: string; currency: string } | null = null) => ({
  units: amt(number, currency),
  cost: cost === null ? null : { ...cost, date: '2024-01-01', label: null },
});
const inv = (...positions: ReturnType<typeof pos>[]) => ({ positions });

describe('planChart: when a chart is drawn', () => {
  it('needs exactly two columns', () => {
    expect(planChart(result(['date'], [['2024-01-01']]), null)).toBeNull();
    expect(planChart(result(['date', 'int', 'int'], [['2024-01-01', 1, 2]]), null)).toBeNull();
  });
  it('needs at least one row', () => {
    expect(planChart(result(['date', 'int'], []), null)).toBeNull();
  });
  it('needs a plottable second column', () => {
    for (const t of ['str', 'bool', 'date', 'set', 'interval', 'metas', 'null'] as ColumnType[]) {
      expect(planChart(result(['date', t], [['2024-01-01', null]]), null)).toBeNull();
    }
    for (const t of ['int', 'decimal'] as ColumnType[]) {
      expect(planChart(result(['date', t], [['2024-01-01', t === 'int' ? 1 : '1.5']]), null)?.kind).toBe('line');
    }
  });
  it('needs a date or str first column', () => {
    expect(planChart(result(['int', 'int'], [[1, 2]]), null)).toBeNull();
    expect(planChart(result(['amount', 'amount'], [[amt('1', 'USD'), amt('1', 'USD')]]), null)).toBeNull();
  });
  it('draws nothing when an amount column holds no currency at all', () => {
    expect(planChart(result(['date', 'amount'], [['2024-01-01', null]]), null)).toBeNull();
    expect(planChart(result(['str', 'inventory'], [['x', inv()]]), null)).toBeNull();
  });
});

describe('planChart: kind from the first column', () => {
  it('date -> line', () => {
    expect(planChart(result(['date', 'decimal'], [['2024-01-01', '1']]), null)).toEqual({ kind: 'line', currencies: [], defaultCurrency: null });
  });
  it('account-like labels -> treemap, ignoring empty and NULL labels', () => {
    const r = result(['str', 'int'], [['Assets:Cash', 1], ['', 2], [null, 3], ['Expenses', 4]]);
    expect(planChart(r, null)?.kind).toBe('treemap');
  });
  it('account-like needs at least one label with a colon', () => {
    expect(planChart(result(['str', 'int'], [['Assets', 1], ['Expenses', 2]]), null)?.kind).toBe('bar');
    expect(planChart(result(['str', 'int'], [[null, 1], ['', 2]]), null)?.kind).toBe('bar');
  });
  it('one label with a space or an empty part makes it a bar chart', () => {
    expect(planChart(result(['str', 'int'], [['Assets:Cash', 1], ['Coffee Shop', 2]]), null)?.kind).toBe('bar');
    expect(planChart(result(['str', 'int'], [['Assets:Cash', 1], ['Assets::Bank', 2]]), null)?.kind).toBe('bar');
    expect(planChart(result(['str', 'int'], [['Assets:Cash', 1], ['Assets:', 2]]), null)?.kind).toBe('bar');
  });
});

describe('isAccountLike', () => {
  it('accepts colon-separated parts without spaces', () => {
    expect(isAccountLike('Assets:US:BofA:Checking')).toBe(true);
    expect(isAccountLike('Ausgaben:Lebensmittel-Café')).toBe(true);
    expect(isAccountLike('Assets')).toBe(true);
  });
  it('rejects spaces (also tabs and non-breaking spaces), empty parts and empty text', () => {
    expect(isAccountLike('Assets:My Bank')).toBe(false);
    expect(isAccountLike('Assets:My\tBank')).toBe(false);
    expect(isAccountLike('Assets:My\u00a0Bank')).toBe(false);
    expect(isAccountLike(':Assets')).toBe(false);
    expect(isAccountLike('Assets:')).toBe(false);
    expect(isAccountLike('')).toBe(false);
  });
});

describe('planChart: currencies and default', () => {
  const r = result(['date', 'inventory'], [
    ['2024-01-01', inv(pos('1', 'EUR'), pos('2', 'USD'))],
    ['2024-01-02', inv(pos('3', 'EUR'))],
    ['2024-01-03', inv(pos('1', 'CHF'), pos('1', 'CHF', { number: '2', currency: 'USD' }))],
    ['2024-01-04', null],
  ]);
  it('lists currencies by the number of rows they occur in (a row counts once), then name', () => {
    expect(planChart(r, null)?.currencies).toEqual(['EUR', 'CHF', 'USD']);
  });
  it('defaults to the operating currency when present', () => {
    expect(planChart(r, 'USD')?.defaultCurrency).toBe('USD');
  });
  it('else to the currency in the most rows', () => {
    expect(planChart(r, 'GBP')?.defaultCurrency).toBe('EUR');
    expect(planChart(r, null)?.defaultCurrency).toBe('EUR');
  });
  it('breaks ties by name', () => {
    const t = result(['str', 'amount'], [['a', amt('1', 'USD')], ['b', amt('1', 'CAD')]]);
    expect(planChart(t, null)).toEqual({ kind: 'bar', currencies: ['CAD', 'USD'], defaultCurrency: 'CAD' });
  });
  it('reads positions by units, never by cost currency', () => {
    const p = result(['str', 'position'], [['x', pos('10', 'HOOL', { number: '500', currency: 'USD' })]]);
    expect(planChart(p, 'USD')).toEqual({ kind: 'bar', currencies: ['HOOL'], defaultCurrency: 'HOOL' });
  });
});

describe('cellValue', () => {
  it('reads ints and decimals without a currency', () => {
    expect(cellValue(42, 'int', null)?.toString()).toBe('42');
    expect(cellValue('-1.50', 'decimal', 'USD')?.toString()).toBe('-1.50');
  });
  it('adds the units of an inventory in the currency exactly, ignoring cost', () => {
    const c = inv(pos('0.1', 'HOOL', { number: '1', currency: 'USD' }), pos('0.20', 'HOOL', { number: '2', currency: 'USD' }), pos('5', 'USD'));
    expect(cellValue(c, 'inventory', 'HOOL')?.toString()).toBe('0.30');
    expect(cellValue(c, 'inventory', 'USD')?.toString()).toBe('5');
    expect(cellValue(c, 'inventory', 'EUR')).toBeNull();
  });
  it('NULL is no value', () => {
    expect(cellValue(null, 'amount', 'USD')).toBeNull();
  });
});

describe('linePoints', () => {
  it('adds equal dates exactly and sorts ascending', () => {
    const r = result(['date', 'amount'], [
      ['2024-03-01', amt('0.1', 'USD')],
      ['2024-01-01', amt('0.2', 'USD')],
      ['2024-03-01', amt('0.2', 'USD')],
    ]);
    expect(linePoints(r, 'USD').map((p) => [p.date, p.value.toString()])).toEqual([
      ['2024-01-01', '0.2'],
      ['2024-03-01', '0.3'],
    ]);
  });
  it('plots a date without a value in the chosen currency as zero', () => {
    const r = result(['date', 'inventory'], [
      ['2024-01-01', inv(pos('5', 'EUR'))],
      ['2024-01-02', inv(pos('7', 'USD'))],
      ['2024-01-03', inv()],
    ]);
    expect(linePoints(r, 'USD').map((p) => [p.date, p.value.toString()])).toEqual([
      ['2024-01-01', '0'],
      ['2024-01-02', '7'],
      ['2024-01-03', '0'],
    ]);
  });
  it('skips NULL values and NULL dates', () => {
    const r = result(['date', 'decimal'], [
      ['2024-01-01', null],
      [null, '3'],
      ['2024-01-02', '1.25'],
      ['2024-01-02', null],
    ]);
    expect(linePoints(r, null).map((p) => [p.date, p.value.toString()])).toEqual([['2024-01-02', '1.25']]);
  });
  it('reads int values', () => {
    const r = result(['date', 'int'], [['2024-01-02', 3], ['2024-01-02', -1]]);
    expect(linePoints(r, null).map((p) => p.value.toString())).toEqual(['2']);
  });
});

describe('bars', () => {
  it('keeps result order and adds equal labels', () => {
    const r = result(['str', 'amount'], [
      ['Coffee', amt('2.50', 'USD')],
      ['Books', amt('10', 'USD')],
      ['Coffee', amt('1.25', 'USD')],
    ]);
    expect(bars(r, 'USD').map((b) => [b.label, b.value.toString()])).toEqual([
      ['Coffee', '3.75'],
      ['Books', '10'],
    ]);
  });
  it('keeps a NULL label as its own bar, skips NULL values and labels without the currency', () => {
    const r = result(['str', 'position'], [
      [null, pos('1', 'USD')],
      ['a', null],
      ['b', pos('3', 'EUR')],
      ['c', pos('-2', 'USD')],
    ]);
    expect(bars(r, 'USD').map((b) => [b.label, b.value.toString()])).toEqual([
      [null, '1'],
      ['c', '-2'],
    ]);
  });
  it('draws at most 50 bars, the first labels in result order, still adding later rows of them', () => {
    const rows: Cell[][] = [];
    for (let i = 0; i < 60; i++) rows.push([`L${i}`, i]);
    rows.push(['L0', 100]);
    const b = bars(result(['str', 'int'], rows), null);
    expect(b).toHaveLength(MAX_BARS);
    expect(b[0]).toMatchObject({ label: 'L0' });
    expect(b[0].value.toString()).toBe('100');
    expect(b[49].label).toBe('L49');
  });
});

function shape(n: TreeNode): unknown {
  return { name: n.name, own: n.own?.toString() ?? null, area: n.area.toString(), children: n.children.map(shape) };
}

describe('accountTree', () => {
  it('builds the hierarchy, skipping a top level shared by all accounts; area = |value|', () => {
    const r = result(['str', 'amount'], [
      ['Expenses:Food:Restaurant', amt('30.00', 'USD')],
      ['Expenses:Food', amt('5', 'USD')],
      ['Expenses:Rent', amt('-100', 'USD')],
      ['Expenses:Food:Restaurant', amt('0.50', 'USD')],
    ]);
    const t = accountTree(r, 'USD');
    expect(t.account).toBe('Expenses');
    expect(shape(t)).toEqual({
      name: 'Expenses', own: null, area: '135.50', children: [
        { name: 'Food', own: '5', area: '35.50', children: [{ name: 'Restaurant', own: '30.50', area: '30.50', children: [] }] },
        { name: 'Rent', own: '-100', area: '100', children: [] },
      ],
    });
  });
  it('keeps several top levels under an unnamed root', () => {
    const r = result(['str', 'int'], [['Assets:Cash', 10], ['Liabilities:Card', -4]]);
    const t = accountTree(r, null);
    expect(t.account).toBe('');
    expect(t.children.map((c) => [c.account, c.area.toString()])).toEqual([['Assets', '10'], ['Liabilities', '4']]);
    expect(t.area.toString()).toBe('14');
  });
  it('ignores empty and NULL labels, NULL values and rows without the currency', () => {
    const r = result(['str', 'inventory'], [
      ['', inv(pos('1', 'USD'))],
      [null, inv(pos('1', 'USD'))],
      ['Assets:A', null],
      ['Assets:B', inv(pos('2', 'EUR'))],
      ['Assets:C', inv(pos('3', 'USD'))],
    ]);
    const t = accountTree(r, 'USD');
    expect(shape(t)).toEqual({ name: 'Assets', own: null, area: '3', children: [{ name: 'C', own: '3', area: '3', children: [] }] });
  });
  it('a single account keeps its top level when there is nothing below to show', () => {
    const t = accountTree(result(['str', 'int'], [['Assets', 1], ['Assets', 2]]), null);
    expect(t.account).toBe('');
    expect(shape(t.children[0])).toEqual({ name: 'Assets', own: '3', area: '3', children: [] });
  });
});
