// @vitest-environment happy-dom
import { mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cell, QueryResult } from '../../../engine/api-types';
import ResultTable from '../../../renderer/components/ResultTable.vue';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

function render(result: QueryResult): VueWrapper {
  wrapper = mount(ResultTable, { props: { result, label: 'Query result' }, attachTo: document.body });
  return wrapper;
}

/** The rendered body rows in shown order: each cell's display lines. */
function shownRows(w: VueWrapper): string[][][] {
  return w
    .findAll('.body [role=row]')
    .map((r) => ({ at: Number(r.attributes('aria-rowindex')), row: r }))
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => row.findAll('[role=cell]').map((c) => c.findAll('.line').map((l) => l.text())));
}

function column(w: VueWrapper, j: number): string[] {
  return shownRows(w).map((r) => r[j].join('\n'));
}

const position = (number: string, currency: string, cost: { number: string; currency: string; date: string | null; label: string | null } | null = null) => ({
  units: { number, currency },
  cost,
});

describe('ResultTable cells', () => {
  const result: QueryResult = {
    columns: [
      { name: 'amount', type: 'amount' },
      { name: 'position', type: 'position' },
      { name: 'balance', type: 'inventory' },
      { name: 'tags', type: 'set' },
      { name: 'meta', type: 'metas' },
      { name: 'payee', type: 'str' },
    ],
    rows: [
      [
        { number: '-1234.50', currency: 'USD' },
        position('10', 'HOOL', { number: '518.73', currency: 'USD', date: '2014-08-09', label: 'lot' }),
        {
          positions: [
            position('1.00', 'CAD'),
            position('5', 'HOOL', { number: '500', currency: 'USD', date: '2024-01-01', label: null }),
            position('3', 'HOOL', { number: '510', currency: 'USD', date: '2024-02-01', label: null }),
            position('10', 'USD'),
          ],
        },
        ['trip', 'work'],
        [
          { key: 'filename', value: 'main.beancount' },
          { key: 'lineno', value: '12' },
        ],
        null,
      ],
      [null, null, { positions: [] }, [], [], ''],
    ],
  };

  it('renders each type as its display lines', () => {
    const w = render(result);
    expect(w.findAll('[role=columnheader]').map((h) => h.text())).toEqual(['amount', 'position', 'balance', 'tags', 'meta', 'payee']);
    const [first, second] = shownRows(w);
    expect(first).toEqual([
      ['-1,234.50 USD'],
      ['10 HOOL {518.73 USD, 2014-08-09, "lot"}'],
      // One line per currency; lots of one currency share their line.
      ['1.00 CAD', '5 HOOL {500 USD, 2024-01-01}, 3 HOOL {510 USD, 2024-02-01}', '10 USD'],
      ['trip, work'],
      ['filename: main.beancount', 'lineno: 12'],
      ['NULL'],
    ]);
    // An empty inventory, set and metas list are empty cells, unlike NULL; an empty str is empty too.
    expect(second).toEqual([['NULL'], ['NULL'], [], [''], [], ['']]);
  });

  it('marks NULL and negative cells, and sizes a row by its tallest cell', () => {
    const w = render(result);
    const rows = w.findAll('.body [role=row]');
    const cells = rows[0].findAll('[role=cell]');
    expect(cells[0].classes()).toContain('negative');
    expect(cells[0].classes()).toContain('numeric');
    expect(cells[5].classes()).toContain('null');
    expect(cells[3].classes()).not.toContain('null');
    // Three inventory lines at 20px plus 9px of padding and border; the second row has one line.
    expect(rows[0].attributes('style')).toContain('height: 69px');
    expect(rows[1].attributes('style')).toContain('height: 29px');
    expect(rows[1].attributes('style')).toContain('translateY(69px)');
  });
});

describe('ResultTable sorting', () => {
  const rows: Cell[][] = [
    ['b', '10.00', '2024-01-03'],
    ['a', null, '2024-01-01'],
    ['d', '-10.5', '2024-01-02'],
    ['c', '2', '2023-12-31'],
    ['e', '0.001', null],
    ['f', '-2', '2024-01-01'],
  ];
  const result = (): QueryResult => ({
    columns: [
      { name: 'name', type: 'str' },
      { name: 'value', type: 'decimal' },
      { name: 'date', type: 'date' },
    ],
    rows: rows.map((r) => r.slice()),
  });

  function header(w: VueWrapper, j: number) {
    return w.findAll('[role=columnheader]')[j];
  }

  it('cycles ascending, descending and the server order on clicks, with aria-sort on the header', async () => {
    const r = result();
    const w = render(r);
    const value = header(w, 1);
    expect(value.attributes('aria-sort')).toBeUndefined();

    await value.find('button').trigger('click');
    expect(value.attributes('aria-sort')).toBe('ascending');
    // NULL first ascending; decimals compared exactly, not as text.
    expect(column(w, 1)).toEqual(['NULL', '-10.5', '-2', '0.001', '2', '10.00']);
    expect(column(w, 0)).toEqual(['a', 'd', 'f', 'e', 'c', 'b']);

    await value.find('button').trigger('click');
    expect(value.attributes('aria-sort')).toBe('descending');
    expect(column(w, 1)).toEqual(['10.00', '2', '0.001', '-2', '-10.5', 'NULL']);

    await value.find('button').trigger('click');
    expect(value.attributes('aria-sort')).toBeUndefined();
    expect(column(w, 0)).toEqual(['b', 'a', 'd', 'c', 'e', 'f']);

    // A view only: the result object keeps the server's order.
    expect(r.rows).toEqual(rows);
  });

  it('numbers and stripes rows by their shown position', async () => {
    const w = render(result());
    await header(w, 0).find('button').trigger('click');
    await header(w, 0).find('button').trigger('click');
    const shown = w.findAll('.body [role=row]');
    expect(shown.map((r) => r.attributes('aria-rowindex'))).toEqual(['2', '3', '4', '5', '6', '7']);
    expect(shown.map((r) => r.find('[role=cell]').text())).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    expect(shown.map((r) => r.classes().includes('odd'))).toEqual([false, true, false, true, false, true]);
  });

  it('moves the sort to another column, which starts ascending; ties keep the server order', async () => {
    const w = render(result());
    await header(w, 1).find('button').trigger('click');
    await header(w, 2).find('button').trigger('click');
    expect(header(w, 1).attributes('aria-sort')).toBeUndefined();
    expect(header(w, 2).attributes('aria-sort')).toBe('ascending');
    // Rows a and f share 2024-01-01: a comes first as in the result.
    expect(column(w, 0)).toEqual(['e', 'c', 'a', 'f', 'd', 'b']);
  });

  it('makes each sortable header a button, so Enter and Space work; an interval header is plain text', () => {
    const w = render({
      columns: [
        { name: 'account', type: 'str' },
        { name: 'span', type: 'interval' },
      ],
      rows: [['Assets:Cash', '1 month']],
    });
    const [account, span] = w.findAll('[role=columnheader]');
    const button = account.find('button');
    expect(button.attributes('type')).toBe('button');
    expect(button.text()).toBe('account');
    expect(span.find('button').exists()).toBe(false);
    expect(span.text()).toBe('span');
  });

  it('starts a new result in the server order', async () => {
    const w = render(result());
    await header(w, 0).find('button').trigger('click');
    await header(w, 0).find('button').trigger('click');
    expect(column(w, 0)[0]).toBe('f');
    await w.setProps({ result: result(), label: 'Query result' });
    expect(header(w, 0).attributes('aria-sort')).toBeUndefined();
    expect(column(w, 0)).toEqual(['b', 'a', 'd', 'c', 'e', 'f']);
  });
});

describe('ResultTable sorting, virtualized', () => {
  it('renders only the rows in view of the sorted order, with heights following their rows', async () => {
    const n = 500;
    const rows: Cell[][] = [];
    // Server order: 499 down to 0; every third row has a two-currency inventory (two lines).
    for (let i = n - 1; i >= 0; i--) {
      const inv = { positions: i % 3 === 0 ? [position('1', 'CAD'), position('2', 'USD')] : [position('1', 'USD')] };
      rows.push([i, inv]);
    }
    const w = render({
      columns: [
        { name: 'n', type: 'int' },
        { name: 'balance', type: 'inventory' },
      ],
      rows,
    });
    await w.findAll('[role=columnheader]')[0].find('button').trigger('click');
    const shown = w.findAll('.body [role=row]');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(100);
    const firstSix = shown.slice(0, 6);
    expect(firstSix.map((r) => r.find('[role=cell]').text())).toEqual(['0', '1', '2', '3', '4', '5']);
    // 0 and 3 have two lines (49px), 1, 2, 4, 5 one (29px); tops are the running sums.
    expect(firstSix.map((r) => r.attributes('style'))).toEqual([
      'transform: translateY(0px); height: 49px;',
      'transform: translateY(49px); height: 29px;',
      'transform: translateY(78px); height: 29px;',
      'transform: translateY(107px); height: 49px;',
      'transform: translateY(156px); height: 29px;',
      'transform: translateY(185px); height: 29px;',
    ]);
    // The body is as tall as all rows: 167 two-line rows and 333 one-line rows.
    expect(w.find('.body').attributes('style')).toContain(`height: ${167 * 49 + 333 * 29}px`);
  });
});
