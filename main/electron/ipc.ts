/**
 * The main-process side of `window.ledgerApi.request`: checks what the page sent and forwards
 * it into the same h3 router the HTTP server uses (main/server/forward.ts), so the desktop app
 * and an HTTP client get the same statuses and bodies for the same request.
 *
 * Everything arriving over IPC is untrusted shape-wise (a compromised page can send anything):
 * it is checked field by field and a bad request becomes a 400 answer, never an exception.
 * Requests from the app's own pages skip SVC_AUTH (`trusted`): the password guards the network
 * listener, and the window belongs to the user who started the app.
 */
import type { H3 } from 'h3';
import type { BridgeMethod, BridgeResponse } from '../../preload/bridge-types';
import { errorReply, forward, type ForwardRequest } from '../server/forward';
import { isAppUrl } from './window';

const METHODS: ReadonlySet<string> = new Set<BridgeMethod>(['GET', 'HEAD', 'POST']);
/** Longer paths are no API request (the longest real ones carry an account name and a page). */
const MAX_PATH_LENGTH = 8192;

export type ParsedBridgeRequest = { ok: true; request: ForwardRequest } | { ok: false; response: BridgeResponse };

export function parseBridgeRequest(payload: unknown): ParsedBridgeRequest {
  const fail = (message: string): ParsedBridgeRequest => ({ ok: false, response: errorReply(400, message) });
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return fail('ledgerApi.request needs an object {method, path, body?}');
  }
  const { method, path, body } = payload as Record<string, unknown>;
  if (typeof method !== 'string' || !METHODS.has(method.toUpperCase())) {
    return fail(`method must be GET, HEAD or POST (got ${typeof method === 'string' ? JSON.stringify(method) : typeof method})`);
  }
  if (typeof path !== 'string' || !path.startsWith('/api/')) {
    return fail(`path must be an API path starting with /api/ (got ${typeof path === 'string' ? JSON.stringify(path.slice(0, 100)) : typeof path})`);
  }
  if (path.length > MAX_PATH_LENGTH) return fail(`path is longer than ${MAX_PATH_LENGTH} characters`);
  const upper = method.toUpperCase();
  const request: ForwardRequest = { method: upper, path };
  if (body !== undefined && upper === 'POST') {
    let text: string | undefined;
    try {
      text = JSON.stringify(body);
    } catch (e) {
      return fail(`body is not a JSON value: ${(e as Error).message}`);
    }
    // JSON.stringify answers undefined for functions and symbols: not a JSON value either.
    if (text === undefined) return fail('body is not a JSON value');
    request.body = text;
    request.headers = { 'content-type': 'application/json' };
  } else if (body !== undefined) {
    return fail(`${upper} requests carry no body`);
  }
  return { ok: true, request };
}

/** Answers one ledgerApi.request. `app` is the open ledger's router (null: none open yet). */
export async function handleBridgeRequest(app: H3 | null, payload: unknown): Promise<BridgeResponse> {
  const parsed = parseBridgeRequest(payload);
  if (!parsed.ok) return parsed.response;
  if (!app) return errorReply(503, 'no ledger is open');
  try {
    return await forward(app, parsed.request, { trusted: true });
  } catch (e) {
    return errorReply(500, `the request failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Only the app's own pages may use the bridge: a page that got into the window some other way
 * (a navigation the guards missed) gets nothing. `frameUrl` is the sending frame's URL.
 */
export function isTrustedSender(frameUrl: string | null | undefined): boolean {
  return typeof frameUrl === 'string' && isAppUrl(frameUrl);
}

/** The answer to a call from elsewhere, in the shape its channel returns. */
export const REFUSED_SENDER = errorReply(403, 'ledgerApi is only available to the app’s own pages');
