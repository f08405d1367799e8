#!/usr/bin/env node
/**
 * The command line's launcher: `ledger-query check|query|serve|gen-ledger|bench [ARGS]` (the
 * package's `bin`, and what the npm scripts call).
 *
 * Runs the prebuilt JavaScript in dist/cli/ (esbuild bundles of main/cli/*.ts, dependencies left
 * as imports), so a command starts in plain Node instead of compiling TypeScript under tsx
 * (about 0.7 s before any work) and answers signals itself (tsx's relay killed a server that did
 * not exit within milliseconds of a Ctrl+C). When dist/cli is missing or older than any source
 * file, it is built first, as `npm test` builds the renderer: the README's two quick-start
 * commands need no extra step. Plain JavaScript (not TypeScript) because it must run before
 * anything is built.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUT_DIR = path.join(ROOT, 'dist', 'cli');
export const COMMANDS = ['check', 'query', 'serve', 'gen-ledger', 'bench'];
/** Written after a complete build; its time is the build's. */
const STAMP = path.join(OUT_DIR, '.built');
/** The engine worker (main/engine/worker.ts) is bundled next to the commands under this name. */
const WORKER_SOURCE = path.join(ROOT, 'main', 'engine', 'worker.ts');
const WORKER_FILE = 'engine-worker';

/** Newest modification time (ms) of the files a build reads. */
function newestSource() {
  let newest = 0;
  const visit = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'demo') visit(p);
      } else if (/\.(ts|mjs|js|json)$/.test(e.name)) {
        newest = Math.max(newest, fs.statSync(p).mtimeMs);
      }
    }
  };
  visit(path.join(ROOT, 'main'));
  visit(path.join(ROOT, 'engine'));
  for (const f of ['package.json', 'tsconfig.json']) newest = Math.max(newest, fs.statSync(path.join(ROOT, f)).mtimeMs);
  return newest;
}

export function isStale() {
  let built;
  try {
    built = fs.statSync(STAMP).mtimeMs;
  } catch {
    return true;
  }
  return newestSource() > built || COMMANDS.some((c) => !fs.existsSync(path.join(OUT_DIR, c + '.js')));
}

/**
 * The engine worker's bundle carries the packages its router needs (h3 and its own dependencies)
 * and imports every other one, as the commands do: the worker makes its router after its first
 * load (main/engine/worker.ts), and only code inside the bundle can wait to be loaded (an imported
 * package's import statement is hoisted to the top of the bundle and runs when the worker starts).
 */
export const WORKER_BUNDLES = ['h3', 'srvx', 'rou3'];
const workerPackages = {
  name: 'worker-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      return WORKER_BUNDLES.includes(name) ? undefined : { path: args.path, external: true };
    });
  },
};

function commonOptions(outdir) {
  return { outdir, bundle: true, platform: 'node', format: 'esm', target: 'node20', outExtension: { '.js': '.js' }, logLevel: 'warning' };
}

/** esbuild's options for the engine worker's bundle (also read by test/main/engine/worker-imports.test.ts). */
export function workerBuildOptions(outdir) {
  return { ...commonOptions(outdir), entryPoints: { [WORKER_FILE]: WORKER_SOURCE }, plugins: [workerPackages] };
}

/**
 * Bundles every command (and the engine worker, when the tree has one) into dist/cli. Builds in a
 * private folder and renames each file into place, so a second command starting meanwhile never
 * runs a half-written bundle.
 */
export async function build() {
  const { build: esbuild } = await import('esbuild');
  const tmp = path.join(ROOT, 'dist', `.cli-build-${process.pid}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  const entryPoints = Object.fromEntries(COMMANDS.map((c) => [c, path.join(ROOT, 'main', 'cli', c + '.ts')]));
  await esbuild({ ...commonOptions(tmp), entryPoints, packages: 'external' });
  if (fs.existsSync(WORKER_SOURCE)) await esbuild(workerBuildOptions(tmp));
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const f of fs.readdirSync(tmp)) fs.renameSync(path.join(tmp, f), path.join(OUT_DIR, f));
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.writeFileSync(STAMP, new Date().toISOString() + '\n');
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'build') {
    await build();
    return;
  }
  if (command === 'build-worker' && args[0]) {
    // The desktop app's copy (npm run build:electron): the same bundle, with a source map.
    const { build: esbuild } = await import('esbuild');
    await esbuild({ ...workerBuildOptions(path.resolve(args[0])), target: 'node22', sourcemap: true });
    return;
  }
  if (!COMMANDS.includes(command)) {
    console.error(`usage: ledger-query ${COMMANDS.join('|')} [ARGS]   (or: build, build-worker OUTDIR)`);
    process.exitCode = 2;
    return;
  }
  if (isStale()) await build();
  // V8's code cache on disk (Node 22.1+; os.tmpdir()/node-compile-cache): a command skips
  // compiling the bundles it ran before (about 50 ms of `check` on the large bench ledger). Its
  // engine workers use the same cache (main/engine/spawn.ts; a worker does not inherit it):
  // importing the worker bundle 144 -> 125 ms per worker start.
  const { enableCompileCache } = await import('node:module');
  if (typeof enableCompileCache === 'function') enableCompileCache();
  const entry = path.join(OUT_DIR, command + '.js');
  // Each command runs its main() when it is the script Node was started with: make it so.
  process.argv = [process.argv[0], entry, ...args.filter((a, i) => !(i === 0 && a === '--'))];
  await import(pathToFileURL(entry).href);
}

/** Started as a script (directly, or through the `bin` link npm makes), not imported by a test. */
function isScript() {
  try {
    return import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1] ?? '')).href;
  } catch {
    return false;
  }
}

if (isScript()) {
  main().catch((e) => {
    console.error('error:', e);
    process.exit(1);
  });
}
