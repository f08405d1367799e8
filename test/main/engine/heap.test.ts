import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineOldSpaceMb, engineV8Flags, heapSizeChosen } from '../../../main/engine/heap';

const HEAP_MODULE = fileURLToPath(new URL('../../../main/engine/heap.ts', import.meta.url));
const MB = 1 << 20;

/**
 * A process that calls setEngineHeapFlags with each of `sizes` (ledger bytes) in turn, then starts
 * a worker that keeps about 200 MB of small objects, as a load does; returns the heap sizes (MB)
 * at which the worker (or the idle main thread) ran full collections (V8's --trace-gc lines).
 */
function fullCollections(sizes: number[]): number[] {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { setEngineHeapFlags } from ${JSON.stringify(HEAP_MODULE)};
    for (const n of ${JSON.stringify(sizes)}) setEngineHeapFlags(n);
    const w = new Worker("const keep = []; for (let i = 0; i < 1600000; i++) keep.push({ a: i, b: [i], c: null }); import('node:worker_threads').then((m) => m.parentPort.postMessage(keep.length));", { eval: true });
    w.on('message', (n) => { console.log('kept', n); w.terminate(); });
  `;
  const env = { ...process.env, NODE_OPTIONS: '' };
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--trace-gc', '--input-type=module', '-e', script], { encoding: 'utf8', env, timeout: 60_000 });
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain('kept 1600000');
  return [...r.stdout.matchAll(/Mark-Compact ([0-9.]+) \(/g)].map((m) => Number(m[1]));
}

describe('the engine workers’ heap start size', () => {
  it('spares a worker of a large ledger the full collections past 100 MB that V8’s default runs', () => {
    // Control: without the setting (or with a small ledger's) V8 collects fully once the kept heap
    // passes about 120 MB.
    expect(fullCollections([]).some((s) => s > 100)).toBe(true);
    expect(fullCollections([40 * MB]).filter((s) => s > 100)).toEqual([]);
  }, 60_000);

  it('goes back to V8’s own for a small ledger after a large one', () => {
    expect(fullCollections([40 * MB, 2 * MB]).some((s) => s > 100)).toBe(true);
  }, 60_000);

  it('is sized from the ledger: none for a small one, about what a load keeps, capped', () => {
    expect(engineOldSpaceMb(0)).toBe(0);
    // The large bench ledger (2.85 MB): V8's own limits serve its load.
    expect(engineOldSpaceMb(2_854_080)).toBe(0);
    expect(engineOldSpaceMb(8 * MB - 1)).toBe(64);
    expect(engineOldSpaceMb(7.5 * MB)).toBe(0);
    // The xlarge bench ledger (35.5 MB) keeps 167 MB; the 1M-posting one (58.5 MB) 506 MB.
    expect(engineOldSpaceMb(35_480_517)).toBe(271);
    expect(engineOldSpaceMb(58_533_834)).toBe(447);
    expect(engineOldSpaceMb(4096 * MB)).toBe(1024);
    expect(engineV8Flags(35_480_517)).toBe('--initial-old-space-size=271');
    expect(engineV8Flags(100)).toBe('--initial-old-space-size=0');
  });

  it('is a flag this Node knows (setFlagsFromString would ignore a renamed one)', () => {
    for (const flag of [engineV8Flags(35_480_517), engineV8Flags(0)]) {
      const r = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
  });

  it('leaves a size chosen on Node’s command line or in NODE_OPTIONS alone', () => {
    expect(heapSizeChosen([], '')).toBe(false);
    expect(heapSizeChosen(['--max-old-space-size=4096'], '--trace-gc')).toBe(false);
    expect(heapSizeChosen(['--initial-old-space-size=64'], '')).toBe(true);
    expect(heapSizeChosen([], '--foo --initial_old_space_size=64')).toBe(true);
    expect(heapSizeChosen(['--initial-heap-size=32'], '')).toBe(true);
    expect(heapSizeChosen(['--initial-old-space-sizes'], '')).toBe(false);
  });
});
