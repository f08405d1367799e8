/**
 * One browser + one server per e2e file, a fresh browser context (own localStorage, own
 * downloads) per test, a screenshot of every test's last state under test-artifacts/e2e/,
 * and uncaught page errors turned into test failures (a page that throws is broken even if
 * the asserted figure happens to show).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumPath, launchChromium, SKIP_MESSAGE } from './chromium';
import { ARTIFACTS } from './paths';
import { startLedgerServer, type LedgerServer } from './server';
import { loadDisplay } from './display';

export interface E2E {
  readonly server: LedgerServer;
  readonly page: Page;
  readonly context: BrowserContext;
  /** Opens a path of the app and waits until the network is idle. */
  open(pathAndQuery: string): Promise<Page>;
}

export const HAVE_CHROMIUM = chromiumPath() !== null;

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}

/** `describe` whose tests get `e2e` (valid inside tests and hooks); skips without Chromium. */
export function describeE2E(name: string, body: (e2e: E2E) => void, options: { ledger?: string } = {}): void {
  if (!HAVE_CHROMIUM) console.warn(SKIP_MESSAGE);
  describe.skipIf(!HAVE_CHROMIUM)(name, () => {
    let browser: Browser | null = null;
    let server: LedgerServer | null = null;
    let context: BrowserContext | null = null;
    let page: Page | null = null;
    let pageErrors: string[] = [];

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      [browser, server] = await Promise.all([launchChromium(), startLedgerServer(options.ledger)]);
      await loadDisplay(server);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    beforeEach(async () => {
      context = await browser!.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(15_000);
      page = await context.newPage();
      pageErrors = [];
      page.on('pageerror', (e) => pageErrors.push(e.stack ?? e.message));
    });

    afterEach(async (ctx) => {
      if (page !== null) {
        const file = path.join(ARTIFACTS, `${slug(name)}--${slug(ctx.task.name)}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      }
      await context?.close();
      context = null;
      page = null;
      if (pageErrors.length > 0) throw new Error(`uncaught error(s) in the page:\n${pageErrors.join('\n---\n')}`);
    });

    const e2e: E2E = {
      get server() {
        if (server === null) throw new Error('e2e server not started');
        return server;
      },
      get page() {
        if (page === null) throw new Error('e2e page not open (use it inside a test)');
        return page;
      },
      get context() {
        if (context === null) throw new Error('e2e context not open (use it inside a test)');
        return context;
      },
      async open(p) {
        const pg = e2e.page;
        await pg.goto(e2e.server.url + p, { waitUntil: 'networkidle' });
        return pg;
      },
    };
    body(e2e);
  });
}
