/**
 * Ledger status for clients: GET /api/status (polling) and GET /api/events (server-sent events).
 * The event stream sends `status` on connect, then `loading` when a reload starts (written out
 * before the load blocks the server: the host yields to I/O first), `reload` after every snapshot
 * swap and `problem` when a reload failed and the previous snapshot stays (see ServerEventName in
 * engine/api-types.ts). A comment line every 25 s keeps idle proxies and sockets from closing it.
 */
import type { LedgerStatus, ServerEventName } from '../../engine/api-types';
import type { HostEvent } from '../host';
import type { RouteModule } from './app';

export const HEARTBEAT_MS = 25_000;

export function formatServerEvent(event: ServerEventName, data: LedgerStatus): string {
  // JSON.stringify never emits a raw newline, so one data line carries the whole payload.
  const id = event === 'reload' ? `id: ${data.generation}\n` : '';
  return `event: ${event}\n${id}data: ${JSON.stringify(data)}\n\n`;
}

export const statusRoutes: RouteModule = (routes, server) => {
  routes.get('/api/status', (c) => ({ data: server.host.status(c.pinned) }));

  routes.get('/api/events', (c) => {
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanup(); // the stream is already closed
          }
        };
        send(`retry: 2000\n` + formatServerEvent('status', server.host.status()));
        const unsubscribe = server.host.onEvent((e: HostEvent) => send(formatServerEvent(e.kind, e.status)));
        const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
        heartbeat.unref?.();
        let done = false;
        cleanup = () => {
          if (done) return;
          done = true;
          unsubscribe();
          clearInterval(heartbeat);
        };
        c.event.req.signal?.addEventListener('abort', () => {
          cleanup();
          try {
            controller.close();
          } catch {
            /* already closed */
          }
        });
      },
      cancel() {
        cleanup();
      },
    });
    return new Response(stream, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      },
    });
  });
};
