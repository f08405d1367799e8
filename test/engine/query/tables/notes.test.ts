import { describe, expect, it } from 'vitest';
import { ledger, names, rows, types } from './helpers';

// Reference order: by date, then file order (time of day does not count).
const s = ledger(
  `
2024-01-01 open Assets:Cash
2024-01-02 12:00 note Assets:Cash "second" #t ^l
  who: "me"
2024-01-02 08:00 note Assets:Cash "first of the file order"
2024-01-01 note Assets:Cash "earlier day"
`,
  { format: 'zhang' },
);

describe('#notes', () => {
  it('SELECT * columns and types', () => {
    expect(names(s, 'SELECT * FROM #notes')).toEqual(['date', 'account', 'comment', 'tags', 'links']);
    expect(types(s, 'SELECT date, account, comment, tags, links, meta FROM #notes')).toEqual([
      'date:date', 'account:str', 'comment:str', 'tags:set', 'links:set', 'meta:str',
    ]);
  });

  it('rows in reference order; meta text and meta()', () => {
    expect(rows(s, "SELECT date, comment, tags, links, meta, meta('who') FROM notes")).toEqual([
      ['2024-01-01', 'earlier day', [], [], '', null],
      ['2024-01-02', 'second', ['t'], ['l'], 'who: "me"', 'me'],
      ['2024-01-02', 'first of the file order', [], [], '', null],
    ]);
  });

  it('functions, regular expressions and aggregates work', () => {
    expect(rows(s, "SELECT count(*) FROM #notes WHERE comment ~ 'first|second'")).toEqual([[2]]);
    expect(rows(s, 'SELECT length(comment) AS n FROM #notes ORDER BY n DESC LIMIT 1')).toEqual([[23]]);
  });
});
