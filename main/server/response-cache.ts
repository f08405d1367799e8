/**
 * Answers kept on the main thread between reloads (issue 15: light requests stay fast under
 * load). The ledger is read-only between reloads, so a request identical to an earlier one (same
 * method, path and query string, content type and body) asked of the same snapshot gets the same
 * answer: it is served from memory without a trip to an engine worker. The main thread answers a
 * hit in well under a millisecond, while a worker round trip costs a few milliseconds of CPU and
 * may wait behind other requests.
 *
 * What is kept, and for how long:
 * - only successful (200) answers of the endpoints listed in CACHEABLE below, which depend on
 *   nothing but the snapshot, the request and the date. Errors never: a time-limit 400 or a
 *   cancelled request is a fact about that moment, not about the ledger; so are document
 *   downloads (they read the disk) and anything not listed (the pool tests' probe endpoints);
 * - every answer belongs to an epoch, the published generation (EnginePool.generation) and the
 *   quarter hour of UTC it was computed in; a new epoch drops everything. A reload therefore
 *   empties the cache, and anything that reads today's date (today() in a query, relative time
 *   filters, statements whose range ends today) is never served past midnight: every time zone
 *   in use is a whole number of quarter hours from UTC, so a day starts, in whatever zone the
 *   ledger's `timezone` option or the machine names, on a quarter-hour boundary. (The query
 *   language has no function reading the time of day: today() is the only clock.) An answer
 *   whose request started in another epoch than it ended in is not kept;
 * - bounded by bytes (maxBytes, least recently used first out); an answer over maxEntryBytes is
 *   never kept (a 77 MB result would evict everything else for one unlikely repeat).
 *
 * The cache sits behind the Host check and authentication (app.ts runs both before forwarding),
 * so a hit is never served to a client that could not have asked the worker.
 */

/** A quarter hour: the longest an answer may outlive the day it was computed on (see above). */
export const EPOCH_MS = 15 * 60 * 1000;

export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_ENTRY_BYTES = 4 * 1024 * 1024;
/** Bodies longer than this are not used as keys (queries are at most 64 KiB of text). */
export const MAX_KEY_BODY_BYTES = 64 * 1024;

/** GET paths whose answer is a function of the snapshot, the URL and the date. */
const CACHEABLE_GET: readonly RegExp[] = [
  /^\/api\/errors$/,
  /^\/api\/commodities\/display$/,
  /^\/api\/query\/(builtins|schema|saved)$/,
  /^\/api\/journals$/,
  /^\/api\/accounts\/[^/]+\/journals$/,
  /^\/api\/for-new-transaction$/,
  /^\/api\/documents$/, // the list only: /api/documents/file reads the disk
  /^\/api\/statistic\/[^/]+$/,
  /^\/api\/filter\/time$/,
  /^\/api\/budgets\/fava$/,
  /^\/api\/statements\/[^/]+$/,
  /^\/api\/holdings$/,
  /^\/api\/plugins$/,
];

/** POST paths that only read (queries, CSV export, a built-in's text). */
const CACHEABLE_POST: readonly RegExp[] = [/^\/api\/query$/, /^\/api\/query\/csv$/, /^\/api\/query\/builtins\/[^/]+\/text$/];

/** An answer as the engine pool gives it: status, headers, body chunks. */
export interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: ArrayBuffer[];
}

export interface CachedAnswer {
  status: number;
  headers: Array<[string, string]>;
  /** The body joined once, when kept, so a hit is one socket write. */
  body: Buffer<ArrayBuffer>;
}

export interface ResponseCacheOptions {
  /** Total bytes of kept bodies and keys (default 32 MiB). */
  maxBytes?: number;
  /** Largest body kept (default 4 MiB). */
  maxEntryBytes?: number;
  /** Clock, ms since the epoch (tests move it across a quarter hour). */
  now?: () => number;
}

/**
 * The key of a request, or null when its answer must not be kept. `pathname` without the query
 * string; `path` with it, exactly as sent (the routes read parameters in order, so `a=1&b=2` and
 * `b=2&a=1` are two keys: rare, and never wrong).
 */
export function cacheKeyOf(method: string, pathname: string, path: string, contentType: string | null, body: ArrayBuffer | null): string | null {
  if (method === 'GET') return CACHEABLE_GET.some((re) => re.test(pathname)) ? `GET ${path}` : null;
  if (method !== 'POST' || !CACHEABLE_POST.some((re) => re.test(pathname))) return null;
  if (body !== null && body.byteLength > MAX_KEY_BODY_BYTES) return null;
  // The content type decides between an answer and a 415; latin1 keeps any bytes as they are.
  const text = body === null ? '' : Buffer.from(body).toString('latin1');
  return `POST ${path}\n${contentType ?? ''}\n${text}`;
}

export class ResponseCache {
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly now: () => number;
  /** Map order is recency: the first entry is the least recently used. */
  private readonly entries = new Map<string, { answer: CachedAnswer; bytes: number }>();
  private currentEpoch = '';
  private generation = -1;
  private slot = -1;
  bytes = 0;
  hits = 0;
  misses = 0;

  constructor(options: ResponseCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.maxEntryBytes = Math.min(options.maxEntryBytes ?? DEFAULT_ENTRY_BYTES, this.maxBytes);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The epoch of a request arriving now, for the served generation; a new epoch empties the cache. */
  epoch(generation: number): string {
    const slot = Math.floor(this.now() / EPOCH_MS);
    if (generation !== this.generation || slot !== this.slot) {
      this.entries.clear();
      this.bytes = 0;
      this.generation = generation;
      this.slot = slot;
      this.currentEpoch = `${generation}/${slot}`;
    }
    return this.currentEpoch;
  }

  get(epoch: string, key: string): CachedAnswer | undefined {
    const entry = epoch === this.currentEpoch ? this.entries.get(key) : undefined;
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /**
   * Keeps a 200 answer computed in `epoch` if that is still the epoch now (`generation`: the one
   * served now). Returns the kept form, or null when not kept.
   */
  put(epoch: string, generation: number, key: string, answer: Answer): CachedAnswer | null {
    if (answer.status !== 200 || answer.headers.some(([name]) => name.toLowerCase() === 'set-cookie')) return null;
    if (this.epoch(generation) !== epoch) return null;
    let size = 0;
    for (const c of answer.body) size += c.byteLength;
    if (size > this.maxEntryBytes) return null;
    const body: Buffer<ArrayBuffer> = answer.body.length === 1 ? Buffer.from(answer.body[0]) : Buffer.concat(answer.body.map((c) => new Uint8Array(c)), size);
    const bytes = size + 2 * key.length;
    if (bytes > this.maxBytes) return null;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    while (this.bytes + bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.bytes;
    }
    const kept: CachedAnswer = { status: answer.status, headers: answer.headers, body };
    this.entries.set(key, { answer: kept, bytes });
    this.bytes += bytes;
    return kept;
  }
}
