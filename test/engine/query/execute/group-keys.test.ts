/**
 * Group look-up: which keys identify a group, and that groups are found by value (NULL apart
 * from every value, decimals by value) in order of their first row.
 */
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../../../engine/query/index';
import { GroupIndex, identifyingKeys } from '../../../../engine/query/execute/group-keys';
import type { EvalState } from '../../../../engine/query/compile/plan';
import { Dec } from '../../../../engine/decimal';

const keysOf = (q: string) => compileQuery(q).aggregate!.keys;

describe('identifyingKeys', () => {
  it('leaves out keys computed only from other identity-typed column keys', () => {
    // BALANCES groups by account and account_sortkey(account): only account identifies.
    expect(identifyingKeys(keysOf('BALANCES'))).toEqual([0]);
    expect(identifyingKeys(keysOf('SELECT account, year, parent(account), year + 1, sum(number) GROUP BY 1, 2, 3, 4'))).toEqual([0, 1]);
  });
  it('keeps keys reading other columns, metadata, or determined by a decimal key (1.5 = 1.50 but str differs)', () => {
    expect(identifyingKeys(keysOf('SELECT account, currency, count(*) GROUP BY account, currency'))).toEqual([0, 1]);
    expect(identifyingKeys(keysOf("SELECT account, meta('k'), count(*) GROUP BY 1, 2"))).toEqual([0, 1]);
    expect(identifyingKeys(keysOf('SELECT number, str(number), count(*) GROUP BY 1, 2'))).toEqual([0, 1]);
  });
  it('a repeated column key identifies once; a constant key never splits', () => {
    expect(identifyingKeys(keysOf('SELECT account, count(*) GROUP BY account, 1'))).toEqual([0]);
    expect(identifyingKeys(keysOf("SELECT 'x' AS c, count(*) GROUP BY c"))).toEqual([]);
  });
});

describe('GroupIndex', () => {
  const st = { row: null } as unknown as EvalState;
  const key = (type: string, get: (r: any) => unknown, k = 'col:' + type) =>
    ({ key: k, type, eval: (s: EvalState) => get(s.row), columns: new Set([k]), readsMeta: false, readsBalance: false, hasAgg: false }) as never;
  it('finds groups by value over two keys, NULL apart, in first-row order', () => {
    const idx = new GroupIndex<string>([key('str', (r) => r.a, 'col:a'), key('decimal', (r) => r.n, 'col:n')]);
    const seen: string[] = [];
    const rows = [
      { a: 'x', n: Dec.of('1.5') },
      { a: 'x', n: Dec.of('1.50') },
      { a: null, n: Dec.of('1.5') },
      { a: 'y', n: null },
      { a: 'x', n: Dec.of('2') },
      { a: null, n: Dec.of('1.5') },
    ];
    for (const r of rows) {
      st.row = r;
      seen.push(idx.find(st, () => `g${idx.groups.length}`));
    }
    expect(seen).toEqual(['g0', 'g0', 'g1', 'g2', 'g3', 'g1']);
    expect(idx.groups).toEqual(['g0', 'g1', 'g2', 'g3']);
  });
  it('startsNew tells when consecutive rows change key', () => {
    const idx = new GroupIndex<string>([key('int', (r) => r.y, 'col:y')]);
    const out = [2024n, 2024n, 2025n, null, null, 2024n].map((y) => {
      st.row = { y };
      return idx.startsNew(st);
    });
    expect(out).toEqual([true, false, true, true, false, true]);
  });
});
