/**
 * npm run gen-ledger -- --transactions N --seed S [--format beancount|zhang] [--out FILE]
 *                       [--postings N] [--years N] [--end-year YYYY]
 *
 * Writes a deterministic generated ledger to FILE (or stdout). With --out, the few document files
 * the ledger's `document` directives name are written next to it (documents/...), so the ledger
 * loads without missing-document errors; with stdout they are not, and a note says so on stderr.
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DOCUMENT_FILES, generateLedgerChunks, type GenOptions, type GenStats } from '../gen/ledger-generator';

const USAGE =
  'usage: npm run gen-ledger -- --transactions N --seed S [--format beancount|zhang] [--out FILE] [--postings N] [--years N] [--end-year YYYY]';

export interface GenCliArgs extends GenOptions {
  out: string | null;
}

/** Reads the command line; returns an error message instead of throwing. */
export function parseGenArgs(argv: string[]): GenCliArgs | string {
  const args: GenCliArgs = { seed: 1, out: null };
  let sized = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const needValue = () => {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      i++;
      return value;
    };
    const int = (min: number) => {
      const v = needValue();
      if (!/^\d+$/.test(v) || Number(v) < min || !Number.isSafeInteger(Number(v))) throw new Error(`${flag} must be an integer >= ${min}, got '${v}'`);
      return Number(v);
    };
    try {
      switch (flag) {
        case '--transactions':
          args.transactions = int(0);
          sized = true;
          break;
        case '--postings':
          args.postings = int(0);
          sized = true;
          break;
        case '--seed':
          args.seed = needValue();
          break;
        case '--format': {
          const f = needValue();
          if (f !== 'beancount' && f !== 'zhang') throw new Error(`--format must be beancount or zhang, got '${f}'`);
          args.format = f;
          break;
        }
        case '--out':
          args.out = needValue();
          break;
        case '--years':
          args.years = int(1);
          break;
        case '--end-year':
          args.endYear = int(1900);
          if (args.endYear > 9000) throw new Error('--end-year must be at most 9000');
          break;
        case '-h':
        case '--help':
          return USAGE;
        default:
          throw new Error(`unknown option ${flag}`);
      }
    } catch (e) {
      return `${(e as Error).message}\n${USAGE}`;
    }
  }
  if (!sized) return `--transactions N (or --postings N) is required\n${USAGE}`;
  if (args.transactions !== undefined && args.postings !== undefined) return `give --transactions or --postings, not both\n${USAGE}`;
  return args;
}

/** Streams the ledger to `file` (chunk by chunk: a 1M-posting ledger never sits in memory whole). */
export async function writeLedger(opts: GenOptions, file: string): Promise<GenStats> {
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  for (const doc of DOCUMENT_FILES) {
    const p = join(dirname(path), doc.path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, doc.content);
  }
  const stream = createWriteStream(path);
  const it = generateLedgerChunks(opts);
  let stats: GenStats;
  for (;;) {
    const r = it.next();
    if (r.done) {
      stats = r.value;
      break;
    }
    if (!stream.write(r.value)) await new Promise<void>((ok) => stream.once('drain', () => ok()));
  }
  await new Promise<void>((ok, fail) => stream.end((err?: Error | null) => (err ? fail(err) : ok())));
  return stats;
}

async function main(): Promise<number> {
  const args = parseGenArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    const help = args.startsWith('usage:');
    (help ? process.stdout : process.stderr).write(args + '\n');
    return help ? 0 : 2;
  }
  const t0 = performance.now();
  if (args.out) {
    const stats = await writeLedger(args, args.out);
    const ms = Math.round(performance.now() - t0);
    process.stderr.write(`${args.out}: ${stats.transactions} transactions, ${stats.postings} postings, ${stats.directives} directives, ${stats.accounts} accounts (${ms} ms)\n`);
  } else {
    // A closed pipe (`| head`) ends the output quietly, like other command-line tools.
    process.stdout.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? 0 : 1));
    const it = generateLedgerChunks(args);
    for (;;) {
      const r = it.next();
      if (r.done) break;
      if (!process.stdout.write(r.value)) await new Promise<void>((ok) => process.stdout.once('drain', () => ok()));
    }
    process.stderr.write(`note: document directives name ${DOCUMENT_FILES.map((d) => d.path).join(', ')}; use --out to have them written\n`);
  }
  return 0;
}

const isMain = process.argv[1] && resolve(process.argv[1]).replace(/\.[cm]?[jt]s$/, '') === resolve(import.meta.dirname ?? '.', 'gen-ledger');
if (isMain) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`gen-ledger: ${(e as Error).message}\n`);
      process.exit(1);
    },
  );
}
