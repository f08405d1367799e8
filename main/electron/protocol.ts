/**
 * The app's own origin, app://ledger: the built renderer is served from it by the same static
 * site code the HTTP server uses (main/server/static.ts, with the SPA fallback), so the window
 * never depends on the HTTP listener (which can be off or on a busy port) or on a ledger being
 * loaded, and never runs from file:// (where every local file would count as same-origin).
 *
 * The API is not served on this origin: the page reaches it over IPC only, one channel to check.
 */
import { H3 } from 'h3';
import { errorResponse, toErrorResponse } from '../server/http-errors';
import { createStaticSite } from '../server/static';
import { withSecurityHeaders } from './csp';

export const APP_SCHEME = 'app';
export const APP_HOST = 'ledger';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** Where the window starts. */
export const APP_START_URL = `${APP_ORIGIN}/`;

/**
 * Privileges for protocol.registerSchemesAsPrivileged (before the app is ready): `standard` gives
 * the scheme real origins and relative URLs, `secure` makes it a secure context like https.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/** An h3 app serving only the built renderer in `rendererDir`. */
export function createPageServer(rendererDir: string): H3 {
  const site = createStaticSite(rendererDir);
  const app = new H3({ silent: true, onError: (error) => toErrorResponse(error, (e) => console.error('[app pages]', e)) });
  app.all('/**', async (event) => (await site.serve(event)) ?? errorResponse(404, `not found: ${event.url.pathname}`));
  return app;
}

/** Answers one request of the app:// scheme (protocol.handle) from the page server. Never throws. */
export async function serveAppRequest(pages: H3, request: Request): Promise<Response> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return withSecurityHeaders(errorResponse(400, 'invalid URL'));
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) {
    return withSecurityHeaders(errorResponse(404, `not an address of the app: ${request.url}`));
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return withSecurityHeaders(errorResponse(405, `method ${request.method} is not allowed on app pages`, { allow: 'GET, HEAD' }));
  }
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return withSecurityHeaders(errorResponse(404, 'the app reaches the API through window.ledgerApi, not on its page origin'));
  }
  try {
    const inner = new Request(`http://127.0.0.1${url.pathname}${url.search}`, { method: request.method });
    return withSecurityHeaders(await pages.request(inner));
  } catch (e) {
    return withSecurityHeaders(errorResponse(500, `cannot serve ${url.pathname}: ${(e as Error).message}`));
  }
}
