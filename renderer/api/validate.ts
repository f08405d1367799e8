/**
 * Checks of the JSON the API answers, at the boundary: everything past the client can trust the
 * shapes of engine/api-types.ts (the chart rule and the table read cells without re-checking).
 * A mismatch is a `Invalid` with the path of the first bad value, never an exception later in a
 * component. Hand-written (no schema library): the shapes are few and the cell check must be
 * fast for results of a million values.
 */
import type {
  Cell, ColumnType, CommodityDisplay, DisplayRounding, LedgerStatus, QueryColumn, QueryErrorBody, QueryResult, SavedQueryRecord, Schema, SchemaColumn,
  SchemaFunction, SchemaTable, StatisticSummary,
} from '../../engine/api-types';

export class Invalid extends Error {
  constructor(readonly path: string, what: string) {
    super(`unexpected answer from the server: ${path} ${what}`);
  }
}

type Obj = Record<string, unknown>;

function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Invalid(path, 'is not an object');
  return v as Obj;
}
function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new Invalid(path, 'is not a list');
  return v;
}
function str(v: unknown, path: string): string {
  if (typeof v !== 'string') throw new Invalid(path, 'is not a string');
  return v;
}
function strOrNull(v: unknown, path: string): string | null {
  return v === null ? null : str(v, path);
}
function int(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new Invalid(path, 'is not an integer');
  return v;
}
function intOrNull(v: unknown, path: string): number | null {
  return v === null || v === undefined ? null : int(v, path);
}
function bool(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') throw new Invalid(path, 'is not a boolean');
  return v;
}

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COLUMN_TYPES: ReadonlySet<string> = new Set<ColumnType>([
  'null', 'bool', 'int', 'decimal', 'str', 'date', 'set', 'amount', 'position', 'inventory', 'interval', 'metas',
]);

function decimal(v: unknown, path: string): string {
  if (typeof v !== 'string' || !DECIMAL.test(v)) throw new Invalid(path, 'is not a decimal string');
  return v;
}
function date(v: unknown, path: string): string {
  if (typeof v !== 'string' || !DATE.test(v)) throw new Invalid(path, 'is not a date');
  return v;
}
function amount(v: unknown, path: string): void {
  const o = obj(v, path);
  decimal(o.number, path + '.number');
  str(o.currency, path + '.currency');
}
function position(v: unknown, path: string): void {
  const o = obj(v, path);
  amount(o.units, path + '.units');
  if (o.cost !== null) {
    const c = obj(o.cost, path + '.cost');
    decimal(c.number, path + '.cost.number');
    str(c.currency, path + '.cost.currency');
    if (c.date !== null) date(c.date, path + '.cost.date');
    strOrNull(c.label, path + '.cost.label');
  }
}

function columnType(v: unknown, path: string): ColumnType {
  const t = str(v, path);
  if (!COLUMN_TYPES.has(t)) throw new Invalid(path, `is an unknown type ${JSON.stringify(t)}`);
  return t as ColumnType;
}

/** Checks one cell against its column type. */
export function checkCell(v: unknown, type: ColumnType, path: string): void {
  if (v === null) return;
  switch (type) {
    case 'null':
      throw new Invalid(path, 'should be NULL');
    case 'bool':
      bool(v, path);
      return;
    case 'int':
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Invalid(path, 'is not an integer');
      return;
    case 'decimal':
      decimal(v, path);
      return;
    case 'str':
    case 'interval':
      str(v, path);
      return;
    case 'date':
      date(v, path);
      return;
    case 'set': {
      const a = arr(v, path);
      for (let i = 0; i < a.length; i++) str(a[i], `${path}[${i}]`);
      return;
    }
    case 'amount':
      amount(v, path);
      return;
    case 'position':
      position(v, path);
      return;
    case 'inventory': {
      const ps = arr(obj(v, path).positions, path + '.positions');
      for (let i = 0; i < ps.length; i++) position(ps[i], `${path}.positions[${i}]`);
      return;
    }
    case 'metas': {
      const a = arr(v, path);
      for (let i = 0; i < a.length; i++) {
        const m = obj(a[i], `${path}[${i}]`);
        str(m.key, `${path}[${i}].key`);
        str(m.value, `${path}[${i}].value`);
      }
      return;
    }
  }
}

function data(body: unknown): unknown {
  return obj(body, 'body').data;
}

export function queryResult(body: unknown): QueryResult {
  const d = obj(data(body), 'data');
  const columns: QueryColumn[] = arr(d.columns, 'data.columns').map((c, i) => {
    const o = obj(c, `data.columns[${i}]`);
    return { name: str(o.name, `data.columns[${i}].name`), type: columnType(o.type, `data.columns[${i}].type`) };
  });
  const rows = arr(d.rows, 'data.rows');
  const n = columns.length;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!Array.isArray(row) || row.length !== n) throw new Invalid(`data.rows[${r}]`, `does not have ${n} cells`);
    for (let c = 0; c < n; c++) checkCell(row[c], columns[c].type, `data.rows[${r}][${c}]`);
  }
  const result: QueryResult = { columns, rows: rows as Cell[][] };
  if (d.total !== undefined) result.total = int(d.total, 'data.total');
  return result;
}

/** The 400 body of the query endpoints; null when the body is not one (then it is a plain error). */
export function queryErrorBody(body: unknown): QueryErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const o = body as Obj;
  if (typeof o.message !== 'string' || !('line' in o) || !('column' in o)) return null;
  try {
    return { message: o.message, line: intOrNull(o.line, 'line'), column: intOrNull(o.column, 'column') };
  } catch {
    return { message: o.message, line: null, column: null };
  }
}

function schemaColumn(v: unknown, path: string): SchemaColumn {
  const o = obj(v, path);
  return { name: str(o.name, path + '.name'), type: columnType(o.type, path + '.type'), description: str(o.description, path + '.description') };
}

export function schema(body: unknown): Schema {
  const d = obj(data(body), 'data');
  const columns = arr(d.columns, 'data.columns').map((c, i) => schemaColumn(c, `data.columns[${i}]`));
  const tables: SchemaTable[] = arr(d.tables, 'data.tables').map((t, i) => {
    const o = obj(t, `data.tables[${i}]`);
    return {
      name: str(o.name, `data.tables[${i}].name`),
      description: str(o.description, `data.tables[${i}].description`),
      columns: arr(o.columns, `data.tables[${i}].columns`).map((c, j) => schemaColumn(c, `data.tables[${i}].columns[${j}]`)),
    };
  });
  const functions: SchemaFunction[] = arr(d.functions, 'data.functions').map((f, i) => {
    const o = obj(f, `data.functions[${i}]`);
    return {
      name: str(o.name, `data.functions[${i}].name`),
      signature: str(o.signature, `data.functions[${i}].signature`),
      description: str(o.description, `data.functions[${i}].description`),
      aggregate: bool(o.aggregate, `data.functions[${i}].aggregate`),
    };
  });
  return { columns, tables, functions };
}

export function savedQueries(body: unknown): SavedQueryRecord[] {
  return arr(data(body), 'data').map((v, i) => {
    const p = `data[${i}]`;
    const o = obj(v, p);
    const valid = bool(o.valid, p + '.valid');
    let error: QueryErrorBody | null = null;
    if (o.error !== null && o.error !== undefined) {
      error = queryErrorBody(o.error);
      if (error === null) throw new Invalid(p + '.error', 'is not an error body');
    }
    return { name: str(o.name, p + '.name'), date: date(o.date, p + '.date'), query: str(o.query, p + '.query'), valid, error };
  });
}

export function ledgerStatus(body: unknown): LedgerStatus {
  const d = obj(data(body), 'data');
  const problem = d.problem === null || d.problem === undefined ? null : obj(d.problem, 'data.problem');
  return {
    generation: int(d.generation, 'data.generation'),
    file: str(d.file, 'data.file'),
    loaded_at: intOrNull(d.loaded_at, 'data.loaded_at'),
    load_ms: d.load_ms === null || d.load_ms === undefined ? null : num(d.load_ms, 'data.load_ms'),
    error_count: int(d.error_count, 'data.error_count'),
    transaction_count: int(d.transaction_count, 'data.transaction_count'),
    file_count: int(d.file_count, 'data.file_count'),
    problem: problem === null ? null : { message: str(problem.message, 'data.problem.message'), at: num(problem.at, 'data.problem.at') },
    loading: bool(d.loading, 'data.loading'),
  };
}

function num(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Invalid(path, 'is not a number');
  return v;
}

/** Only the operating currency of the summary is read by the Query page. */
export function summaryCurrency(body: unknown): string {
  const d = obj(data(body), 'data') as Partial<Record<keyof StatisticSummary, unknown>>;
  return str(d.currency, 'data.currency');
}

/** The message of a failing request's `{message}` body, if it has one. */
export function errorMessage(body: unknown): string | null {
  return typeof body === 'object' && body !== null && typeof (body as Obj).message === 'string' ? ((body as Obj).message as string) : null;
}

const ROUNDINGS: readonly DisplayRounding[] = ['half_even', 'half_up', 'half_down'];

export function commodityDisplays(body: unknown): CommodityDisplay[] {
  return arr(data(body), 'data').map((v, i) => {
    const p = `data[${i}]`;
    const o = obj(v, p);
    const rounding = str(o.rounding, p + '.rounding') as DisplayRounding;
    if (!ROUNDINGS.includes(rounding)) throw new Invalid(p + '.rounding', 'is not a rounding');
    const source = str(o.source, p + '.source');
    if (source !== 'directive' && source !== 'inferred') throw new Invalid(p + '.source', 'is not directive or inferred');
    return {
      currency: str(o.currency, p + '.currency'),
      precision: int(o.precision, p + '.precision'),
      source,
      rounding,
      prefix: strOrNull(o.prefix, p + '.prefix'),
      suffix: strOrNull(o.suffix, p + '.suffix'),
    };
  });
}
