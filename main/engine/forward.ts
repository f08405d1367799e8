/**
 * The main thread's side of pooled serving: turns an /api request that reached the router
 * (after the Host check and authentication) into a message for the engine pool, and the pool's
 * answer back into a Response. Credentials stay on this thread: the workers' router has no
 * authentication and never sees a password or session cookie.
 */
import type { H3Event } from 'h3';
import type { EnginePool } from './pool';

export interface EngineForwarder {
  forward(event: H3Event): Promise<Response>;
}

const PRIVATE_HEADERS = new Set(['authorization', 'cookie']);

export function poolForwarder(pool: EnginePool): EngineForwarder {
  return {
    async forward(event) {
      const req = event.req;
      const headers: Array<[string, string]> = [];
      req.headers.forEach((value, name) => {
        if (!PRIVATE_HEADERS.has(name)) headers.push([name, value]);
      });
      const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.arrayBuffer();
      const res = await pool.request({ method: req.method, path: event.url.pathname + event.url.search, headers, body }, req.signal);
      const empty = req.method === 'HEAD' || res.status === 204 || res.status === 304;
      return new Response(empty ? null : bodyOf(res.body), { status: res.status, headers: res.headers });
    },
  };
}

/** One chunk as it is; several as a stream, so the socket is written chunk by chunk without joining them. */
function bodyOf(chunks: ArrayBuffer[]): BodyInit {
  if (chunks.length === 1) return chunks[0];
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(new Uint8Array(chunks[i++]));
      else controller.close();
    },
  });
}
