/**
 * Document actions of the desktop app: save a ledger document through a save dialog, or open it
 * in the system viewer. The requested path is checked exactly like GET /api/documents/file
 * (main/server/documents.ts: relative, no `..`, no NUL, listed by the ledger, real path inside the
 * ledger directory), so the bridge is no way around the HTTP rules.
 *
 * Opening hands the file to the operating system, which runs programs and scripts when asked to
 * "open" them: only types a viewer shows are opened, anything else has to be saved instead.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Snapshot } from '../../engine/ledger/snapshot';
import type { BridgeActionResult } from '../../preload/bridge-types';
import { checkRequestedPath, resolveDocument } from '../server/documents';
import { ApiError } from '../server/http-errors';

/** Extensions the system viewer may open: documents and images, never programs or scripts. */
export const VIEWABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.bmp',
  '.tif',
  '.tiff',
  '.heic',
  '.txt',
  '.csv',
  '.eml',
  '.odt',
  '.ods',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
]);

export function isViewable(file: string): boolean {
  return VIEWABLE_EXTENSIONS.has(path.extname(file).toLowerCase());
}

const error = (message: string): BridgeActionResult => ({ status: 'error', message });

/** The real file of a requested document, or an error result saying why not. */
export async function locateDocument(
  snapshot: Snapshot | null,
  requested: unknown,
): Promise<{ ok: true; file: string } | { ok: false; result: BridgeActionResult }> {
  if (typeof requested !== 'string') return { ok: false, result: error('the document path must be a string') };
  if (!snapshot) return { ok: false, result: error('no ledger is loaded') };
  try {
    const file = await resolveDocument(snapshot, checkRequestedPath(requested));
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { ok: false, result: error(`document is not a file: ${requested}`) };
    return { ok: true, file };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, result: error(e.message) };
    return { ok: false, result: error(`document not found: ${requested}`) };
  }
}

/** Copies `source` to the chosen destination, refusing to overwrite the document with itself. */
export async function copyDocument(source: string, destination: string): Promise<BridgeActionResult> {
  if (!path.isAbsolute(destination)) return error('the destination must be an absolute path');
  const target = path.resolve(destination);
  const [realSource, realTarget] = await Promise.all([
    fs.realpath(source).catch(() => source),
    fs.realpath(target).catch(() => target),
  ]);
  if (realSource === realTarget) return { status: 'done', file: target }; // saving it onto itself: already there
  const stat = await fs.stat(target).catch(() => null);
  if (stat?.isDirectory()) return error(`the destination is a folder: ${target}`);
  try {
    await fs.copyFile(source, target);
  } catch (e) {
    return error(`cannot save to ${target}: ${(e as NodeJS.ErrnoException).message}`);
  }
  return { status: 'done', file: target };
}

export interface SaveDeps {
  /** Shows the save dialog with a suggested file name; null when cancelled. */
  chooseDestination(suggestedName: string): Promise<string | null>;
}

export async function saveDocument(snapshot: Snapshot | null, requested: unknown, deps: SaveDeps): Promise<BridgeActionResult> {
  const found = await locateDocument(snapshot, requested);
  if (!found.ok) return found.result;
  const destination = await deps.chooseDestination(path.basename(found.file));
  if (destination === null) return { status: 'cancelled' };
  return copyDocument(found.file, destination);
}

export interface OpenDeps {
  /** shell.openPath: resolves with an error message, '' on success. */
  openPath(file: string): Promise<string>;
}

export async function openDocument(snapshot: Snapshot | null, requested: unknown, deps: OpenDeps): Promise<BridgeActionResult> {
  const found = await locateDocument(snapshot, requested);
  if (!found.ok) return found.result;
  if (!isViewable(found.file)) {
    return error(`${path.extname(found.file) || 'files without an extension'} cannot be opened from the app (it could run a program): save it instead`);
  }
  const failure = await deps.openPath(found.file);
  return failure ? error(`the system could not open ${path.basename(found.file)}: ${failure}`) : { status: 'done', file: found.file };
}
