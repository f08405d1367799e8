/**
 * What an engine worker loads: every worker start compiles and runs its bundle's modules, so the
 * worker entry must not reach the main thread's start-up (main/start.ts), its pool, its watcher
 * (chokidar) or its forwarding. The routes it runs come from main/server/routes/api.ts.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { WORKER_BUNDLES, workerBuildOptions } from '../../../main/cli/run.mjs';

const ROOT = path.resolve(__dirname, '../../..');

describe('engine worker module graph', () => {
  it('bundles the routes and the engine but not start.ts, the pool, the watcher or chokidar', async () => {
    const out = await build({
      entryPoints: [path.join(ROOT, 'main/engine/worker.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: ROOT,
    });
    const inputs = Object.keys(out.metafile!.inputs);
    expect(inputs).toContain('main/server/routes/api.ts');
    expect(inputs).toContain('main/server/routes/query.ts');
    expect(inputs).toContain('engine/ledger/index.ts');
    // Its first load runs with the cold-load inlining budget (jit.ts).
    expect(inputs).toContain('main/engine/jit.ts');
    for (const mainOnly of ['main/start.ts', 'main/engine/pool.ts', 'main/watch.ts', 'main/engine/forward.ts']) expect(inputs).not.toContain(mainOnly);
    const external = Object.values(out.metafile!.outputs).flatMap((o) => o.imports.map((i) => i.path));
    expect(external).not.toContain('chokidar');
    expect(external).toContain('h3');
  });
});

describe('engine worker bundle (main/cli/run.mjs)', () => {
  it('loads h3 and the fetch API only when the router is made, and tinyglobby only when a pattern is included', async () => {
    const out = await build({ ...workerBuildOptions(path.join(ROOT, 'dist', '.worker-imports-test')), write: false, metafile: true, absWorkingDir: ROOT });
    const file = out.outputFiles!.find((f) => f.path.endsWith('engine-worker.js'))!;
    const text = file.text;
    // Statements that run when the worker starts: the bundle's top-level imports.
    const imported = [...text.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imported).toContain('decimal.js');
    expect(imported).toContain('luxon');
    for (const lazy of [...WORKER_BUNDLES, 'tinyglobby']) expect(imported, lazy).not.toContain(lazy);
    expect(WORKER_BUNDLES).toEqual(['h3', 'srvx', 'rou3']);
    // h3 is inside the bundle, its module body behind esbuild's lazy initializer.
    const inputs = Object.keys(out.metafile!.inputs);
    expect(inputs.some((i) => i.startsWith('node_modules/h3/'))).toBe(true);
    expect(text).toMatch(/var init_h3 = __esm\(/);
    // The router's modules are initialized from the dynamic import in worker.ts, not at start.
    expect(text).toMatch(/var init_app = __esm\(/);
    const topLevelInit = [...text.matchAll(/^init_(h3|app|api)\(\);$/gm)];
    expect(topLevelInit).toEqual([]);
  });
});
