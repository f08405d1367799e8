import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { CHECK_V8_FLAGS, runCheck } from '../../../main/cli/check';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(file: string) {
  let out = '';
  let err = '';
  const code = runCheck(['--', file], (s) => (out += s), (s) => (err += s), dir);
  return { code, out, err };
}

describe('npm run check', () => {
  it('prints nothing and exits 0 for a clean ledger', () => {
    fs.writeFileSync(path.join(dir, 'clean.beancount'), '2024-01-01 open Assets:Bank\n');
    expect(run('clean.beancount')).toEqual({ code: 0, out: '', err: '' });
  });

  it('prints file:line: message and the indented directive, exit 1', () => {
    fs.writeFileSync(
      path.join(dir, 'bad.beancount'),
      ['2024-01-01 open Assets:Bank', '2024-01-01 open Expenses:Food', '', '2024-01-02 * "Off"', '  Assets:Bank  -10.00 USD', '  Expenses:Food  9.99 USD', ''].join('\n'),
    );
    const r = run('bad.beancount');
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      'bad.beancount:4: Transaction does not balance: (-0.01 USD)\n\n   2024-01-02 * "Off"\n     Assets:Bank  -10.00 USD\n     Expenses:Food  9.99 USD\n',
    );
  });

  it('reports a missing file clearly', () => {
    const r = run('nope.beancount');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe('error: ledger file not found: nope.beancount\n');
  });
});

describe("the check command's V8 flags", () => {
  // setFlagsFromString ignores a flag V8 does not know; Node given it on its command line refuses
  // to start. A renamed flag would otherwise quietly stop doing anything.
  it('are all known to this Node', () => {
    const r = spawnSync(process.execPath, [...CHECK_V8_FLAGS.split(' '), '-e', '0'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('are refused when misspelt (control)', () => {
    const r = spawnSync(process.execPath, ['--max-inlined-bytecode-size-cumulativ=100', '-e', '0'], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
  });
});
