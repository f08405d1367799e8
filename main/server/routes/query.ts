/**
 * The query endpoints (spec 1, "Endpoints"): run a query as JSON or CSV, list the ledger's saved
 * queries, list the built-in queries, write a built-in's parameters into its text, and describe
 * the language (schema).
 *
 * Query texts sent here bind no parameters: a text still holding `:name` fails like any other
 * query (`parameter :name is not bound`). Only the built-in text endpoint turns parameters into
 * values, and only by writing them as literals (engine/builtins/render.ts).
 */
import { getRouterParam } from 'h3';
import type {
  BuiltinDescriptor,
  BuiltinListBody,
  BuiltinTextBody,
  QueryErrorBody,
  SavedQueryListBody,
  SavedQueryRecord,
  Schema,
  SchemaBody,
} from '../../../engine/api-types';
import { formatDate } from '../../../engine/dates';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { QueryError, compileQuery, runQuery, type QueryResult } from '../../../engine/query/index';
import { writeResultJson } from '../../../engine/query/encode';
import { csvChunks } from '../../../engine/query/csv';
import { workTicker } from '../../../engine/query/execute/limits';
import { querySchema } from '../../../engine/query/schema';
import { BUILTINS, findBuiltin } from '../../../engine/builtins/catalogue/index';
import { BuiltinParamError, paramsFromJson } from '../../../engine/builtins/params';
import { renderQuery } from '../../../engine/builtins/render';
import type { RouteContext, RouteModule } from '../app';
import { ApiError, readJsonObject } from '../http-errors';
import { FilterError, filterQuery, isEmptyFilter, type FilterParams } from '../../../engine/filters/index';
import { filterFor, filterParamsFromBody } from './filter-params';

export const QUERY_PATH = '/api/query';
export const QUERY_CSV_PATH = '/api/query/csv';
export const SAVED_QUERIES_PATH = '/api/query/saved';
export const BUILTINS_PATH = '/api/query/builtins';
export const BUILTIN_TEXT_PATH = '/api/query/builtins/:name/text';
export const SCHEMA_PATH = '/api/query/schema';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A request the query endpoints cannot run is answered with the query error body too (message,
 * no position), so a client of these endpoints reads one 400 shape (spec silent for a body
 * without a `query` string).
 */
function badRequest(message: string): never {
  throw new QueryError(message, null, null);
}

interface QueryRequestFields {
  query: string;
  countTotal: boolean;
  /** Optional `time`, `account`, `filter` fields (issue 16 §1): applied to the query's text. */
  filter?: FilterParams;
}

async function readQueryRequest(c: RouteContext, bodyLimit: number): Promise<QueryRequestFields> {
  const body = await readJsonObject(c.event, bodyLimit);
  if (typeof body.query !== 'string') {
    badRequest(
      body.query === undefined ? "the request needs a 'query' field with the query text" : "'query' must be a string",
    );
  }
  const countTotal = body.count_total;
  if (countTotal !== undefined && countTotal !== null && typeof countTotal !== 'boolean') {
    badRequest("'count_total' must be true or false");
  }
  return { query: body.query, countTotal: countTotal === true, filter: filterFields(body) };
}

/**
 * The body's filter fields; a bad one is answered in the query endpoints' 400 shape
 * ({message, line: null, column: null}: the position is in the message, which names the filter).
 */
function filterFields(body: Record<string, unknown>): FilterParams {
  try {
    return filterParamsFromBody(body);
  } catch (e) {
    if (e instanceof FilterError) badRequest(e.message);
    throw e;
  }
}

/** The query text with the request's filter written in (unchanged without one). */
function filteredText(snapshot: Snapshot, text: string, params: FilterParams | undefined): string {
  if (!params || (!params.time && !params.account && !params.filter)) return text;
  let filter;
  try {
    filter = filterFor(snapshot, params);
  } catch (e) {
    if (e instanceof ApiError) badRequest(e.message);
    throw e;
  }
  if (isEmptyFilter(filter)) return text;
  try {
    return filterQuery(text, filter, snapshot);
  } catch (e) {
    if (e instanceof FilterError) badRequest(e.message);
    throw e;
  }
}

/** Runs a request's query on the pinned snapshot; a QueryError escapes and becomes the 400 body. */
function run(snapshot: Snapshot, req: QueryRequestFields): QueryResult {
  return runQuery(snapshot, filteredText(snapshot, req.query, req.filter), { countTotal: req.countTotal });
}

/**
 * One record per `query` directive, compiled now with the current engine (never at load time, so
 * an outdated saved query is listed as invalid rather than being a ledger error).
 */
export function savedQueries(snapshot: Snapshot): SavedQueryRecord[] {
  return snapshot.queries.map((q) => {
    let error: QueryErrorBody | null = null;
    try {
      compileQuery(q.query);
    } catch (e) {
      // Anything the compiler throws makes the saved query invalid; it never fails the list.
      error =
        e instanceof QueryError
          ? { message: e.message, line: e.line, column: e.column }
          : { message: e instanceof Error ? e.message : String(e), line: null, column: null };
    }
    return { name: q.name, date: formatDate(q.date), query: q.query, valid: error === null, error };
  });
}

/** The descriptors of GET /api/query/builtins, as plain JSON objects. */
export function builtinDescriptors(): BuiltinDescriptor[] {
  return BUILTINS.map((b) => ({
    name: b.name,
    description: b.description,
    bql: b.bql,
    params: b.params.map((p) => ({ name: p.name, type: p.type })),
  }));
}

function builtinName(c: RouteContext): string {
  const raw = getRouterParam(c.event, 'name') ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiError(400, 'the built-in query name in the path is not valid percent-encoded UTF-8');
  }
}

/**
 * A body written in pieces (about 64K characters each), kept as UTF-8 byte chunks: the whole
 * answer is written (within the time limit) before the response starts, so a query stopped while
 * encoding is still a 400, but no single string or buffer of the whole size is ever built, and
 * the engine worker hands the chunks to the main thread as they are (main/engine/worker.ts).
 */
class ChunkBytes {
  private readonly chunks: Uint8Array<ArrayBuffer>[] = [];
  private readonly encoder = new TextEncoder();
  byteLength = 0;
  readonly add = (text: string): void => {
    const bytes = this.encoder.encode(text);
    this.chunks.push(bytes);
    this.byteLength += bytes.byteLength;
  };
  body(): BodyInit {
    if (this.chunks.length === 1) return this.chunks[0];
    let i = 0;
    const chunks = this.chunks;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < chunks.length) controller.enqueue(chunks[i++]);
        else controller.close();
      },
    });
  }
}

let schema: Schema | null = null;

export const queryRoutes: RouteModule = (routes, server) => {
  routes.post(QUERY_PATH, async (c) => {
    const req = await readQueryRequest(c, server.bodyLimit);
    // writeResultJson writes 64-bit ints as exact digits (JSON.stringify cannot write a bigint),
    // the cells straight from the rows (the same text as encodeResult's object written).
    // Encoding ticks the query's deadline: a result too slow to write is the time-limit 400.
    const result = run(c.snapshot, req);
    const chunks = new ChunkBytes();
    writeResultJson(result, chunks.add, workTicker(result.deadline));
    return new Response(chunks.body(), {
      status: 200,
      headers: { 'content-type': JSON_TYPE, 'content-length': String(chunks.byteLength) },
    });
  });

  routes.post(QUERY_CSV_PATH, async (c) => {
    const req = await readQueryRequest(c, server.bodyLimit);
    // The row count is not part of a CSV file.
    const chunks = new ChunkBytes();
    csvChunks(run(c.snapshot, { ...req, countTotal: false }), chunks.add);
    return new Response(chunks.body(), {
      status: 200,
      headers: {
        'content-length': String(chunks.byteLength),
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="query.csv"',
      },
    });
  });

  routes.get(SAVED_QUERIES_PATH, (c) => {
    const body: SavedQueryListBody = { data: savedQueries(c.snapshot) };
    return body;
  });

  routes.get(BUILTINS_PATH, () => {
    const body: BuiltinListBody = { data: builtinDescriptors() };
    return body;
  });

  routes.post(BUILTIN_TEXT_PATH, async (c) => {
    const name = builtinName(c);
    const builtin = findBuiltin(name);
    if (!builtin) throw new ApiError(404, `no built-in query named '${name}' (GET ${BUILTINS_PATH} lists them)`);
    const body = await readJsonObject(c.event, server.bodyLimit);
    // A query without parameters may be asked for without a params object.
    const params = body.params === undefined && builtin.params.length === 0 ? {} : body.params;
    try {
      // With filter fields, the text is the one a filtered page runs (what "Open query" opens).
      const text = filteredText(c.snapshot, renderQuery(builtin, paramsFromJson(builtin, params)), filterFields(body));
      const out: BuiltinTextBody = { data: { query: text } };
      return out;
    } catch (e) {
      if (e instanceof BuiltinParamError) throw new ApiError(400, e.message);
      throw e;
    }
  });

  routes.get(SCHEMA_PATH, () => {
    // Generated from the registries, which do not change while the server runs.
    schema ??= querySchema();
    const body: SchemaBody = { data: schema };
    return body;
  });
};

