/**
 * The schema of GET /api/query/schema, generated from the registries.
 *
 * Counts: document 1 says 34 columns and 100 functions, but document 2's own tables list 35
 * postings columns (23 reference + metas, entry_metas, balance, time, timestamp, seq,
 * posting_index, account_balance, balanced, errors, automatic) and 93 overloads. The tables are
 * the contract the compiler implements, so the schema follows them and this test pins the real
 * counts and order.
 */
import { describe, expect, it } from 'vitest';
import { querySchema } from '../../../engine/query/schema';
import { compileQuery } from '../../../engine/query/index';

const schema = querySchema();

const POSTINGS = [
  'date', 'year', 'month', 'day', 'flag', 'payee', 'narration', 'description', 'tags', 'links', 'id', 'posting_flag', 'account',
  'number', 'currency', 'position', 'cost_number', 'cost_currency', 'cost_date', 'cost_label', 'price', 'weight', 'other_accounts',
  'meta', 'metas', 'entry_metas', 'balance', 'time', 'timestamp', 'seq', 'posting_index', 'account_balance', 'balanced', 'errors',
  'automatic',
];

describe('query schema', () => {
  it('columns: every postings column in the order of the spec table (35, not the stated 34)', () => {
    expect(schema.columns.map((c) => c.name)).toEqual(POSTINGS);
    expect(schema.columns).toHaveLength(35);
    expect(schema.columns[0]).toEqual({ name: 'date', type: 'date', description: 'transaction date (time part dropped, see time)' });
    expect(schema.columns.find((c) => c.name === 'balance')).toMatchObject({ type: 'inventory' });
    for (const c of schema.columns) expect(Object.keys(c).sort()).toEqual(['description', 'name', 'type']);
  });

  it('tables: postings first, then the spec table list, then the budget tables and errors', () => {
    expect(schema.tables.map((t) => t.name)).toEqual([
      'postings', 'entries', 'transactions', 'prices', 'balances', 'notes', 'events', 'documents', 'accounts', 'commodities',
      'budgets', 'budget_definitions', 'budget_events', 'errors',
    ]);
    expect(schema.tables[0].columns).toEqual(schema.columns);
    for (const t of schema.tables) {
      expect(Object.keys(t).sort()).toEqual(['columns', 'description', 'name']);
      expect(t.description).not.toBe('');
    }
  });

  it('structured attributes are columns named like open.date', () => {
    const accounts = schema.tables.find((t) => t.name === 'accounts')!;
    expect(accounts.columns.map((c) => `${c.name}:${c.type}`)).toEqual([
      'account:str', 'open:date', 'open.date:date', 'open.account:str', 'open.currencies:set', 'open.booking:str', 'open.meta:str',
      'close:date', 'close.date:date', 'close.account:str', 'close.meta:str',
    ]);
  });

  it('directive tables list reference columns before [ext] columns', () => {
    const cols = (name: string) => schema.tables.find((t) => t.name === name)!.columns.map((c) => c.name);
    expect(cols('entries')).toEqual([
      'id', 'type', 'filename', 'date', 'year', 'month', 'day', 'flag', 'payee', 'narration', 'description', 'tags', 'links', 'meta',
      'accounts', 'seq', 'time', 'timestamp', 'metas', 'lineno', 'detail',
    ]);
    expect(cols('balances')).toEqual([
      'date', 'account', 'amount', 'tolerance', 'discrepancy', 'meta', 'actual', 'passed', 'pad', 'id', 'seq', 'time', 'timestamp',
    ]);
    expect(cols('errors')).toEqual([
      'kind', 'message', 'file', 'line', 'column', 'date', 'account', 'source', 'id', 'span_start', 'span_end', 'metas',
    ]);
  });

  it('every listed column compiles in a query on its table', () => {
    for (const t of schema.tables) {
      for (const c of t.columns) {
        const plan = compileQuery(`SELECT ${c.name} FROM #${t.name}`);
        expect(plan.columns, `${t.name}.${c.name}`).toEqual([{ name: c.name, type: c.type }]);
      }
    }
  });

  it('functions: one entry per overload (93 of the spec, not the stated 100, + 7 of ours), aggregates first', () => {
    const fns = schema.functions;
    // The spec's 93 plus market_value x4, unpriced, price_date and date_end (issue 16: statements, holdings).
    expect(fns).toHaveLength(100);
    const firstScalar = fns.findIndex((f) => !f.aggregate);
    expect(firstScalar).toBe(11);
    expect(fns.slice(firstScalar).every((f) => !f.aggregate)).toBe(true);
    expect(fns.slice(0, 3)).toEqual([
      { name: 'count', signature: 'count(*) -> int', description: expect.any(String), aggregate: true },
      { name: 'count', signature: 'count(any) -> int', description: expect.any(String), aggregate: true },
      { name: 'sum', signature: 'sum(int) -> int', description: expect.any(String), aggregate: true },
    ]);
    const names = fns.map((f) => f.name);
    expect(names).toContain('account_sortkey');
    expect(names[names.length - 1]).toBe('maxwidth');
    expect(fns.find((f) => f.signature === 'convert(position, str, date) -> amount')).toMatchObject({ name: 'convert', aggregate: false });
  });
});
