/**
 * Issue 17 §2 on the bundled example: the journal searches as you type (debounced, no Enter),
 * and the entries shown equal GET /api/journals with that keyword.
 */
import { expect, it } from 'vitest';
import { describeE2E } from './support/session';

describeE2E('journal search as you type (issue 17 §2)', (e2e) => {
  it('typing a keyword filters the journal without pressing Enter; the entries equal the endpoint', async () => {
    const page = await e2e.open('/journal');
    await page.locator('[data-entry]').first().waitFor();
    const api = (await e2e.server.getJson('/api/journals?page=1&size=100&keyword=RiverBank')).body.data;
    expect(api.total_count).toBeGreaterThan(0);
    await page.getByLabel('Search').pressSequentially('RiverBank', { delay: 30 });
    await page.waitForURL(/keyword=RiverBank/);
    await expect.poll(() => page.locator('[data-entry]').count()).toBe(api.records.length);
    const dates = await page.locator('[data-entry] .date').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim().slice(0, 10)));
    expect(dates).toEqual(api.records.map((r: any) => r.date));
    // One history entry for the whole word, not one per letter.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(null);
  });
});
