/**
 * `npm run query -- LEDGER "QUERY" [--format table|csv|json]`: runs one query on a ledger.
 * json = the body of POST /api/query (or its 400 error body, exit 1); csv = the CSV export;
 * table = aligned text.
 */
import * as v8 from 'node:v8';
import { loadLedger } from '../../engine/ledger/index';
import { errorBody, runQuery, type QueryResult } from '../../engine/query/index';
import { QueryError } from '../../engine/query/errors';
import { writeResultJson } from '../../engine/query/encode';
import { toText } from '../../engine/query/values';
import { toCsv } from '../../engine/query/csv';
import type { Inventory } from '../../engine/query/inventory';
import type { TypeName } from '../../engine/query/types';
import { ONE_SHOT_V8_FLAGS } from './one-shot';

function usage(): never {
  process.stderr.write('usage: npm run query -- LEDGER "QUERY" [--format table|csv|json]\n');
  process.exit(2);
}

/** Lines of a cell: an inventory shows one position per line (as bean-query does), so wide lots stay readable. */
function cellLines(type: TypeName, v: unknown): string[] {
  if (v === null) return [''];
  if (type === 'inventory') {
    const ps = (v as Inventory).positions();
    return ps.length === 0 ? [''] : ps.map((p) => toText('position', p as never));
  }
  return [toText(type, v as never)];
}

function table(result: QueryResult): string {
  const head = result.columns.map((c) => c.name);
  const body = result.rows.map((r) => r.map((v, i) => cellLines(result.columns[i].type, v)));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => Math.max(...r[i].map((l) => l.length)))));
  const right = result.columns.map((c) => c.type === 'int' || c.type === 'decimal');
  const line = (cells: string[]) => cells.map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const r of body) {
    const height = Math.max(...r.map((c) => c.length));
    for (let k = 0; k < height; k++) out.push(line(r.map((c) => c[k] ?? '')));
  }
  return out.join('\n') + '\n';
}

function main(argv: string[]): number {
  let format = 'table';
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--format') format = argv[++i] ?? usage();
    else if (argv[i].startsWith('--format=')) format = argv[i].slice(9);
    else rest.push(argv[i]);
  }
  if (rest.length !== 2 || !['table', 'csv', 'json'].includes(format)) usage();
  const [ledger, query] = rest;
  const snapshot = loadLedger(ledger);
  try {
    const result = runQuery(snapshot, query);
    if (format === 'json') {
      // The body of POST /api/query, written as the server writes it.
      const parts: string[] = [];
      writeResultJson(result, (c) => parts.push(c));
      process.stdout.write(parts.join('') + '\n');
    }
    else if (format === 'csv') process.stdout.write(toCsv(result));
    else process.stdout.write(table(result));
    return 0;
  } catch (e) {
    if (!(e instanceof QueryError)) throw e;
    if (format === 'json') process.stdout.write(JSON.stringify(errorBody(e)) + '\n');
    else process.stderr.write(`error${e.line !== null ? ` at line ${e.line}, column ${e.column}` : ''}: ${e.message}\n`);
    return 1;
  }
}

v8.setFlagsFromString(ONE_SHOT_V8_FLAGS);
process.exitCode = main(process.argv.slice(2));
