/**
 * A stand-in for engine loadLedger in the server tests (the host takes its loader as a
 * parameter). It reads a tiny line format so tests can change a ledger on disk and see the
 * change arrive through the watcher, the host and the HTTP API:
 *   txn <text>        one transaction
 *   error <text>      one ledger error
 *   include <path>    reads another file (relative to the including file)
 *   document <path>   one document, `path` relative to the ledger directory
 *   throw <text>      the loader fails with that message
 * Only the Snapshot fields the server reads are filled in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Snapshot } from '../../engine/ledger/snapshot';

interface Parsed {
  files: string[];
  transactions: { narration: string }[];
  errors: { kind: string; message: string }[];
  documents: { path: string }[];
}

function readInto(file: string, out: Parsed): void {
  out.files.push(file);
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [word, ...rest] = line.trim().split(' ');
    const arg = rest.join(' ');
    if (word === 'txn') out.transactions.push({ narration: arg });
    else if (word === 'error') out.errors.push({ kind: 'FakeError', message: arg });
    else if (word === 'document') out.documents.push({ path: arg });
    else if (word === 'include') readInto(path.resolve(path.dirname(file), arg), out);
    else if (word === 'throw') throw new Error(arg);
  }
}

export function fakeLoad(file: string): Snapshot {
  const out: Parsed = { files: [], transactions: [], errors: [], documents: [] };
  readInto(path.resolve(file), out);
  return {
    file: path.resolve(file),
    root: path.dirname(path.resolve(file)),
    files: out.files,
    transactions: out.transactions,
    errors: out.errors,
    documents: out.documents,
    loadedAt: Date.now(),
  } as unknown as Snapshot;
}

/** A snapshot-shaped object with a marker, for tests that only look at identity. */
export function markedSnapshot(marker: number, extra: Partial<Record<keyof Snapshot, unknown>> = {}): Snapshot {
  return {
    file: '/nowhere/main.bean',
    root: '/nowhere',
    files: ['/nowhere/main.bean'],
    transactions: new Array(marker * 10).fill({}),
    errors: new Array(marker).fill({ kind: 'FakeError' }),
    documents: [],
    loadedAt: 1_700_000_000_000 + marker,
    ...extra,
  } as unknown as Snapshot;
}

export interface TempDir {
  dir: string;
  write(name: string, text: string): string;
  cleanup(): void;
}

export function tempDir(prefix = 'ledger-test-'): TempDir {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  return {
    dir,
    write(name, text) {
      const p = path.join(dir, name);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, text);
      return p;
    },
    cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
