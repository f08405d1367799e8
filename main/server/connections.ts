/**
 * Keeps the number of open TCP connections bounded without letting idle ones lock a real client
 * out. Node's own `server.maxConnections` refuses every connection above the cap, so 500 idle or
 * slowloris sockets from any local process would make the app unreachable. Instead, a connection
 * above the cap evicts the oldest connection that has no request being answered (idle keep-alive,
 * or still dripping its headers); only when every connection is answering a request is the
 * newcomer refused. Also lets a shutdown end idle connections and event streams at once and wait
 * (bounded) for the requests still being answered.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Conn {
  /** Requests on this socket whose response has not finished (pipelining makes it a count). */
  busy: number;
  /** Responses that stay open by design (event streams): ended at once by a shutdown. */
  streams: Set<ServerResponse>;
}

export class ConnectionGuard {
  /** Map order is connection order: the first idle entry is the oldest idle connection. */
  private readonly conns = new Map<Socket, Conn>();
  private readonly drained = new Set<() => void>();
  private closing = false;
  /** Connections evicted or refused because of the cap (for tests and logs). */
  evicted = 0;

  /**
   * `bodyDeadlineMs`: a request whose body has not fully arrived this long after its headers is
   * cut. Node's requestTimeout should do it first; this is a safety net, because a fault-suite
   * run once saw unfinished bodies outlive it.
   */
  constructor(
    server: Server,
    private readonly max: number,
    private readonly bodyDeadlineMs = 0,
  ) {
    server.on('connection', (socket: Socket) => this.onConnection(socket));
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.onRequest(req, res));
  }

  get size(): number {
    return this.conns.size;
  }

  private onConnection(socket: Socket): void {
    if (this.closing) {
      socket.destroy();
      return;
    }
    const conn: Conn = { busy: 0, streams: new Set() };
    this.conns.set(socket, conn);
    socket.once('close', () => {
      this.conns.delete(socket);
      this.notify();
    });
    if (this.conns.size <= this.max) return;
    for (const [other, c] of this.conns) {
      if (other !== socket && c.busy === 0) {
        this.evicted++;
        other.destroy();
        return;
      }
    }
    // Every other connection is answering a request: the newcomer waits its turn elsewhere.
    this.evicted++;
    socket.destroy();
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const conn = this.conns.get(req.socket);
    if (!conn) return;
    conn.busy++;
    // EventSource sends this Accept header; such a response never ends by itself.
    const stream = /text\/event-stream/i.test(req.headers.accept ?? '') || req.url?.split('?')[0] === '/api/events';
    if (stream) conn.streams.add(res);
    let deadline: ReturnType<typeof setTimeout> | undefined;
    if (this.bodyDeadlineMs > 0 && !req.complete) {
      deadline = setTimeout(() => {
        if (!req.complete) req.socket.destroy();
      }, this.bodyDeadlineMs);
      deadline.unref();
      req.once('end', () => clearTimeout(deadline));
    }
    res.once('close', () => {
      clearTimeout(deadline);
      conn.busy--;
      conn.streams.delete(res);
      // Shutting down: a keep-alive connection is not kept once its last answer is out.
      if (this.closing && conn.busy === 0) req.socket.end();
      this.notify();
    });
  }

  private notify(): void {
    if (this.busyCount() > 0) return;
    for (const done of this.drained) done();
    this.drained.clear();
  }

  /** Connections with a request being answered that is not an event stream. */
  private busyCount(): number {
    let n = 0;
    for (const c of this.conns.values()) if (c.busy > c.streams.size) n++;
    return n;
  }

  /**
   * For a shutdown (the server has stopped accepting): ends idle connections and event streams
   * now, waits up to `graceMs` for the requests being answered, then destroys what is left.
   * Resolves true when everything in flight finished within the grace period.
   */
  async drain(graceMs: number): Promise<boolean> {
    this.closing = true;
    for (const [socket, c] of this.conns) {
      for (const res of c.streams) res.end();
      if (c.busy === 0) socket.end();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => {
        if (this.busyCount() === 0) return resolve(true);
        this.drained.add(() => resolve(true));
      }),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    // end() lets the last answers flush; what overran the grace period is cut.
    for (const socket of this.conns.keys()) {
      if (finished) socket.end();
      else socket.destroy();
    }
    return finished;
  }
}
