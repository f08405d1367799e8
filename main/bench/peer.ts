/**
 * The peers `npm run bench` compares against, on the same ledger files in the same run:
 *
 * - rustledger's WASM build (`@rustledger/wasm`, a devDependency): load (parse + book + validate,
 *   `new ParsedLedger(text)`) and the benchmark's queries. Its queries run synchronously inside
 *   WASM and cannot be interrupted, its 32-bit memory runs out on some queries of big ledgers
 *   (RuntimeError: unreachable), and some queries take minutes (a `balance` column ordered by date
 *   took 520 s on the 2.9 MB bean-example ledger). So every query runs in a child process that
 *   reports each answer as it comes; a query that fails or stays silent past PEER_LIMITS.queryMs
 *   is reported "n/a" and the next one starts in a fresh child.
 * - `bean-check` (Beancount 2.3.5 from Debian, when on PATH), whole process, with its pickle cache
 *   disabled so every run parses.
 * - Whole-process timings (wall time and peak RSS via GNU time) of our own command line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type PeerMetrics = Record<string, number | string>;

export const PEER_LIMITS = {
  /** Silence allowed after the load or a previous answer before a query counts as "n/a". */
  queryMs: 60_000,
  /** Silence allowed while the peer loads the ledger. */
  loadMs: 300_000,
};

/** One line a peer child writes per finished step. */
const MARK = '@@PEER@@';

interface Step {
  /** 'load' or the index of a query. */
  step: 'load' | number;
  ms?: number;
  rows?: number;
  error?: string;
}

/** Directory of the installed @rustledger/wasm package, or null when it is not installed. */
export function rustledgerDir(root: string): string | null {
  try {
    const req = createRequire(join(root, 'package.json'));
    return dirname(req.resolve('@rustledger/wasm/package.json'));
  } catch {
    return null;
  }
}

/**
 * A question as the peer is asked it when its BQL lacks our form: several texts timed together
 * (a page and its total count), and rows to drop from the first answer (the missing OFFSET).
 */
export interface PeerQuery {
  texts: string[];
  skipRows?: number;
}

/** Runs one question on a rustledger ledger; the rows of its first text (after the skip). */
export function runPeerQuery(ledger: { query(text: string): any }, q: string | PeerQuery): number {
  const { texts, skipRows = 0 } = typeof q === 'string' ? { texts: [q] } : q;
  let rows = 0;
  texts.forEach((text, i) => {
    const r = ledger.query(text);
    if (r.errors?.length) throw new Error(String(r.errors[0].message ?? r.errors[0]));
    // The page itself is the rows after the skip; materialized as a user of the page would.
    if (i === 0) rows = r.rows.slice(skipRows).length;
  });
  return rows;
}

/**
 * Child side: loads `file` with rustledger and runs queries[from..] in order, writing one MARK
 * line per step. Exits after the first error, since a trapped WASM instance is not reusable.
 */
export async function peerChild(root: string, file: string, queries: (string | PeerQuery)[], from: number, repeat: number): Promise<void> {
  const dir = rustledgerDir(root)!;
  const rl: any = await import(join(dir, 'rustledger_wasm.js'));
  rl.initSync({ module: readFileSync(join(dir, 'rustledger_wasm_bg.wasm')) });
  const text = readFileSync(file, 'utf8');
  const emit = (s: Step) => process.stdout.write(`\n${MARK}${JSON.stringify(s)}\n`);
  let ledger: any = null;
  const loads: number[] = [];
  // The load is repeated only in the first child; later children need the ledger once.
  for (let i = 0; i < (from === 0 ? repeat : 1); i++) {
    if (ledger) ledger.free();
    const t0 = performance.now();
    ledger = new rl.ParsedLedger(text);
    loads.push(performance.now() - t0);
  }
  emit({ step: 'load', ms: median(loads), rows: ledger.getErrors().length });
  for (let q = from; q < queries.length; q++) {
    const times: number[] = [];
    let rows = 0;
    try {
      for (let i = 0; i < repeat; i++) {
        const t0 = performance.now();
        rows = runPeerQuery(ledger, queries[q]);
        times.push(performance.now() - t0);
      }
    } catch (e) {
      emit({ step: q, error: (e as Error).message });
      return;
    }
    emit({ step: q, ms: median(times), rows });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Short "n/a" text for a peer failure. */
function na(why: string): string {
  // The first clause is enough to tell a syntax gap from a crash or a time-out.
  const line = why.split('\n')[0].replace(/\s+/g, ' ').trim().split(/: /)[0];
  return `n/a (${line.slice(0, 40)})`;
}

/**
 * Parent side: runs the rustledger steps through as many children as needed (see the header) and
 * returns `load ms`, `load peak RSS MB`, `ledger errors` and, per query, `<name> ms`/`<name> rows`.
 * `childArgs(from)` is the command line (after node) of a child starting at query `from`.
 */
export async function runRustledger(childArgs: (from: number) => string[], cwd: string, queries: { name: string }[]): Promise<PeerMetrics> {
  const out: PeerMetrics = {};
  let from = 0;
  while (from < queries.length) {
    const r = await runPeerChild(childArgs(from), cwd);
    for (const s of r.steps) {
      if (s.step === 'load') {
        if (from === 0) {
          out['load ms'] = s.ms!;
          out['ledger errors'] = s.rows!;
        }
        continue;
      }
      const name = queries[s.step].name;
      if (s.error !== undefined) out[`${name} ms`] = na(s.error);
      else {
        out[`${name} ms`] = s.ms!;
        out[`${name} rows`] = s.rows!;
      }
    }
    // The peak over every child (each loads the ledger once and runs some of the queries).
    if (r.peakRssMb !== null) out['peak RSS MB'] = Math.max(r.peakRssMb, typeof out['peak RSS MB'] === 'number' ? out['peak RSS MB'] : 0);
    if (!r.steps.some((s) => s.step === 'load')) {
      out['load ms'] = na(r.why ?? 'no answer');
      break;
    }
    const answered = r.steps.filter((s) => s.step !== 'load').map((s) => s.step as number);
    // A child stops after an error answer, or is stopped while a query runs: go on after it.
    let next = answered.length ? Math.max(...answered) + 1 : from;
    if (next >= queries.length) break;
    if (!r.steps.some((s) => s.error !== undefined)) {
      out[`${queries[next].name} ms`] = na(r.why ?? 'no answer');
      next++;
    }
    from = next;
  }
  return out;
}

interface ChildResult {
  steps: Step[];
  /** Why the child ended early (timeout, crash), or null. */
  why: string | null;
  peakRssMb: number | null;
}

/** Runs one peer child under GNU time (peak RSS) and kills it after a silence (by its pid). */
function runPeerChild(args: string[], cwd: string): Promise<ChildResult> {
  return new Promise((resolve) => {
    const timeBin = existsSync('/usr/bin/time');
    const cmd = timeBin ? '/usr/bin/time' : process.execPath;
    const argv = timeBin ? ['-f', '@@RSS@@%M', process.execPath, ...args] : args;
    const child = spawn(cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const steps: Step[] = [];
    let buf = '';
    let err = '';
    let why: string | null = null;
    let timer: NodeJS.Timeout;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        why = `over ${Math.round(ms / 1000)} s`;
        // The whole group: GNU time and the node child under it.
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, ms);
    };
    arm(PEER_LIMITS.loadMs);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith(MARK)) {
          steps.push(JSON.parse(line.slice(MARK.length)));
          arm(PEER_LIMITS.queryMs);
        }
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err = (err + d).slice(-4000);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const m = /@@RSS@@(\d+)/.exec(err);
      const tail = err.replace(/@@RSS@@\d+\s*/, '').trim();
      if (why === null && code !== 0) why = tail.split('\n').filter((l) => /Error|error/.test(l))[0] ?? `exit ${code}`;
      resolve({ steps, why, peakRssMb: m ? Number(m[1]) / 1024 : null });
    });
  });
}

/** Wall time and peak RSS of one whole process (GNU time when present). */
export function timeProcess(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, timeoutMs = 900_000): { ms: number; rssMb: number | null; status: number | null; stderr: string } {
  const timeBin = existsSync('/usr/bin/time');
  const t0 = performance.now();
  const r = spawnSync(timeBin ? '/usr/bin/time' : cmd, timeBin ? ['-f', '@@RSS@@%M', cmd, ...args] : args, {
    cwd,
    env,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  const m = /@@RSS@@(\d+)/.exec(r.stderr ?? '');
  return { ms, rssMb: m ? Number(m[1]) / 1024 : null, status: r.status, stderr: (r.stderr ?? '').replace(/@@RSS@@\d+\s*/, '') };
}

/** Is a program on PATH? */
export function onPath(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;
}
