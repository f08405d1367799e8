/**
 * The engine pool: worker threads that each hold a snapshot of the ledger and answer /api
 * requests against it, so neither a reload nor a heavy query ever blocks the thread that serves
 * HTTP, events and IPC.
 *
 * - Size: `os.availableParallelism()`, at least 2, so one worker can answer while another loads
 *   or runs a heavy query. Only the first worker starts with the pool: the others start when it
 *   has booked the first generation and that generation's first answers are out (the catch-up's
 *   delay, below), or at once if that load fails. Started beside it, the second worker's start
 *   (compiling the engine, 0.2-0.3 s of a core) and its early collections competed with the first
 *   load and the first answers for the machine's two cores (`npm run serve` to serving: large
 *   bench ledger 980 -> 892 ms, xlarge 2,811 -> 2,741 ms; docs/performance-log.md).
 * - Generations: a reload is loaded by ONE worker first (reading the disk); when it is booked,
 *   that generation is published and every request from then on goes to workers that hold it,
 *   so a client never sees the old ledger after the new one, and each request runs on one
 *   snapshot (old or new, never a mix). The other workers then catch up one at a time, booking
 *   the texts the first one read (the same ledger even if the files change meanwhile), while
 *   the rest keep answering: reloads are staggered, never all workers at once. A catch-up waits
 *   for the new generation's first answers (catchUpDelay, at most 1 s).
 * - Warm-up: a worker builds the query fast paths' columns only while another one can serve
 *   (warmIdle).
 * - Dispatch: one request at a time per worker (a worker runs JavaScript on one thread; a second
 *   request would only wait inside it, out of our sight). Requests wait in one FIFO queue and
 *   take the first worker free; heavy requests (queries, CSV, graphs) may hold at most size-1
 *   workers, so a light request never waits behind heavy ones while the pool is whole (during a
 *   reload the one serving worker takes both: see heavyCap).
 * - Limits: at the time limit, and when the client goes away, the request's cancellation flag is
 *   set; the engine's loops stop within a few hundred rows. A worker that has not answered
 *   `graceMs` later (stuck outside those loops) is terminated and replaced, and its request is
 *   answered with a 400 error. A worker that crashes is replaced the same way.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { CANCEL_CLIENT_GONE, CANCEL_TIME_LIMIT, cancel, newCancelFlag } from './cancel';
import type { FileTexts, FromWorker, SnapshotSummary, ToWorker } from './messages';
import { spawnEngineWorker } from './spawn';
import { prefetchMain } from './read-files';
import { trace, traceGc, traceStalls } from './trace';
import type { EngineWorkerData } from './worker';
import { MAX_EXECUTION_MS } from '../../engine/query/limits';
import type { ReloadProgress } from '../../engine/api-types';

export interface PoolOptions {
  /** Main ledger file, absolute. */
  file: string;
  /** Number of workers (default availableParallelism, at least 2). */
  size?: number;
  /** Per-request time limit, ms (default the query language's 10 s). */
  timeLimitMs?: number;
  /** How long a cancelled request may take to stop before its worker is replaced, ms. */
  graceMs?: number;
  /** Starts a worker (tests pass their own entry and data). */
  spawn?: (data: EngineWorkerData) => Worker;
  /** Extra route modules for the workers (module URLs exporting `routes`). */
  routeModules?: string[];
  /** Where worker crashes are reported (default console.error). */
  log?: (message: string) => void;
  /** Which requests count as heavy (default isHeavy). */
  isHeavy?: (method: string, path: string) => boolean;
  /** Longest a catch-up waits after a publish for the new generation's first answers, ms (catchUpDelay). */
  catchUpWaitMs?: number;
}

/**
 * A catch-up starts no sooner than this after a publish, and then once no request is queued or
 * running (at the latest `catchUpWaitMs`, default 1 s, after the publish): see catchUpDelay.
 */
export const CATCH_UP_MIN_DELAY_MS = 100;
export const CATCH_UP_WAIT_MS = 1000;

export interface EngineRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
}

export interface EngineResponse {
  status: number;
  headers: Array<[string, string]>;
  /** The body's chunks, in order (one for most answers; about 64 KiB each for query results). */
  body: ArrayBuffer[];
}

export interface LoadResult {
  summary: SnapshotSummary;
  loadMs: number;
}

/** Requests that may run long; they never take the last free worker. */
export function isHeavy(method: string, path: string): boolean {
  const p = path.split('?', 1)[0];
  return (method === 'POST' && (p === '/api/query' || p === '/api/query/csv')) || p === '/api/statistic/graph';
}

interface Job {
  id: number;
  req: EngineRequest;
  heavy: boolean;
  flag: SharedArrayBuffer;
  resolve: (r: EngineResponse) => void;
  slot: Slot | null;
  timers: NodeJS.Timeout[];
  done: boolean;
  /** The query-cache warm-up (warmIdle), not a client's request: no time limit, never queued. */
  warm?: boolean;
}

const WARM_REQUEST: EngineRequest = { method: 'WARM', path: '', headers: [], body: null };

interface PendingLoad {
  loadId: number;
  resolve: (r: { summary: SnapshotSummary; texts?: FileTexts; loadMs: number }) => void;
  reject: (e: Error) => void;
}

class Slot {
  /** Generation (load id) of the snapshot this worker serves; 0: none. */
  loadId = 0;
  loading: PendingLoad | null = null;
  /** A generation this worker failed to book: not tried again (the next reload retries). */
  failedLoadId = 0;
  /** The generation whose query caches this worker has built (warmIdle). */
  warmedLoadId = 0;
  /** Loads waiting for this worker: while any, it gets no new request (it drains, then loads). */
  drainers = 0;
  get draining(): boolean {
    return this.drainers > 0;
  }
  private loadChain: Promise<unknown> = Promise.resolve();
  /**
   * Runs one load after another on this worker: a new generation's first load may choose the
   * worker a catch-up is using, and each load must have the worker to itself.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.loadChain.then(fn, fn);
    this.loadChain = run.catch(() => undefined);
    return run;
  }
  job: Job | null = null;
  ready: Promise<void>;
  isReady = false;
  dead = false;
  private idleWaiters: Array<() => void> = [];
  constructor(readonly worker: Worker) {
    this.ready = new Promise<void>((resolve) => {
      const onReady = (m: FromWorker) => {
        if (m.type !== 'ready') return;
        worker.off('message', onReady);
        this.isReady = true;
        resolve();
      };
      worker.on('message', onReady);
    });
  }
  whenIdle(): Promise<void> {
    if (!this.job) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
  notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}

export class EnginePool {
  readonly size: number;
  private readonly timeLimitMs: number;
  private readonly graceMs: number;
  private readonly spawnWorker: (data: EngineWorkerData) => Worker;
  private readonly data: EngineWorkerData;
  private readonly log: (message: string) => void;
  private readonly heavy: (method: string, path: string) => boolean;
  private readonly slots: Slot[] = [];
  /** Workers not started yet (spawnRest): all but the first until the first load is settled. */
  private unstarted: number;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private loadSeq = 0;
  /** The newest generation a worker has booked; requests go only to workers holding it. */
  private published = 0;
  private publishedTexts: FileTexts | null = null;
  private catchingUp = false;
  private readonly catchUpWaitMs: number;
  /** performance.now() of the last publish. */
  private publishedAt = 0;
  /** Resolved by pump when no request is queued or running (catchUpDelay). */
  private idleWaiters: Array<() => void> = [];
  /** Catch-up loads started (tests). */
  catchUps = 0;
  private closed = false;
  /** Files and UTF-8 bytes the published generation read: the totals a reload's progress estimates. */
  private expected: { files: number; bytes: number } | null = null;
  private readonly progressListeners = new Set<(p: ReloadProgress) => void>();
  /** Workers replaced after a crash or a stuck request (tests, status). */
  respawns = 0;
  /** Most workers ever loading at once (staggering keeps it at 1; tests check it). */
  peakLoads = 0;
  /** Query-cache warm-ups started (tests). */
  warmups = 0;

  constructor(options: PoolOptions) {
    this.size = Math.max(2, options.size ?? os.availableParallelism());
    this.timeLimitMs = options.timeLimitMs ?? MAX_EXECUTION_MS;
    this.graceMs = options.graceMs ?? 2000;
    this.spawnWorker = options.spawn ?? ((data) => spawnEngineWorker(data));
    this.data = { file: options.file, timeLimitMs: this.timeLimitMs, routeModules: options.routeModules };
    this.log = options.log ?? ((m) => console.error('[engine]', m));
    this.heavy = options.isHeavy ?? isHeavy;
    this.catchUpWaitMs = options.catchUpWaitMs ?? CATCH_UP_WAIT_MS;
    this.unstarted = this.size - 1;
    this.slots.push(this.startSlot());
    traceGc();
    traceStalls();
  }

  /** The generation requests are served from now (0 before the first successful load). */
  get generation(): number {
    return this.published;
  }

  /** Load ids of the workers' snapshots (tests: staggering and catch-up). */
  workerGenerations(): number[] {
    return [...this.slots.map((s) => s.loadId), ...new Array<number>(this.unstarted).fill(0)];
  }

  /** Workers started so far (tests: the others start after the first load). */
  get started(): number {
    return this.slots.length;
  }

  /**
   * Every worker serves the published generation with its query caches built and none is warming
   * up (tests): a warm-up holds its worker, so until then requests can all land on the other one.
   */
  settled(): boolean {
    return this.unstarted === 0 && this.slots.every((s) => !s.dead && s.loadId === this.published && s.warmedLoadId === s.loadId && !s.job?.warm);
  }

  /**
   * Books the ledger as it is on disk now in one worker and publishes it; resolves once that
   * worker serves it (the others catch up behind). Rejects when the load fails: every worker
   * then keeps the generation it had.
   */
  async load(): Promise<LoadResult> {
    if (this.closed) throw new Error('the engine pool is closed');
    const loadId = ++this.loadSeq;
    const slot = this.pickLoader();
    trace(`pool: load ${loadId} on worker ${slot.worker.threadId} (its gen ${slot.loadId}, job ${slot.job ? slot.job.req.path : '-'}, loading ${slot.loading ? slot.loading.loadId : '-'}, drainers ${slot.drainers})`);
    slot.drainers++;
    let out: Awaited<ReturnType<EnginePool['loadOn']>>;
    try {
      out = await slot.exclusive(async () => {
        const prefetched = this.published === 0 && !slot.isReady ? prefetchMain(this.data.file) : undefined;
        await slot.ready;
        await slot.whenIdle();
        return this.loadOn(slot, loadId, undefined, prefetched);
      });
    } catch (e) {
      // No generation to wait for: the pool is made whole now, for the next reload.
      this.spawnRest();
      throw e;
    } finally {
      slot.drainers--;
      this.pump();
    }
    if (loadId > this.published) {
      trace(`pool: publish ${loadId}`);
      this.published = loadId;
      this.publishedAt = performance.now();
      this.publishedTexts = out.texts ?? [];
      this.expected = expectedTotals(this.publishedTexts);
    }
    this.pump();
    void this.catchUp();
    return { summary: out.summary, loadMs: out.loadMs };
  }

  /**
   * Runs one request on a worker of the newest generation. Never rejects: a crash or a stuck
   * worker is answered as an error response. `signal`: the client's; aborting it cancels.
   */
  request(req: EngineRequest, signal?: AbortSignal): Promise<EngineResponse> {
    return new Promise<EngineResponse>((resolve) => {
      if (this.closed) return resolve(errorResponse(503, 'the server is shutting down'));
      const job: Job = {
        id: this.nextId++,
        req,
        heavy: this.heavy(req.method, req.path),
        flag: newCancelFlag(),
        resolve,
        slot: null,
        timers: [],
        done: false,
      };
      if (signal?.aborted) return resolve(errorResponse(499, 'the client went away'));
      signal?.addEventListener('abort', () => this.abandon(job), { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /**
   * Listens to the progress of loads that read the disk (a new generation's first load; catch-ups
   * book texts already read and report nothing); returns the unsubscribe function.
   */
  onProgress(listener: (p: ReloadProgress) => void): () => void {
    this.progressListeners.add(listener);
    return () => {
      this.progressListeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.idleWaiters.splice(0)) w();
    for (const job of this.queue.splice(0)) this.finish(job, errorResponse(503, 'the server is shutting down'));
    await Promise.all(
      this.slots.map((s) => {
        s.dead = true;
        if (s.job) this.finish(s.job, errorResponse(503, 'the server is shutting down'));
        return s.worker.terminate();
      }),
    );
  }

  /** Starts the workers not started yet (see Size above); they then catch up like any other. */
  private spawnRest(): void {
    for (; this.unstarted > 0 && !this.closed; this.unstarted--) this.slots.push(this.startSlot());
  }

  private startSlot(): Slot {
    const slot = new Slot(this.spawnWorker(this.data));
    slot.worker.on('message', (m: FromWorker) => this.onMessage(slot, m));
    slot.worker.on('error', (e) => this.onDeath(slot, `the engine failed while running this request (${e.message})`));
    slot.worker.on('exit', (code) => this.onDeath(slot, `the engine stopped while running this request (exit code ${code})`));
    void slot.ready.then(() => this.pump());
    return slot;
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === 'response') {
      const job = slot.job;
      if (!job || job.id !== m.id) return; // an answer to a request already given up on
      slot.job = null;
      this.finish(job, { status: m.status, headers: m.headers, body: m.body });
      slot.notifyIdle();
      this.pump();
    } else if (m.type === 'progress') {
      if (slot.loading?.loadId !== m.loadId) return;
      const p = progressOf(m.filesRead, m.bytesRead, this.expected);
      for (const l of this.progressListeners) l(p);
    } else if (m.type === 'loaded' || m.type === 'load-failed') {
      const pending = slot.loading;
      if (!pending || pending.loadId !== m.loadId) return;
      slot.loading = null;
      trace(`pool: ${m.type} ${m.loadId} from worker ${slot.worker.threadId}`);
      if (m.type === 'loaded') {
        slot.loadId = m.loadId;
        pending.resolve({ summary: m.summary, texts: m.texts, loadMs: m.loadMs });
      } else pending.reject(new Error(m.message));
      this.pump();
    }
  }

  /** A worker crashed or was terminated: answer its request, replace it, reload it. */
  private onDeath(slot: Slot, message: string): void {
    if (slot.dead) return;
    slot.dead = true;
    const job = slot.job;
    slot.job = null;
    if (job) this.finish(job, errorResponse(400, `${message}: its engine worker was replaced`, job.req.path));
    slot.loading?.reject(new Error(`an engine worker stopped while loading the ledger (${message})`));
    slot.loading = null;
    slot.notifyIdle();
    if (this.closed) return;
    this.log(`engine worker replaced: ${message}`);
    this.respawns++;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots[i] = this.startSlot();
    void slot.worker.terminate().catch(() => undefined);
    void this.catchUp();
  }

  /** The worker to book a new generation: one already catching up, else the idle one with the oldest snapshot. */
  private pickLoader(): Slot {
    const live = this.slots.filter((s) => !s.dead);
    return (
      live.find((s) => s.draining || s.loading) ??
      [...live].sort((a, b) => Number(a.job !== null) - Number(b.job !== null) || a.loadId - b.loadId)[0]
    );
  }

  private loadOn(
    slot: Slot,
    loadId: number,
    texts: FileTexts | undefined,
    prefetched?: FileTexts,
  ): Promise<{ summary: SnapshotSummary; texts?: FileTexts; loadMs: number }> {
    return new Promise((resolve, reject) => {
      if (slot.dead) return reject(new Error('an engine worker stopped before loading the ledger'));
      slot.loading = { loadId, resolve, reject };
      trace(`pool: post load ${loadId} to worker ${slot.worker.threadId}${texts ? ' (catch-up)' : ''}`);
      this.peakLoads = Math.max(this.peakLoads, this.slots.filter((s) => s.loading).length);
      const message: ToWorker = { type: 'load', loadId, texts, prefetched };
      slot.worker.postMessage(message);
    });
  }

  /** Brings every worker to the published generation, one at a time. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      for (;;) {
        await this.catchUpDelay();
        if (this.closed) return;
        this.spawnRest();
        const target = this.published;
        const texts = this.publishedTexts;
        const slot = this.slots.find((s) => !s.dead && !s.loading && !s.draining && s.loadId < target && s.failedLoadId !== target);
        if (!slot || !texts) return;
        slot.drainers++;
        try {
          await slot.exclusive(async () => {
            if (slot.loadId >= target) return; // a newer first load took this worker meanwhile
            await slot.ready;
            await slot.whenIdle();
            this.catchUps++;
            await this.loadOn(slot, target, texts).catch((e: Error) => {
              slot.failedLoadId = target;
              this.log(`a worker could not catch up: ${e.message}`);
            });
          });
        } finally {
          slot.drainers--;
        }
        this.pump();
      }
    } finally {
      this.catchingUp = false;
    }
  }

  /**
   * Holds a catch-up until the new generation's first answers are out: at least
   * CATCH_UP_MIN_DELAY_MS after the publish, then until no request is queued or running, at most
   * catchUpWaitMs after the publish. A publish empties the main thread's response cache, so every
   * client's next request reaches the one worker serving the new generation at once (the
   * desktop's pages refetch on the `reload` event); a catch-up started with them is a second
   * whole load competing for the same cores (2 here). Until it starts or ends, that one worker
   * serves alone either way.
   */
  private async catchUpDelay(): Promise<void> {
    const since = () => performance.now() - this.publishedAt;
    if (since() < CATCH_UP_MIN_DELAY_MS) await new Promise((r) => setTimeout(r, CATCH_UP_MIN_DELAY_MS - since()));
    const left = this.catchUpWaitMs - since();
    if (left <= 0 || this.closed || this.requestsIdle()) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, left);
      timer.unref();
      this.idleWaiters.push(done);
    });
  }

  /** No request queued or running (a warm-up is not a request). */
  private requestsIdle(): boolean {
    return this.queue.length === 0 && !this.slots.some((s) => s.job && !s.job.warm);
  }

  /** Starts queued requests on free workers of the published generation, first come first served. */
  private pump(): void {
    this.dispatch();
    this.warmIdle();
    if (this.idleWaiters.length && this.requestsIdle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private dispatch(): void {
    if (!this.queue.length) return;
    const free = this.slots.filter((s) => !s.dead && s.isReady && !s.loading && !s.draining && !s.job && s.loadId === this.published);
    if (!free.length) return;
    let heavyRunning = this.slots.filter((s) => s.job?.heavy).length;
    const heavyCap = this.heavyCap();
    for (let i = 0; i < this.queue.length && free.length; ) {
      const job = this.queue[i];
      if (job.heavy && heavyRunning >= heavyCap) {
        i++; // a light request behind it may still go
        continue;
      }
      this.queue.splice(i, 1);
      if (job.heavy) heavyRunning++;
      this.start(free.shift()!, job);
    }
  }

  /**
   * How many workers heavy requests may hold: all serving workers but one, and at least one.
   * While a worker is away (loading, catching up, being replaced) a 2-worker pool has one serving
   * worker, and it takes heavy requests too: a reload of a large ledger is two loads (the first
   * worker, then the other's catch-up), and holding every query and chart for both (measured by
   * `npm run bench`: 20-40 s on xlarge) is worse than the rare light request that waits behind a
   * long query during a reload (at most the time limit).
   */
  private heavyCap(): number {
    const serving = this.slots.filter((s) => !s.dead && !s.loading && !s.draining && s.loadId === this.published).length;
    return Math.max(1, serving - 1);
  }

  /**
   * Starts the query-cache warm-up (worker.ts, warm) of one worker of the published generation
   * that has not built them, when no request is queued and another worker of that generation is
   * free to take the next one. Right after a reload the loading worker is the only one serving
   * while the other catches up: warming it then made every request of the new generation wait
   * (measured on xlarge under the bench's light stream: 0.6-0.9 s of warm-up, requests and the
   * poll seeing the new data held 0.8-1.3 s). One worker warms at a time; a query that needs the
   * columns before builds them itself.
   */
  private warmIdle(): void {
    if (this.closed || this.queue.length || this.published === 0 || this.slots.some((s) => s.job?.warm)) return;
    const serving = (s: Slot) => !s.dead && s.isReady && !s.loading && !s.draining && s.loadId === this.published;
    const cold = this.slots.find((s) => serving(s) && !s.job && s.warmedLoadId !== s.loadId);
    if (!cold || !this.slots.some((o) => o !== cold && serving(o) && !o.job)) return;
    const loadId = cold.loadId;
    this.warmups++;
    const job: Job = {
      id: this.nextId++,
      req: WARM_REQUEST,
      heavy: false,
      flag: newCancelFlag(),
      resolve: () => {
        // Also when it failed: a query builds what it needs, and a failing warm-up must not loop.
        cold.warmedLoadId = loadId;
      },
      slot: null,
      timers: [],
      done: false,
      warm: true,
    };
    this.start(cold, job);
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    job.slot = slot;
    if (job.warm) {
      const message: ToWorker = { type: 'warm', id: job.id };
      slot.worker.postMessage(message);
      return;
    }
    job.timers.push(
      setTimeout(() => this.stop(job, CANCEL_TIME_LIMIT), this.timeLimitMs),
    );
    const body = job.req.body;
    const message: ToWorker = { type: 'request', id: job.id, method: job.req.method, path: job.req.path, headers: job.req.headers, body, cancel: job.flag };
    slot.worker.postMessage(message, body ? [body] : []);
  }

  /** Asks a running request to stop; replaces its worker if it does not answer in time. */
  private stop(job: Job, reason: number): void {
    if (job.done) return;
    cancel(job.flag, reason);
    const slot = job.slot;
    if (!slot) return;
    job.timers.push(
      setTimeout(() => {
        if (job.done || slot.job !== job) return;
        const why = reason === CANCEL_TIME_LIMIT ? `ran longer than the ${this.timeLimitMs / 1000}s time limit` : 'was abandoned by its client';
        this.onDeath(slot, `the request ${why} and did not stop`);
        void slot.worker.terminate();
      }, this.graceMs),
    );
  }

  /** The client went away: drop the request if it has not started, else cancel it. */
  private abandon(job: Job): void {
    if (job.done) return;
    const i = this.queue.indexOf(job);
    if (i >= 0) {
      this.queue.splice(i, 1);
      this.finish(job, errorResponse(499, 'the client went away'));
      return;
    }
    if (job.slot) this.stop(job, CANCEL_CLIENT_GONE);
  }

  private finish(job: Job, res: EngineResponse): void {
    if (job.done) return;
    job.done = true;
    for (const t of job.timers) clearTimeout(t);
    job.resolve(res);
  }
}

function expectedTotals(texts: FileTexts): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const [, text] of texts) {
    if (text === null) continue;
    files++;
    bytes += text.byteLength;
  }
  return { files, bytes };
}

/**
 * Progress against the previous load's files: a reload usually reads the same files, about the
 * same size. More read than then (a new include) keeps the total at least what was read, and the
 * percent stays below 100 until the load is done (booking follows the last read).
 */
export function progressOf(filesRead: number, bytesRead: number, expected: { files: number; bytes: number } | null): ReloadProgress {
  if (!expected || expected.bytes === 0) return { files_read: filesRead, files_total: null, percent: null };
  return {
    files_read: filesRead,
    files_total: Math.max(expected.files, filesRead),
    percent: Math.min(99, Math.floor((100 * bytesRead) / expected.bytes)),
  };
}

function errorResponse(status: number, message: string, path = ''): EngineResponse {
  // Query endpoints answer every error with the query error body (message, line, column).
  const body = path.startsWith('/api/query') ? { message, line: null, column: null } : { message };
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return { status, headers: [['content-type', 'application/json; charset=utf-8']], body: [bytes.buffer as ArrayBuffer] };
}
