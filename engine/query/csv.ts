/**
 * CSV export of a query result (document 1 "CSV export rules"): numberify (amount, position and
 * inventory columns split into one decimal column per currency), then RFC 4180 with CRLF.
 */
import type { Dec } from '../decimal';
import type { Amount, Position } from '../ledger/snapshot';
import { Inventory } from './inventory';
import type { TypeName } from './types';
import { toText } from './values';
import type { QueryResult } from './index';
import { workTicker } from './execute/limits';

const SPLIT: ReadonlySet<TypeName> = new Set(['amount', 'position', 'inventory']);

/** Per-currency numbers of one cell; `null` entries are written as empty cells (zero amounts, zero inventory totals). */
function cellNumbers(type: TypeName, v: unknown): Map<string, Dec | null> {
  const m = new Map<string, Dec | null>();
  if (v === null) return m;
  if (type === 'amount') {
    const a = v as Amount;
    // A zero amount is an empty cell and does not count towards the columns.
    if (!a.number.isZero()) m.set(a.currency, a.number);
  } else if (type === 'position') {
    const p = v as Position;
    m.set(p.units.currency, p.units.number);
  } else {
    for (const p of (v as Inventory).units().positions()) m.set(p.units.currency, p.units.number);
  }
  return m;
}

interface OutCol {
  name: string;
  /** Source column index. */
  src: number;
  /** Currency of a numberified column, or null for a kept column. */
  currency: string | null;
  type: TypeName;
}

/** Numberify: the output columns and, per row, the per-currency numbers of split columns. */
function numberify(result: QueryResult, tick: () => void): { cols: OutCol[]; split: Map<number, Map<string, Dec | null>[]> } {
  const cols: OutCol[] = [];
  const split = new Map<number, Map<string, Dec | null>[]>();
  result.columns.forEach((c, i) => {
    if (!SPLIT.has(c.type)) {
      cols.push({ name: c.name, src: i, currency: null, type: c.type });
      return;
    }
    const perRow = result.rows.map((r) => {
      tick();
      return cellNumbers(c.type, r[i]);
    });
    split.set(i, perRow);
    const counts = new Map<string, number>();
    for (const m of perRow) for (const cur of m.keys()) counts.set(cur, (counts.get(cur) ?? 0) + 1);
    // Most rows first; ties by currency name descending.
    const currencies = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0)).map((e) => e[0]);
    for (const cur of currencies) cols.push({ name: `${c.name} (${cur})`, src: i, currency: cur, type: 'decimal' });
  });
  return { cols, split };
}

function field(s: string): string {
  return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

function text(type: TypeName, v: unknown): string {
  if (v === null) return '';
  if (type === 'bool') return v ? 'TRUE' : 'FALSE';
  return toText(type, v as never);
}

function record(fields: string[]): string {
  // A row with a single empty field would read as a blank line: write two double quotes.
  if (fields.length === 1 && fields[0] === '') return '""\r\n';
  return fields.join(',') + '\r\n';
}

/**
 * The CSV text. Each row ticks the query's deadline (or the host's cancellation flag): the time
 * limit covers the export too. Rows are written as chunks of about 64K characters to `emit`
 * (csvChunks) or joined (toCsv).
 */
export function toCsv(result: QueryResult): string {
  const chunks: string[] = [];
  csvChunks(result, (c) => chunks.push(c));
  return chunks.join('');
}

const CHUNK_UNITS = 1 << 16;

export function csvChunks(result: QueryResult, emit: (chunk: string) => void): void {
  const tick = workTicker(result.deadline);
  const { cols, split } = numberify(result, tick);
  let out = record(cols.map((c) => field(c.name)));
  result.rows.forEach((row, r) => {
    tick();
    if (out.length >= CHUNK_UNITS) {
      emit(out);
      out = '';
    }
    const fields = cols.map((c) => {
      if (c.currency === null) return field(text(c.type, row[c.src]));
      const n = split.get(c.src)![r].get(c.currency!);
      if (n === undefined || n === null) return '';
      // An inventory whose total in a currency is zero is an empty cell; a position's zero units are 0.
      if (result.columns[c.src].type === 'inventory' && n.isZero()) return '';
      return n.toString();
    });
    out += record(fields);
  });
  if (out) emit(out);
}
