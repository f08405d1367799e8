/**
 * End to end: the built query command (dist/cli/query.js, as `npm run query` runs it) on a small
 * ledger written here. Scripts rely on its output: json is exactly the body of POST /api/query
 * (or its 400 error body, exit 1), csv exactly the CSV export. The bundle also sets the one-shot
 * V8 flags (main/cli/one-shot.ts) before it loads, as a user's run does.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, isStale, OUT_DIR } from '../../../main/cli/run.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'query-cli-'));
const file = path.join(dir, 'main.beancount');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  if (isStale()) await build();
  fs.writeFileSync(
    file,
    [
      '2024-01-01 open Assets:Cash USD',
      '2024-01-01 open Expenses:Food USD',
      '2024-01-05 * "Shop" "Lunch"',
      '  Expenses:Food  12.50 USD',
      '  Assets:Cash',
      '2024-01-06 * "Cafe, the" "Coffee"',
      '  Expenses:Food  3.20 USD',
      '  Assets:Cash',
      '',
    ].join('\n'),
  );
}, 120_000);

function query(q: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(OUT_DIR, 'query.js'), file, q, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run query', () => {
  it('--format json prints the body of POST /api/query, numbers as exact strings', () => {
    const r = query('SELECT account, sum(number) AS total, count(*) AS n, max(date) AS last GROUP BY account ORDER BY account', '--format', 'json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      data: {
        columns: [
          { name: 'account', type: 'str' },
          { name: 'total', type: 'decimal' },
          { name: 'n', type: 'int' },
          { name: 'last', type: 'date' },
        ],
        rows: [
          ['Assets:Cash', '-15.70', 2, '2024-01-06'],
          ['Expenses:Food', '15.70', 2, '2024-01-06'],
        ],
      },
    });
  });

  it('--format csv prints the CSV export (quoted where a value has a comma)', () => {
    const r = query('SELECT date, payee, number WHERE account = "Expenses:Food"', '--format', 'csv');
    expect(r.code).toBe(0);
    expect(r.out).toBe('date,payee,number\r\n2024-01-05,Shop,12.50\r\n2024-01-06,"Cafe, the",3.20\r\n');
  });

  it('a failing query: --format json prints the 400 body and exits 1; text goes to stderr', () => {
    const j = query('SELECT\n  nope', '--format', 'json');
    expect(j.code).toBe(1);
    expect(JSON.parse(j.out)).toEqual({ message: expect.stringMatching(/nope/), line: 2, column: 3 });
    const t = query('SELECT\n  nope');
    expect(t.code).toBe(1);
    expect(t.out).toBe('');
    expect(t.err).toMatch(/^error at line 2, column 3: .*nope/);
  });

  it('the table format aligns the cells: text left, numbers right', () => {
    const r = query('SELECT payee, number WHERE account = "Expenses:Food"');
    expect(r.code).toBe(0);
    expect(r.out).toBe(['payee      number', '---------  ------', 'Shop        12.50', 'Cafe, the    3.20', ''].join('\n'));
  });
});
