/**
 * Issue 7 acceptance on the report pages: the figures a page shows equal the numbers of the
 * API endpoint behind it, and a figure's Open query lands on /explore with the same rows.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';
import { builtinText } from './support/builtins';
import { shownAmount } from './support/display';
import { expectedTable, normalizeShown, readResultTable, withoutGrouping } from './support/table';

const QUERY_TABLE = '.query-page [role=table][aria-label="Query result"]';

/** `{title: value}` of the dashboard's summary cards, grouping commas removed. */
async function summaryCards(page: Page): Promise<Record<string, string>> {
  const cards = await page.locator('section.cards[aria-label="Summary"] .card').evaluateAll((els) =>
    els.map((el) => [el.querySelector('.title > span')?.textContent?.trim() ?? '', el.querySelector('.value')?.textContent?.trim() ?? '']),
  );
  return Object.fromEntries(cards.map(([t, v]) => [t, withoutGrouping(v)]));
}

async function dashboardRange(page: Page): Promise<{ from: string; to: string }> {
  const text = (await page.locator('h1 .range').textContent()) ?? '';
  const m = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(text.trim());
  if (m === null) throw new Error(`dashboard range not shown as "FROM to TO": ${JSON.stringify(text)}`);
  return { from: m[1], to: m[2] };
}

describeE2E('Report pages', (e2e) => {
  it('dashboard: summary cards equal GET /api/statistic/summary', async () => {
    const page = await e2e.open('/dashboard');
    await page.locator('section.cards .card .value').first().waitFor();
    const { from, to } = await dashboardRange(page);
    const api = await e2e.server.getJson(`/api/statistic/summary?from=${from}&to=${to}`);
    expect(api.status).toBe(200);
    const s = api.body.data;
    expect(await summaryCards(page)).toEqual({
      [`Net worth on ${to}`]: shownAmount({ number: s.net_worth.number, currency: s.currency }),
      [`Liabilities on ${to}`]: shownAmount({ number: s.liabilities.number, currency: s.currency }),
      Income: shownAmount({ number: s.income.number, currency: s.currency }),
      Expenses: shownAmount({ number: s.expenses.number, currency: s.currency }),
      Transactions: String(s.transaction_count),
    });
    // USD is written with two places in the example, so the computed net worth is shown with two.
    expect((await summaryCards(page))[`Net worth on ${to}`]).toMatch(/^-?\d+\.\d{2} USD$/);
  });

  it('dashboard: Open query on the transaction count lands on /explore with the same rows and number', async () => {
    const page = await e2e.open('/dashboard');
    const card = page.locator('section.cards .card').filter({ hasText: 'Transactions' });
    await card.locator('.value').waitFor();
    const shownCount = withoutGrouping((await card.locator('.value').textContent())!.trim());
    const { from, to } = await dashboardRange(page);

    await card.getByRole('button', { name: 'Open query' }).click();
    await page.waitForURL((u) => u.pathname === '/explore');
    await page.locator(QUERY_TABLE).waitFor();

    const text = await builtinText(e2e.server, 'report.transaction_count', { from, to });
    expect(new URL(page.url()).searchParams.get('query')).toBe(text);
    const api = await e2e.server.query(text);
    const shown = normalizeShown(await readResultTable(page.locator(QUERY_TABLE)));
    expect(shown).toEqual(expectedTable(api.body.data));
    // The figure and the query agree: one row, one column, the card's number.
    expect(shown.rows).toEqual([[shownCount]]);
  });

  it('dashboard: Open query on net worth lands on /explore with the same rows', async () => {
    const page = await e2e.open('/dashboard');
    const card = page.locator('section.cards .card').filter({ hasText: 'Net worth on' });
    await card.locator('.value').waitFor();
    const { to } = await dashboardRange(page);
    await card.getByRole('button', { name: 'Open query' }).click();
    await page.waitForURL((u) => u.pathname === '/explore');
    await page.locator(QUERY_TABLE).waitFor();
    const text = await builtinText(e2e.server, 'report.net_worth', { to, currency: 'USD' });
    expect(new URL(page.url()).searchParams.get('query')).toBe(text);
    const api = await e2e.server.query(text);
    expect(api.status).toBe(200);
    const shown = await readResultTable(page.locator(QUERY_TABLE));
    // The table is virtualized: compare the rows it rendered (all of them for a short result).
    const want = expectedTable(api.body.data);
    expect(shown.columns).toEqual(want.columns);
    expect(shown.rows.length).toBeGreaterThan(0);
    expect(normalizeShown(shown).rows).toEqual(want.rows.slice(0, shown.rows.length));
  });

  it('journal: entries of page 1 equal GET /api/journals, newest first', async () => {
    const page = await e2e.open('/journal');
    await page.locator('ol.journal > li').first().waitFor();
    const api = await e2e.server.getJson('/api/journals?page=1&size=100');
    expect(api.status).toBe(200);
    const records = api.body.data.records as Array<{ date: string; type: string; payee?: string | null; narration?: string }>;
    expect(records.length).toBe(Math.min(100, api.body.data.total_count));
    const shown = await page.locator('ol.journal > li').evaluateAll((els) =>
      els.map((el) => ({ date: el.querySelector('.head .date')?.firstChild?.textContent?.trim() ?? '', text: el.querySelector('.head .text')?.textContent?.trim() ?? null })),
    );
    expect(shown.map((r) => r.date)).toEqual(records.map((r) => r.date));
    const txs = records.map((r, i) => [r, shown[i]] as const).filter(([r]) => r.type === 'Transaction');
    expect(txs.length).toBeGreaterThan(0);
    for (const [r, s] of txs) expect(s.text).toBe([r.payee, r.narration].filter((x) => x).join(' ').trim());
    // The newest entry of the example ledger's journal (hand-checked in the file).
    expect(records[0].date >= records[records.length - 1].date).toBe(true);
  });

  it('documents: the list equals GET /api/documents', async () => {
    const page = await e2e.open('/documents');
    await page.locator('main table.data tbody tr').first().waitFor();
    const api = await e2e.server.getJson('/api/documents');
    const docs = api.body.data as Array<{ date: string; path: string; account: string | null }>;
    // The example ledger names four documents (three directives, one receipt in metadata).
    expect(docs.length).toBe(4);
    const shown = await page.locator('main table.data tbody tr').evaluateAll((rows) =>
      rows.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent?.trim() ?? '')),
    );
    expect(shown).toEqual(docs.map((d) => [d.date, d.path.split('/').pop()]));
  });

  it('errors: the example ledger has none, and the page says so', async () => {
    const page = await e2e.open('/errors');
    const api = await e2e.server.getJson('/api/errors');
    expect(api.body.data.total_count).toBe(0);
    await page.getByText('No errors: the ledger loaded cleanly.').waitFor();
    await expect(page.locator('ol.errors > li').count()).resolves.toBe(0);
  });

  it('commodities: holdings and latest prices equal their built-in queries', async () => {
    const page = await e2e.open('/commodities');
    await page.locator('main table.data tbody tr').first().waitFor();
    const header = (await page.locator('main table.data thead th').nth(2).textContent()) ?? '';
    const currency = /\(([A-Z][A-Z0-9'._-]*)\)/.exec(header)?.[1];
    expect(currency).toBe('USD'); // the example ledger's operating_currency
    const holdings = (await e2e.server.query(await builtinText(e2e.server, 'commodities.holdings', {}))).body.data.rows as [string, string][];
    const prices = (await e2e.server.query(await builtinText(e2e.server, 'commodities.latest_prices', { currency: 'USD' }))).body.data
      .rows as [string, string, string, string][];
    expect(holdings.length).toBeGreaterThan(0);
    expect(prices.length).toBeGreaterThan(0);
    const shown = new Map(
      (
        await page.locator('main table.data tbody tr').evaluateAll((rows) =>
          rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
        )
      ).map((cells) => [cells[0], cells.map(withoutGrouping)] as const),
    );
    for (const [cur, total] of holdings) expect(shown.get(cur)?.[1], `holdings of ${cur}`).toBe(total);
    for (const [cur, date, , rate] of prices) {
      expect(shown.get(cur)?.[2], `latest price of ${cur}`).toBe(rate);
      expect(shown.get(cur)?.[3], `price date of ${cur}`).toBe(date);
    }
  });

  it('accounts: every account of accounts.list is listed with its open date', async () => {
    const page = await e2e.open('/accounts');
    await page.locator('main table.tree tbody tr').first().waitFor();
    const closed = page.getByLabel('Show closed accounts');
    if (!(await closed.isChecked())) await closed.check();
    const list = (await e2e.server.query(await builtinText(e2e.server, 'accounts.list', {}))).body.data.rows as [string, string, string | null][];
    expect(list.length).toBeGreaterThan(0);
    const shown = new Map(
      await page.locator('main table.tree tbody tr').evaluateAll((rows) =>
        rows.map((tr) => {
          const tds = tr.querySelectorAll('td');
          return [tds[0].querySelector('a')?.getAttribute('title') ?? '', tds[3]?.textContent?.trim() ?? ''] as [string, string];
        }),
      ),
    );
    for (const [account, open] of list) expect(shown.get(account), account).toBe(open);
  });
});
