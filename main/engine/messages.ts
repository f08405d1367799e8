/**
 * The messages between the engine pool (main thread, pool.ts) and its workers (worker.ts).
 *
 * Requests and answers travel as plain fields with their bodies as ArrayBuffers, transferred
 * rather than copied: an 80 MB query answer costs the main thread no copy. Cancellation cannot
 * be a message, because a worker running a query does not read its port until the query ends:
 * it is a SharedArrayBuffer flag the worker's query loops read (see cancel.ts).
 */

/** What the main thread keeps of a snapshot that lives in the workers (summary.ts). */
export interface SnapshotSummary {
  file: string;
  root: string;
  files: string[];
  missingFiles: string[];
  /** Only what document downloads and the window title need. */
  documents: { path: string }[];
  title: string | null;
  errorCount: number;
  transactionCount: number;
  loadedAt: number;
}

/**
 * Every file a load read, keyed by absolute path, as UTF-8 bytes over a SharedArrayBuffer (null:
 * missing or unreadable). Shared, never copied, between the workers and the main thread
 * (read-files.ts says why).
 */
export type FileTexts = Array<[string, Uint8Array | null]>;

export type ToWorker =
  | {
      type: 'load';
      loadId: number;
      /**
       * Files read by the first worker of this generation: the other workers book exactly
       * these texts, so every worker of one generation serves the same ledger even when the
       * files change again while they load. Absent for the first worker (it reads the disk).
       */
      texts?: FileTexts;
      /**
       * The main file as the main thread read it while this worker was starting (the pool's first
       * load: pool.ts, prefetchMain). The worker reads every other file itself and reports them
       * all, this one included, as the generation's texts.
       */
      prefetched?: FileTexts;
    }
  /**
   * Build the query fast paths' per-row columns of the snapshot now (answered with a `response`
   * of this id, status 204): the pool asks only while another worker can serve (pool.ts, warm).
   */
  | { type: 'warm'; id: number }
  | {
      type: 'request';
      id: number;
      method: string;
      /** Path and query string. */
      path: string;
      headers: Array<[string, string]>;
      body: ArrayBuffer | null;
      /** Int32Array over it: 0 running, CANCEL_CLIENT_GONE or CANCEL_TIME_LIMIT (cancel.ts). */
      cancel: SharedArrayBuffer;
    };

export type FromWorker =
  | { type: 'ready' }
  | {
      type: 'loaded';
      loadId: number;
      summary: SnapshotSummary;
      /** Only when the load read the disk (the first worker of a generation). */
      texts?: FileTexts;
      loadMs: number;
    }
  | { type: 'load-failed'; loadId: number; message: string }
  /** A load reading the disk: files and UTF-8 bytes read so far (at most every 50 ms). */
  | { type: 'progress'; loadId: number; filesRead: number; bytesRead: number }
  | {
      type: 'response';
      id: number;
      status: number;
      headers: Array<[string, string]>;
      /** The body in the chunks the route wrote it in, each transferred. */
      body: ArrayBuffer[];
    };
