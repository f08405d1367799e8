/**
 * Shared set-up for the shell tests: the fake ledger format of test/main/fake-ledger.ts plus a
 * `title <text>` line that fills `options.title`, as the real loader does for `option "title"`.
 */
import fs from 'node:fs';
import type { Snapshot } from '../../../engine/ledger/snapshot';
import { fakeLoad } from '../fake-ledger';

export function loadWithTitle(file: string): Snapshot {
  const snapshot = fakeLoad(file);
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('title '));
  return { ...snapshot, options: { title: line ? line.slice('title '.length) : null } } as unknown as Snapshot;
}
