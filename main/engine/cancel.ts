/**
 * Per-request cancellation shared between the pool and a worker: one Int32 in a
 * SharedArrayBuffer. The main thread stores a reason with Atomics when the client goes away or
 * the request outlives the time limit; the engine's query loops (engine/query/execute/limits.ts,
 * through setCancellationCheck) read it at the points where they already check the clock, so a
 * query stops within a few hundred rows without the worker being terminated.
 */
export const RUNNING = 0;
export const CANCEL_CLIENT_GONE = 1;
export const CANCEL_TIME_LIMIT = 2;

export function newCancelFlag(): SharedArrayBuffer {
  return new SharedArrayBuffer(4);
}

export function cancel(flag: SharedArrayBuffer, reason: number): void {
  Atomics.compareExchange(new Int32Array(flag), 0, RUNNING, reason);
}

export function cancelReason(flag: SharedArrayBuffer): number {
  return Atomics.load(new Int32Array(flag), 0);
}
