/**
 * End to end: the serve command with the real loadLedger on a temporary Beancount ledger,
 * over HTTP, through a file edit, and shut down with SIGINT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerStatus } from '../../../engine/api-types';
import { tempDir, type TempDir } from '../fake-ledger';

const ROOT = path.resolve(__dirname, '../../..');
let child: ChildProcess | null = null;
let tmp: TempDir | null = null;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  tmp?.cleanup();
  child = null;
  tmp = null;
});

const LEDGER = `option "operating_currency" "USD"
2024-01-01 open Assets:Cash USD
2024-01-01 open Expenses:Food USD
2024-01-05 * "Shop" "Lunch"
  Expenses:Food  12.50 USD
  Assets:Cash
`;

function serve(args: string[], env: Record<string, string> = {}) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'main/cli/serve.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const waitFor = async (re: RegExp, ms = 20_000): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = re.exec(out);
      if (m) return m;
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`no ${re} in output:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, waitFor, exited, output: () => out };
}

async function status(url: string): Promise<LedgerStatus> {
  return ((await (await fetch(url + '/api/status')).json()) as { data: LedgerStatus }).data;
}

describe('npm run serve', () => {
  it('serves a ledger, reloads on change, and closes on SIGINT', async () => {
    tmp = tempDir();
    const ledger = tmp.write('main.beancount', LEDGER);
    const s = serve([ledger, '--port', '0']);
    child = s.proc;
    const [, url] = await s.waitFor(/(http:\/\/127\.0\.0\.1:\d+)\//);
    await s.waitFor(/Watching 1 file\(s\) for changes/);
    expect(s.output()).toContain(`serving ${ledger}`);
    expect(s.output()).toContain('1 transactions, 0 errors');
    expect(await status(url)).toMatchObject({ generation: 1, transaction_count: 1, error_count: 0, file: ledger });

    fs.appendFileSync(
      ledger,
      `2024-01-06 * "Shop" "Dinner"\n  Expenses:Food  20.00 USD\n  Assets:Cash\n2024-02-01 balance Assets:Cash 0 USD\n`,
    );
    await s.waitFor(/loaded in \d+ ms: 2 transactions, 1 error \(see \/api\/errors\)/);
    expect(await status(url)).toMatchObject({ generation: 2, transaction_count: 2, error_count: 1 });

    child.kill('SIGINT');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('SIGINT: closing');
  });

  it('explains bad arguments and exits 2', async () => {
    const s = serve(['--port', 'abc']);
    child = s.proc;
    expect(await s.exited).toBe(2);
    expect(s.output()).toContain('error: --port needs a number from 0 to 65535 (got abc)');
    expect(s.output()).toContain('usage: npm run serve -- [LEDGER] [--port N]');
  });

  it('refuses a malformed SVC_AUTH instead of serving unprotected', async () => {
    const s = serve(['--port', '0'], { SVC_AUTH: 'no-colon' });
    child = s.proc;
    expect(await s.exited).toBe(2);
    expect(s.output()).toContain('error: SVC_AUTH must be written user:password');
  });
});
