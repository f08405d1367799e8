import { describe, expect, it } from 'vitest';
import { err, ledger, names, rows } from './helpers';

const s = ledger(`
2024-03-01 event "location" "Rome"
  by: "train"
2024-01-01 event "location" "Paris"
2024-02-01 event "employer" "ACME"
`);

describe('#events', () => {
  it('SELECT * columns', () => {
    expect(names(s, 'SELECT * FROM #events')).toEqual(['date', 'type', 'description']);
  });

  it('rows by date with the directive metadata', () => {
    expect(rows(s, 'SELECT date, type, description, meta FROM #events')).toEqual([
      ['2024-01-01', 'location', 'Paris', ''],
      ['2024-02-01', 'employer', 'ACME', ''],
      ['2024-03-01', 'location', 'Rome', 'by: "train"'],
    ]);
    expect(rows(s, "SELECT description, any_meta('by') FROM #events WHERE type = 'location'")).toEqual([
      ['Paris', null],
      ['Rome', 'train'],
    ]);
  });

  it('grouping works; year is not a column of #events', () => {
    expect(rows(s, 'SELECT type, count(*) FROM #events GROUP BY type ORDER BY type')).toEqual([
      ['employer', 1],
      ['location', 2],
    ]);
    expect(rows(s, "SELECT year(date), month(date) FROM #events WHERE description = 'ACME'")).toEqual([[2024, 2]]);
    expect(err(s, 'SELECT year FROM #events')).toEqual(["unknown column 'year' in table 'events'", 1, 8]);
  });
});
