/**
 * Reloads the ledger when one of its files changes on disk.
 *
 * Watches exactly the files the served snapshot read (main file first, then includes), plus the
 * main file even while it is missing; the set is refreshed after every reload because editing an
 * include line adds or drops files. Events are debounced: an editor save (often write + rename +
 * chmod) or a `git checkout` touching several includes becomes one reload.
 */
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { LedgerHost } from './host';

export const DEFAULT_DEBOUNCE_MS = 150;

export interface WatchOptions {
  debounceMs?: number;
  /** Watcher failures (e.g. too many watched files); the default logs them. */
  onError?: (e: unknown) => void;
}

export interface LedgerWatcher {
  /** Resolves once the initial file set is being watched. */
  readonly ready: Promise<void>;
  /** Files watched now, sorted. */
  watched(): string[];
  close(): Promise<void>;
}

export function watchLedger(host: LedgerHost, options: WatchOptions = {}): LedgerWatcher {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const onError = options.onError ?? ((e: unknown) => console.error('[watch]', e));
  let files = wantedFiles(host);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  // atomic: editors that save via a temporary file and rename are reported as one change.
  const watcher: FSWatcher = watch([...files], { ignoreInitial: true, atomic: true, persistent: true });

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (!closed) host.reload().catch(onError);
    }, debounceMs);
  };

  watcher.on('all', (_event, changed) => {
    if (files.has(path.resolve(changed))) schedule();
  });
  watcher.on('error', onError);

  const unsubscribe = host.onReload((e) => {
    if (closed || e.kind !== 'reload') return;
    const next = wantedFiles(host);
    const added = [...next].filter((f) => !files.has(f));
    const removed = [...files].filter((f) => !next.has(f));
    files = next;
    if (added.length) watcher.add(added);
    if (removed.length) watcher.unwatch(removed);
  });

  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    ready,
    watched: () => [...files].sort(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      unsubscribe();
      await watcher.close();
    },
  };
}

function wantedFiles(host: LedgerHost): Set<string> {
  const set = new Set<string>([path.resolve(host.file)]);
  for (const f of host.current?.files ?? []) set.add(path.resolve(f));
  for (const f of host.current?.missingFiles ?? []) set.add(path.resolve(f));
  return set;
}
