/**
 * Answers of GET endpoints kept per snapshot (issue 15 §4): the dashboard asks the same summary
 * and graphs on every visit, each a few hundred milliseconds of queries on a large ledger, while
 * a snapshot never changes. An answer is keyed by its path and sorted query parameters and lives
 * as long as its snapshot (a WeakMap: a reload drops them all). Errors are not kept, nor
 * Responses (streams); a snapshot keeps at most MAX_ENTRIES answers, the oldest going first, so
 * a client walking through date ranges cannot grow it without bound.
 */
import type { RouteContext, RouteHandler } from '../app';

export const MAX_ENTRIES = 64;

const bySnapshot = new WeakMap<object, Map<string, unknown>>();

function keyOf(c: RouteContext): string {
  const url = c.event.url;
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return url.pathname + '?' + new URLSearchParams(params).toString();
}

/** Wraps a GET handler whose answer depends only on the snapshot and the URL. */
export function cachedPerSnapshot(handler: RouteHandler): RouteHandler {
  return async (c) => {
    const snapshot = c.snapshot; // throws 503 when nothing is loaded, before any caching
    let cache = bySnapshot.get(snapshot);
    if (!cache) bySnapshot.set(snapshot, (cache = new Map()));
    const key = keyOf(c);
    if (cache.has(key)) return cache.get(key);
    const answer = await handler(c);
    if (answer instanceof Response) return answer;
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, answer);
    return answer;
  };
}
