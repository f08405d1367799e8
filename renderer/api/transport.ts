/**
 * How the renderer reaches the API: plain HTTP in headless mode (the page is served by
 * `npm run serve`), or the Electron preload bridge (`window.ledgerApi.request`) in the desktop
 * app, which runs the same router in-process and answers exactly what HTTP would.
 */
import type { BridgeMethod, LedgerBridge } from '../../preload/bridge-types';

export interface RawRequest {
  method: BridgeMethod;
  /** Path and query string, starting with `/api/`. */
  path: string;
  /** JSON body (POST only). */
  body?: unknown;
}

export interface RawResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Body as text (JSON and CSV are text; binary bodies are not read through this client). */
  text: string;
}

/** Throws only when the request never got an answer (network down, bridge failure). */
export interface Transport {
  readonly kind: 'http' | 'ipc';
  send(request: RawRequest): Promise<RawResponse>;
}

export class HttpTransport implements Transport {
  readonly kind = 'http' as const;
  constructor(
    /** Origin the API is under; '' for the page's own origin. */
    private readonly base = '',
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  async send(request: RawRequest): Promise<RawResponse> {
    const init: RequestInit = { method: request.method, credentials: 'same-origin', headers: { accept: 'application/json, text/csv' } };
    if (request.body !== undefined) {
      init.body = JSON.stringify(request.body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    const res = await this.fetchImpl(this.base + request.path, init);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    return { status: res.status, headers, text: await res.text() };
  }
}

export class IpcTransport implements Transport {
  readonly kind = 'ipc' as const;
  constructor(private readonly bridge: LedgerBridge) {}

  async send(request: RawRequest): Promise<RawResponse> {
    const res = await this.bridge.request(request.body === undefined ? { method: request.method, path: request.path } : request);
    const text = res.encoding === 'base64' ? decodeBase64Utf8(res.body) : res.body;
    return { status: res.status, headers: res.headers, text };
  }
}

function decodeBase64Utf8(b64: string): string {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

/** The bridge when the preload script installed one (desktop app), else HTTP to the page's origin. */
export function defaultTransport(): Transport {
  const bridge = typeof window !== 'undefined' ? window.ledgerApi : undefined;
  return bridge !== undefined ? new IpcTransport(bridge) : new HttpTransport();
}
