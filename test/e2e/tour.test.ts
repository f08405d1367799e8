/**
 * The README tour (issue 17 §4): one PNG per page of the bundled example at a fixed 1280x800
 * window. `npm run screenshots` sets TOUR_SCREENSHOTS=1 and the pictures go to docs/ (committed,
 * never edited by hand); in an ordinary test run they go to test-artifacts/ so the tree stays
 * clean. Each picture is taken once the page shows its figures (charts drawn, tables filled).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';
import { ARTIFACTS, REPO } from './support/paths';

const OUT = process.env.TOUR_SCREENSHOTS === '1' ? path.join(REPO, 'docs') : path.join(ARTIFACTS, 'tour');
export const TOUR_SIZE = { width: 1280, height: 800 };

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  // Charts draw after their data; give layout a frame to settle (no animations: they are off).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: false });
}

async function chartsDrawn(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('canvas')].filter((c) => (globalThis as any).__chartJs?.getChart(c)).length >= n,
    count,
  );
}

describeE2E('README tour screenshots (issue 17 §4)', (e2e) => {
  it('writes one picture per page at 1280x800', async () => {
    const page = e2e.page;
    await page.setViewportSize(TOUR_SIZE);

    await e2e.open('/dashboard');
    await chartsDrawn(page, 3);
    await page.getByTestId('breakdown').locator('tbody tr').first().waitFor();
    await shoot(page, 'dashboard');

    await e2e.open('/income-statement?time=2025&interval=month');
    await page.locator('main table').first().waitFor();
    await shoot(page, 'income-statement');

    await e2e.open('/balance-sheet?time=2025');
    await page.locator('main table').first().waitFor();
    await shoot(page, 'balance-sheet');

    await e2e.open('/holdings');
    await page.locator('main table tbody tr').first().waitFor();
    await shoot(page, 'holdings');

    await e2e.open('/journal');
    await page.locator('[data-entry]').first().waitFor();
    await shoot(page, 'journal');

    await e2e.open('/accounts/Assets:US:BofA:Checking');
    await chartsDrawn(page, 1);
    await shoot(page, 'account');

    const q = "SELECT account, sum(convert(position, 'USD')) AS value WHERE account ~ '^Expenses:' AND year = 2025 GROUP BY account ORDER BY value DESC";
    await e2e.open(`/explore?query=${encodeURIComponent(q)}`);
    await chartsDrawn(page, 1);
    await shoot(page, 'query');

    // The example is clean: add one balance assertion that fails, so the page has an error to show.
    appendFileSync(e2e.server.ledger, '\n2026-01-02 balance Assets:US:BofA:Checking  1.00 USD\n');
    await e2e.open('/errors');
    await expect.poll(async () => page.locator('main').textContent(), { timeout: 15_000 }).toContain('Assets:US:BofA:Checking');
    await shoot(page, 'errors');
  }, 120_000);
});
