/**
 * The reload path's timeline (main/engine/trace.ts): written only when LQ_TRACE names a file, one
 * line per step with the wall clock, the thread, its CPU time and the step. The variable is read
 * when the module loads, so each case runs in a child process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../fake-ledger';

const TRACE = fileURLToPath(new URL('../../../main/engine/trace.ts', import.meta.url));
const ROOT = path.resolve(path.dirname(TRACE), '../..');

function run(env: Record<string, string>): void {
  const script = `const m = await import(${JSON.stringify(TRACE)}); m.trace('step one'); m.trace('step two'); console.log(m.tracing);`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, LQ_TRACE: '', ...env },
    encoding: 'utf8',
  });
  expect(out.trim()).toBe(env.LQ_TRACE ? 'true' : 'false');
}

describe('trace', () => {
  it('appends one line per step to the LQ_TRACE file: time, thread, CPU time, step', () => {
    const tmp = tempDir();
    try {
      const file = path.join(tmp.dir, 'trace.log');
      const before = Date.now();
      run({ LQ_TRACE: file });
      const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      const parsed = lines.map((l) => /^(\d+\.\d) main cpu=(\d+) (.*)$/.exec(l));
      expect(parsed.map((m) => m?.[3])).toEqual(['step one', 'step two']);
      const [t1, t2] = parsed.map((m) => Number(m![1]));
      expect(t1).toBeGreaterThanOrEqual(before - 1);
      expect(t2).toBeGreaterThanOrEqual(t1);
      expect(t2).toBeLessThanOrEqual(Date.now() + 1);
    } finally {
      tmp.cleanup();
    }
  });

  it('is off without LQ_TRACE (tracing false, nothing written)', () => {
    const tmp = tempDir();
    try {
      run({});
      expect(fs.readdirSync(tmp.dir)).toEqual([]);
    } finally {
      tmp.cleanup();
    }
  });
});
