/**
 * npm run bench [-- --only 10k,100k,1m,large,xlarge] [--repeat N] [--runs N] [--sections parse,load,query,check,rustledger,reload,heavy,http,clients]
 *
 * Benchmarks the engine on generated ledgers of about 10k, 100k and 1M postings (made by
 * main/gen, cached under bench-data/ by a fingerprint of the generator's source, so a changed
 * generator never benchmarks a stale file) and, when Beancount's `bean-example` is on PATH, on the
 * issue-15 ledgers it makes (large: 2000-2025, about 9k transactions; xlarge: 1750-2025, about
 * 100k transactions; cached by their arguments). Not part of the tests.
 *
 * Peers in the same run, on the same files (main/bench/peer.ts): rustledger's WASM build (load and
 * the same queries; "n/a" where it fails or runs over its time limit) and `bean-check` (whole
 * process, beside our `npm run check` command). A comparison table ends the report.
 *
 * Each (ledger, section) runs in a fresh child process, so timings start cold the same way every
 * time and peak RSS belongs to that section alone. Times are the median of --repeat runs inside
 * the child; with --runs N the parse, load, query and rustledger sections run in N fresh
 * processes and each figure is the median of them. Results print as a table and go to
 * bench-data/last.json.
 *
 * Sections are a list (SECTIONS below): each names the engine modules it needs and is skipped
 * with a note while they do not exist yet. Add a section (HTTP load, more queries) by appending
 * one entry. A section with its own `ledger` (http: the 100k-transaction ledger of
 * `npm run gen-ledger -- --transactions 100000 --seed 1`; clients: the 20k one) runs once on it,
 * not once per size. A section with `sizes` (reload, heavy: issue 15's xlarge rows) runs only on
 * those ledgers, unless --only names others.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeLedger } from './gen-ledger';
import type { GenOptions } from '../gen/ledger-generator';
import { HTTP_LEDGER, runHttpBench } from '../bench/http-load';
import { parseBenchArgs, runsOn, type BenchArgs } from '../bench/args';
import { CLIENTS_LEDGER, runClientsBench } from '../bench/clients';
import { judge, LIGHT_MS, NONE_FAILED, type GoalsBySize } from '../bench/goals';
import { medianMetrics } from '../bench/stats';
import { runHeavyBench } from '../bench/heavy';
import { runReloadBench } from '../bench/reload';
import { engineV8Flags, ledgerBytes } from '../engine/heap';
import { firstLoadJit } from '../engine/jit';
import { onPath, peerChild, runRustledger, rustledgerDir, timeProcess, type PeerQuery } from '../bench/peer';
import * as ledgerLoad from '../../engine/ledger/load';
import * as ledgerIndex from '../../engine/ledger/index';
import * as queryIndex from '../../engine/query/index';
import * as dashboard from '../bench/dashboard';

/**
 * The engine modules the in-process sections time, imported statically so that they are bundled
 * into dist/cli/bench.js the way the commands and the engine worker bundle them: the bench times
 * the code the app runs. (Until session 7 the child imported the .ts files under tsx, each module
 * transformed on its own with tsx's loader thread beside it: the large ledger's first load took
 * 5-10% longer there than from a bundle.)
 */
const ENGINE: Record<string, Record<string, any>> = {
  'engine/ledger/load': ledgerLoad,
  'engine/ledger/index': ledgerIndex,
  'engine/query/index': queryIndex,
  'main/bench/dashboard': dashboard,
};

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATA = join(ROOT, 'bench-data');
const SEED = 'bench';

const SIZES: Record<string, number> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };
/**
 * bean-example ledgers of issue 15 (seed 1). bean-example writes about 370 transactions a year, so
 * the span sets the size; making xlarge takes a few minutes once. The birth date must precede the
 * span (bean-example opens the accounts at adulthood: with its default, 1980, a ledger from 1750
 * has a hundred thousand "used before it is opened" errors).
 */
const BEAN_EXAMPLE: Record<string, { begin: string; end: string; birth?: string }> = {
  large: { begin: '2000-01-01', end: '2025-01-01' },
  xlarge: { begin: '1750-01-01', end: '2025-01-01', birth: '1730-05-12' },
};
const LEDGER_NAMES = [...Object.keys(SIZES), ...Object.keys(BEAN_EXAMPLE)];
/** bean-check above this size is skipped (its memory grows to gigabytes on a shared machine). */
const BEAN_CHECK_MAX_MB = 40;

/** What a section reports: named numbers (ms for times) plus optional notes. */
type Metrics = Record<string, number | string>;

interface SectionContext {
  file: string;
  repeat: number;
  /** Imports an engine module by its path from the repository root (e.g. 'engine/ledger/load'). */
  engine: (path: string) => Promise<Record<string, any>>;
}

interface Section {
  name: string;
  /** Runs in the bench's own process (it starts and measures processes itself) rather than a child. */
  inParent?: boolean;
  /** Engine modules (paths from the root, without .ts) that must exist for the section to run. */
  needs: string[];
  /** A ledger of its own (run once on it, whatever --only says) instead of one per size. */
  ledger?: { name: string; transactions: number; seed: string };
  /** The ledgers a per-size section runs on when --only is not given (default: all). */
  sizes?: string[];
  run: (ctx: SectionContext) => Promise<Metrics>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The run with the median time of `repeat` runs of a whole process. */
function medianRun<T extends { ms: number }>(repeat: number, fn: () => T): T {
  const runs: T[] = [];
  for (let i = 0; i < repeat; i++) runs.push(fn());
  runs.sort((a, b) => a.ms - b.ms);
  return runs[(runs.length - 1) >> 1];
}

async function timed(repeat: number, fn: () => unknown): Promise<{ ms: number; last: any }> {
  const times: number[] = [];
  let last: any;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), last };
}

/**
 * The query timings of issue 4, plus the newest-first page: BALANCES, a grouped sum over every
 * posting, the journal of one account, a page of 100 rows with running balance and total (as the
 * UI asks for it), monthly expenses converted at each posting's date.
 */
const QUERIES: { name: string; text: string; countTotal?: boolean; peer?: PeerQuery & { note: string } }[] = [
  { name: 'balances', text: 'BALANCES' },
  { name: 'sum by account', text: 'SELECT account, sum(position) GROUP BY account' },
  { name: 'journal of one account', text: "JOURNAL '^Assets:US:BofA:Checking$'" },
  {
    name: 'page with balance',
    text: "SELECT date, payee, narration, account, position, balance WHERE account ~ '^Assets:' LIMIT 100 OFFSET 1000",
    countTotal: true,
    // rustledger's BQL has no OFFSET (its grammar ends at LIMIT; "syntax error at position 95"):
    // the same page is the last 100 rows of LIMIT 1100, and the total a count(*) of the same rows.
    peer: {
      texts: [
        "SELECT date, payee, narration, account, position, balance WHERE account ~ '^Assets:' LIMIT 1100",
        "SELECT count(*) WHERE account ~ '^Assets:'",
      ],
      skipRows: 1000,
      note: 'LIMIT 1100 minus 1000 rows + count(*)',
    },
  },
  { name: 'monthly convert', text: "SELECT year, month, sum(convert(position, 'USD', date)) WHERE account ~ '^Expenses:' GROUP BY year, month" },
  { name: 'newest page with balance', text: 'SELECT date, account, position, balance ORDER BY date DESC LIMIT 100' },
];

const SECTIONS: Section[] = [
  {
    name: 'parse',
    needs: ['engine/ledger/load'],
    async run({ file, repeat, engine }) {
      const { loadFiles } = await engine('engine/ledger/load');
      const { ms, last } = await timed(repeat, () => firstLoadJit(() => ledgerBytes(file), () => loadFiles(file)));
      const mb = statSync(file).size / 1e6;
      return {
        'parse ms': ms,
        'MB/s': mb / (ms / 1000),
        'directives/s': last.directives.length / (ms / 1000),
        directives: last.directives.length,
        'parse errors': last.errors.length,
      };
    },
  },
  {
    name: 'load',
    needs: ['engine/ledger/load', 'engine/ledger/index'],
    async run({ file, repeat, engine }) {
      const { loadLedger } = await engine('engine/ledger/index');
      let cpu = 0;
      const { ms, last } = await timed(repeat, () => {
        const c0 = process.cpuUsage();
        const snapshot = firstLoadJit(() => ledgerBytes(file), () => loadLedger(file));
        const c = process.cpuUsage(c0);
        cpu += (c.user + c.system) / 1000 / repeat;
        return snapshot;
      });
      return {
        'load ms': ms,
        // CPU time (all threads, GC included) is steadier than wall time on a shared machine.
        'load CPU ms': cpu,
        'postings/s': last.postings.length / (ms / 1000),
        postings: last.postings.length,
        'ledger errors': last.errors.length,
      };
    },
  },
  {
    name: 'query',
    needs: ['engine/ledger/load', 'engine/ledger/index', 'engine/query/index'],
    async run({ file, repeat, engine }) {
      const { loadLedger } = await engine('engine/ledger/index');
      const { runQuery } = await engine('engine/query/index');
      const snapshot = firstLoadJit(() => ledgerBytes(file), () => loadLedger(file));
      const out: Metrics = {};
      for (const q of QUERIES) {
        try {
          const { ms, last } = await timed(repeat, () => runQuery(snapshot, q.text, { countTotal: q.countTotal === true }));
          out[`${q.name} ms`] = ms;
          out[`${q.name} rows`] = last.rows.length;
        } catch (e) {
          out[`${q.name} ms`] = `error: ${(e as Error).message.slice(0, 60)}`;
        }
      }
      return out;
    },
  },
  {
    // The dashboard's four requests, computed as an engine worker does after its idle warm-up
    // (main/bench/dashboard.ts): issue 15 section 4's "dashboard's server time".
    name: 'dashboard',
    needs: ['engine/ledger/load', 'main/bench/dashboard'],
    async run({ file, engine }) {
      const { ParseCache } = await engine('engine/ledger/load');
      const { timeDashboard, workerLoad } = await engine('main/bench/dashboard');
      // Each save appends to the main file (main/bench/dashboard.ts); included files as on disk.
      // Read and parsed as the engine worker does (workerLoad): shared bytes, the parse cache, so
      // a save parses the changed chunk again and the booking walk resumes, keeping the rows
      // before the save as the same objects.
      const load = workerLoad(file, readFileSync(file), new ParseCache(), (run: () => unknown) => firstLoadJit(() => ledgerBytes(file), run));
      return timeDashboard(load);
    },
  },
  {
    // Whole processes: our check command as package.json runs it (`npm run check` minus npm's own
    // start-up) and bean-check with its cache disabled, each with its peak RSS.
    name: 'check',
    needs: ['main/cli/check'],
    inParent: true,
    async run({ file, repeat }) {
      const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.check as string;
      const env = { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH}` };
      const ours = medianRun(repeat, () => timeProcess('sh', ['-c', `exec ${script} "$1"`, 'sh', file], env, ROOT));
      const out: Metrics = { 'check ms': ours.ms, 'check peak RSS MB': ours.rssMb ?? 'n/a', 'check exit': ours.status ?? 'killed' };
      const mb = statSync(file).size / 1e6;
      if (!onPath('bean-check')) out['bean-check ms'] = 'n/a (not installed)';
      else if (mb > BEAN_CHECK_MAX_MB) out['bean-check ms'] = `n/a (skipped over ${BEAN_CHECK_MAX_MB} MB)`;
      else {
        const bc = medianRun(repeat, () => timeProcess('bean-check', [file], { ...process.env, BEANCOUNT_DISABLE_LOAD_CACHE: '1' }, ROOT));
        out['bean-check ms'] = bc.status === null ? 'n/a (killed)' : bc.ms;
        out['bean-check peak RSS MB'] = bc.rssMb ?? 'n/a';
      }
      return out;
    },
  },
  {
    // rustledger's WASM build on the same file: load and the same queries (main/bench/peer.ts).
    name: 'rustledger',
    needs: [],
    inParent: true,
    async run({ file, repeat }) {
      if (rustledgerDir(ROOT) === null) return { 'load ms': 'n/a (@rustledger/wasm not installed)' };
      const args = (from: number) => ['--import', 'tsx', fileURLToPath(import.meta.url), '--peer-child', file, String(from), String(repeat)];
      return runRustledger(args, ROOT, QUERIES);
    },
  },
  {
    // Issue 15's reload rows: save to served on xlarge under a stream of light requests
    // (main/bench/reload.ts). Starts its own server process.
    name: 'reload',
    needs: ['main/cli/serve'],
    inParent: true,
    sizes: ['xlarge'],
    run: ({ file, repeat }) => runReloadBench({ root: ROOT, file, rounds: Math.max(2, repeat) }),
  },
  {
    // Issue 15's bounded-heavy-work rows on xlarge: a huge answer, a query into the time limit,
    // abandoned queries, each beside light requests (main/bench/heavy.ts).
    name: 'heavy',
    needs: ['main/cli/serve'],
    inParent: true,
    sizes: ['xlarge'],
    run: ({ file }) => runHeavyBench({ root: ROOT, file }),
  },
  {
    // The served API under load and the save-to-served time of a reload (main/bench/http-load.ts).
    name: 'http',
    needs: ['engine/ledger/index', 'engine/query/index', 'main/cli/serve', 'main/server/routes/query'],
    ledger: HTTP_LEDGER,
    run: ({ file, repeat }) => runHttpBench({ root: ROOT, file, reloads: Math.max(3, repeat) }),
  },
  {
    // 50 clients of mixed light requests for 20 s (main/bench/clients.ts).
    name: 'clients',
    needs: ['main/cli/serve'],
    inParent: true,
    ledger: CLIENTS_LEDGER,
    run: ({ file }) => runClientsBench({ root: ROOT, file }),
  },
];

// ------------------------------------------------------------------ ledgers

/** Fingerprint of the generator's code: the cache key of generated ledgers. */
function generatorFingerprint(): string {
  const h = createHash('sha256');
  const dir = join(ROOT, 'main', 'gen');
  for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(join(dir, f)));
  return h.digest('hex').slice(0, 10);
}

async function ledgerFor(size: string): Promise<{ file: string; generatedMs: number | null } | string> {
  if (size in BEAN_EXAMPLE) return beanExample(size);
  return generated(`postings-${size}-${SEED}`, { postings: SIZES[size], seed: SEED });
}

/** A bean-example ledger (cached by its arguments), or why there is none. */
function beanExample(name: string): { file: string; generatedMs: number | null } | string {
  if (!onPath('bean-example')) return 'bean-example is not installed (Debian package beancount)';
  const { begin, end, birth } = BEAN_EXAMPLE[name];
  const args = ['--seed', '1', '--date-begin', begin, '--date-end', end, ...(birth ? ['--date-birth', birth] : [])];
  const dir = join(DATA, `bean-example-${name}-${begin}-${end}${birth ? `-birth${birth}` : ''}-seed1`);
  const file = join(dir, 'ledger.beancount');
  if (existsSync(file)) return { file, generatedMs: null };
  mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  const r = spawnSync('bean-example', args, { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  if (r.status !== 0) return `bean-example failed: ${(r.stderr ?? '').trim().split('\n').slice(-1)[0]}`;
  writeFileSync(file + '.part', r.stdout);
  renameSync(file + '.part', file);
  return { file, generatedMs: performance.now() - t0 };
}

async function generated(name: string, options: GenOptions): Promise<{ file: string; generatedMs: number | null }> {
  const dir = join(DATA, `${name}-${generatorFingerprint()}`);
  const file = join(dir, 'ledger.beancount');
  if (existsSync(file)) return { file, generatedMs: null };
  mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  // Written under a temporary name and renamed, so an interrupted run never leaves a truncated cache.
  await writeLedger(options, file + '.part');
  renameSync(file + '.part', file);
  return { file, generatedMs: performance.now() - t0 };
}

// ------------------------------------------------------------------ child process

async function child(sectionName: string, file: string, repeat: number): Promise<void> {
  const section = SECTIONS.find((s) => s.name === sectionName)!;
  const engine = (p: string) => (ENGINE[p] ? Promise.resolve(ENGINE[p]) : import(pathToFileURL(join(ROOT, p + '.ts')).href));
  const metrics = await section.run({ file, repeat, engine });
  metrics['peak RSS MB'] ??= process.resourceUsage().maxRSS / 1024;
  process.stdout.write('\n@@BENCH@@' + JSON.stringify(metrics) + '\n');
}

function runChild(section: string, file: string, repeat: number): Metrics {
  // The bundle runs in plain Node; the source (a test, or `tsx main/cli/bench.ts`) needs tsx.
  const self = fileURLToPath(import.meta.url);
  const loader = self.endsWith('.ts') ? ['--import', 'tsx'] : [];
  // With the engine workers' heap flags (main/engine/heap.ts): the in-process sections measure the
  // engine as the app runs it. On Node's command line, since a running main thread's heap keeps
  // the limits it started with.
  const res = spawnSync(process.execPath, [engineV8Flags(ledgerBytes(file)), ...loader, self, '--child', section, file, String(repeat)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = res.stdout.split('\n').find((l) => l.startsWith('@@BENCH@@'));
  if (res.status !== 0 || !line) {
    const why = (res.stderr || res.stdout || `exit ${res.status}`).trim().split('\n').slice(-3).join(' | ');
    return { error: why.slice(0, 200) };
  }
  return JSON.parse(line.slice('@@BENCH@@'.length));
}

/** A section that starts its own processes; a failure is its row's error, as for a child. */
async function runInParent(section: Section, file: string, repeat: number): Promise<Metrics> {
  try {
    return await section.run({ file, repeat, engine: () => Promise.reject(new Error('in parent')) });
  } catch (e) {
    return { error: (e as Error).message.slice(0, 200) };
  }
}

/**
 * Sections repeated in fresh processes with --runs (the in-process ones and the rustledger peer):
 * one cold run is what a user gets, and on a shared machine one run swings by a third.
 */
const MEDIAN_OF_RUNS = new Set(['parse', 'load', 'query', 'dashboard', 'rustledger']);

async function runSection(s: Section, file: string, args: BenchArgs): Promise<Metrics> {
  const once = () => (s.inParent ? runInParent(s, file, args.repeat) : Promise.resolve(runChild(s.name, file, args.repeat)));
  if (args.runs <= 1 || !MEDIAN_OF_RUNS.has(s.name)) return once();
  const runs: Metrics[] = [];
  for (let i = 0; i < args.runs; i++) runs.push(await once());
  return { ...medianMetrics(runs), runs: args.runs };
}

// ------------------------------------------------------------------ main

function parseArgs(argv: string[]): BenchArgs | string {
  return parseBenchArgs(
    argv,
    LEDGER_NAMES,
    SECTIONS.map((s) => s.name),
  );
}

const fmt = (v: number | string | undefined): string => {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  if (Number.isInteger(v) || Math.abs(v) >= 100) return Math.round(v).toLocaleString('en-US');
  return v.toFixed(Math.abs(v) >= 10 ? 1 : 2);
};

function printTable(rows: { size: string; section: string; metrics: Metrics }[]): void {
  for (const section of [...new Set(rows.map((r) => r.section))]) {
    const rs = rows.filter((r) => r.section === section);
    const keys = [...new Set(rs.flatMap((r) => Object.keys(r.metrics)))];
    const header = ['ledger', ...keys];
    const body = rs.map((r) => [r.size, ...keys.map((k) => fmt(r.metrics[k]))]);
    const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`\n== ${section}`);
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const b of body) console.log(line(b));
  }
}

/**
 * Issue 15's table: our figure beside the peer's on the same ledger, the ratio (peer / ours:
 * above 1 means we are faster), and the issue's goal for that ledger with the verdict of this run
 * (main/bench/goals.ts). Rows whose figures are missing or "n/a" show what there is.
 */
interface ComparisonRow {
  work: string;
  ours: [string, string];
  peer?: [string, string];
  peerName?: string;
  goals?: GoalsBySize;
}

const COMPARISON: ComparisonRow[] = [
  {
    work: 'load (parse + book + validate)',
    ours: ['load', 'load ms'],
    peer: ['rustledger', 'load ms'],
    peerName: 'rustledger WASM',
    goals: {
      xlarge: { text: '>= 3x, <= 600 ms', ratioAtLeast: 3, atMost: 600 },
      large: { text: '>= 3x', ratioAtLeast: 3 },
      '1m': { text: '<= 2 s', atMost: 2000 },
    },
  },
  {
    work: 'load peak RSS MB',
    ours: ['load', 'peak RSS MB'],
    peer: ['rustledger', 'peak RSS MB'],
    peerName: 'rustledger WASM (load + queries)',
    goals: { '1m': { text: '<= 600 MB', atMost: 600 } },
  },
  ...QUERIES.map(
    (q): ComparisonRow => ({
      work: q.name,
      ours: ['query', `${q.name} ms`],
      peer: ['rustledger', `${q.name} ms`],
      peerName: q.peer ? `rustledger WASM (${q.peer.note})` : 'rustledger WASM',
      goals: q.name === 'balances' ? { xlarge: { text: '>= 3x', ratioAtLeast: 3 } } : undefined,
    }),
  ),
  {
    work: 'dashboard after a reload: summary, weekly and monthly graph, expenses (server ms)',
    ours: ['dashboard', 'after reload ms'],
    goals: { xlarge: { text: '<= 50 ms', atMost: 50 }, large: { text: '<= 50 ms', atMost: 50 } },
  },
  { work: 'dashboard after a reload: weekly net-worth graph', ours: ['dashboard', 'after reload: graph week ms'] },
  { work: 'dashboard after a reload, before the warm-up (server ms)', ours: ['dashboard', 'after reload, before the warm-up ms'] },
  { work: 'dashboard, first visit in a fresh process (server ms)', ours: ['dashboard', 'first visit ms'] },
  {
    work: 'check, whole process',
    ours: ['check', 'check ms'],
    peer: ['check', 'bean-check ms'],
    peerName: 'bean-check',
    goals: { xlarge: { text: '>= 10x', ratioAtLeast: 10 } },
  },
  {
    work: 'check peak RSS MB',
    ours: ['check', 'check peak RSS MB'],
    peer: ['check', 'bean-check peak RSS MB'],
    peerName: 'bean-check',
    goals: { xlarge: { text: '<= 300 MB', atMost: 300 } },
  },
  { work: 'parse MB/s', ours: ['parse', 'MB/s'], goals: { xlarge: { text: '>= 50', atLeast: 50 }, '1m': { text: '>= 50', atLeast: 50 } } },
  // Reload (main/bench/reload.ts).
  { work: 'npm run serve: start to serving (the first load done)', ours: ['reload', 'start to serving ms'] },
  { work: 'reload after a save: new data served', ours: ['reload', 'save->served ms'], goals: { xlarge: { text: '<= 1.5 s', atMost: 1500 } } },
  { work: 'longest light answer during that reload', ours: ['reload', 'light max ms during'], goals: { xlarge: LIGHT_MS } },
  { work: 'longest light query (poll) during that reload', ours: ['reload', 'query poll max ms during'], goals: { xlarge: LIGHT_MS } },
  { work: 'light requests during that reload', ours: ['reload', 'light requests during'] },
  { work: 'light requests failed during that reload', ours: ['reload', 'light failures during'], goals: { xlarge: NONE_FAILED } },
  // Bounded heavy work (main/bench/heavy.ts).
  { work: 'SELECT balance LIMIT 6000: time', ours: ['heavy', 'big query ms'], goals: { xlarge: { text: '<= 10 s limit + 1 s', atMost: 11_000 } } },
  { work: 'SELECT balance LIMIT 6000: HTTP status', ours: ['heavy', 'big query status'] },
  { work: 'SELECT balance LIMIT 6000: MB received', ours: ['heavy', 'big query MB'] },
  { work: 'SELECT balance LIMIT 6000: server RSS max MB', ours: ['heavy', 'big RSS max MB'] },
  { work: 'SELECT balance LIMIT 6000: longest light answer', ours: ['heavy', 'big light max ms'], goals: { xlarge: LIGHT_MS } },
  { work: 'query into the 10 s limit: its time', ours: ['heavy', 'heavy query ms'], goals: { xlarge: { text: '<= 10 s limit + 1 s', atMost: 11_000 } } },
  { work: 'query into the 10 s limit: HTTP status', ours: ['heavy', 'heavy query status'] },
  { work: 'query into the 10 s limit: longest light answer', ours: ['heavy', 'heavy light max ms'], goals: { xlarge: LIGHT_MS } },
  { work: '3 clients hung up on heavy queries: next light', ours: ['heavy', 'next light ms'], goals: { xlarge: LIGHT_MS } },
  { work: '3 clients hung up on heavy queries: next query', ours: ['heavy', 'next query ms'], goals: { xlarge: LIGHT_MS } },
  // An abandoned query still running burns about 100% of a core.
  { work: '3 clients hung up: server CPU % in the 2 s after', ours: ['heavy', 'server CPU % after'], goals: { xlarge: { text: '< 20 (work stopped)', atMost: 20 } } },
  // 50 clients (main/bench/clients.ts).
  { work: '50 clients mixed light 20 s: p50 ms', ours: ['clients', 'p50 ms'] },
  { work: '50 clients mixed light 20 s: p99 ms', ours: ['clients', 'p99 ms'], goals: { [CLIENTS_LEDGER.name]: LIGHT_MS } },
  {
    work: '50 clients: slowest first answer ms',
    ours: ['clients', 'slowest first answer ms'],
    goals: { [CLIENTS_LEDGER.name]: { text: '<= 1 s', atMost: 1000 } },
  },
  { work: '50 clients: server CPU % of one core (starved if low)', ours: ['clients', 'server CPU % of a core'] },
  { work: '50 clients: failures', ours: ['clients', 'failures'], goals: { [CLIENTS_LEDGER.name]: NONE_FAILED } },
];

function printComparison(rows: { size: string; section: string; metrics: Metrics }[]): void {
  const get = (size: string, [section, key]: [string, string]) => rows.find((r) => r.size === size && r.section === section)?.metrics[key];
  const body: string[][] = [];
  for (const size of [...new Set(rows.map((r) => r.size))]) {
    for (const c of COMPARISON) {
      const ours = get(size, c.ours);
      if (ours === undefined) continue;
      const peer = c.peer ? get(size, c.peer) : undefined;
      const ratio = typeof ours === 'number' && typeof peer === 'number' && ours > 0 ? `${(peer / ours).toFixed(1)}x` : '';
      const cell = (v: number | string | undefined) => fmt(v).slice(0, 40);
      const goal = c.goals?.[size];
      body.push([size, c.work, cell(ours), c.peerName ?? '', cell(peer), ratio, goal?.text ?? '', goal ? judge(goal, ours, peer) : '']);
    }
  }
  if (!body.length) return;
  const header = ['ledger', 'work', 'this app', 'peer', 'peer figure', 'peer / ours', 'goal', 'verdict'];
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => ([0, 1, 3, 6, 7].includes(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('\n== comparison (same run, same files; goals of issue 15)');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b).trimEnd());
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') {
    await child(argv[1], argv[2], Number(argv[3]));
    return 0;
  }
  if (argv[0] === '--peer-child') {
    await peerChild(ROOT, argv[1], QUERIES.map((q) => q.peer ?? q.text), Number(argv[2]), Number(argv[3]));
    return 0;
  }
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  const rows: { size: string; section: string; metrics: Metrics }[] = [];
  const notes: string[] = [];
  const sections = SECTIONS.filter((s) => args.sections.includes(s.name));
  const runnable = sections.filter((s) => {
    const missing = s.needs.filter((p) => !existsSync(join(ROOT, p + '.ts')));
    if (missing.length) notes.push(`section '${s.name}' skipped: ${missing.join(', ')} not there yet`);
    return missing.length === 0;
  });
  const ledgerRow = (size: string, file: string, generatedMs: number | null) =>
    rows.push({
      size,
      section: 'ledger',
      metrics: {
        'file MB': statSync(file).size / 1e6,
        'generated ms': generatedMs ?? 'cached',
        file: file.slice(ROOT.length + 1),
      },
    });
  const perSize = runnable.filter((x) => !x.ledger);
  for (const size of args.only.filter((size) => perSize.some((s) => runsOn(s, size, args)))) {
    process.stderr.write(`bench: ${size} ledger...\n`);
    const got = await ledgerFor(size);
    if (typeof got === 'string') {
      notes.push(`ledger '${size}' skipped: ${got}`);
      continue;
    }
    const { file, generatedMs } = got;
    ledgerRow(size, file, generatedMs);
    for (const s of perSize) {
      if (!runsOn(s, size, args)) continue;
      process.stderr.write(`bench: ${size} ${s.name}...\n`);
      rows.push({ size, section: s.name, metrics: await runSection(s, file, args) });
    }
  }
  for (const s of runnable.filter((x) => x.ledger)) {
    const { name, transactions, seed } = s.ledger!;
    const { file, generatedMs } = await generated(`transactions-${name.replace(/\s+/g, '-')}-seed${seed}`, { transactions, seed });
    ledgerRow(name, file, generatedMs);
    process.stderr.write(`bench: ${name} ${s.name}...\n`);
    rows.push({ size: name, section: s.name, metrics: await runSection(s, file, args) });
  }
  console.log(`Node ${process.version} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})`);
  printTable(rows);
  printComparison(rows);
  for (const n of notes) console.log(`\nnote: ${n}`);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    repeat: args.repeat,
    runs: args.runs,
    seed: SEED,
    notes,
    results: rows,
  };
  mkdirSync(DATA, { recursive: true });
  writeFileSync(join(DATA, 'last.json'), JSON.stringify(report, null, 2) + '\n');
  console.log(`\nwritten ${join('bench-data', 'last.json')}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`bench: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
