/**
 * GET /api/documents/file?path=<path>: downloads a document by the `path` GET /api/documents
 * lists (relative to the ledger directory).
 *
 * Refused, before touching the disk: no or empty path (400), a NUL byte (400), an absolute or
 * drive-letter path (400), any `..` segment (403). Then only paths the ledger lists as documents
 * are served (404 otherwise: the endpoint is not a general file server for the ledger directory),
 * and the file's real path (symlinks followed) must lie inside the real ledger directory (403).
 *
 * Served with `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`, so an
 * HTML or SVG document opened in the app cannot run script against the API's origin.
 */
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Snapshot } from '../../engine/ledger/snapshot';
import { DOCUMENT_FILE_PATH } from '../../engine/api-types';
import { ApiError } from './http-errors';
import type { RouteModule } from './app';

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.eml': 'message/rfc822',
};

const listedPaths = new WeakMap<Snapshot, Set<string>>();

/** Document paths of a snapshot, built once per snapshot. */
function documentPaths(snapshot: Snapshot): Set<string> {
  let set = listedPaths.get(snapshot);
  if (!set) {
    set = new Set(snapshot.documents.map((d) => normalizeRelative(d.path)));
    listedPaths.set(snapshot, set);
  }
  return set;
}

/** Forward slashes, no `./` segments, no doubled separators: the form paths are compared in. */
function normalizeRelative(p: string): string {
  return p
    .split(/[\\/]+/)
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}

/**
 * Checks a requested path syntactically and returns it normalized. Throws ApiError 400/403.
 * Exported for unit tests of the rules.
 */
export function checkRequestedPath(requested: string | null): string {
  if (requested === null || requested === '') throw new ApiError(400, "missing query parameter 'path'");
  if (requested.includes('\0')) throw new ApiError(400, 'document path contains a NUL byte');
  if (path.posix.isAbsolute(requested) || path.win32.isAbsolute(requested) || /^[A-Za-z]:/.test(requested)) {
    throw new ApiError(400, 'document path must be relative to the ledger directory, not absolute');
  }
  if (requested.split(/[\\/]/).includes('..')) {
    throw new ApiError(403, "document path may not contain '..': only files inside the ledger directory are served");
  }
  const normalized = normalizeRelative(requested);
  if (normalized === '') throw new ApiError(400, "missing query parameter 'path'");
  return normalized;
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Resolves a checked path to a real file inside the ledger directory, or throws 403/404. */
export async function resolveDocument(snapshot: Snapshot, requested: string): Promise<string> {
  if (!documentPaths(snapshot).has(requested)) {
    throw new ApiError(404, `no document with path '${requested}' in the ledger`);
  }
  const root = await fs.realpath(snapshot.root).catch(() => {
    throw new ApiError(404, 'the ledger directory is not available');
  });
  const candidate = path.resolve(root, requested);
  if (!isInside(root, candidate)) throw new ApiError(403, 'document path is outside the ledger directory');
  const real = await fs.realpath(candidate).catch(() => {
    throw new ApiError(404, `document not found: ${requested}`);
  });
  if (!isInside(root, real)) {
    throw new ApiError(403, 'document path leads outside the ledger directory (through a symbolic link)');
  }
  return real;
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const documentRoutes: RouteModule = (routes) => {
  routes.get(DOCUMENT_FILE_PATH, async (c) => {
    const requested = checkRequestedPath(c.event.url.searchParams.get('path'));
    const file = await resolveDocument(c.snapshot, requested);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || !stat.isFile()) throw new ApiError(404, `document not found: ${requested}`);
    const headers = {
      'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': String(stat.size),
      'content-disposition': contentDisposition(path.basename(file)),
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'no-cache',
    };
    if (c.event.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  });
};
