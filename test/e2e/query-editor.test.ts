/**
 * Issue 17 §3, the Query page's editor on the bundled example: Ctrl+Enter closes the completion
 * popup as it runs; the reference panel inserts names spaced from their neighbours; a result from
 * before a ledger reload is marked stale and `r` runs it again (the new figure checked against
 * POST /api/query); every Open query of a commodity page opens a query that runs.
 */
import { appendFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';

async function editorText(page: Page): Promise<string> {
  return page.locator('.query-editor .cm-content').evaluate((el) => [...el.querySelectorAll('.cm-line')].map((l) => l.textContent ?? '').join('\n'));
}

/** The single cell of a one-row, one-column result. */
async function cellText(page: Page): Promise<string> {
  return page.locator('.query-page [role=table][aria-label="Query result"] [role=row]').nth(1).textContent().then((t) => (t ?? '').trim());
}

describeE2E('Query page editor (issue 17 §3)', (e2e) => {
  it('Ctrl+Enter runs and closes the completion popup', async () => {
    const page = await e2e.open('/explore');
    const content = page.locator('.query-editor .cm-content');
    await content.click();
    await page.keyboard.insertText('SELECT acc');
    await page.keyboard.press('Control+Space');
    await page.locator('.cm-tooltip-autocomplete').waitFor();
    await page.keyboard.press('Control+Enter');
    await page.locator('.query-page .problem, .query-page .status').first().waitFor();
    await expect.poll(() => page.locator('.cm-tooltip-autocomplete').count()).toBe(0);
  });

  it('inserting from the reference panel adds the spacing around the name', async () => {
    const page = await e2e.open('/explore');
    await page.locator('.query-editor .cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('SELECT');
    await page.getByRole('button', { name: 'account', exact: true }).first().click();
    await page.keyboard.insertText('WHERE');
    expect(await editorText(page)).toBe('SELECT account WHERE');
  });

  it('a result from before a reload is marked stale and r runs it again with the new figures', async () => {
    const text = "SELECT count(*) AS n WHERE account = 'Expenses:Food:Coffee'";
    const page = await e2e.open(`/explore?query=${encodeURIComponent(text)}`);
    const before = (await e2e.server.query(text)).body.data.rows[0][0];
    await expect.poll(() => cellText(page)).toBe(String(before));
    expect(await page.getByTestId('stale').count()).toBe(0);
    appendFileSync(e2e.server.ledger, '\n2026-01-03 * "Cafe" "one more"\n  Expenses:Food:Coffee  3.00 USD\n  Assets:US:BofA:Checking\n');
    await page.getByTestId('stale').waitFor({ timeout: 15_000 });
    await page.locator('h1').first().evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('r');
    const after = (await e2e.server.query(text)).body.data.rows[0][0];
    expect(after).toBe(before + 1);
    await expect.poll(() => cellText(page)).toBe(String(after));
    expect(await page.getByTestId('stale').count()).toBe(0);
  });

  it('every Open query of a commodity page opens a query that runs without error', async () => {
    const page = await e2e.open('/commodities/VBMPX');
    await page.locator('h1').waitFor();
    await page.waitForLoadState('networkidle');
    const count = await page.getByRole('button', { name: 'Open query' }).count();
    const links = await page.getByRole('link', { name: 'Open query' }).count();
    expect(count + links).toBeGreaterThan(1);
    for (let i = 0; i < count + links; i++) {
      await e2e.open('/commodities/VBMPX');
      await page.waitForLoadState('networkidle');
      const target = i < count ? page.getByRole('button', { name: 'Open query' }).nth(i) : page.getByRole('link', { name: 'Open query' }).nth(i - count);
      await target.click();
      await page.waitForURL(/\/explore\?query=/);
      const query = new URL(page.url()).searchParams.get('query')!;
      expect(query).toMatch(/^\s*(SELECT|BALANCES|JOURNAL)/i);
      const api = await e2e.server.query(query);
      expect(api.status, `${query}: ${JSON.stringify(api.body)}`).toBe(200);
      await page.locator('.query-page .status').first().waitFor();
      expect(await page.locator('.query-page .problem').count()).toBe(0);
    }
  });
});
