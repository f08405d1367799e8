/**
 * The main thread's side of pooled serving: turns an /api request that reached the router
 * (after the Host check and authentication) into a message for the engine pool, and the pool's
 * answer back into a Response. Credentials stay on this thread: the workers' router has no
 * authentication and never sees a password or session cookie.
 *
 * Repeatable requests are answered from the response cache (main/server/response-cache.ts) when
 * they can be, and identical requests arriving while one is being answered share that one
 * worker request (50 clients opening the same page cost one trip, not 50). The shared request is
 * cancelled only when every client waiting for it has gone.
 */
import { HTTPResponse, type H3Event } from 'h3';
import type { EngineRequest, EngineResponse } from './pool';
import { trace, tracing } from './trace';
import { cacheKeyOf, ResponseCache, type Answer, type CachedAnswer, type ResponseCacheOptions } from '../server/response-cache';

export interface EngineForwarder {
  forward(event: H3Event): Promise<Response | HTTPResponse>;
}

/** What the forwarder needs of the pool (EnginePool; tests pass a counting stand-in). */
export interface RequestPool {
  /** The generation requests are served from now. */
  readonly generation: number;
  request(req: EngineRequest, signal?: AbortSignal): Promise<EngineResponse>;
}

export interface ForwarderOptions {
  /** The response cache's limits, or false for none (default: a cache with its defaults). */
  cache?: ResponseCacheOptions | false;
}

const PRIVATE_HEADERS = new Set(['authorization', 'cookie']);

const CLIENT_GONE: EngineResponse = {
  status: 499,
  headers: [['content-type', 'application/json; charset=utf-8']],
  body: [new TextEncoder().encode('{"message":"the client went away"}').buffer as ArrayBuffer],
};

/** One worker request and the clients waiting for its answer. */
class Flight {
  private waiters = 0;
  private readonly controller = new AbortController();
  readonly answer: Promise<EngineResponse>;
  constructor(
    start: (signal: AbortSignal) => Promise<EngineResponse>,
    private readonly onAbandoned: () => void,
  ) {
    this.answer = start(this.controller.signal);
  }

  /** Waits for the answer; a client that goes away stops waiting and, if it was the last, cancels. */
  join(signal: AbortSignal | undefined): Promise<EngineResponse> {
    this.waiters++;
    return new Promise((resolve) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        if (--this.waiters === 0) {
          this.onAbandoned();
          this.controller.abort();
        }
        resolve(CLIENT_GONE);
      };
      if (signal?.aborted) return leave();
      signal?.addEventListener('abort', leave, { once: true });
      void this.answer.then((res) => {
        signal?.removeEventListener('abort', leave);
        if (left) return;
        left = true;
        resolve(res);
      });
    });
  }
}

export function poolForwarder(pool: RequestPool, options: ForwarderOptions = {}): EngineForwarder & { readonly cache: ResponseCache | null } {
  const cache = options.cache === false ? null : new ResponseCache(options.cache);
  const flights = new Map<string, Flight>();

  // Traced (LQ_TRACE), requests over 50 ms go to the timeline; untraced, no wrapper at all.
  const traced = async (event: H3Event): Promise<Response | HTTPResponse> => {
    const t0 = performance.now();
    const out = await forwardOne(event);
    const ms = performance.now() - t0;
    if (ms > 50) trace(`forward: ${event.req.method} ${event.url.pathname} took ${ms.toFixed(0)} ms (generation ${pool.generation})`);
    return out;
  };
  return { cache, forward: tracing ? traced : forwardOne };

  async function forwardOne(event: H3Event): Promise<Response | HTTPResponse> {
    const req = event.req;
    const method = req.method;
    const url = event.url;
    const path = url.pathname + url.search;
    // A GET's key needs no header: a hit is answered before the request's headers, body or
    // signal are materialized (about a third of a hit's time on this thread when they were).
    let key = cache && method === 'GET' ? cacheKeyOf(method, url.pathname, path, null, null) : null;
    if (cache && key !== null) {
      const hit = cache.get(cache.epoch(pool.generation), key);
      if (hit) return answerHit(method, hit);
    }
    const headers: Array<[string, string]> = [];
    req.headers.forEach((value, name) => {
      if (!PRIVATE_HEADERS.has(name)) headers.push([name, value]);
    });
    const body = method === 'GET' || method === 'HEAD' ? null : await req.arrayBuffer();
    const engineReq: EngineRequest = { method, path, headers, body };
    if (cache && method === 'POST') key = cacheKeyOf(method, url.pathname, path, req.headers.get('content-type'), body);
    if (!cache || key === null) return toResponse(method, await pool.request(engineReq, req.signal));

    const epoch = cache.epoch(pool.generation);
    const hit = method === 'POST' ? cache.get(epoch, key) : undefined;
    if (hit) return answerHit(method, hit);
    // A flight belongs to its epoch: a request after a reload never joins one started before it.
    const flightKey = `${epoch}\n${key}`;
    let flight = flights.get(flightKey);
    if (!flight) {
      const started = new Flight(
        (signal) => pool.request(engineReq, signal),
        () => flights.delete(flightKey),
      );
      flight = started;
      flights.set(flightKey, started);
      void started.answer.then((res) => {
        if (flights.get(flightKey) === started) flights.delete(flightKey);
        cache.put(epoch, pool.generation, key, res);
      });
    }
    return toResponse(method, await flight.join(req.signal));
  }
}

/**
 * A kept answer, after one turn of the event loop, as a worker's answer arrives. Answered in
 * promise jobs alone, a caller that loops on in-process requests (the IPC bridge, tests calling
 * app.fetch) would never let timers or worker messages run: the reload it waits for included.
 */
async function answerHit(method: string, hit: CachedAnswer): Promise<HTTPResponse> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return toResponse(method, hit);
}

/**
 * The answer as h3's HTTPResponse: h3 hands its body to the socket as it is (one write for one
 * buffer), where a fetch Response body would be read back through a web stream.
 */
function toResponse(method: string, res: Answer | CachedAnswer): HTTPResponse {
  const empty = method === 'HEAD' || res.status === 204 || res.status === 304;
  if (empty) return new HTTPResponse(null, { status: res.status, headers: res.headers });
  const body = res.body;
  if (Buffer.isBuffer(body)) return new HTTPResponse(body, { status: res.status, headers: withLength(res.headers, body.byteLength) });
  if (body.length <= 1) {
    const one: Buffer<ArrayBuffer> = body.length ? Buffer.from(body[0]) : Buffer.alloc(0);
    return new HTTPResponse(one, { status: res.status, headers: withLength(res.headers, one.byteLength) });
  }
  return new HTTPResponse(streamOf(body), { status: res.status, headers: res.headers });
}

/** A known length lets the socket send the body without chunked framing. */
function withLength(headers: Array<[string, string]>, length: number): Array<[string, string]> {
  if (headers.some(([name]) => name.toLowerCase() === 'content-length')) return headers;
  return [...headers, ['content-length', String(length)]];
}

/**
 * Several chunks as a stream, so the socket is written chunk by chunk without joining them (the
 * writer waits for the socket to drain between chunks: srvx's streamBody). The chunks are not
 * detached, so clients sharing one answer can read the same buffers.
 *
 * Between two chunks the stream yields to the event loop (setImmediate). Without it, a client
 * that reads as fast as the kernel takes the bytes (any local client) gets every write accepted
 * at once; the write, drain and read that follow are next ticks and promise jobs, so the whole
 * answer was written without the event loop ever turning: measured, a 77 MB answer (1,200
 * chunks) to curl kept every other request and timer of this thread waiting 4.5-5.7 s.
 */
export function streamOf(chunks: ArrayBuffer[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (i >= chunks.length) return controller.close();
        controller.enqueue(new Uint8Array(chunks[i++]));
        return new Promise<void>((resolve) => setImmediate(resolve));
      },
    },
    { highWaterMark: 0 },
  );
}
