/**
 * End to end: the built serve command (dist/cli/serve.js, as `npm run serve` runs it) with the
 * real loadLedger on a temporary Beancount ledger, over HTTP, through a file edit, and shut down
 * by a signal sent to its whole process group, as a terminal's Ctrl+C or a process manager does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerStatus } from '../../../engine/api-types';
import { build, isStale, OUT_DIR } from '../../../main/cli/run.mjs';
import { tempDir, type TempDir } from '../fake-ledger';

const ROOT = path.resolve(__dirname, '../../..');
let child: ChildProcess | null = null;
let tmp: TempDir | null = null;
afterEach(() => {
  if (child && child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
  tmp?.cleanup();
  child = null;
  tmp = null;
});

// The command line runs from its bundle; build it once here if the sources are newer.
beforeAll(async () => {
  if (isStale()) await build();
}, 120_000);

const LEDGER = `option "operating_currency" "USD"
2024-01-01 open Assets:Cash USD
2024-01-01 open Expenses:Food USD
2024-01-05 * "Shop" "Lunch"
  Expenses:Food  12.50 USD
  Assets:Cash
`;

function serve(args: string[], env: Record<string, string> = {}) {
  // detached: the child leads its own process group, so a test can signal the whole group.
  const proc = spawn(process.execPath, [path.join(OUT_DIR, 'serve.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
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

    process.kill(-child.pid!, 'SIGINT');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('SIGINT: closing');
    expect(s.output()).toContain('closed');
  });

  it('on SIGTERM to the process group during a reload, answers the request in flight, then exits 0', async () => {
    tmp = tempDir();
    // Enough transactions that a reload takes a noticeable time (bean-check: no errors).
    let text = LEDGER;
    for (let i = 0; i < 3000; i++) text += `2024-03-01 * "Shop" "Snack ${i}"\n  Expenses:Food  1.25 USD\n  Assets:Cash\n`;
    const ledger = tmp.write('main.beancount', text);
    const s = serve([ledger, '--port', '0']);
    child = s.proc;
    const [, port] = await s.waitFor(/http:\/\/127\.0\.0\.1:(\d+)\//);
    await s.waitFor(/Watching 1 file/);

    // A request in flight: its headers and half its body are sent now, the rest after the signal.
    const body = JSON.stringify({ query: "SELECT sum(number) AS total WHERE account = 'Expenses:Food'" });
    const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /api/query HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((r) => setTimeout(r, 300));

    fs.appendFileSync(ledger, `2024-04-01 * "Shop" "Late"\n  Expenses:Food  2.00 USD\n  Assets:Cash\n`);
    await s.waitFor(/reloading…/);
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body.slice(10)); // not end(): a half-closed request may be dropped by Node
    await ended;
    expect(await s.exited).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    // 12.50 + 3000 x 1.25, or with the reload's 2.00 if it was swapped in before the answer.
    expect(answer).toMatch(/"rows":\[\["(3762\.50|3764\.50)"\]\]/);
    expect(s.output()).toContain('SIGTERM: closing');
    expect(s.output()).toContain('closed');
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
