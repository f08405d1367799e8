/**
 * Issue 16 §1 in the browser: the filter bar of the app shell on the bundled example ledger.
 * Typing a filter puts it in the URL and changes the page's figures to exactly what the API
 * answers with the same filter, which a plain query through POST /api/query confirms; a bad time
 * expression is shown under its field while the page keeps its figures; links and back/forward
 * keep the filter.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';
import { shownAmount } from './support/display';
import { withoutGrouping } from './support/table';

const FROM = '2025-01-01';
const TO = '2025-12-31';
const REPORT = `/report?from=${FROM}&to=${TO}&interval=month&type=Expenses`;
const TAG = 'trip-chicago-2025';

async function card(page: Page, title: string): Promise<string> {
  const value = page.locator('section.cards[aria-label="Summary"] .card', { has: page.locator('.title > span', { hasText: title }) }).locator('.value');
  return withoutGrouping(((await value.textContent()) ?? '').trim());
}

describeE2E('Filter bar', (e2e) => {
  it('a typed entry filter changes the figures to the filtered API answer, confirmed by a query', async () => {
    const page = await e2e.open(REPORT);
    await page.locator('section.cards[aria-label="Summary"] .card .value').first().waitFor();
    const all = (await e2e.server.getJson(`/api/statistic/summary?from=${FROM}&to=${TO}`)).body.data;
    await expect.poll(() => card(page, 'Expenses')).toBe(shownAmount(all.expenses));

    await page.getByLabel('Filter', { exact: true }).fill(`#${TAG}`);
    await page.getByLabel('Filter', { exact: true }).press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBe(`#${TAG}`);

    const filtered = (await e2e.server.getJson(`/api/statistic/summary?from=${FROM}&to=${TO}&filter=${encodeURIComponent('#' + TAG)}`)).body.data;
    expect(filtered.expenses.number).not.toBe(all.expenses.number);
    await expect.poll(() => card(page, 'Expenses')).toBe(shownAmount(filtered.expenses));

    // The same figure as a query over the API: the trip's expenses of 2025 (all in USD).
    const q = await e2e.server.query(
      `SELECT currency, sum(number) WHERE account ~ '^Expenses' AND '${TAG}' IN tags AND date >= ${FROM} AND date <= ${TO} GROUP BY currency`,
    );
    expect(q.status).toBe(200);
    expect(q.body.data.rows.length).toBe(1);
    const [currency, n] = q.body.data.rows[0];
    expect(Number(n)).toBeGreaterThan(0);
    expect(filtered.expenses.currency).toBe(currency);
    expect(filtered.expenses.number).toBe(n);
  });

  it('a bad time expression is shown under the field; the URL and the figures stay', async () => {
    const page = await e2e.open(`${REPORT}&time=2025-Q2`);
    await page.locator('section.cards[aria-label="Summary"] .card .value').first().waitFor();
    const q2 = (await e2e.server.getJson(`/api/statistic/summary?from=${FROM}&to=${TO}&time=2025-Q2`)).body.data;
    await expect.poll(() => card(page, 'Expenses')).toBe(shownAmount(q2.expenses));
    expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe('2025-Q2');

    await page.getByLabel('Time', { exact: true }).fill('2025-13');
    await page.getByLabel('Time', { exact: true }).press('Enter');
    const problem = page.locator('#filter-time-problem');
    await expect.poll(async () => (await problem.textContent())?.trim()).toBe('time filter at column 1: there is no month 13 (months are 01 to 12)');
    expect(new URL(page.url()).searchParams.get('time')).toBe('2025-Q2');
    expect(await card(page, 'Expenses')).toBe(shownAmount(q2.expenses));
  });

  it('links between pages and back/forward keep the filter; a tag in the journal sets it', async () => {
    const page = await e2e.open(`/journal?time=2025-01`);
    await page.locator('a.filter-link.tag').first().waitFor();
    // The first tag shown (January 2025 holds the Chicago trip) sets the entry filter; the time filter stays.
    const tag = ((await page.locator('a.filter-link.tag').first().textContent()) ?? '').trim();
    await page.locator('a.filter-link.tag').first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBe(tag);
    expect(new URL(page.url()).searchParams.get('time')).toBe('2025-01');
    const api = await e2e.server.getJson(`/api/journals?time=2025-01&filter=${encodeURIComponent(tag)}`);
    expect(api.body.data.total_count).toBeGreaterThan(0);
    await expect.poll(() => page.locator('a.filter-link.tag', { hasText: tag }).count()).toBe(api.body.data.records.length);

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Report' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/report');
    expect(new URL(page.url()).searchParams.get('filter')).toBe(tag);
    expect(await page.getByLabel('Filter', { exact: true }).inputValue()).toBe(tag);

    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/journal');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBe(null);
    await expect.poll(() => page.getByLabel('Filter', { exact: true }).inputValue()).toBe('');
  });
});
