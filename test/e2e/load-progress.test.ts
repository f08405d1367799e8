/**
 * The shell's load progress in a real browser: "Reloading ledger…" with an indeterminate bar
 * while a reload runs (the page keeps its figures), "Loading ledger…" while a first load runs
 * after a failed one, gone when the load ends.
 *
 * No timing guess: the server's loader waits on a gate the test opens after it has seen the
 * indicator, so the reload lasts exactly as long as the test needs, on any machine. Nor does the
 * page's event stream have to be connected before the reload starts: a stream that connects
 * during it gets `loading: true` in its first status. The server
 * is this file's own (the shared e2e server cannot take a loader): the same openLedgerService
 * and listen as `npm run serve`, over a temp copy of the bundled example ledger.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Snapshot } from '../../engine/ledger/snapshot';
import { listen, type Listening } from '../../main/server/listen';
import { engineLoader, openLedgerService, type LedgerService } from '../../main/start';
import { launchChromium } from './support/chromium';
import { ARTIFACTS, DEMO_DIR, RENDERER_DIR } from './support/paths';
import { HAVE_CHROMIUM } from './support/session';

/** A loader that fails or waits when told to, else the engine's. */
class GatedLoader {
  private gate: Promise<void> | null = null;
  private open: () => void = () => {};
  failNext = false;
  calls = 0;

  close(): void {
    this.gate = new Promise<void>((r) => (this.open = r));
  }
  release(): void {
    this.open();
    this.gate = null;
  }
  readonly load = async (file: string): Promise<Snapshot> => {
    this.calls++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('e2e: this load fails on purpose');
    }
    if (this.gate) await this.gate;
    return engineLoader(file);
  };
}

interface Served {
  service: LedgerService;
  http: Listening;
  dir: string;
}

async function serve(loader: GatedLoader): Promise<Served> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-e2e-progress-'));
  cpSync(DEMO_DIR, dir, { recursive: true });
  const service = await openLedgerService({
    ledger: path.join(dir, 'example.beancount'),
    load: loader.load,
    app: { rendererDir: RENDERER_DIR },
    watch: false,
  });
  return { service, http: await listen(service.app, { port: 0 }), dir };
}

describe.skipIf(!HAVE_CHROMIUM)('Load progress', () => {
  let browser: Browser | null = null;
  let served: Served | null = null;
  let page: Page | null = null;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await page?.context().close();
    page = null;
    await served?.http.close();
    await served?.service.close();
    if (served) rmSync(served.dir, { recursive: true, force: true });
    served = null;
    if (pageErrors.length > 0) throw new Error(`uncaught error(s) in the page:\n${pageErrors.splice(0).join('\n---\n')}`);
  });

  async function openPage(p: string): Promise<Page> {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.stack ?? e.message));
    await page.goto(served!.http.url + p);
    return page;
  }

  it('shows "Reloading ledger…" while a reload runs, keeps the page, and clears it after', async () => {
    const loader = new GatedLoader();
    served = await serve(loader);
    const pg = await openPage('/dashboard');
    const transactions = pg.locator('section.cards[aria-label="Summary"] .card').filter({ hasText: 'Transactions' }).locator('.value');
    await transactions.waitFor();
    const count = (await transactions.textContent())!.trim();
    const bar = pg.getByRole('progressbar');
    const region = pg.locator('.load-progress[role="status"][aria-live="polite"]');
    await expect.poll(() => bar.count()).toBe(0);
    expect(await region.count()).toBe(1);

    loader.close();
    const reloading = served.service.host.reload();
    await pg.getByRole('progressbar', { name: 'Reloading ledger…' }).waitFor();
    expect((await region.textContent())!.trim()).toBe('Reloading ledger…');
    // The old figures stay on screen meanwhile.
    expect((await transactions.textContent())!.trim()).toBe(count);
    await pg.screenshot({ path: path.join(ARTIFACTS, 'load-progress--reloading.png') });

    loader.release();
    const out = await reloading;
    expect(out).toMatchObject({ swapped: true, status: { generation: 2, loading: false } });
    await bar.waitFor({ state: 'detached' });
    expect((await region.textContent())!.trim()).toBe('');
    expect((await transactions.textContent())!.trim()).toBe(count);
  });

  it('shows "Loading ledger…" while the first successful load runs after a failed one', async () => {
    const loader = new GatedLoader();
    loader.failNext = true;
    served = await serve(loader);
    expect(served.service.first.swapped).toBe(false);
    const pg = await openPage('/dashboard');
    // Nothing is loaded: the page says why instead of staying blank.
    await pg.getByText('the ledger is not loaded').first().waitFor();

    loader.close();
    const loading = served.service.host.reload();
    await pg.getByRole('progressbar', { name: 'Loading ledger…' }).waitFor();
    loader.release();
    expect(await loading).toMatchObject({ swapped: true, status: { generation: 1, loading: false } });
    await pg.getByRole('progressbar').waitFor({ state: 'detached' });
    // The pages load their figures once the ledger is there.
    await pg.locator('section.cards[aria-label="Summary"] .card').filter({ hasText: 'Transactions' }).locator('.value').waitFor();
    expect(loader.calls).toBe(2);
  });
});
