/**
 * Builds the h3 application: the transport-neutral router behind both the HTTP listener
 * (listen.ts) and the Electron IPC bridge (forward.ts, which calls `app.fetch` in-process).
 * The same function builds the router of each engine worker (main/engine/worker.ts); the main
 * thread's router, given `engine`, keeps the Host check, authentication, status and events and
 * forwards every other /api request to the workers (one router, two transports, two threads).
 *
 * Every request passes, in order:
 * 1. pinning: the loaded ledger state is read once, so a reload during the request does not
 *    change what the request sees (RouteContext.snapshot);
 * 2. the Host check: only 127.0.0.1, localhost and [::1] are answered, which stops DNS-rebinding
 *    pages from reading the API through a browser (spec silent; a localhost-only server must);
 * 3. authentication (auth.ts) when SVC_AUTH is set, for every path except sign-in and sign-out;
 * 4. the routes, then a fallback: unknown /api paths are 404 JSON, a known path with another
 *    method is 405 JSON with `Allow`, everything else is the renderer (static.ts).
 *
 * Endpoint groups are RouteModules: `(routes, server) => { routes.post('/api/query', handler) }`.
 * The query endpoints plug in through `options.routes` once the engine exists, e.g.
 *
 *   const queryRoutes: RouteModule = (routes, server) => {
 *     routes.post('/api/query', async (c) => {
 *       const body = await readJsonObject(c.event, server.bodyLimit);
 *       try { return { data: runQuery(c.snapshot, String(body.query), { signal: c.signal }) }; }
 *       catch (e) { if (e instanceof QueryError) return queryErrorResponse(e); throw e; }
 *     });
 *   };
 */
import { H3, type H3Event } from 'h3';
import type { Snapshot } from '../../engine/ledger/snapshot';
import type { AuthState } from '../../engine/api-types';
import type { LedgerHost, Loaded } from '../host';
import { Authenticator, type AuthConfig, type AuthOptions } from './auth';
import { ApiError, DEFAULT_BODY_LIMIT, errorResponse, toErrorResponse } from './http-errors';
import { statusRoutes } from './events';
import { documentRoutes } from './documents';
import { createStaticSite } from './static';
import type { EngineForwarder } from '../engine/forward';

/** Context key set by forward() for calls from the app's own window (see forward.ts). */
export const TRUSTED_CALLER = 'ledgerTrustedCaller';
const PIN = 'ledgerPin';

const DEFAULT_ALLOWED_HOSTS = ['127.0.0.1', 'localhost', '[::1]', '::1'];

export interface AppOptions {
  /** Parsed SVC_AUTH; null or absent: no authentication. */
  auth?: AuthConfig | null;
  authOptions?: AuthOptions;
  /** Built renderer directory (default <repo>/dist/renderer). */
  rendererDir?: string;
  /** Largest accepted request body, bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Further endpoint groups (the query endpoints, statistics, journals ...). */
  routes?: RouteModule[];
  /** Host names the server answers to (default 127.0.0.1, localhost, [::1]). */
  allowedHosts?: string[];
  /** Where unexpected errors are reported (default console.error). */
  log?: (e: unknown) => void;
  /**
   * Pooled serving (main/engine): every /api request other than status, events and sign-in is
   * forwarded to the engine workers, which run `routes` (and the document routes) themselves
   * against their own snapshot; `routes` is then not registered here.
   */
  engine?: EngineForwarder;
}

/** What every route module may use. */
export interface ServerContext {
  readonly host: LedgerHost;
  readonly bodyLimit: number;
}

/** One request as a handler sees it. */
export interface RouteContext {
  readonly event: H3Event;
  /** The loaded state pinned at the start of the request (null: nothing loaded yet). */
  readonly pinned: Loaded | null;
  /** The pinned snapshot; throws 503 when no ledger is loaded. */
  readonly snapshot: Snapshot;
  /** Aborted when the client goes away (pass to long queries). */
  readonly signal: AbortSignal | undefined;
}

/** Returns a body (serialized as JSON), a Response, or throws ApiError. */
export type RouteHandler = (c: RouteContext) => unknown;

export interface RouteTable {
  /** Registers GET (and HEAD, answered without body). */
  get(path: string, handler: RouteHandler): void;
  post(path: string, handler: RouteHandler): void;
}

export type RouteModule = (routes: RouteTable, server: ServerContext) => void;

class RequestContext implements RouteContext {
  constructor(
    readonly event: H3Event,
    private readonly host: LedgerHost,
  ) {}
  get pinned(): Loaded | null {
    return (this.event.context[PIN] as Loaded | null | undefined) ?? null;
  }
  get snapshot(): Snapshot {
    const pinned = this.pinned;
    if (pinned) return pinned.snapshot;
    const problem = this.host.problem;
    throw new ApiError(503, `the ledger is not loaded${problem ? `: ${problem.message}` : ' yet'}`);
  }
  get signal(): AbortSignal | undefined {
    return this.event.req.signal;
  }
}

/** Route patterns by method, to tell 405 (known path, other method) from 404. */
class Registry implements RouteTable {
  private readonly patterns: Array<{ method: string; segments: string[] }> = [];
  constructor(
    private readonly app: H3,
    private readonly host: LedgerHost,
  ) {}

  get(path: string, handler: RouteHandler): void {
    this.add('GET', path, handler);
    this.add('HEAD', path, handler);
  }

  post(path: string, handler: RouteHandler): void {
    this.add('POST', path, handler);
  }

  private add(method: 'GET' | 'HEAD' | 'POST', path: string, handler: RouteHandler): void {
    this.patterns.push({ method, segments: path.split('/') });
    this.app.on(method, path, (event) => handler(new RequestContext(event, this.host)));
  }

  allowedMethods(pathname: string): string[] {
    const parts = pathname.split('/');
    const methods = new Set<string>();
    for (const p of this.patterns) if (matches(p.segments, parts)) methods.add(p.method);
    return [...methods];
  }
}

function matches(pattern: string[], parts: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i];
    if (seg === '**') return true;
    if (i >= parts.length) return false;
    if (seg.startsWith(':') || seg === '*') {
      if (parts[i] === '') return false;
    } else if (seg !== parts[i]) return false;
  }
  return pattern.length === parts.length;
}

const authExempt = (event: H3Event) =>
  event.req.method === 'POST' && (event.url.pathname === '/api/auth/login' || event.url.pathname === '/api/auth/logout');

export function createApp(host: LedgerHost, options: AppOptions = {}): H3 {
  const log = options.log ?? ((e: unknown) => console.error('[server] unexpected error:', e));
  const app = new H3({
    silent: true,
    onError: (error) => toErrorResponse(error, log),
  });
  const server: ServerContext = { host, bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT };
  const allowedHosts = new Set((options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS).map((h) => h.toLowerCase()));
  const auth = options.auth ? new Authenticator(options.auth, options.authOptions) : null;
  const site = createStaticSite(options.rendererDir);

  app.use((event) => {
    event.context[PIN] = host.pin();
    if (!allowedHosts.has(event.url.hostname.toLowerCase())) {
      return errorResponse(403, `this server only answers requests addressed to 127.0.0.1 or localhost`);
    }
    if (auth && event.context[TRUSTED_CALLER] !== true && !authExempt(event)) {
      const refused = auth.check(event);
      if (refused) return refused;
    }
    // API answers describe one snapshot; a cached one would outlive the next reload.
    if (event.url.pathname.startsWith('/api/')) event.res.headers.set('cache-control', 'no-store');
    return undefined;
  });

  const routes = new Registry(app, host);
  const authState = (authenticated: boolean): { data: AuthState } => ({
    data: { auth_required: auth !== null, authenticated },
  });
  routes.post('/api/auth/login', (c) => (auth ? auth.login(c.event, server.bodyLimit) : authState(true)));
  routes.post('/api/auth/logout', (c) => (auth ? auth.logout(c.event) : authState(true)));

  const engine = options.engine;
  const local = engine ? [statusRoutes] : [statusRoutes, documentRoutes, ...(options.routes ?? [])];
  for (const module of local) module(routes, server);

  app.all('/**', async (event) => {
    const { pathname } = event.url;
    const method = event.req.method;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      // The workers' router answers the route, or its own 404/405.
      if (engine) return engine.forward(event);
      const allowed = routes.allowedMethods(pathname);
      if (allowed.length) {
        return errorResponse(405, `method ${method} is not allowed for ${pathname} (allowed: ${allowed.join(', ')})`, {
          allow: allowed.join(', '),
        });
      }
      return errorResponse(404, `no API endpoint ${method} ${pathname}`);
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return errorResponse(405, `method ${method} is not allowed for ${pathname} (allowed: GET, HEAD)`, {
        allow: 'GET, HEAD',
      });
    }
    return site.serve(event);
  });

  return app;
}
