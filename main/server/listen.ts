/**
 * Puts the h3 app on a TCP port, bound to 127.0.0.1 only: the API serves one user's ledger and
 * is never meant to be reachable from the network, so the address is not an option.
 */
import type { AddressInfo } from 'node:net';
import { Server as HttpServer } from 'node:http';
import { serve, type H3 } from 'h3';
import { ConnectionGuard } from './connections';
import { DEFAULT_BODY_LIMIT } from './http-errors';

export const LISTEN_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8000;
/** Idle keep-alive connections are kept this long (ms). */
export const KEEP_ALIVE_MS = 120_000;
/** A request's headers must arrive within this time (ms): a slowloris client is dropped after it. */
export const HEADERS_TIMEOUT_MS = 20_000;
/** A whole request, body included, must arrive within this time (ms) (bodies are at most 1 MiB). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** At most this many open connections; above it the oldest idle one is dropped (connections.ts). */
export const MAX_CONNECTIONS = 256;
/** A shutdown waits this long (ms) for requests being answered before cutting them. */
export const SHUTDOWN_GRACE_MS = 5_000;

export interface ListenOptions {
  /** TCP port; 0 picks a free one (tests). Default 8000. */
  port?: number;
  /** Transport-level cap on request bodies, bytes (the app enforces its own limit too). */
  maxBodyBytes?: number;
  /** Overrides of the limits above (tests use short ones). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveMs?: number;
  maxConnections?: number;
}

export interface Listening {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /**
   * Stops accepting connections, ends idle ones and event streams at once, lets requests being
   * answered finish for up to `graceMs` (default SHUTDOWN_GRACE_MS; 0 cuts them), then closes.
   */
  close(graceMs?: number): Promise<void>;
  /** Open connections now (tests). */
  connections(): number;
}

export async function listen(app: H3, options: ListenOptions = {}): Promise<Listening> {
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${port}`);
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, headersTimeout);
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  const server = serve(app, {
    hostname: LISTEN_HOST,
    port,
    silent: true,
    // serve.ts installs its own SIGINT handling; srvx's would exit the process behind our back.
    gracefulShutdown: false,
    manual: true,
    maxRequestBodySize: Math.max(options.maxBodyBytes ?? DEFAULT_BODY_LIMIT, DEFAULT_BODY_LIMIT) + 1,
    // Passed to http.createServer. Node checks these deadlines only every
    // connectionsCheckingInterval (default 30 s): check each second so a slow client is dropped
    // close to its deadline. Node answers an expired request 408 and closes the connection.
    node: {
      headersTimeout,
      requestTimeout,
      keepAliveTimeout: keepAliveMs,
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
  });
  const nodeServer = server.node?.server;
  if (!nodeServer) throw new Error('the HTTP server did not start (not running on Node.js?)');
  // A reload may block this thread for seconds on large ledgers. Node's default 5 s keep-alive
  // timeout then fires the moment the loop resumes and resets idle connections that a client is
  // just reusing (ECONNRESET): keep idle connections longer than any load takes. The header
  // timer only runs once a request's first byte has arrived (Node >= 18), so it can be shorter
  // than the keep-alive time; idle connections are bounded by the connection cap instead.
  if (!(nodeServer instanceof HttpServer)) throw new Error('expected a node:http server');
  nodeServer.keepAliveTimeout = keepAliveMs;
  nodeServer.headersTimeout = headersTimeout;
  nodeServer.requestTimeout = requestTimeout;
  const guard = new ConnectionGuard(nodeServer, options.maxConnections ?? MAX_CONNECTIONS, requestTimeout + 1000);
  // srvx reports a failed bind only as an unhandled 'error' event: turn it into a rejection.
  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(`port ${port} on ${LISTEN_HOST} is already in use: choose another with --port N`)
          : e,
      );
    };
    nodeServer.once('error', onError);
    nodeServer.once('listening', () => {
      nodeServer.off('error', onError);
      resolve();
    });
    Promise.resolve(server.serve()).catch(onError);
  });
  const actual = (nodeServer.address() as AddressInfo).port;
  return {
    url: `http://${LISTEN_HOST}:${actual}`,
    port: actual,
    connections: () => guard.size,
    async close(graceMs = SHUTDOWN_GRACE_MS) {
      // server.close stops accepting; it resolves once every connection is gone, which drain
      // guarantees within the grace period.
      const closed = server.close(false);
      await guard.drain(graceMs);
      await closed;
    },
  };
}
