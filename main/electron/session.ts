/**
 * The desktop app's ledger session: which ledger is open, its LedgerService (host, watcher,
 * router), the localhost HTTP listener and the recent-files list. Switching ledgers (File > Open,
 * drag and drop, a second launch with a path) opens the new one fully before the old one is
 * closed, so the window always has a ledger to show; opens are serialized, so two quick drops
 * cannot interleave.
 *
 * The listener is rebound to the new ledger's router on the same port. Choice: sign-in sessions
 * of HTTP clients (SVC_AUTH) do not survive a switch; they sign in again, as after a restart.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { H3 } from 'h3';
import type { ServerEvent } from '../../engine/api-types';
import type { BridgeActionResult } from '../../preload/bridge-types';
import type { Listening } from '../server/listen';
import type { LedgerService } from '../start';
import type { RecentFiles } from './recent-files';
import { windowTitle } from './window';

/** File types the loader reads (by extension): what the Open dialog and drag and drop accept. */
export const LEDGER_EXTENSIONS = ['beancount', 'bean', 'zhang'] as const;

export function isLedgerFile(file: string): boolean {
  const ext = path.extname(file).slice(1).toLowerCase();
  return (LEDGER_EXTENSIONS as readonly string[]).includes(ext);
}

export interface SessionDeps {
  open(ledger: string): Promise<LedgerService>;
  /** Binds the HTTP API; throws when the port is taken. */
  listen(app: H3, port: number): Promise<Listening>;
  /** TCP port of the API, or null when it is off. */
  port: number | null;
  recent: RecentFiles;
  /** Reload events for the window. */
  onEvent(event: ServerEvent): void;
  onTitle(title: string): void;
  /** The recent list or the API address changed (the menu shows both). */
  onChange(): void;
  log(message: string): void;
}

export class LedgerSession {
  private current: LedgerService | null = null;
  private unsubscribe: () => void = () => {};
  private server: Listening | null = null;
  private apiProblem: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SessionDeps) {}

  get service(): LedgerService | null {
    return this.current;
  }

  get app(): H3 | null {
    return this.current?.app ?? null;
  }

  /** `http://127.0.0.1:<port>` while the API listens, else null. */
  get apiUrl(): string | null {
    return this.server?.url ?? null;
  }

  /** Why the API is not listening although it is on (port taken), or null. */
  get apiError(): string | null {
    return this.apiProblem;
  }

  get title(): string {
    const snapshot = this.current?.host.current;
    return windowTitle(snapshot?.options.title, this.current?.host.file ?? null);
  }

  /** Opens a ledger in place of the current one. Never throws; the result says what happened. */
  open(file: string): Promise<BridgeActionResult> {
    const run = this.queue.then(() => this.openNow(file));
    this.queue = run.catch(() => undefined);
    return run.catch((e: unknown) => ({ status: 'error' as const, message: `cannot open ${file}: ${(e as Error).message}` }));
  }

  private async openNow(file: string): Promise<BridgeActionResult> {
    const resolved = path.resolve(file);
    const stat = await fs.stat(resolved).catch(() => null);
    if (!stat) {
      // A recent entry whose file is gone: drop it so the menu stops offering it.
      if (this.deps.recent.list().includes(resolved)) {
        this.deps.recent.remove(resolved);
        this.deps.onChange();
      }
      return { status: 'error', message: `ledger file not found: ${resolved}` };
    }
    if (!stat.isFile()) return { status: 'error', message: `not a file: ${resolved}` };
    if (!isLedgerFile(resolved)) {
      return { status: 'error', message: `not a ledger file (.${LEDGER_EXTENSIONS.join(', .')}): ${path.basename(resolved)}` };
    }

    // The old ledger stays on screen while the new one loads (which blocks this process): say so
    // first, and let the message leave before the load starts.
    const shown = this.current?.host.status();
    if (shown) {
      this.deps.onEvent({ event: 'loading', data: { ...shown, loading: true } });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const next = await this.deps.open(resolved);
    const previous = this.current;
    this.unsubscribe();
    this.current = next;
    // onEvent, not onReload: the window also gets `loading`, to show progress while a reload runs.
    this.unsubscribe = next.host.onEvent((e) => {
      this.deps.onEvent({ event: e.kind, data: e.status });
      this.deps.onTitle(this.title);
    });
    await this.bind(next.app);
    await previous?.close();

    this.deps.recent.add(resolved);
    this.deps.log(`opened ${resolved}`);
    this.deps.onTitle(this.title);
    // One event for the switch itself: the page reloads everything for the new file.
    this.deps.onEvent({ event: next.first.swapped ? 'reload' : 'problem', data: next.host.status() });
    this.deps.onChange();
    return { status: 'done', file: resolved };
  }

  /** Puts the HTTP API on the new router (same port as before, also when it was 0 = any). */
  private async bind(app: H3): Promise<void> {
    if (this.deps.port === null) return;
    const port = this.server?.port ?? this.deps.port;
    await this.server?.close();
    this.server = null;
    try {
      this.server = await this.deps.listen(app, port);
      this.apiProblem = null;
    } catch (e) {
      this.apiProblem = (e as Error).message;
      this.deps.log(`the HTTP API is off: ${this.apiProblem}`);
    }
  }

  async close(): Promise<void> {
    await this.queue;
    this.unsubscribe();
    await Promise.allSettled([this.server?.close(), this.current?.close()]);
    this.server = null;
    this.current = null;
  }
}
