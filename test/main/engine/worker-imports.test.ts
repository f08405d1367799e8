/**
 * What an engine worker loads: every worker start compiles and runs its bundle's modules, so the
 * worker entry must not reach the main thread's start-up (main/start.ts), its pool, its watcher
 * (chokidar) or its forwarding. The routes it runs come from main/server/routes/api.ts.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

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
