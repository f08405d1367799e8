/**
 * The main thread's view of a snapshot that lives in the engine workers. The main thread runs no
 * engine code in pooled mode (every /api request is forwarded), but the host's status, the file
 * watcher (files, missingFiles), the window title and the desktop document commands read a few
 * snapshot fields: the worker sends just those after each load, and the host holds a stand-in
 * Snapshot made of them (a few KB instead of the whole booked graph).
 */
import type { Snapshot } from '../../engine/ledger/snapshot';
import type { SnapshotSummary } from './messages';

export function summarize(s: Snapshot): SnapshotSummary {
  return {
    file: s.file,
    root: s.root,
    files: [...s.files],
    missingFiles: [...s.missingFiles],
    documents: s.documents.map((d) => ({ path: d.path })),
    title: s.options.title,
    errorCount: s.errors.length,
    transactionCount: s.transactions.length,
    loadedAt: s.loadedAt,
  };
}

/**
 * A Snapshot-typed object with only the summary's fields filled (lists the status counts are
 * sparse arrays of the right length). Never hand it to engine code: everything else is absent.
 */
export function standInSnapshot(m: SnapshotSummary): Snapshot {
  return {
    file: m.file,
    root: m.root,
    files: m.files,
    missingFiles: m.missingFiles,
    documents: m.documents,
    options: { title: m.title },
    errors: new Array(m.errorCount),
    transactions: new Array(m.transactionCount),
    loadedAt: m.loadedAt,
  } as unknown as Snapshot;
}
