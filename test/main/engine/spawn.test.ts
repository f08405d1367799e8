import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SPAWN_MODULE = fileURLToPath(new URL('../../../main/engine/spawn.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'lq-spawn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A stand-in for the bundled engine worker: reports its compile cache and the data it was given.
const entry = join(dir, 'entry.mjs');
writeFileSync(
  entry,
  `import * as m from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
parentPort.postMessage({ cache: m.getCompileCacheDir?.() ?? null, data: workerData });
`,
);

/** Starts the stand-in through spawnEngineWorker in a fresh process; `cacheBase`: the compile cache the process enables first. */
function workerReport(cacheBase: string | null): { cache: string | null; data: unknown; parent: string | null } {
  const script = `
    import * as m from 'node:module';
    if (${JSON.stringify(cacheBase)} !== null) m.enableCompileCache(${JSON.stringify(cacheBase)});
    const { spawnEngineWorker } = await import(${JSON.stringify(pathToFileURL(SPAWN_MODULE).href)});
    const w = spawnEngineWorker({ ledger: 'x.beancount' }, new URL(${JSON.stringify(pathToFileURL(entry).href)}));
    w.on('message', (r) => { console.log(JSON.stringify({ ...r, parent: m.getCompileCacheDir?.() ?? null })); w.terminate(); });
  `;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  const main = join(dir, `main-${cacheBase === null ? 'plain' : 'cached'}.mjs`);
  writeFileSync(main, script);
  const r = spawnSync(process.execPath, ['--import', 'tsx', main], { encoding: 'utf8', env, timeout: 30_000 });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

describe('spawnEngineWorker', () => {
  it('gives a bundled worker the compile cache of the process that starts it', () => {
    const base = join(dir, 'cache');
    const r = workerReport(base);
    expect(r.data).toEqual({ ledger: 'x.beancount' });
    expect(r.parent).not.toBeNull();
    // Under the same base; the folder Node adds for its version and flags is its own.
    expect(r.cache).not.toBeNull();
    expect(r.cache!.startsWith(base + '/')).toBe(true);
  }, 30_000);

  it('starts the worker as it is when the process has no compile cache', () => {
    const r = workerReport(null);
    expect(r).toEqual({ cache: null, data: { ledger: 'x.beancount' }, parent: null });
  }, 30_000);
});
