/**
 * Puts the h3 app on a TCP port, bound to 127.0.0.1 only: the API serves one user's ledger and
 * is never meant to be reachable from the network, so the address is not an option.
 */
import type { AddressInfo } from 'node:net';
import { Server as HttpServer } from 'node:http';
import { serve, type H3 } from 'h3';
import { DEFAULT_BODY_LIMIT } from './http-errors';

export const LISTEN_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8000;
/** Idle keep-alive connections are kept this long (ms). */
export const KEEP_ALIVE_MS = 120_000;

export interface ListenOptions {
  /** TCP port; 0 picks a free one (tests). Default 8000. */
  port?: number;
  /** Transport-level cap on request bodies, bytes (the app enforces its own limit too). */
  maxBodyBytes?: number;
}

export interface Listening {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections and ends open ones (event streams included). */
  close(): Promise<void>;
}

export async function listen(app: H3, options: ListenOptions = {}): Promise<Listening> {
  const port = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${port}`);
  const server = serve(app, {
    hostname: LISTEN_HOST,
    port,
    silent: true,
    // serve.ts installs its own SIGINT handling; srvx's would exit the process behind our back.
    gracefulShutdown: false,
    manual: true,
    maxRequestBodySize: Math.max(options.maxBodyBytes ?? DEFAULT_BODY_LIMIT, DEFAULT_BODY_LIMIT) + 1,
  });
  const nodeServer = server.node?.server;
  if (!nodeServer) throw new Error('the HTTP server did not start (not running on Node.js?)');
  // A reload books the ledger on this thread for seconds on large ledgers. Node's default 5 s
  // keep-alive timeout then fires the moment the loop resumes and resets idle connections that a
  // client is just reusing (ECONNRESET): keep idle connections longer than any load takes.
  if (nodeServer instanceof HttpServer) {
    nodeServer.keepAliveTimeout = KEEP_ALIVE_MS;
    nodeServer.headersTimeout = KEEP_ALIVE_MS + 1000;
  }
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
    close: () => server.close(true),
  };
}
