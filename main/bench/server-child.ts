/**
 * The server as the HTTP bench sections see it: a child process started exactly as a user starts
 * it (`npm run serve -- FILE --port 0`: main/cli/run.mjs running the built dist/cli/serve.js and
 * its engine workers; until session 27 the bench ran main/cli/serve.ts under tsx, whose workers
 * start through tsx's loader), so the bench's clients never share
 * its event loop (on 2 cores an in-process server would count the clients' JSON parsing as server
 * time), and small helpers to call its API from outside.
 *
 * Traffic goes only to 127.0.0.1; every call is bounded by a timeout, and the child is stopped by
 * its pid in all cases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

export const SERVER_LIMITS = {
  serverStartMs: 300_000,
  requestTimeoutMs: 30_000,
};

export interface ServerChild {
  url: string;
  pid: number;
  /** Startup log line `loaded in N ms: ...` as printed by serve.ts. */
  loadLine: string;
  /**
   * From starting the process to its announcing the URL, ms: what someone opening the ledger
   * waits (Node's start, the server's modules, the first engine worker's start, the first load).
   */
  startMs: number;
  /** Peak resident set of the server process since it started, MB (Linux /proc), or null. */
  peakRssMb(): number | null;
  /** Current resident set of the server process, MB (Linux /proc), or null. */
  rssMb(): number | null;
  /** CPU time (user + system, all threads) the server process has used so far, ms, or null. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

function procStatusMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** utime + stime of /proc/PID/stat (fields 14 and 15, in clock ticks of 10 ms on Linux). */
function procCpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

export async function startServer(root: string, file: string): Promise<ServerChild> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [join(root, 'main/cli/run.mjs'), 'serve', file, '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SVC_AUTH: '' },
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (err += s));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  let startMs = 0;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start within ${SERVER_LIMITS.serverStartMs} ms`)), SERVER_LIMITS.serverStartMs);
      const check = () => {
        const m = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) {
          startMs = performance.now() - t0;
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout!.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}): ${(err || out).trim().split('\n').slice(-2).join(' | ')}`));
      });
    });
    const loadLine = /loaded in [^\n]*/.exec(out)?.[0] ?? out.trim().split('\n')[1] ?? '';
    return {
      url,
      pid: child.pid!,
      loadLine,
      startMs,
      peakRssMb: () => procStatusMb(child.pid, 'VmHWM'),
      rssMb: () => procStatusMb(child.pid, 'VmRSS'),
      cpuMs: () => procCpuMs(child.pid),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * Runs `fn` on a server serving a copy of `file` in a temporary directory (sections that append
 * to the ledger must not touch the cached one); the copy keeps the documents folder beside it so
 * it loads with the same errors.
 */
export async function withServedCopy<T>(root: string, file: string, fn: (server: ServerChild, copy: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  let server: ServerChild | null = null;
  try {
    const copy = join(dir, basename(file));
    cpSync(file, copy);
    const docs = join(dirname(file), 'documents');
    if (existsSync(docs)) cpSync(docs, join(dir, 'documents'), { recursive: true });
    server = await startServer(root, copy);
    return await fn(server, copy);
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ API calls

/** The request never got an HTTP answer (connection refused or reset, timeout). */
export class NetworkError extends Error {}

export interface CallResult {
  status: number;
  body: any;
  /** Bytes of the body as received. */
  bytes: number;
}

/**
 * One request with the bench's time limit, also stopped by `init.signal`. The limit is one timer
 * and one controller per request, cleared when the answer is read: `AbortSignal.timeout` plus
 * `AbortSignal.any` per request (before session 7) stalled the bench's own event loop for 0.5-3 s
 * at a time on Node 22 after some 20,000 light requests (every client at once, while a plain
 * client in another process was answered within 60 ms), which the heavy rows reported as the
 * server's light latency.
 */
export async function call(url: string, init: { method?: string; body?: unknown; signal?: AbortSignal; parse?: boolean } = {}): Promise<CallResult> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(new Error(`no answer within ${SERVER_LIMITS.requestTimeoutMs} ms`)), SERVER_LIMITS.requestTimeoutMs);
  const outer = init.signal;
  const onAbort = () => ctl.abort(outer!.reason);
  if (outer) {
    if (outer.aborted) ctl.abort(outer.reason);
    else outer.addEventListener('abort', onAbort, { once: true });
  }
  try {
    let res: Response;
    try {
      res = await fetch(url, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: ctl.signal,
      });
    } catch (e) {
      // undici says only "fetch failed"; the socket error (ECONNRESET ...) is in its cause.
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new NetworkError(`${(e as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
    }
    // Reading the whole body lets undici put the socket back into the keep-alive pool.
    const buf = Buffer.from(await res.arrayBuffer());
    // A big answer is only counted: parsing 70 MB of JSON here would be client time, not server time.
    if (init.parse === false && res.status === 200) return { status: res.status, body: null, bytes: buf.length };
    const text = buf.toString('utf8');
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text for the message */
    }
    return { status: res.status, body, bytes: buf.length };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

export function failure(what: string, r: { status: number; body: any }): Error {
  const msg = typeof r.body === 'object' && r.body ? (r.body.message ?? JSON.stringify(r.body)) : String(r.body);
  return new Error(`${what}: HTTP ${r.status}: ${String(msg).slice(0, 160)}`);
}

export async function query(base: string, text: string): Promise<any> {
  const r = await call(`${base}/api/query`, { body: { query: text } });
  if (r.status !== 200) throw failure('query', r);
  return r.body.data;
}

export async function status(base: string): Promise<any> {
  const r = await call(`${base}/api/status`);
  if (r.status !== 200) throw failure('GET /api/status', r);
  return r.body.data;
}
