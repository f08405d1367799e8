/**
 * `ledgerApi.openInEditor(file, line)`: opens a source file of the loaded ledger in the user's
 * editor at a line (issue 17 §2). The page names the file as the journal shows it (relative to
 * the ledger directory, or absolute when outside it); only files the loaded ledger was read from
 * are opened, so a compromised page cannot make the app open (or run) anything else.
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Snapshot } from '../../engine/ledger/snapshot';
import type { BridgeActionResult } from '../../preload/bridge-types';
import { editorPlan, type EditorEnv } from './editor-command';

/** Longer names are no file of a ledger; longer line numbers no line of one. */
const MAX_NAME_LENGTH = 4096;
const MAX_LINE = 100_000_000;

export type SourceCheck = { ok: true; file: string; line: number } | { ok: false; message: string };

/**
 * The absolute path of a file the ledger was read from, or why not. Relative names resolve
 * against the ledger directory (as the journal's file column is written); the result must be one
 * of `snapshot.files` exactly, so `..`, links to elsewhere and unlisted files never pass.
 */
export function ledgerSourceFile(snapshot: Pick<Snapshot, 'root' | 'files'> | null, requested: unknown, line: unknown): SourceCheck {
  if (typeof requested !== 'string' || requested === '') return { ok: false, message: 'the file must be a non-empty string' };
  if (requested.length > MAX_NAME_LENGTH || requested.includes('\0')) return { ok: false, message: 'not a file of the ledger' };
  if (typeof line !== 'number' || !Number.isInteger(line) || line < 1 || line > MAX_LINE) {
    return { ok: false, message: 'the line must be a whole number from 1' };
  }
  if (!snapshot) return { ok: false, message: 'no ledger is loaded' };
  const file = path.resolve(snapshot.root, requested);
  if (!snapshot.files.some((f) => path.resolve(f) === file)) return { ok: false, message: `${requested} is not a file of the loaded ledger` };
  return { ok: true, file, line };
}

export interface EditorDeps {
  env: EditorEnv;
  platform: NodeJS.Platform;
  /** Starts a program detached from the app; rejects when it cannot be started (ENOENT, EACCES). */
  launch(command: string, args: string[]): Promise<void>;
  /** shell.openPath: resolves with an error message, '' on success. */
  openPath(file: string): Promise<string>;
}

export async function openInEditor(snapshot: Pick<Snapshot, 'root' | 'files'> | null, requested: unknown, line: unknown, deps: EditorDeps): Promise<BridgeActionResult> {
  const checked = ledgerSourceFile(snapshot, requested, line);
  if (!checked.ok) return { status: 'error', message: checked.message };
  const stat = await fs.stat(checked.file).catch(() => null);
  if (!stat?.isFile()) return { status: 'error', message: `${String(requested)} no longer exists` };
  const plan = editorPlan(deps.env, checked.file, checked.line, deps.platform);
  let launchFailure = '';
  if (plan.kind === 'spawn') {
    try {
      await deps.launch(plan.command, plan.args);
      return { status: 'done', file: checked.file };
    } catch (e) {
      // A configured editor that is not installed: the system opener still shows the file.
      launchFailure = `cannot start ${plan.command}: ${(e as Error).message}; `;
    }
  }
  const failure = await deps.openPath(checked.file);
  return failure ? { status: 'error', message: `${launchFailure}the system could not open ${path.basename(checked.file)}: ${failure}` } : { status: 'done', file: checked.file };
}

/**
 * spawn with an argument array and no shell, detached with no stdio, so the editor outlives the
 * app and never writes into its output. Resolves once the process started.
 */
export function launchDetached(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', shell: false, windowsHide: false });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
