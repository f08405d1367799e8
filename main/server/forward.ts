/**
 * IPC forwarding core: runs one request through the h3 app in-process, the way the Electron
 * preload bridge reaches the API without a socket. Same router, same validation, same bodies
 * as over HTTP; only the transport differs.
 *
 * Event streams never end, so they cannot be answered as one message: forward() refuses them
 * (501) and the shell subscribes to LedgerHost.onReload directly instead.
 */
import type { H3 } from 'h3';
import { TRUSTED_CALLER } from './app';

export interface ForwardRequest {
  method: string;
  /** Path and query string, starting with a single `/` (e.g. `/api/journals?page=2`). */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ForwardResponse {
  status: number;
  /** Lower-case names; repeated headers joined with `, ` (Set-Cookie with `\n`, as it cannot be joined). */
  headers: Record<string, string>;
  /** Text as is; binary content (a PDF document) base64-encoded, see `encoding`. */
  body: string;
  encoding: 'utf8' | 'base64';
}

export interface ForwardOptions {
  /**
   * The caller is the app's own window, not a network client: authentication is skipped.
   * Only the Electron shell sets this, for its own renderer; HTTP requests can never set it.
   */
  trusted?: boolean;
}

const ORIGIN = 'http://127.0.0.1';

/** A JSON `{message}` answer made without the router (also the IPC layer's refusals, electron/ipc.ts). */
export function errorReply(status: number, message: string): ForwardResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ message }),
    encoding: 'utf8',
  };
}

export async function forward(app: H3, request: ForwardRequest, options: ForwardOptions = {}): Promise<ForwardResponse> {
  // A path like `@evil/x` or `//evil/x` would change the URL's host; only plain paths are accepted.
  if (typeof request.path !== 'string' || !request.path.startsWith('/') || request.path.startsWith('//')) {
    return errorReply(400, `forwarded path must start with a single '/': ${JSON.stringify(String(request.path))}`);
  }
  const method = String(request.method || 'GET').toUpperCase();
  const hasBody = request.body !== undefined && method !== 'GET' && method !== 'HEAD';
  let req: Request;
  try {
    req = new Request(ORIGIN + request.path, {
      method,
      headers: request.headers,
      body: hasBody ? request.body : undefined,
    });
  } catch (e) {
    return errorReply(400, `invalid forwarded request: ${e instanceof Error ? e.message : String(e)}`);
  }
  const context = options.trusted ? { [TRUSTED_CALLER]: true } : {};
  const res = await app.request(req, undefined, context);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies.join('\n');
  if ((headers['content-type'] ?? '').startsWith('text/event-stream')) {
    await res.body?.cancel().catch(() => undefined);
    return errorReply(501, 'event streams are not available over IPC: subscribe to reload events in the shell');
  }
  if (isText(headers['content-type'])) return { status: res.status, headers, body: await res.text(), encoding: 'utf8' };
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers, body: bytes.toString('base64'), encoding: 'base64' };
}

/** Bodies a string carries without loss; anything else travels as base64. */
function isText(contentType: string | undefined): boolean {
  if (contentType === undefined) return true; // empty bodies (204, HEAD) have no type
  const essence = contentType.split(';', 1)[0].trim().toLowerCase();
  return (
    essence.startsWith('text/') ||
    essence === 'application/json' ||
    essence.endsWith('+json') ||
    essence === 'application/xml' ||
    essence.endsWith('+xml') ||
    essence === 'application/javascript'
  );
}
