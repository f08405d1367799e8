/**
 * Serves the built renderer (dist/renderer) for every GET/HEAD outside /api.
 *
 * SPA fallback: a path whose last segment has no file extension (a client route such as
 * /explore or /accounts/Assets:Cash) gets index.html; a missing file with an extension
 * (/assets/app-1234.js) is a real 404, so a stale script tag fails loudly instead of
 * receiving HTML. When the renderer was never built, every page says so (503).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic, type H3Event } from 'h3';
import { errorResponse } from './http-errors';

/** <repo>/dist/renderer, found from this file's place in the tree (main/server/static.ts). */
export const DEFAULT_RENDERER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/renderer');

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ledger Query: renderer not built</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>renderer not built: run npm run build</h1>
<p>The API is running (try <a href="/api/status">/api/status</a>), but the user interface has not been
built into <code>dist/renderer</code> yet. Run <code>npm run build</code> and reload this page.</p>
</body></html>
`;

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export interface StaticSite {
  /** Answers a GET/HEAD outside /api, or undefined to let the caller answer 404/405. */
  serve(event: H3Event): Promise<Response | unknown>;
}

export function createStaticSite(rendererDir: string = DEFAULT_RENDERER_DIR): StaticSite {
  const root = path.resolve(rendererDir);

  /** Real path of an asset id inside the renderer directory, or null (missing, outside, not a file). */
  async function locate(id: string, realRoot: string): Promise<{ file: string; size: number; mtime: Date } | null> {
    if (id.includes('\0')) return null;
    const candidate = path.resolve(realRoot, '.' + id);
    if (!isInside(realRoot, candidate)) return null;
    try {
      const real = await fs.realpath(candidate);
      if (!isInside(realRoot, real)) return null;
      const stat = await fs.stat(real);
      return stat.isFile() ? { file: real, size: stat.size, mtime: stat.mtime } : null;
    } catch {
      return null;
    }
  }

  return {
    async serve(event) {
      const realRoot = await fs.realpath(root).catch(() => null);
      const index = realRoot ? await locate('/index.html', realRoot) : null;
      if (!realRoot || !index) {
        return new Response(event.req.method === 'HEAD' ? null : NOT_BUILT_PAGE, {
          status: 503,
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
        });
      }
      const served = await serveStatic(event, {
        fallthrough: true,
        getMeta: async (id) => {
          const found = await locate(id, realRoot);
          return found ? { size: found.size, mtime: found.mtime } : undefined;
        },
        getContents: async (id) => {
          const found = await locate(id, realRoot);
          return found ? new Uint8Array(await fs.readFile(found.file)) : null;
        },
      });
      if (served !== undefined) return served;
      const last = event.url.pathname.split('/').pop() ?? '';
      if (last.includes('.')) return errorResponse(404, `not found: ${event.url.pathname}`);
      const html = await fs.readFile(index.file);
      return new Response(event.req.method === 'HEAD' ? null : new Uint8Array(html), {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
      });
    },
  };
}
