/**
 * JSON cell encoding of query results (document 1 "Cell encoding") and the result-size cost of a
 * cell (document 1 "Limits", result size counting).
 *
 * ints are 64-bit, beyond what a JSON reader keeping doubles holds exactly, and JSON.stringify
 * refuses bigint. encodeCell keeps ints as bigint; stringifyResult writes them as bare digits.
 */
import type { Dec } from '../decimal';
import { formatDate } from '../dates';
import type { Amount, Cost, Position } from '../ledger/snapshot';
import type { Inventory } from './inventory';
import { intervalText } from './interval';
import { RESULT_TEXT_BYTES_PER_VALUE } from './limits';
import { utf8Length } from './errors';
import type { Interval, Metas, StrSet, TypeName } from './types';

export interface JsonAmount {
  number: string;
  currency: string;
}
export interface JsonCost {
  number: string;
  currency: string;
  date: string | null;
  label: string | null;
}
export interface JsonPosition {
  units: JsonAmount;
  cost: JsonCost | null;
}
export interface JsonInventory {
  positions: JsonPosition[];
}
/** A JSON-ready cell; `bigint` stands for an int, to be written by stringifyResult. */
export type JsonCell =
  | null
  | boolean
  | bigint
  | string
  | readonly string[]
  | JsonAmount
  | JsonPosition
  | JsonInventory
  | { key: string; value: string }[];

function encAmount(a: Amount): JsonAmount {
  return { number: a.number.toString(), currency: a.currency };
}

function encCost(c: Cost): JsonCost {
  return { number: c.number.toString(), currency: c.currency, date: formatDate(c.date), label: c.label };
}

export function encodePosition(p: Position): JsonPosition {
  return { units: encAmount(p.units), cost: p.cost === null ? null : encCost(p.cost) };
}

/** One cell as document 1 "Cell encoding" describes it. */
export function encodeCell(type: TypeName, v: unknown): JsonCell {
  if (v === null) return null;
  switch (type) {
    case 'bool':
      return v as boolean;
    case 'int':
      // An int column may meet a widened value only through a bug; keep digits either way.
      return typeof v === 'bigint' ? v : BigInt((v as Dec).toString());
    case 'decimal':
      return typeof v === 'bigint' ? v.toString() : (v as Dec).toString();
    case 'str':
      return v as string;
    case 'date':
      return formatDate(v as number);
    case 'set':
      return v as StrSet;
    case 'amount':
      return encAmount(v as Amount);
    case 'position':
      return encodePosition(v as Position);
    case 'inventory':
      return { positions: (v as Inventory).positions().map(encodePosition) };
    case 'interval':
      return intervalText(v as Interval);
    case 'metas':
      return (v as Metas).map(([key, value]) => ({ key, value }));
    case 'null':
      return null;
  }
}

/**
 * JSON text of a result object: like JSON.stringify, but bigint is written as bare digits and
 * objects with toJSON (Dec) are asked for it. Undefined object fields are left out. `tick` is
 * called once per array element written (rows, cells, positions): the request's time limit and
 * cancellation (execute/limits.ts workTicker) cover encoding too.
 */
export function stringifyResult(obj: unknown, tick: () => void = NO_TICK): string {
  const chunks: string[] = [];
  writeJsonChunks(obj, (chunk) => chunks.push(chunk), tick);
  return chunks.join('');
}

const NO_TICK = (): void => undefined;

/** Pieces are joined into chunks of about this many UTF-16 units before they are emitted. */
const CHUNK_UNITS = 1 << 16;

/**
 * The same text as stringifyResult, handed to `emit` in chunks of about 64K characters, so a
 * large body can be sent while it is written instead of being held as one string.
 */
export function writeJsonChunks(obj: unknown, emit: (chunk: string) => void, tick: () => void = NO_TICK): void {
  const out = new ChunkSink(emit);
  write(obj, out, tick);
  out.flush();
}

/**
 * Pieces are appended to one string (V8 keeps it as a rope until it is read) and emitted once it
 * reaches CHUNK_UNITS: an array of the pieces joined per chunk was most of the time of a large
 * body (a 77 MB answer of 6,000 balances: 3.3 s of pieces pushed and joined).
 */
class ChunkSink {
  private buf = '';
  constructor(private readonly emit: (chunk: string) => void) {}
  push(p: string): void {
    this.buf += p;
    if (this.buf.length >= CHUNK_UNITS) this.flush();
  }
  flush(): void {
    if (this.buf.length === 0) return;
    const chunk = this.buf;
    this.buf = '';
    this.emit(chunk);
  }
}

/** `"key":` for the object keys met so far (the encodings' few field names), bounded. */
const quotedKeys = new Map<string, string>();

function quotedKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = JSON.stringify(k) + ':';
    if (quotedKeys.size < 256) quotedKeys.set(k, q);
  }
  return q;
}

function write(v: unknown, out: ChunkSink, tick: () => void): void {
  if (v === null || v === undefined) {
    out.push('null');
    return;
  }
  switch (typeof v) {
    case 'string':
      out.push(JSON.stringify(v));
      return;
    case 'bigint':
      out.push(v.toString());
      return;
    case 'number':
      out.push(Number.isFinite(v) ? String(v) : 'null');
      return;
    case 'boolean':
      out.push(v ? 'true' : 'false');
      return;
    case 'object':
      break;
    default:
      out.push('null');
      return;
  }
  if (Array.isArray(v)) {
    out.push('[');
    for (let i = 0; i < v.length; i++) {
      tick();
      if (i) out.push(',');
      write(v[i] === undefined ? null : v[i], out, tick);
    }
    out.push(']');
    return;
  }
  const o = v as Record<string, unknown> & { toJSON?: () => unknown };
  if (typeof o.toJSON === 'function') {
    write(o.toJSON(), out, tick);
    return;
  }
  out.push('{');
  let first = true;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (x === undefined || typeof x === 'function') continue;
    if (!first) out.push(',');
    first = false;
    out.push(quotedKey(k));
    write(x, out, tick);
  }
  out.push('}');
}

/** What writeResultJson writes: a query result's columns, raw rows and total. */
export interface ResultToWrite {
  readonly columns: readonly { readonly name: string; readonly type: TypeName }[];
  readonly rows: readonly (readonly unknown[])[];
  readonly total?: number;
}

/**
 * The JSON body of a query answer, `{"data":{"columns":...,"rows":...,"total":...}}`: the same text
 * as writeJsonChunks of encodeResult's object (index.ts), without making that object first.
 * Amounts, positions and inventories are written as they are read; other cells through
 * encodeCell. Making a JSON object per position, units and cost first was 1.1 s (most of it the
 * collector's) of a 77 MB answer of 6,000 balances. `tick` as writeJsonChunks: per row, cell and
 * position.
 */
export function writeResultJson(result: ResultToWrite, emit: (chunk: string) => void, tick: () => void = NO_TICK): void {
  const out = new ChunkSink(emit);
  out.push('{"data":{"columns":');
  write(result.columns, out, tick);
  out.push(',"rows":[');
  const types = result.columns.map((c) => c.type);
  const rows = result.rows;
  for (let r = 0; r < rows.length; r++) {
    tick();
    out.push(r === 0 ? '[' : ',[');
    const row = rows[r];
    for (let i = 0; i < row.length; i++) {
      tick();
      if (i) out.push(',');
      writeCell(types[i], row[i], out, tick);
    }
    out.push(']');
  }
  out.push(']');
  if (result.total !== undefined) {
    out.push(',"total":');
    write(result.total, out, tick);
  }
  out.push('}}');
  out.flush();
}

function writeCell(type: TypeName, v: unknown, out: ChunkSink, tick: () => void): void {
  if (v === null || v === undefined) {
    out.push('null');
    return;
  }
  switch (type) {
    case 'amount':
      writeAmount(v as Amount, out);
      return;
    case 'position':
      writePosition(v as Position, out);
      return;
    case 'inventory': {
      const ps = (v as Inventory).positions();
      out.push('{"positions":[');
      for (let i = 0; i < ps.length; i++) {
        tick();
        if (i) out.push(',');
        writePosition(ps[i], out);
      }
      out.push(']}');
      return;
    }
    default:
      write(encodeCell(type, v), out, tick);
  }
}

// A decimal's text needs no escaping (digits, sign and point); currencies and labels go through
// JSON.stringify as encodeCell's strings do through write().
function writeAmount(a: Amount, out: ChunkSink): void {
  out.push('{"number":"' + a.number.toString() + '","currency":' + JSON.stringify(a.currency) + '}');
}

function writePosition(p: Position, out: ChunkSink): void {
  out.push('{"units":');
  writeAmount(p.units, out);
  const c = p.cost;
  if (c === null) out.push(',"cost":null}');
  else {
    out.push(
      ',"cost":{"number":"' +
        c.number.toString() +
        '","currency":' +
        JSON.stringify(c.currency) +
        ',"date":' +
        JSON.stringify(formatDate(c.date)) +
        ',"label":' +
        (c.label === null ? 'null' : JSON.stringify(c.label)) +
        '}}',
    );
  }
}

/** Extra values for text: one per 64 bytes of UTF-8 (whole blocks). */
function textBytes(s: string): number {
  // A UTF-16 unit is at most 3 bytes of UTF-8: short strings cannot reach a block.
  return s.length * 3 < RESULT_TEXT_BYTES_PER_VALUE ? 0 : utf8Length(s);
}

/**
 * Result-size cost of one cell: 1, plus 1 per inventory position, set element and metas pair,
 * plus 1 per whole 64 bytes of text in the cell (a str, or the elements of a set, or the keys
 * and values of a metas list, added up per cell). "One per 64 bytes" is read as whole blocks:
 * a 63-byte text costs 1, a 64-byte text 2.
 */
export function countValue(type: TypeName, v: unknown): number {
  if (v === null) return 1;
  switch (type) {
    case 'str': {
      const b = textBytes(v as string);
      return 1 + Math.floor(b / RESULT_TEXT_BYTES_PER_VALUE);
    }
    case 'set': {
      const s = v as StrSet;
      let b = 0;
      for (let i = 0; i < s.length; i++) b += utf8Length(s[i]);
      return 1 + s.length + Math.floor(b / RESULT_TEXT_BYTES_PER_VALUE);
    }
    case 'metas': {
      const m = v as Metas;
      let b = 0;
      for (let i = 0; i < m.length; i++) b += utf8Length(m[i][0]) + utf8Length(m[i][1]);
      return 1 + m.length + Math.floor(b / RESULT_TEXT_BYTES_PER_VALUE);
    }
    case 'inventory':
      return 1 + (v as Inventory).size;
    default:
      return 1;
  }
}
