import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_V8_FLAGS, heapSizeChosen } from '../../../main/engine/heap';

const HEAP_MODULE = fileURLToPath(new URL('../../../main/engine/heap.ts', import.meta.url));

/**
 * A process that (optionally) calls setEngineHeapFlags, then starts a worker that keeps about
 * 200 MB of small objects, as a load does; returns the heap sizes (MB) at which the process ran
 * full collections (V8's --trace-gc lines).
 */
function fullCollections(setFlags: boolean): { sizes: number[]; out: string } {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { setEngineHeapFlags } from ${JSON.stringify(HEAP_MODULE)};
    if (${setFlags}) setEngineHeapFlags();
    const w = new Worker("const keep = []; for (let i = 0; i < 1600000; i++) keep.push({ a: i, b: [i], c: null }); import('node:worker_threads').then((m) => m.parentPort.postMessage(keep.length));", { eval: true });
    w.on('message', (n) => { console.log('kept', n); w.terminate(); });
  `;
  const env = { ...process.env, NODE_OPTIONS: '' };
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--trace-gc', '--input-type=module', '-e', script], { encoding: 'utf8', env, timeout: 60_000 });
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain('kept 1600000');
  const sizes = [...r.stdout.matchAll(/Mark-Compact ([0-9.]+) \(/g)].map((m) => Number(m[1]));
  return { sizes, out: r.stdout };
}

describe('the engine workers’ heap start size', () => {
  it('spares a worker keeping 200 MB the full collections past 100 MB that V8’s default runs', () => {
    // Control: without the setting V8 collects fully once the kept heap passes about 120 MB.
    const plain = fullCollections(false);
    expect(plain.sizes.some((s) => s > 100)).toBe(true);
    const set = fullCollections(true);
    expect(set.sizes.filter((s) => s > 100)).toEqual([]);
  }, 60_000);

  it('is a flag this Node knows (setFlagsFromString would ignore a renamed one)', () => {
    const r = spawnSync(process.execPath, [...ENGINE_V8_FLAGS.split(' '), '-e', '0'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
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
