/**
 * HTTP error answers and safe request-body reading. Every failure leaves the server as a JSON
 * body `{message}` (ApiErrorBody) with the right status; nothing a client sends can crash a
 * handler or the process.
 */
import { HTTPError, type H3Event } from 'h3';
import type { ApiErrorBody, QueryErrorBody } from '../../engine/api-types';

/** 1 MiB: far above any query (64 KiB limit) or parameter object, small enough to bound memory. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/** A failure a handler throws on purpose: its status, its message and optional headers. */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
  }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  const body: ApiErrorBody = { message };
  return jsonResponse(status, body, headers);
}

/** The 400 body of the query endpoints (spec: {message, line, column}, not wrapped in data). */
export function queryErrorResponse(error: { message: string; line?: number | null; column?: number | null }): Response {
  const body: QueryErrorBody = { message: error.message, line: error.line ?? null, column: error.column ?? null };
  return jsonResponse(400, body);
}

/**
 * Duck-typed so this module needs nothing from the query engine: an Error named QueryError
 * carrying line/column (engine/query/errors.ts) that escapes a handler is still a 400, not a 500.
 */
function isQueryError(e: unknown): e is Error & { line: number | null; column: number | null } {
  return e instanceof Error && e.name === 'QueryError' && 'line' in e && 'column' in e;
}

/**
 * Maps anything a handler threw to a response. Unexpected errors are logged and answered with a
 * generic 500 so internals (paths, stack traces) never reach a client.
 */
export function toErrorResponse(thrown: unknown, log: (e: unknown) => void = defaultLog): Response {
  // h3 wraps whatever a handler throws in an HTTPError marked unhandled, keeping it as `cause`.
  const error = HTTPError.isError(thrown) && thrown.unhandled && thrown.cause !== undefined ? thrown.cause : thrown;
  if (error instanceof ApiError) return errorResponse(error.status, error.message, error.headers);
  if (isQueryError(error)) return queryErrorResponse(error);
  if (HTTPError.isError(error) && !error.unhandled) {
    // Raised by h3 itself before any handler runs, e.g. a malformed percent-encoded URL.
    const message = error.status === 400 ? 'malformed request URL' : error.message || 'request failed';
    return errorResponse(error.status, message);
  }
  log(error);
  return errorResponse(500, 'internal server error (details are in the server log)');
}

function defaultLog(e: unknown): void {
  console.error('[server] unexpected error:', e);
}

// ---------------------------------------------------------------------------------------------
// Request bodies

function describeContentType(value: string | null): string {
  return value === null || value === '' ? 'none' : `'${value.slice(0, 100)}'`;
}

/** application/json, optionally with parameters; `application/<x>+json` too. */
function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const essence = value.split(';', 1)[0].trim().toLowerCase();
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
}

/** Reads the raw body with a byte limit, stopping as soon as it is exceeded (no unbounded buffering). */
export async function readBodyBytes(event: H3Event, limit: number): Promise<Uint8Array> {
  const req = event.req;
  const tooLarge = () =>
    new ApiError(413, `request body too large: at most ${limit} bytes (${formatBytes(limit)}) are accepted`);
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const code = (e as { status?: number; code?: string } | null)?.code;
    if (code === 'ERR_BODY_TOO_LARGE') throw tooLarge();
    throw new ApiError(400, 'the request body could not be read (connection closed early?)');
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** Line and column (1-based, in characters) of a character offset, for JSON syntax errors. */
function lineColumn(text: string, offset: number): [number, number] {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  // Count code points, not UTF-16 units, to match how the spec counts columns.
  return [line, [...text.slice(lineStart, offset)].length + 1];
}

/**
 * Reads a JSON body: content type must be JSON (415), size within the limit (413), UTF-8 and
 * well-formed JSON (400, with the line and column of a syntax error in the message).
 */
export async function readJsonBody(event: H3Event, limit: number = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const contentType = event.req.headers.get('content-type');
  if (!isJsonContentType(contentType)) {
    throw new ApiError(
      415,
      `request body must be JSON: send 'Content-Type: application/json' (got ${describeContentType(contentType)})`,
    );
  }
  const bytes = await readBodyBytes(event, limit);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError(400, 'request body is not valid UTF-8');
  }
  if (text.trim() === '') throw new ApiError(400, 'request body is empty: expected a JSON object');
  try {
    return JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(detail);
    if (pos) {
      const [line, column] = lineColumn(text, Number(pos[1]));
      const reason = detail.replace(/\s*(in JSON )?at position \d+.*$/s, '');
      throw new ApiError(400, `malformed JSON in request body at line ${line}, column ${column}: ${reason}`);
    }
    throw new ApiError(400, `malformed JSON in request body: ${detail}`);
  }
}

/** As readJsonBody, and the top level must be an object (not an array, string or null). */
export async function readJsonObject(event: H3Event, limit: number = DEFAULT_BODY_LIMIT): Promise<Record<string, unknown>> {
  const value = await readJsonBody(event, limit);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new ApiError(400, `request body must be a JSON object, got ${kind}`);
  }
  return value as Record<string, unknown>;
}
