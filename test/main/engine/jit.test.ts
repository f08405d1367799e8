/**
 * main/engine/jit.ts: the cold-load inlining budget is set for a thread's first load only, of a
 * ledger under the size limit, V8's default put back after it (also when the load throws), a
 * budget chosen on Node's command line or in NODE_OPTIONS left alone, and the "default" it
 * restores is this Node's real default.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { COLD_BUDGET_MAX_BYTES, COLD_LOAD_V8_FLAGS, WARM_V8_FLAGS, firstLoadJit, inliningChosen, resetFirstLoadJit } from '../../../main/engine/jit';

const SMALL = 3_000_000;

describe('firstLoadJit', () => {
  const saved = process.env.NODE_OPTIONS;
  afterEach(() => {
    resetFirstLoadJit();
    if (saved === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = saved;
  });

  it('sets the cold budget around the first load only and restores the default after it', () => {
    delete process.env.NODE_OPTIONS;
    const log: string[] = [];
    const set = (f: string) => log.push(f);
    const first = firstLoadJit(() => SMALL, () => {
      log.push('load 1');
      return 41;
    }, set);
    const second = firstLoadJit(() => SMALL, () => {
      log.push('load 2');
      return 42;
    }, set);
    expect([first, second]).toEqual([41, 42]);
    expect(log).toEqual([COLD_LOAD_V8_FLAGS, 'load 1', WARM_V8_FLAGS, 'load 2']);
    expect(COLD_LOAD_V8_FLAGS).toBe('--max-inlined-bytecode-size-cumulative=100');
  });

  it('restores the default when the first load throws, and the next load runs as it is', () => {
    delete process.env.NODE_OPTIONS;
    const log: string[] = [];
    const set = (f: string) => log.push(f);
    expect(() =>
      firstLoadJit(() => SMALL, () => {
        log.push('load');
        throw new Error('unreadable');
      }, set),
    ).toThrow('unreadable');
    expect(firstLoadJit(() => SMALL, () => 'again', set)).toBe('again');
    expect(log).toEqual([COLD_LOAD_V8_FLAGS, 'load', WARM_V8_FLAGS]);
  });

  it("loads a ledger of the size limit or more with V8's own budget, and still counts it as the first load", () => {
    delete process.env.NODE_OPTIONS;
    const log: string[] = [];
    const set = (f: string) => log.push(f);
    expect(COLD_BUDGET_MAX_BYTES).toBe(8 * 1024 * 1024);
    expect(firstLoadJit(() => COLD_BUDGET_MAX_BYTES, () => 'big', set)).toBe('big');
    expect(firstLoadJit(() => SMALL, () => 'then small', set)).toBe('then small');
    expect(log).toEqual([]);
    resetFirstLoadJit();
    expect(firstLoadJit(() => COLD_BUDGET_MAX_BYTES - 1, () => 'just under', set)).toBe('just under');
    expect(log).toEqual([COLD_LOAD_V8_FLAGS, WARM_V8_FLAGS]);
  });

  it('leaves a budget chosen in NODE_OPTIONS alone', () => {
    process.env.NODE_OPTIONS = '--max-old-space-size=4096 --max-inlined-bytecode-size-cumulative=300';
    const log: string[] = [];
    expect(firstLoadJit(() => SMALL, () => 7, (f) => log.push(f))).toBe(7);
    expect(log).toEqual([]);
  });

  it('knows a chosen budget in either spelling, and only that flag', () => {
    expect(inliningChosen(['--max-inlined-bytecode-size-cumulative=50'], '')).toBe(true);
    expect(inliningChosen([], '--max_inlined_bytecode_size_cumulative=50')).toBe(true);
    expect(inliningChosen(['--max-inlined-bytecode-size=50', '--max-inlined-bytecode-size-small=10'], '--initial-old-space-size=64')).toBe(false);
    expect(inliningChosen([], '')).toBe(false);
  });

  it("restores this Node's own default (and the cold flag is one this Node knows)", () => {
    const out = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    const at = out.indexOf('  --max-inlined-bytecode-size-cumulative ');
    expect(at).toBeGreaterThanOrEqual(0);
    const def = /default: (--max-inlined-bytecode-size-cumulative=\d+)/.exec(out.slice(at, at + 400));
    expect(def?.[1]).toBe(WARM_V8_FLAGS);
  });
});
