/**
 * Reloads the ledger when one of its files changes on disk.
 *
 * Watches exactly the files the served snapshot read (main file first, then includes), plus the
 * main file even while it is missing; the set is refreshed after every reload because editing an
 * include line adds or drops files. Events are debounced: an editor save (often write + rename +
 * chmod) or a `git checkout` touching several includes becomes one reload.
 *
 * What is watched for each file (`targetsOf`), so the faults of a real desktop are survived:
 * - the path as the user sees it; when it is a symbolic link, also its directory (re-pointing a
 *   link, `ln -sf` or `mv -T tmp link`, replaces a directory entry and changes no file) and the
 *   resolved target (later edits of the new target happen there);
 * - a missing file through its nearest existing ancestor directory, so a removed folder that is
 *   restored (sync tools, `git checkout`, a remounted drive) is noticed.
 * The targets are resolved again after every event and, as a safety net for events a watcher
 * backend misses (a watched directory deleted under it, a link re-pointed in between), on a
 * modest poll (1 s). When they change, the chokidar watcher is rebuilt over the new targets and
 * a reload is scheduled: rebuilding is simpler and surer than patching chokidar's state for paths
 * that vanished and came back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { trace } from './engine/trace';

/**
 * Quiet time after the last event before reloading. The events of one save (write + rename +
 * chmod, truncate then write) come within a few ms of each other; a save that outlasts the wait
 * costs one extra load, never a lost change (the host queues one follow-up load, and the last one
 * reads the newest files). 50 ms, the value the fault suite runs every save pattern with
 * (test/main/faults), rather than 150: a tenth of issue 15's 1.5 s budget for save -> served.
 */
export const DEFAULT_DEBOUNCE_MS = 50;
export const DEFAULT_POLL_MS = 1000;

/** What the watcher needs of the ledger host (main/host.ts's LedgerHost has it). */
export interface WatchedHost {
  readonly file: string;
  readonly current: { readonly files: readonly string[]; readonly missingFiles?: readonly string[] } | null;
  reload(): Promise<unknown>;
  onReload(listener: (e: { kind: string }) => void): () => void;
}

export interface WatchOptions {
  debounceMs?: number;
  /** Interval of the re-resolution poll, ms (0 turns it off). */
  pollMs?: number;
  /** Watcher failures (e.g. too many watched files); the default logs them. */
  onError?: (e: unknown) => void;
}

export interface LedgerWatcher {
  /** Resolves once the initial file set is being watched. */
  readonly ready: Promise<void>;
  /** Files watched now (as the ledger names them), sorted. */
  watched(): string[];
  close(): Promise<void>;
}

interface Targets {
  /** Paths handed to chokidar (files and directories). */
  watch: string[];
  /** Paths whose events mean a ledger file changed: the files and their resolved targets. */
  relevant: Set<string>;
  /** Identity of this resolution: when it changes, the watcher is rebuilt. */
  key: string;
}

export function watchLedger(host: WatchedHost, options: WatchOptions = {}): LedgerWatcher {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const onError = options.onError ?? ((e: unknown) => console.error('[watch]', e));
  let files = wantedFiles(host);
  let targets = targetsOf(files);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  /** The files' state when the last reload was started here: a rebuild or the poll reloads only when it differs. */
  let seen = fingerprint(files);

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (closed) return;
      seen = fingerprint(files);
      trace('watch: debounce over, reload');
      host.reload().catch(onError);
    }, debounceMs);
  };
  const scheduleIfChanged = () => {
    if (!closed && fingerprint(files) !== seen) schedule();
  };

  /** A missing file present now (created before its watch was in place): reload now rather than never. */
  const reloadIfAppeared = (list: Iterable<string>) => {
    for (const f of list) if (isMissing(host, f) && fs.existsSync(f)) return schedule();
  };

  // atomic: editors that save via a temporary file and rename are reported as one change.
  // depth 0: a directory is watched only for its own entries.
  const start = (t: Targets): { watcher: FSWatcher; ready: Promise<void> } => {
    const w = watch(t.watch, { ignoreInitial: true, atomic: true, persistent: true, depth: 0 });
    w.on('all', (_event, changed) => {
      if (closed || w !== current) return;
      trace(`watch: ${_event} ${changed}`);
      if (!refresh() && targets.relevant.has(path.resolve(changed))) schedule();
    });
    w.on('error', onError);
    return { watcher: w, ready: new Promise<void>((resolve) => w.once('ready', () => resolve())) };
  };

  const first = start(targets);
  let current = first.watcher;
  /** Closing of replaced watchers, awaited by close(). */
  const retiring: Promise<void>[] = [];

  /**
   * Resolves the targets again; when they changed, rebuilds the watcher over them and schedules
   * a reload (the change may be the very save to pick up). Returns whether it rebuilt.
   */
  const refresh = (): boolean => {
    if (closed) return false;
    const next = targetsOf(files);
    if (next.key === targets.key) return false;
    targets = next;
    const old = current;
    const started = start(next);
    current = started.watcher;
    retiring.push(old.close().catch(onError));
    // Events between the old watcher's end and the new one's readiness are lost: look again then.
    started.ready.then(scheduleIfChanged, onError);
    scheduleIfChanged();
    return true;
  };

  // The safety net: targets resolved again, and the files' state compared with the last reload's.
  const poll = pollMs > 0 ? setInterval(() => refresh() || scheduleIfChanged(), pollMs) : null;
  poll?.unref();

  const unsubscribe = host.onReload((e) => {
    if (closed || e.kind !== 'reload') return;
    const next = wantedFiles(host);
    const added = [...next].filter((f) => !files.has(f));
    const removed = [...files].filter((f) => !next.has(f));
    files = next;
    // The set changed because of the load just done: its state is the one served.
    if (added.length || removed.length) seen = fingerprint(files);
    refresh();
    // Only files new to the set, so a file that exists but still fails to load cannot loop.
    reloadIfAppeared(added);
  });

  const ready = first.ready.then(() => reloadIfAppeared(files));

  return {
    ready,
    watched: () => [...files].sort(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      unsubscribe();
      await Promise.all([current.close(), ...retiring]);
    },
  };
}

function wantedFiles(host: WatchedHost): Set<string> {
  const set = new Set<string>([path.resolve(host.file)]);
  for (const f of host.current?.files ?? []) set.add(path.resolve(f));
  for (const f of host.current?.missingFiles ?? []) set.add(path.resolve(f));
  return set;
}

/** Whether the served state lacks `file`: a missing include, or the main file not found. */
function isMissing(host: WatchedHost, file: string): boolean {
  const cur = host.current;
  if (!cur) return true;
  return !cur.files.some((f) => path.resolve(f) === file);
}

/** What to watch for these files now (see the header comment). Never throws. */
export function targetsOf(files: Iterable<string>): Targets {
  const watchSet = new Set<string>();
  const relevant = new Set<string>();
  for (const f of files) {
    relevant.add(f);
    let link = false;
    try {
      link = fs.lstatSync(f).isSymbolicLink();
    } catch {
      // missing: handled below
    }
    let real: string | null = null;
    try {
      real = fs.realpathSync(f);
    } catch {
      real = null; // missing, or a dangling link
    }
    if (link) watchSet.add(path.dirname(f));
    if (real !== null) {
      watchSet.add(f);
      relevant.add(real);
      if (real !== f) watchSet.add(real);
    } else {
      watchSet.add(existingAncestor(path.dirname(f)));
    }
  }
  const watchList = [...watchSet].sort();
  // The key includes the resolved targets, so a re-pointed link changes it.
  return { watch: watchList, relevant, key: watchList.join('\n') + '\0' + [...relevant].sort().join('\n') };
}

/** Identity and state of each file (after links); a change of any means the ledger may differ. */
function fingerprint(files: Iterable<string>): string {
  const parts: string[] = [];
  for (const f of files) {
    try {
      const st = fs.statSync(f);
      parts.push(`${f}|${st.ino}|${st.size}|${st.mtimeMs}|${fs.realpathSync(f)}`);
    } catch {
      parts.push(`${f}|-`);
    }
  }
  return parts.sort().join('\n');
}

function existingAncestor(dir: string): string {
  let d = dir;
  for (;;) {
    try {
      if (fs.statSync(d).isDirectory()) return d;
    } catch {
      // keep climbing
    }
    const up = path.dirname(d);
    if (up === d) return d;
    d = up;
  }
}
