/**
 * Entry of one engine worker (worker_threads). A worker owns its own snapshot: it loads and books
 * the ledger itself and runs the same h3 router and route modules as an in-process server
 * against it, so route modules are written once and know nothing of threads. The pool
 * (pool.ts) sends it `load` and `request` messages, one at a time; it answers each in order.
 *
 * Why the worker loads rather than receiving a snapshot: a booked snapshot is a graph of
 * millions of objects with Dec and Map values; structured-cloning it costs more than booking
 * it (docs/performance-log.md), while the file texts the first worker read clone in milliseconds.
 *
 * Bundled builds compile this file to its own entry (see spawn.ts for the path they need).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LedgerHost } from '../host';
import type { RouteModule } from '../server/app';
import { loadLedger } from '../../engine/ledger/index';
import { carryQueryCaches, warmQueryCaches } from '../../engine/query/index';
import { ParseCache } from '../../engine/ledger/load';
import type { Snapshot } from '../../engine/ledger/snapshot';
import { QueryError } from '../../engine/query/errors';
import { setCancellationCheck, timeLimitError } from '../../engine/query/execute/limits';
import { CANCEL_CLIENT_GONE, CANCEL_TIME_LIMIT } from './cancel';
import { recordingReader } from './read-files';
import { summarize } from './summary';
import { trace, traceGc } from './trace';
import { firstLoadJit } from './jit';
import { ledgerBytes } from './heap';
import type { FileTexts, FromWorker, ToWorker } from './messages';

export interface EngineWorkerData {
  /** Main ledger file, absolute: a pool serves one ledger (opening another makes a new pool). */
  file: string;
  /** The request time limit, for the message of a request the pool stopped (ms). */
  timeLimitMs: number;
  /** URLs of extra modules exporting `routes: RouteModule` (tests add slow endpoints this way). */
  routeModules?: string[];
}

const port = parentPort;
if (!port) throw new Error('main/engine/worker.ts runs only as a worker thread');
const data = (workerData ?? {}) as EngineWorkerData;

let pendingTexts: FileTexts | undefined;
let pendingPrefetched: FileTexts | undefined;
let lastTexts: FileTexts = [];
/**
 * Parsed files of this worker's earlier loads: when one included file changes, only that file
 * is parsed again and the booking is redone (issue 15). Kept for the files of the last load only.
 */
const parseCache = new ParseCache();
/** The load running now, for its progress messages. */
let loadingId = 0;
/** Progress is posted at most this often: each message becomes an event to every client. */
const PROGRESS_EVERY_MS = 50;
const host = new LedgerHost(data.file, (file): Snapshot => {
  let lastPost = -Infinity;
  // The load is synchronous: these messages leave while it runs (posting needs no event loop).
  const onRead = (filesRead: number, bytesRead: number): void => {
    const now = performance.now();
    if (now - lastPost < PROGRESS_EVERY_MS) return;
    lastPost = now;
    send({ type: 'progress', loadId: loadingId, filesRead, bytesRead });
  };
  const reader = recordingReader(file, pendingTexts ?? pendingPrefetched, pendingTexts ? {} : { onRead, countGiven: true });
  const h0 = parseCache.hits, m0 = parseCache.misses, ch0 = parseCache.chunkHits, cm0 = parseCache.chunkMisses;
  trace(`worker: loadLedger start (${pendingTexts ? 'texts given' : pendingPrefetched ? 'reads disk, main file given' : 'reads disk'})`);
  const previous = host.current;
  const snapshot = firstLoadJit(() => ledgerBytes(file), () => loadLedger(file, { readFile: reader.readFile, readSource: reader.readSource, parseCache }));
  // The rows a save left as they were keep their sums (engine/query/periods/carry.ts).
  if (previous) carryQueryCaches(previous, snapshot);
  trace(`worker: loadLedger end: files hit ${parseCache.hits - h0} miss ${parseCache.misses - m0}, chunks hit ${parseCache.chunkHits - ch0} miss ${parseCache.chunkMisses - cm0}`);
  lastTexts = reader.texts();
  return snapshot;
}, { checkFile: false });

/** The request being run (one at a time): its flag is what the engine's loops read. */
let flag: Int32Array | null = null;
setCancellationCheck(() => {
  const reason = flag ? Atomics.load(flag, 0) : 0;
  if (reason === CANCEL_TIME_LIMIT) return timeLimitError(data.timeLimitMs);
  if (reason === CANCEL_CLIENT_GONE) return new QueryError('the query was stopped because its client went away', null, null);
  return null;
});

/**
 * The router, made when the first request needs it or right after the first load, not when the
 * worker starts: h3 and the fetch API's Request and Response (Node loads them on first use) take
 * about 65 ms of a fresh worker to load, which the first load (the one a user waits for when the
 * app opens) no longer waits behind. The bundled worker carries h3 inside it for this
 * (main/cli/run.mjs): an external package's import would be hoisted to the bundle's top and
 * loaded at start anyway.
 */
let appMade: Promise<ReturnType<typeof import('../server/app').createApp>> | null = null;
function app(): NonNullable<typeof appMade> {
  appMade ??= (async () => {
    const [{ createApp }, { apiRoutes }] = await Promise.all([import('../server/app'), import('../server/routes/api')]);
    const extra: RouteModule[] = [];
    for (const url of data.routeModules ?? []) extra.push(((await import(url)) as { routes: RouteModule }).routes);
    trace('worker: router made');
    return createApp(host, { routes: [...apiRoutes, ...extra] });
  })();
  return appMade;
}

function send(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

async function load(m: Extract<ToWorker, { type: 'load' }>): Promise<void> {
  // The host keeps its last snapshot when a load fails: so does the worker.
  trace(`worker: load ${m.loadId} begins`);
  pendingTexts = m.texts;
  pendingPrefetched = m.prefetched;
  loadingId = m.loadId;
  const started = performance.now();
  const out = await host.reload();
  pendingTexts = undefined;
  pendingPrefetched = undefined;
  const snapshot = host.current;
  if (!out.swapped || !snapshot) {
    send({ type: 'load-failed', loadId: m.loadId, message: out.status.problem?.message ?? 'the load failed' });
    return;
  }
  const loadMs = Math.round(performance.now() - started);
  trace(`worker: load ${m.loadId} done in ${loadMs} ms, sending loaded`);
  send({ type: 'loaded', loadId: m.loadId, summary: summarize(snapshot), texts: m.texts ? undefined : lastTexts, loadMs });
  lastTexts = [];
  // The first requests follow the first load: the router is made now, before they come. A
  // failure to make it is each request's answer (500), not the load's.
  await app().catch(() => undefined);
}

/**
 * The query fast paths' per-row columns (about 150-250 ms on a 300k-posting ledger, 0.6-0.9 s on a
 * busy machine), built when the pool says no request waits for this worker (pool.ts, warm), rather
 * than by the first query after a save. Built right after the load, as before, they held up every
 * request of the new generation while the other worker caught up.
 */
function warm(m: Extract<ToWorker, { type: 'warm' }>): void {
  const snapshot = host.current;
  trace('worker: warm query caches start');
  if (snapshot) warmQueryCaches(snapshot);
  trace('worker: warm query caches end');
  send({ type: 'response', id: m.id, status: 204, headers: [], body: [] });
}

async function request(m: Extract<ToWorker, { type: 'request' }>): Promise<void> {
  flag = new Int32Array(m.cancel);
  const t0 = performance.now();
  try {
    const hasBody = m.body !== null && m.method !== 'GET' && m.method !== 'HEAD';
    const res = await (await app()).fetch(
      new Request('http://127.0.0.1' + m.path, { method: m.method, headers: m.headers, body: hasBody ? m.body : undefined }),
    );
    // Read the whole body here, inside the request's time: encoding a result is part of its work.
    const body = await bodyChunks(res);
    const headers: Array<[string, string]> = [];
    res.headers.forEach((value, name) => headers.push([name, value]));
    send({ type: 'response', id: m.id, status: res.status, headers, body }, body);
  } finally {
    flag = null;
    const ms = performance.now() - t0;
    if (ms > 50) trace(`worker: request ${m.method} ${m.path} took ${ms.toFixed(0)} ms`);
  }
}

/**
 * The body as the route wrote it, chunk by chunk (query answers come in chunks of about 64 KiB:
 * no buffer of the whole answer is built here or on the main thread). Each chunk is its own
 * ArrayBuffer so it can be transferred; a view into a larger buffer is copied.
 */
async function bodyChunks(res: Response): Promise<ArrayBuffer[]> {
  const out: ArrayBuffer[] = [];
  if (!res.body) return out;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer;
    out.push(whole ? (value.buffer as ArrayBuffer) : (value.slice().buffer as ArrayBuffer));
  }
}

// Messages are handled strictly in order: a load waits for the request before it, and the
// cancellation flag always belongs to the one request running.
let chain: Promise<void> = Promise.resolve();
port.on('message', (m: ToWorker) => {
  chain = chain
    .then(() => (m.type === 'load' ? load(m) : m.type === 'warm' ? warm(m) : request(m)))
    .catch((e: unknown) => {
      if (m.type !== 'load') {
        const body = new TextEncoder().encode(JSON.stringify({ message: `the engine failed: ${e instanceof Error ? e.message : String(e)}` })).buffer as ArrayBuffer;
        send({ type: 'response', id: m.id, status: 500, headers: [['content-type', 'application/json; charset=utf-8']], body: [body] }, [body]);
      } else {
        send({ type: 'load-failed', loadId: m.loadId, message: e instanceof Error ? e.message : String(e) });
      }
    });
});
traceGc();
send({ type: 'ready' });
