/**
 * The watcher against desktop faults, with real files in a temporary directory and the real
 * engine loader: a ledger opened through a symbolic link that is re-pointed (both ways tools do
 * it), and the ledger's folder removed and restored. The ledgers are one open and one
 * transaction each, so the served transaction count tells which file is loaded (bean-check 2.3.5
 * accepts each of them without errors).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLedger } from '../../engine/ledger/index';
import { LedgerHost } from '../../main/host';
import { watchLedger, type LedgerWatcher } from '../../main/watch';

let dir = '';
let watcher: LedgerWatcher | null = null;
afterEach(async () => {
  await watcher?.close();
  watcher = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A ledger with `n` transactions of 1.00 USD each. */
function ledger(n: number): string {
  let text = '2024-01-01 open Assets:Cash\n2024-01-01 open Income:Gift\n';
  for (let i = 0; i < n; i++) text += `2024-01-02 * "gift ${i}"\n  Assets:Cash  1.00 USD\n  Income:Gift\n`;
  return text;
}

async function until(host: LedgerHost, cond: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out; status ${JSON.stringify(host.status())}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const count = (host: LedgerHost) => host.current?.transactions.length ?? -1;

async function open(file: string) {
  const host = new LedgerHost(file, (f) => loadLedger(f));
  await host.reload();
  watcher = watchLedger(host, { debounceMs: 50 });
  await watcher.ready;
  return host;
}

describe('watchLedger: links and folders', () => {
  it('follows a symbolic link re-pointed with ln -sf, then later edits of the new target', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'watch-links-'));
    fs.writeFileSync(path.join(dir, 'old.beancount'), ledger(1));
    fs.writeFileSync(path.join(dir, 'new.beancount'), ledger(2));
    const link = path.join(dir, 'main.beancount');
    fs.symlinkSync('old.beancount', link);
    const host = await open(link);
    expect(count(host)).toBe(1);

    // ln -sf: unlink, then a new link under the same name.
    fs.unlinkSync(link);
    fs.symlinkSync('new.beancount', link);
    await until(host, () => count(host) === 2);

    await new Promise((r) => setTimeout(r, 200));
    fs.writeFileSync(path.join(dir, 'new.beancount'), ledger(3));
    await until(host, () => count(host) === 3);
    // The old target is no longer the ledger: editing it changes nothing.
    const generation = host.generation;
    fs.writeFileSync(path.join(dir, 'old.beancount'), ledger(7));
    await new Promise((r) => setTimeout(r, 1500));
    expect(count(host)).toBe(3);
    expect(host.generation).toBe(generation);
  });

  it('follows a link replaced atomically (ln -s new tmp && mv -T tmp main), and the target saved by rename', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'watch-links-'));
    fs.mkdirSync(path.join(dir, 'books'));
    fs.writeFileSync(path.join(dir, 'books/a.beancount'), ledger(1));
    fs.writeFileSync(path.join(dir, 'books/b.beancount'), ledger(4));
    const link = path.join(dir, 'main.beancount');
    fs.symlinkSync('books/a.beancount', link);
    const host = await open(link);
    expect(count(host)).toBe(1);

    fs.symlinkSync('books/b.beancount', path.join(dir, 'tmp-link'));
    fs.renameSync(path.join(dir, 'tmp-link'), link);
    await until(host, () => count(host) === 4);

    await new Promise((r) => setTimeout(r, 200));
    // An editor saving the target by writing a temporary file and renaming it over.
    fs.writeFileSync(path.join(dir, 'books/b.beancount.tmp'), ledger(5));
    fs.renameSync(path.join(dir, 'books/b.beancount.tmp'), path.join(dir, 'books/b.beancount'));
    await until(host, () => count(host) === 5);
  });

  it('recovers by itself when the ledger folder is removed and later restored', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'watch-links-'));
    const books = path.join(dir, 'deep/books');
    fs.mkdirSync(books, { recursive: true });
    const main = path.join(books, 'main.beancount');
    fs.writeFileSync(main, ledger(2));
    const host = await open(main);
    expect(count(host)).toBe(2);

    fs.rmSync(path.join(dir, 'deep'), { recursive: true });
    await until(host, () => host.problem !== null);
    expect(host.problem!.message).toContain('not found');
    expect(count(host)).toBe(2); // the last good ledger is still served

    await new Promise((r) => setTimeout(r, 300));
    fs.mkdirSync(books, { recursive: true });
    fs.writeFileSync(main, ledger(6));
    await until(host, () => count(host) === 6 && host.problem === null);

    // And later edits are followed again.
    await new Promise((r) => setTimeout(r, 200));
    fs.writeFileSync(main, ledger(7));
    await until(host, () => count(host) === 7);
  });
});
