/**
 * Holds the snapshot being served and replaces it on reload.
 *
 * A reload builds a complete new Snapshot off to the side and then swaps one reference, so a
 * reader sees either the old ledger or the new one, never a half-built one; a request that
 * pinned the old snapshot keeps reading it (snapshots are immutable). Reloads are serialized:
 * a reload asked for while one runs is folded into a single follow-up load, so a burst of file
 * events costs at most two loads and the last one always sees the latest files.
 *
 * A load blocks this thread (about a second at 100k transactions, several at a million
 * postings), so the `loading` event is emitted first and the host then yields one macrotask
 * before loading: listeners that write to sockets (the event stream) get their bytes out, and a
 * client can show progress while the server is busy.
 */
import { promises as fs } from 'node:fs';
import type { Snapshot } from '../engine/ledger/snapshot';
import type { LedgerStatus, LoadProblem, ReloadProgress } from '../engine/api-types';
import { trace } from './engine/trace';

/** Builds a snapshot of the ledger whose main file is given (engine loadLedger in production). */
export type LedgerLoader = (file: string) => Snapshot | Promise<Snapshot>;

/** `loading`: a reload starts (then `reload` on a swap, or `problem` when it failed). */
export type HostEventKind = 'loading' | 'reload' | 'problem';

export interface HostEvent {
  kind: HostEventKind;
  status: LedgerStatus;
}

export type HostListener = (event: HostEvent) => void;

export interface ReloadOutcome {
  /** True when a new snapshot is now served (also when it has ledger errors). */
  swapped: boolean;
  status: LedgerStatus;
}

/** One loaded state, swapped as a whole so its fields always belong together. */
export interface Loaded {
  readonly snapshot: Snapshot;
  /** 1 for the first snapshot, +1 per swap. */
  readonly generation: number;
  readonly loadMs: number;
}

export interface HostOptions {
  /** Clock for load durations and problem times (tests). */
  now?: () => number;
  /** Reports listener failures (a broken listener must not stop the others or the reload). */
  onListenerError?: (e: unknown) => void;
  /**
   * Check that the main file exists before loading (default true). Engine workers turn it off:
   * the main thread's host has checked, and a worker catching up books texts already read.
   */
  checkFile?: boolean;
}

export class LedgerHost {
  readonly file: string;
  private readonly load: LedgerLoader;
  private readonly now: () => number;
  private readonly onListenerError: (e: unknown) => void;
  private readonly checkFile: boolean;
  private loaded: Loaded | null = null;
  private lastProblem: LoadProblem | null = null;
  private readonly listeners = new Set<HostListener>();
  /** Listeners of every event, `loading` included (onEvent). */
  private readonly allListeners = new Set<HostListener>();
  /** True from the start of a load until its outcome is recorded. */
  private loadingNow = false;
  /** How far the running load has read (reportProgress), while loadingNow. */
  private progressNow: ReloadProgress | null = null;
  private running: Promise<ReloadOutcome> | null = null;
  private queued: Promise<ReloadOutcome> | null = null;

  constructor(file: string, load: LedgerLoader, options: HostOptions = {}) {
    this.file = file;
    this.load = load;
    this.now = options.now ?? Date.now;
    this.onListenerError = options.onListenerError ?? ((e) => console.error('[host] reload listener failed:', e));
    this.checkFile = options.checkFile ?? true;
  }

  /** The snapshot to read now, or null before the first successful load. Pin it once per request. */
  get current(): Snapshot | null {
    return this.loaded?.snapshot ?? null;
  }

  /** The loaded state to serve one request from: pin it once at the start, read only it after. */
  pin(): Loaded | null {
    return this.loaded;
  }

  get generation(): number {
    return this.loaded?.generation ?? 0;
  }

  get problem(): LoadProblem | null {
    return this.lastProblem;
  }

  /**
   * True while a reload is under way, or one is queued behind a finished one: the `reload`
   * event of a load with a follow-up already queued still says loading, so a client's progress
   * indicator does not blink off and on between the two.
   */
  get loading(): boolean {
    return this.loadingNow || this.queued !== null;
  }

  /** Status of what is served now, or of a state pinned earlier by a request. */
  status(pinned: Loaded | null = this.loaded): LedgerStatus {
    return statusOf(this.file, pinned, this.lastProblem, this.loading, this.loadingNow ? this.progressNow : null);
  }

  /**
   * The loader's report of how far the running load has read (the engine pool's workers count
   * files and characters): sent to onEvent listeners as another `loading` event. Ignored when no
   * load runs (a late report).
   */
  reportProgress(progress: ReloadProgress): void {
    if (!this.loadingNow) return;
    this.progressNow = progress;
    this.emit({ kind: 'loading', status: this.status() });
  }

  /**
   * Registers a listener for swaps and failed reloads (`reload`, `problem`; not `loading`);
   * returns the unsubscribe function.
   */
  onReload(listener: HostListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** How many onEvent listeners are registered (open event streams, the desktop window). */
  get eventListenerCount(): number {
    return this.allListeners.size;
  }

  /**
   * Registers a listener for every event: `loading` when a reload starts, then `reload` or
   * `problem`. For clients that show progress (the event stream, the desktop window); returns
   * the unsubscribe function.
   */
  onEvent(listener: HostListener): () => void {
    this.allListeners.add(listener);
    return () => {
      this.allListeners.delete(listener);
    };
  }

  /**
   * Loads the ledger again and swaps it in. While a load runs, further calls share one queued
   * follow-up load (which starts after the running one, so it reads the newest files).
   */
  reload(): Promise<ReloadOutcome> {
    if (!this.running) {
      this.running = this.loadOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    if (!this.queued) {
      this.queued = this.running.then(() => {
        this.queued = null;
        return this.reload();
      });
    }
    return this.queued;
  }

  private async loadOnce(): Promise<ReloadOutcome> {
    this.loadingNow = true;
    this.progressNow = { files_read: 0, files_total: null, percent: null };
    this.emit({ kind: 'loading', status: this.status() });
    // One macrotask before the (synchronous, long) load, so the event reaches the sockets first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    trace('host: load starts');
    const started = this.now();
    let snapshot: Snapshot;
    try {
      // A vanished main file keeps the last snapshot: an editor saving by delete-and-rename, or a
      // file moved away for a moment, should not blank every page.
      if (this.checkFile) {
        const stat = await fs.stat(this.file).catch((e: NodeJS.ErrnoException) => {
          throw new Error(
            e.code === 'ENOENT' ? `ledger file not found: ${this.file}` : `cannot read ledger file ${this.file}: ${e.message}`,
          );
        });
        if (!stat.isFile()) throw new Error(`ledger path is not a file: ${this.file}`);
      }
      snapshot = await this.load(this.file);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.lastProblem = { message, at: this.now() };
      this.loadingNow = false;
      const status = this.status();
      this.emit({ kind: 'problem', status });
      return { swapped: false, status };
    }
    this.loaded = { snapshot, generation: this.generation + 1, loadMs: this.now() - started };
    trace(`host: swapped, generation ${this.generation}`);
    this.lastProblem = null;
    this.loadingNow = false;
    const status = this.status();
    this.emit({ kind: 'reload', status });
    return { swapped: true, status };
  }

  private emit(event: HostEvent): void {
    const targets = event.kind === 'loading' ? [...this.allListeners] : [...this.listeners, ...this.allListeners];
    for (const listener of targets) {
      try {
        listener(event);
      } catch (e) {
        this.onListenerError(e);
      }
    }
  }
}

function statusOf(
  file: string,
  loaded: Loaded | null,
  problem: LoadProblem | null,
  loading: boolean,
  progress: ReloadProgress | null,
): LedgerStatus {
  const s = loaded?.snapshot;
  const status: LedgerStatus = {
    generation: loaded?.generation ?? 0,
    file,
    loaded_at: s ? s.loadedAt : null,
    load_ms: loaded ? loaded.loadMs : null,
    error_count: s ? s.errors.length : 0,
    transaction_count: s ? s.transactions.length : 0,
    file_count: s ? s.files.length : 0,
    problem,
    loading,
  };
  if (progress) status.progress = progress;
  return status;
}
