import { describe, expect, it } from 'vitest';
import type { CostSpec, PostingAst, TransactionAst } from '../../../../engine/ledger/ast';
import { day, ok, parse, str } from './helpers';

function txn(text: string, format: 'beancount' | 'zhang' = 'beancount'): TransactionAst {
  const ds = ok(text, format);
  expect(ds).toHaveLength(1);
  if (ds[0].type !== 'transaction') throw new Error('not a transaction');
  return ds[0];
}

function posting(line: string): PostingAst {
  return txn(`2024-01-01 * "x"\n  ${line}\n`).postings[0];
}

function cost(c: CostSpec | null) {
  if (!c) return null;
  return { perUnit: str(c.perUnit), total: str(c.total), currency: c.currency, date: c.date, label: c.label, merge: c.merge, isTotal: c.isTotal };
}

describe('transaction header', () => {
  it.each([
    ['*', '*'],
    ['!', '!'],
    ['txn', '*'],
    ['P', 'P'],
    ['S', 'S'],
    ['#', '#'],
  ])('flag %s reads as %s', (written, flag) => {
    expect(txn(`2024-01-01 ${written} "n"\n`).flag).toBe(flag);
  });

  // bean-check 2.3.5 reads each of these headers (checked in /tmp: a balance after the
  // transaction passes), and a dated directive glued to its keyword too.
  it.each([
    ['2025-06-03* "Shop" "x"', '*'],
    ['2025-06-03! "Shop" "x"', '!'],
    ['2025-06-03txn "Shop" "x"', '*'],
    ['2025-06-03P "Shop" "x"', 'P'],
    ['2025-06-03& "Shop" "x"', '&'],
    ['2025-06-03?"Shop" "x"', '?'],
  ])('a date written against the flag: %s', (header, flag) => {
    const t = txn(`${header}\n  Assets:A  -1 USD\n  Expenses:B\n`);
    expect(t).toMatchObject({ date: day(2025, 6, 3), flag, payee: 'Shop', narration: 'x' });
    expect(t.postings.map((p) => p.account)).toEqual(['Assets:A', 'Expenses:B']);
  });

  it('a date written against a keyword reads like the spaced form', () => {
    const ds = ok('2025-06-03open Assets:C\n2025-06-04balance Assets:C  0 USD\n');
    expect(ds.map((d) => [d.type, d.date])).toEqual([
      ['open', day(2025, 6, 3)],
      ['balance', day(2025, 6, 4)],
    ]);
  });

  it('a date followed by a digit or a stray sign is still an error', () => {
    expect(parse('2025-06-031 * "x"\n').errors).toHaveLength(1);
    expect(parse('2025-06-03= "x"\n').errors).toHaveLength(1);
  });

  it('reports tags or links written after the first posting and drops them (Beancount files)', () => {
    // bean-check 2.3.5 on this text (in /tmp): "Tags or links not allowed after first Posting" on
    // line 1, the transaction kept without #late; tags before the first posting are fine.
    const r = parse('2024-01-02 * "Shop" #head\n  #early\n  Assets:Cash  -1 USD\n  #late ^l1\n  Expenses:Food\n');
    expect(r.errors.map((e) => [e.src?.line, e.message])).toEqual([[1, 'Tags or links not allowed after the first posting: #late ^l1']]);
    const t = r.directives[0];
    if (t.type !== 'transaction') throw new Error('not a transaction');
    expect([t.tags, t.links, t.postings.length]).toEqual([['head', 'early'], [], 2]);
    // zhang keeps accepting them anywhere.
    const z = parse('2024-01-02 * "Shop"\n  Assets:Cash  -1 USD\n  #late\n  Expenses:Food\n', 'zhang');
    expect(z.errors).toEqual([]);
    expect(z.directives[0]).toMatchObject({ tags: ['late'] });
  });

  it('no written flag reads as *', () => {
    expect(txn('2024-01-01 "Payee" "Narr"\n')).toMatchObject({ flag: '*', payee: 'Payee', narration: 'Narr' });
  });

  it('one string is the narration, two are payee and narration, none is empty narration', () => {
    expect(txn('2024-01-01 * "only"\n')).toMatchObject({ payee: null, narration: 'only' });
    expect(txn('2024-01-01 * "p" "n"\n')).toMatchObject({ payee: 'p', narration: 'n' });
    expect(txn('2024-01-01 *\n')).toMatchObject({ payee: null, narration: '' });
    expect(txn('2024-01-01 * "" "n"\n')).toMatchObject({ payee: '', narration: 'n' });
  });

  it('three strings are an error', () => {
    const r = parse('2024-01-01 * "a" "b" "c"\n');
    expect(r.directives).toEqual([]);
    expect(r.errors[0].message).toBe('too many strings in the transaction header (at most payee and narration) (line 1, column 22)');
  });

  it('tags and links on the header and on following lines, without duplicates (zhang: after postings too)', () => {
    const t = txn('2024-01-01 * "n" #a ^l1 #b\n  #c ^l2 #a\n  Assets:A 1 USD\n  #d\n  Assets:B\n', 'zhang');
    expect(t.tags).toEqual(['a', 'b', 'c', 'd']);
    expect(t.links).toEqual(['l1', 'l2']);
    expect(t.postings.map((p) => p.account)).toEqual(['Assets:A', 'Assets:B']);
  });

  it('UTF-8 payee and accounts', () => {
    // Ausgaben is a root only with the option (bean-check 2.3.5: "Invalid account name" without it).
    const t = txn('option "name_expenses" "Ausgaben"\n2024-01-01 * "Café Ünïcödé 東京" "n"\n  Assets:Bänk:Café 1 EUR\n  Ausgaben:Lebensmittel:食品\n  Assets:99Ranch\n');
    expect(t.payee).toBe('Café Ünïcödé 東京');
    expect(t.postings.map((p) => p.account)).toEqual(['Assets:Bänk:Café', 'Ausgaben:Lebensmittel:食品', 'Assets:99Ranch']);
  });
});

describe('postings', () => {
  it('flag, account, number, currency', () => {
    expect(posting('! Assets:A  -1,234.50 USD')).toMatchObject({ flag: '!', account: 'Assets:A', currency: 'USD', cost: null, price: null });
    expect(str(posting('Assets:A -1,234.50 USD').number)).toBe('-1234.50');
  });

  it('missing number, missing currency, both missing', () => {
    expect(posting('Assets:A USD')).toMatchObject({ number: null, currency: 'USD' });
    const p = posting('Assets:A 5');
    expect([str(p.number), p.currency]).toEqual(['5', null]);
    expect(posting('Assets:A')).toMatchObject({ number: null, currency: null });
  });

  it.each([
    ['(120+35)/2', '77.5'],
    ['10 * 3 - 1', '29'],
    ['-(2 + 3) * 1.10', '-5.50'],
    ['1/3', '0.3333333333333333333333333333'],
    ['- 1002.00', '-1002.00'],
    ['+5', '5'],
    ['2 - -3', '5'],
    ['1,000,000.25', '1000000.25'],
  ])('arithmetic %s = %s', (expr, value) => {
    expect(str(posting(`Assets:A ${expr} USD`).number)).toBe(value);
  });

  it.each([
    ['{}', { perUnit: null, total: null, currency: null, date: null, label: null, merge: false, isTotal: false }],
    ['{10 USD}', { perUnit: '10', total: null, currency: 'USD', date: null, label: null, merge: false, isTotal: false }],
    ['{{100 USD}}', { perUnit: null, total: '100', currency: 'USD', date: null, label: null, merge: false, isTotal: true }],
    ['{10 # 5 USD}', { perUnit: '10', total: '5', currency: 'USD', date: null, label: null, merge: false, isTotal: false }],
    ['{# 5 USD}', { perUnit: null, total: '5', currency: 'USD', date: null, label: null, merge: false, isTotal: false }],
    ['{10 USD, 2024-01-01, "lot"}', { perUnit: '10', total: null, currency: 'USD', date: day(2024, 1, 1), label: 'lot', merge: false, isTotal: false }],
    ['{"lot", 2024-01-01, 10 USD}', { perUnit: '10', total: null, currency: 'USD', date: day(2024, 1, 1), label: 'lot', merge: false, isTotal: false }],
    ['{2023-12-31}', { perUnit: null, total: null, currency: null, date: day(2023, 12, 31), label: null, merge: false, isTotal: false }],
    ['{USD}', { perUnit: null, total: null, currency: 'USD', date: null, label: null, merge: false, isTotal: false }],
    ['{ (20+4)/2 EUR }', { perUnit: '12', total: null, currency: 'EUR', date: null, label: null, merge: false, isTotal: false }],
  ])('cost %s', (written, expected) => {
    expect(cost(posting(`Assets:A 10 HOOL ${written}`).cost)).toEqual(expected);
  });

  it.each([
    ['@ 12.5 USD', { number: '12.5', currency: 'USD', isTotal: false }],
    ['@@ 125 USD', { number: '125', currency: 'USD', isTotal: true }],
    ['@ USD', { number: null, currency: 'USD', isTotal: false }],
    ['@', { number: null, currency: null, isTotal: false }],
  ])('price %s', (written, expected) => {
    const p = posting(`Assets:A 10 HOOL ${written}`).price!;
    expect({ number: str(p.number), currency: p.currency, isTotal: p.isTotal }).toEqual(expected);
  });

  it('cost and price together', () => {
    const p = posting('Assets:A -4 ACME {120.00 USD} @ 130.00 USD ; sold');
    expect(cost(p.cost)).toMatchObject({ perUnit: '120.00', currency: 'USD' });
    expect(str(p.price!.number)).toBe('130.00');
  });

  it('cost errors: duplicate parts, # in total cost, unclosed brace', () => {
    const r = parse(
      '2024-01-01 *\n  A:B 1 XX {1 USD, 2 USD}\n2024-01-01 *\n  A:B 1 XX {{1 # 2 USD}}\n2024-01-01 *\n  A:B 1 XX {1 USD\n2024-01-01 *\n  A:B 1 XX {2024-01-01, 2024-01-02}\n',
    );
    expect(r.directives).toEqual([]);
    expect(r.errors.map((e) => e.message)).toEqual([
      'the cost has more than one amount (line 2, column 20)',
      'a total cost {{...}} cannot use the per-unit # total form (line 4, column 16)',
      'expected "," or "}", found end of line (line 6, column 18)',
      'the cost has more than one date (line 8, column 25)',
    ]);
  });

  it('posting source positions', () => {
    const t = txn('2024-01-01 * "é"\n  Assets:A  1 USD\n   kk: 1\n\tAssets:B\n');
    expect(t.postings[0].src).toEqual({ file: '/ledger/main.bean', line: 2, column: 3, start: 20, end: 44 });
    expect(t.postings[1].src).toEqual({ file: '/ledger/main.bean', line: 4, column: 2, start: 46, end: 54 });
    expect(t.src).toEqual({ file: '/ledger/main.bean', line: 1, column: 1, start: 0, end: 54 });
  });
});

describe('metadata', () => {
  it('typed values', () => {
    const t = txn(`2024-01-01 * "n"
  ss: "text"
  nn: 2.50
  ee: 2 * 3
  aa: 10.00 USD
  dd: 2024-02-29
  acc: Assets:Bank
  cc: EUR
  tt: #trip
  bb: FALSE
  zz: NULL
  empty:
`);
    expect(t.meta.map((m) => [m.key, m.kind, m.text])).toEqual([
      ['ss', 'string', 'text'],
      ['nn', 'number', '2.50'],
      ['ee', 'number', '6'],
      ['aa', 'amount', '10.00 USD'],
      ['dd', 'date', '2024-02-29'],
      ['acc', 'account', 'Assets:Bank'],
      ['cc', 'currency', 'EUR'],
      ['tt', 'tag', 'trip'],
      ['bb', 'bool', 'FALSE'],
      ['zz', 'null', ''],
      ['empty', 'null', ''],
    ]);
  });

  it('repeated keys are kept in written order (and reported, as bean-check does)', () => {
    const r = parse('2024-01-01 * "n"\n  kk: "1"\n  kk: "2"\n');
    expect(r.errors.map((e) => e.message)).toEqual(['Duplicate metadata field on entry: kk']);
    expect(r.directives[0].meta.map((m) => m.text)).toEqual(['1', '2']);
  });

  // bean-check 2.3.5 (its lexer: a key is [a-z][a-zA-Z0-9-_]+) reports "Invalid token: 'a:'" on
  // lines 2 and 5 of this ledger and drops the open and the transaction; the spec says nothing
  // of key syntax, so Beancount files follow it. Beancount 3 and .zhang files accept `a:`.
  it('a one-letter key is an error on its line in Beancount files and drops its directive; .zhang accepts it', () => {
    const text = '2024-01-01 open Assets:A\n  a: 1\n2024-01-01 open Assets:B\n2024-01-02 * "x"\n  b: "v"\n  Assets:A 1 USD\n  Assets:B\n2024-01-03 note Assets:B "n"\n  ab: 1\n';
    const r = parse(text);
    expect(r.errors.map((e) => [e.src?.line, e.src?.column, e.message.split(':')[0]])).toEqual([
      [2, 3, 'metadata key "a" has one letter'],
      [5, 3, 'metadata key "b" has one letter'],
    ]);
    expect(r.directives.map((d) => [d.type, d.src.line, d.meta.map((m) => m.key).join()])).toEqual([
      ['open', 3, ''],
      ['note', 8, 'ab'],
    ]);
    expect(parse(text, 'zhang').errors).toEqual([]);
  });

  // Each case run through bean-check 2.3.5: it reports "Invalid token: '.5'" (its numbers need an
  // integer part), "syntax error, unexpected LINK" for a link as a metadata value, and "unexpected
  // CURRENCY" / "unexpected NONE" for a currency alone or NULL as a custom value, each on the line
  // written here, and drops the directive. The spec says nothing of these, so Beancount files
  // follow bean-check; .zhang files keep reading them.
  it.each([
    ['2024-01-01 * "x"\n  Assets:A -.5 USD\n  Assets:B\n', 2, 13, 'a number needs its integer part'],
    ['2024-01-01 open Assets:A\n  lk: ^link\n', 2, 7, 'a link (^name) as a metadata value is not allowed'],
    ['2024-01-01 custom "x" "a" USD\n', 1, 27, 'a currency alone as a custom value is not allowed'],
    ['2024-01-01 custom "x" NULL\n', 1, 23, 'NULL as a custom value is not allowed'],
  ])('Beancount files refuse what bean-check refuses: %j', (text, line, column, message) => {
    const r = parse(text);
    expect(r.directives).toEqual([]);
    expect(r.errors.map((e) => [e.src?.line, e.src?.column, e.message.startsWith(message)])).toEqual([[line, column, true]]);
    expect(parse(text, 'zhang').errors).toEqual([]);
  });

  // bean-check 2.3.5 on this transaction: "Negative prices are not allowed: -1.1 USD" on line 3
  // only (it books the posting at 1.1 USD, so the transaction balances).
  it('a negative price is an error on its posting, which keeps the absolute value (Beancount files)', () => {
    const text = '2024-01-06 * "conv"\n  Assets:Cash  11 USD\n  Assets:Eur  -10 EUR @ -1.1 USD\n';
    const r = parse(text);
    expect(r.errors.map((e) => [e.src?.line, e.src?.column, e.source, e.message.split(' (')[0]])).toEqual([
      [3, 3, 'Assets:Eur  -10 EUR @ -1.1 USD', 'Negative prices are not allowed: -1.1 USD'],
    ]);
    const t = r.directives[0] as TransactionAst;
    expect(str(t.postings[1].price?.number)).toBe('1.1');
    expect(parse(text, 'zhang').errors).toEqual([]);
  });

  // bean-check 2.3.5 on this transaction: "Cost merging is not supported yet" on line 3, and the
  // posting is still booked (a later balance sees the lot reduced).
  it('the merge marker {*} is reported on its posting, which is kept (Beancount files)', () => {
    const text = '2024-01-03 * "m"\n  Assets:Cash  10 USD\n  Assets:Broker  -5 ABC {*}\n';
    const r = parse(text);
    expect(r.errors.map((e) => [e.src?.line, e.src?.column, e.message.split(':')[0]])).toEqual([[3, 3, 'Cost merging is not supported yet']]);
    expect((r.directives[0] as TransactionAst).postings[1].cost?.merge).toBe(true);
    expect(parse(text, 'zhang').errors).toEqual([]);
  });

  // bean-check 2.3.5: "Invalid token: 'V'" on line 2 (its currencies have two characters or more).
  it('a one-letter currency is an error in Beancount files; .zhang reads it', () => {
    const text = '2024-01-03 * "x"\n  Assets:Cash  -10 V\n  Expenses:Food\n';
    expect(parse(text).errors.map((e) => [e.src?.line, e.src?.column, e.message.split(' (')[0]])).toEqual([[2, 20, 'invalid currency "V"']]);
    expect(txn(text, 'zhang').postings[0].currency).toBe('V');
  });

  it('.zhang files read .5, links as metadata values and a bare currency or NULL in a custom directive', () => {
    expect(str(txn('2024-01-01 * "x"\n  Assets:A -.5 USD\n  Assets:B\n', 'zhang').postings[0].number)).toBe('-0.5');
    const d = parse('2024-01-01 custom "x" USD NULL\n  lk: ^link\n', 'zhang').directives[0];
    if (d.type !== 'custom') throw new Error('custom');
    expect(d.values.map((v) => v.kind)).toEqual(['currency', 'null']);
    expect(d.meta).toEqual([{ key: 'lk', kind: 'link', text: 'link' }]);
  });

  const OWNERSHIP = `2024-01-01 * "n"
  before: "txn"
  Assets:A  1 USD
    deeper: "p1"
  same: "?"
  Assets:B
  after: "?"
`;

  it('Beancount: a metadata line after a posting belongs to that posting', () => {
    const t = txn(OWNERSHIP);
    expect(t.meta.map((m) => m.key)).toEqual(['before']);
    expect(t.postings[0].meta.map((m) => m.key)).toEqual(['deeper', 'same']);
    expect(t.postings[1].meta.map((m) => m.key)).toEqual(['after']);
  });

  it('zhang: only a line indented deeper than the posting belongs to it', () => {
    const t = txn(OWNERSHIP, 'zhang');
    expect(t.meta.map((m) => m.key)).toEqual(['before', 'same', 'after']);
    expect(t.postings[0].meta.map((m) => m.key)).toEqual(['deeper']);
    expect(t.postings[1].meta).toEqual([]);
  });

  it('a bad metadata value makes the directive an error in Beancount, text in zhang', () => {
    const b = parse('2024-01-01 open Assets:A\n  note: some words\n');
    expect(b.directives).toEqual([]);
    expect(b.errors[0].message).toBe('expected a metadata value, found "some" (line 2, column 9)');
    const z = parse('2024-01-01 open Assets:A\n  note: some words\n', 'zhang');
    expect(z.directives[0].meta).toEqual([{ key: 'note', kind: 'string', text: 'some words' }]);
  });
});
