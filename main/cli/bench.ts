/**
 * npm run bench [-- --only 10k,100k,1m] [--repeat N] [--sections parse,load,query,http]
 *
 * Benchmarks the engine on generated ledgers of about 10k, 100k and 1M postings (made by
 * main/gen, cached under bench-data/ by a fingerprint of the generator's source, so a changed
 * generator never benchmarks a stale file). Not part of the tests.
 *
 * Each (ledger, section) runs in a fresh child process, so timings start cold the same way every
 * time and peak RSS belongs to that section alone. Times are the median of --repeat runs inside
 * the child. Results print as a table and go to bench-data/last.json.
 *
 * Sections are a list (SECTIONS below): each names the engine modules it needs and is skipped
 * with a note while they do not exist yet. Add a section (HTTP load, more queries) by appending
 * one entry. A section with its own `ledger` (http: the 100k-transaction ledger of
 * `npm run gen-ledger -- --transactions 100000 --seed 1`) runs once on it, not once per size.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeLedger } from './gen-ledger';
import type { GenOptions } from '../gen/ledger-generator';
import { HTTP_LEDGER, runHttpBench } from '../bench/http-load';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATA = join(ROOT, 'bench-data');
const SEED = 'bench';

const SIZES: Record<string, number> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 };

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
  /** Engine modules (paths from the root, without .ts) that must exist for the section to run. */
  needs: string[];
  /** A ledger of its own (run once on it, whatever --only says) instead of one per size. */
  ledger?: { name: string; transactions: number; seed: string };
  run: (ctx: SectionContext) => Promise<Metrics>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

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
const QUERIES: { name: string; text: string; countTotal?: boolean }[] = [
  { name: 'balances', text: 'BALANCES' },
  { name: 'sum by account', text: 'SELECT account, sum(position) GROUP BY account' },
  { name: 'journal of one account', text: "JOURNAL '^Assets:US:BofA:Checking$'" },
  {
    name: 'page with balance',
    text: "SELECT date, payee, narration, account, position, balance WHERE account ~ '^Assets:' LIMIT 100 OFFSET 1000",
    countTotal: true,
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
      const { ms, last } = await timed(repeat, () => loadFiles(file));
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
      const { ms, last } = await timed(repeat, () => loadLedger(file));
      return {
        'load ms': ms,
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
      const snapshot = loadLedger(file);
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
    // The served API under load and the save-to-served time of a reload (main/bench/http-load.ts).
    name: 'http',
    needs: ['engine/ledger/index', 'engine/query/index', 'main/cli/serve', 'main/server/routes/query'],
    ledger: HTTP_LEDGER,
    run: ({ file, repeat }) => runHttpBench({ root: ROOT, file, reloads: Math.max(3, repeat) }),
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

async function ledgerFor(size: string): Promise<{ file: string; generatedMs: number | null }> {
  return generated(`postings-${size}-${SEED}`, { postings: SIZES[size], seed: SEED });
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
  const engine = (p: string) => import(pathToFileURL(join(ROOT, p + '.ts')).href);
  const metrics = await section.run({ file, repeat, engine });
  metrics['peak RSS MB'] = process.resourceUsage().maxRSS / 1024;
  process.stdout.write('\n@@BENCH@@' + JSON.stringify(metrics) + '\n');
}

function runChild(section: string, file: string, repeat: number): Metrics {
  const res = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', section, file, String(repeat)], {
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

// ------------------------------------------------------------------ main

interface Args {
  only: string[];
  repeat: number;
  sections: string[];
}

function parseArgs(argv: string[]): Args | string {
  const args: Args = { only: Object.keys(SIZES), repeat: 1, sections: SECTIONS.map((s) => s.name) };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    switch (argv[i]) {
      case '--only':
        if (!v) return '--only needs a list such as 10k,100k';
        args.only = v.split(',').map((s) => s.trim().toLowerCase());
        for (const s of args.only) if (!(s in SIZES)) return `unknown size '${s}' (sizes: ${Object.keys(SIZES).join(', ')})`;
        i++;
        break;
      case '--repeat':
        if (!v || !/^[1-9]\d*$/.test(v)) return '--repeat needs a positive integer';
        args.repeat = Number(v);
        i++;
        break;
      case '--sections':
        if (!v) return '--sections needs a list such as parse,load';
        args.sections = v.split(',').map((s) => s.trim());
        for (const s of args.sections) if (!SECTIONS.some((x) => x.name === s)) return `unknown section '${s}'`;
        i++;
        break;
      default:
        return `unknown option ${argv[i]}\nusage: npm run bench -- [--only 10k,100k,1m] [--repeat N] [--sections ${SECTIONS.map((s) => s.name).join(',')}]`;
    }
  }
  return args;
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

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') {
    await child(argv[1], argv[2], Number(argv[3]));
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
  for (const size of perSize.length ? args.only : []) {
    const { file, generatedMs } = await ledgerFor(size);
    ledgerRow(size, file, generatedMs);
    for (const s of perSize) {
      process.stderr.write(`bench: ${size} ${s.name}...\n`);
      rows.push({ size, section: s.name, metrics: runChild(s.name, file, args.repeat) });
    }
  }
  for (const s of runnable.filter((x) => x.ledger)) {
    const { name, transactions, seed } = s.ledger!;
    const { file, generatedMs } = await generated(`transactions-${name.replace(/\s+/g, '-')}-seed${seed}`, { transactions, seed });
    ledgerRow(name, file, generatedMs);
    process.stderr.write(`bench: ${name} ${s.name}...\n`);
    rows.push({ size: name, section: s.name, metrics: runChild(s.name, file, args.repeat) });
  }
  printTable(rows);
  for (const n of notes) console.log(`\nnote: ${n}`);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    repeat: args.repeat,
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
