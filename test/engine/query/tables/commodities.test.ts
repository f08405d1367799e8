import { describe, expect, it } from 'vitest';
import { ledger, names, rows, types } from './helpers';

const s = ledger(`
2024-02-01 commodity HOOL
  name: "Hooli"
  asset-class: "stock"
2024-01-01 commodity USD
`);

describe('#commodities', () => {
  it('SELECT * is meta, date, name', () => {
    expect(types(s, 'SELECT * FROM #commodities')).toEqual(['meta:str', 'date:date', 'name:str']);
  });

  it('rows by date; meta text sorted by key; meta() reads the directive', () => {
    expect(rows(s, 'SELECT * FROM #commodities')).toEqual([
      ['', '2024-01-01', 'USD'],
      ['asset-class: "stock", name: "Hooli"', '2024-02-01', 'HOOL'],
    ]);
    expect(rows(s, "SELECT name, meta('name') FROM #commodities WHERE meta('asset-class') = 'stock'")).toEqual([['HOOL', 'Hooli']]);
    expect(names(s, 'SELECT name AS n FROM commodities')).toEqual(['n']);
  });
});
