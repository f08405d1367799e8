import { describe, expect, it } from 'vitest';
import { Dec } from '../../../engine/decimal';
import { toCsv } from '../../../engine/query/csv';
import { Inventory } from '../../../engine/query/inventory';
import { runQuery } from '../../../engine/query/index';
import { basicLedger } from './basic-ledger';

const amt = (n: string, c: string) => ({ number: Dec.of(n), currency: c });

describe('CSV export', () => {
  it('writes a header and CRLF records, quoting commas, quotes and line breaks', () => {
    const csv = toCsv({
      columns: [
        { name: 'a', type: 'str' },
        { name: 'b,c', type: 'bool' },
        { name: 'n', type: 'int' },
      ],
      rows: [
        ['x "y"', true, 5n],
        ['line\nbreak', null, -1n],
      ],
    });
    expect(csv).toBe('a,"b,c",n\r\n"x ""y""",TRUE,5\r\n"line\nbreak",,-1\r\n');
  });
  it('writes a single empty field as two double quotes', () => {
    expect(toCsv({ columns: [{ name: 'p', type: 'str' }], rows: [[null], ['']] })).toBe('p\r\n""\r\n""\r\n');
  });
  it('numberifies amounts: columns by rows with the currency, ties by name descending; zero amount empty', () => {
    const csv = toCsv({
      columns: [{ name: 'w', type: 'amount' }],
      rows: [[amt('1.50', 'EUR')], [amt('2', 'USD')], [amt('0', 'CHF')], [amt('3', 'USD')], [amt('4', 'AAA')]],
    });
    // USD in 2 rows; EUR and AAA in 1 each (EUR before AAA: descending); CHF only zero: no column.
    expect(csv).toBe('w (USD),w (EUR),w (AAA)\r\n,1.50,\r\n2,,\r\n,,\r\n3,,\r\n,,4\r\n');
  });
  it('inventories give total units per currency, cost ignored; zero total is empty; positions write 0', () => {
    const inv = new Inventory([
      { units: amt('2', 'HOOL'), cost: { number: Dec.of('10'), currency: 'USD', date: 0, label: null } },
      { units: amt('3', 'HOOL'), cost: { number: Dec.of('11'), currency: 'USD', date: 0, label: null } },
    ]);
    const csv = toCsv({
      columns: [
        { name: 'i', type: 'inventory' },
        { name: 'p', type: 'position' },
      ],
      rows: [[inv, { units: amt('0', 'USD'), cost: null }]],
    });
    expect(csv).toBe('i (HOOL),p (USD)\r\n5,0\r\n');
  });
  it('exports a real query with dates and sets', () => {
    const r = runQuery(basicLedger(), "SELECT date, tags, position WHERE account = 'Income:Salary'");
    expect(toCsv(r)).toBe('date,tags,position (USD)\r\n2024-02-01,work,-100\r\n');
  });
});
