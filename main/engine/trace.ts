/**
 * A timeline of the served reload path, for measuring it (issue 15): with `LQ_TRACE=/some/file`
 * in the environment, the main thread and every engine worker append one line per step (watch
 * event, load sent, loaded, published, catch-up, query-cache warm-up) to that file: wall time
 * (ms since the epoch, the same clock on every thread), the thread, its CPU time so far and the
 * step. Without the variable `trace` is a no-op costing one branch. Off in production; the bench
 * passes its environment to the server it starts, so `LQ_TRACE=... npm run bench` traces it.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';

const target = process.env.LQ_TRACE || null;

export const tracing = target !== null;

export function trace(step: string): void {
  if (target === null) return;
  const at = (performance.timeOrigin + performance.now()).toFixed(1);
  appendFileSync(target, `${at} ${isMainThread ? 'main' : `w${threadId}`} cpu=${threadCpuMs()} ${step}\n`);
}

/**
 * This thread's CPU time, ms (Linux: /proc/thread-self/stat, 10 ms ticks; Node 20 has no
 * process.threadCpuUsage), or the whole process's elsewhere.
 */
function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    const cpu = process.cpuUsage();
    return Math.round((cpu.user + cpu.system) / 1000);
  }
}

/** While tracing: every garbage collection of this thread over 10 ms, as a step. */
export function traceGc(): void {
  if (target === null) return;
  void import('node:perf_hooks').then(({ PerformanceObserver }) => {
    const obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.duration < 10) continue;
        const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
        trace(`gc ${e.duration.toFixed(0)} ms kind=${kind} from ${(performance.timeOrigin + e.startTime).toFixed(1)}`);
      }
    });
    obs.observe({ entryTypes: ['gc'] });
  });
}

/** While tracing: every stall of this thread's event loop over 40 ms (a 10 ms timer arriving late). */
export function traceStalls(): void {
  if (target === null) return;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > 50) trace(`stall: event loop late by ${(now - last - 10).toFixed(0)} ms`);
    last = now;
  }, 10).unref();
}
