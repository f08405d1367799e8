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

class ChunkSink {
  private pieces: string[] = [];
  private units = 0;
  constructor(private readonly emit: (chunk: string) => void) {}
  push(...parts: string[]): void {
    for (const p of parts) {
      this.pieces.push(p);
      this.units += p.length;
    }
    if (this.units >= CHUNK_UNITS) this.flush();
  }
  flush(): void {
    if (!this.pieces.length) return;
    const chunk = this.pieces.join('');
    this.pieces = [];
    this.units = 0;
    this.emit(chunk);
  }
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
    out.push(JSON.stringify(k), ':');
    write(x, out, tick);
  }
  out.push('}');
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
