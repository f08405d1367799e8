import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../engine/api-types';
import { completionsAt, tableOfQuery } from '../../../renderer/lib/bql-completion';

const schema: Schema = {
  columns: [
    { name: 'date', type: 'date', description: 'transaction date' },
    { name: 'account', type: 'str', description: 'the account' },
  ],
  tables: [
    { name: 'postings', description: 'postings', columns: [
      { name: 'date', type: 'date', description: 'transaction date' },
      { name: 'account', type: 'str', description: 'the account' },
    ] },
    { name: 'accounts', description: 'accounts', columns: [
      { name: 'account', type: 'str', description: 'name' },
      { name: 'open', type: 'date', description: 'open date' },
      { name: 'open.date', type: 'date', description: 'open date' },
    ] },
  ],
  functions: [
    { name: 'sum', signature: 'sum(decimal) -> decimal', description: 'sum', aggregate: true },
    { name: 'sum', signature: 'sum(position) -> inventory', description: 'sum', aggregate: true },
    { name: 'year', signature: 'year(date) -> int', description: 'year of a date', aggregate: false },
  ],
};

const labels = (text: string, explicit = false) => completionsAt(text, text.length, schema, explicit)?.options.map((o) => o.label) ?? null;

describe('completionsAt', () => {
  it('offers columns, functions once per name and keywords for a word', () => {
    const a = completionsAt('SELECT ac', 9, schema, false)!;
    expect(a.from).toBe(7);
    const l = a.options.map((o) => o.label);
    expect(l).toContain('account');
    expect(l.filter((x) => x === 'sum')).toHaveLength(1);
    expect(l).toContain('SELECT');
    const sum = a.options.find((o) => o.label === 'sum')!;
    expect(sum.info).toContain('sum(position) -> inventory');
    expect(sum.detail).toBe('aggregate');
  });
  it('offers the columns of the table named after FROM', () => {
    expect(labels('SELECT o FROM #acc')).toEqual(['#postings', '#accounts']);
    const a = completionsAt('SELECT o FROM #accounts', 8, schema, false)!;
    expect(a.options.filter((o) => o.type === 'property').map((o) => o.label)).toEqual(['account', 'open']);
    expect(labels('SELECT open.d')).toEqual([]); // postings has no dotted columns
    const dotted = completionsAt('SELECT open.d FROM accounts', 13, schema, false)!;
    expect(dotted.options.map((o) => o.label)).toEqual(['open.date']);
  });
  it('offers tables after FROM and after #', () => {
    expect(labels('SELECT * FROM #')).toEqual(['#postings', '#accounts']);
    expect(labels('SELECT * FROM ', true)?.slice(0, 2)).toEqual(['#postings', '#accounts']);
  });
  it('offers nothing inside strings and comments, or without a word unless asked', () => {
    expect(labels("SELECT 'Exp")).toBeNull();
    expect(labels('SELECT 1 -- acc')).toBeNull();
    expect(labels('SELECT ')).toBeNull();
    expect(labels('SELECT ', true)).toContain('account');
  });
  it('reads the table of a query, ignoring strings and postings columns', () => {
    expect(tableOfQuery("SELECT 'from #accounts'", schema)).toBe('postings');
    expect(tableOfQuery('select * from accounts', schema)).toBe('accounts');
    expect(tableOfQuery('SELECT * FROM account ~ "x"', schema)).toBe('postings');
  });
});
