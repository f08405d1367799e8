/**
 * The API the Electron preload script puts on `window.ledgerApi`, shared by the preload
 * (preload/preload.ts), the main-process handlers (main/electron/ipc.ts) and the renderer's IPC
 * transport. Types only, so the renderer can import it without pulling in any Electron or Node code.
 *
 * The renderer uses it when `window.ledgerApi` exists (desktop app) and otherwise fetches the
 * same paths over HTTP (headless mode): `request` answers exactly what the HTTP API answers.
 */
import type { ServerEvent } from '../engine/api-types';

/** The methods the API has; anything else is refused before reaching the router. */
export type BridgeMethod = 'GET' | 'HEAD' | 'POST';

export interface BridgeRequest {
  method: BridgeMethod;
  /** Path and query string as over HTTP, starting with `/api/` (e.g. `/api/journals?page=2`). */
  path: string;
  /**
   * A JSON value (object, array, string, number, boolean, null), sent as the JSON request body
   * with `content-type: application/json`, as every POST endpoint of the API expects. Omit it for
   * GET and HEAD.
   */
  body?: unknown;
}

export interface BridgeResponse {
  /** The HTTP status the same request gets over HTTP. */
  status: number;
  /** Lower-case names, e.g. `content-type`, `content-disposition` (CSV export). */
  headers: Record<string, string>;
  /** Text bodies (JSON, CSV) as they are; binary bodies (a PDF document) base64-encoded. */
  body: string;
  encoding: 'utf8' | 'base64';
}

/**
 * Pushed after every reload of the ledger, after a failed reload (`problem`), and when another
 * ledger was opened (`reload`, with the new file in `data.file`; its generation starts again at 1).
 * The same shape as the `GET /api/events` server-sent events.
 */
export type BridgeReloadEvent = ServerEvent;

/** Result of the document and file actions (none of them throws). */
export type BridgeActionResult =
  | { status: 'done'; /** The file written or opened (absolute). */ file: string }
  | { status: 'cancelled' }
  | { status: 'error'; message: string };

export interface LedgerBridge {
  /** Runs one API request in the main process, through the same router as the HTTP server. */
  request(request: BridgeRequest): Promise<BridgeResponse>;
  /** Subscribes to reload events; returns the unsubscribe function. */
  onReload(listener: (event: BridgeReloadEvent) => void): () => void;
  /** Shows the Open dialog and opens the chosen ledger; `done` carries its file (a reload event follows). */
  openFile(): Promise<BridgeActionResult>;
  /**
   * Saves a document of the ledger (its `path` from GET /api/documents) through a save dialog.
   * The same path rules as GET /api/documents/file apply.
   */
  saveDocument(path: string): Promise<BridgeActionResult>;
  /** Opens a document of the ledger in the system's viewer (only viewable types, never programs). */
  openDocument(path: string): Promise<BridgeActionResult>;
  /**
   * Opens a source file of the loaded ledger in the user's editor at `line` (issue 17 §2):
   * `$VISUAL`/`$EDITOR` when it is an editor the app knows, else the system's opener. `file` as
   * the journal gives it (relative to the ledger directory, or absolute); any other file is refused.
   */
  openInEditor(file: string, line: number): Promise<BridgeActionResult>;
}

declare global {
  interface Window {
    /** Present in the desktop app only. */
    readonly ledgerApi?: LedgerBridge;
  }
}
