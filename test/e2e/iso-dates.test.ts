/**
 * Issue 17 §3: the Report page's date fields show and take ISO dates (yyyy-mm-dd) in a US-locale
 * browser (where `<input type="date">` shows 01/01/2026), refuse a date that does not exist, and
 * the figures they choose equal GET /api/statistic/summary for that range.
 */
import { expect, it } from 'vitest';
import { describeE2E } from './support/session';
import { shownAmount } from './support/display';
import { withoutGrouping } from './support/table';

describeE2E('ISO date inputs (issue 17 §3)', (e2e) => {
  it('show yyyy-mm-dd in an en-US browser, take typed ISO dates, refuse 2025-02-30', async () => {
    const context = await e2e.context.browser()!.newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
    try {
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}/report?from=2025-01-01&to=2025-12-31&interval=month`, { waitUntil: 'networkidle' });
      const from = page.getByLabel('From', { exact: true });
      const to = page.getByLabel('To', { exact: true });
      expect(await from.getAttribute('type')).toBe('text');
      expect(await from.inputValue()).toBe('2025-01-01');
      expect(await to.inputValue()).toBe('2025-12-31');

      await to.fill('2025-02-30');
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('button', { name: 'Show' }).isDisabled()).toBe(true);

      await to.fill('2025-03-31');
      expect(await to.getAttribute('aria-invalid')).toBe('false');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL(/to=2025-03-31/);
      const api = (await e2e.server.getJson('/api/statistic/summary?from=2025-01-01&to=2025-03-31')).body.data;
      const card = page.locator('.card', { hasText: 'Expenses' }).locator('.value');
      await expect.poll(async () => withoutGrouping(((await card.textContent()) ?? '').trim())).toBe(shownAmount(api.expenses));
    } finally {
      await context.close();
    }
  });
});
