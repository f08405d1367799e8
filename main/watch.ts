/**
 * Reloads the ledger when one of its files changes on disk.
 *
 * Watches exactly the files the served snapshot read (main file first, then includes), plus the
 * main file even while it is missing; the set is refreshed after every reload because editing an
 * include line adds or drops files. Events are debounced: an editor save (often write + rename +
 * chmod) or a `git checkout` touching several includes becomes one reload.
 */
import fs from 'node:fs';
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
  // A file that does not exist yet (a missing include, a deleted main file) is watched through its
  // directory: chokidar would do the same, but only after reporting 'ready', so a file created in
  // between went unnoticed. Directories are never unwatched (that could drop file watches inside).
  const dirs = new Set<string>();
  const targetsFor = (list: Iterable<string>): string[] => {
    const out: string[] = [];
    for (const f of list) {
      if (fs.existsSync(f)) out.push(f);
      else {
        const dir = path.dirname(f);
        if (!dirs.has(dir)) {
          dirs.add(dir);
          out.push(dir);
        }
      }
    }
    return out;
  };

  // atomic: editors that save via a temporary file and rename are reported as one change.
  // depth 0: a directory is watched only for its own entries.
  const watcher: FSWatcher = watch(targetsFor(files), { ignoreInitial: true, atomic: true, persistent: true, depth: 0 });

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (!closed) host.reload().catch(onError);
    }, debounceMs);
  };
  /** A missing file created before its watch was in place: reload now rather than never. */
  const reloadIfAppeared = (list: Iterable<string>) => {
    for (const f of list) if (isMissing(host, f) && fs.existsSync(f)) return schedule();
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
    const targets = targetsFor(added);
    if (targets.length) watcher.add(targets);
    if (removed.length) watcher.unwatch(removed);
    // Only files new to the set, so a file that exists but still fails to load cannot loop.
    reloadIfAppeared(added);
  });

  const ready = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      reloadIfAppeared(files);
      resolve();
    }),
  );

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

/** Whether the served state lacks `file`: a missing include, or the main file not found. */
function isMissing(host: LedgerHost, file: string): boolean {
  const cur = host.current;
  if (!cur) return true;
  return !cur.files.some((f) => path.resolve(f) === file);
}
