/**
 * Issue 16 follow-ups in the browser on the bundled example ledger: an account name (AccountName)
 * links to its page while the funnel button beside it sets the account filter, in the statement
 * tree, the holdings table and the account page's journal; a commodity page's holdings Open query
 * holds that commodity only; the errors page lists the supported plugins (GET /api/plugins) when
 * the ledger has an UnsupportedPlugin error.
 */
import { appendFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeE2E } from './support/session';

describeE2E('Account names set the filter; supported plugins on the errors page', (e2e) => {
  it('statement tree: the funnel sets ?account= and stays on the page; the name opens the account page', async () => {
    const page = await e2e.open('/balance-sheet?time=2025&conversion=at_cost');
    const row = page.locator('[data-testid=statement-tree] tr[data-account="Assets:US:BofA"]');
    await row.waitFor();
    const funnel = row.getByRole('link', { name: 'Filter every page by the account Assets:US:BofA' });
    await funnel.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('account')).toBe('Assets:US:BofA');
    expect(new URL(page.url()).pathname).toBe('/balance-sheet');
    expect(new URL(page.url()).searchParams.get('time')).toBe('2025');
    // The filtered sheet holds the transactions touching the account, with their other legs (Fava's
    // account filter keeps whole entries: the payroll's 401k and Vanguard postings come along).
    const st = (await e2e.server.getJson('/api/statements/balance-sheet?time=2025&conversion=at_cost&account=Assets:US:BofA')).body.data;
    const assets = st.tree.find((n: any) => n.account === 'Assets');
    expect(assets.children.map((n: any) => n.account)).toEqual(['Assets:US']);
    const names: string[] = [];
    const walk = (n: any) => (names.push(n.account), n.children.forEach(walk));
    st.tree.forEach(walk);
    expect(names).toContain('Assets:US:BofA:Checking');
    // The unfiltered tree stays until the filtered answer arrives: wait for the swap.
    await expect
      .poll(() => page.locator('[data-testid=statement-tree] tbody tr').evaluateAll((trs) => trs.map((t) => t.getAttribute('data-account'))))
      .toEqual(names);

    await page.locator('[data-testid=statement-tree] tr[data-account="Assets:US:BofA:Checking"] th a').first().click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe('/accounts/Assets:US:BofA:Checking');
  });

  it('holdings and the account journal carry the same funnel button', async () => {
    const page = await e2e.open('/holdings?time=2025&group=account');
    const funnels = page.locator('.account-filter');
    await funnels.first().waitFor();
    const label = (await funnels.first().getAttribute('aria-label'))!;
    expect(label).toMatch(/^Filter every page by the account Assets:/);
    const account = label.replace('Filter every page by the account ', '');
    await funnels.first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('account')).toBe(account);
    expect(new URL(page.url()).pathname).toBe('/holdings');

    const acc = await e2e.open('/accounts/Assets:US:BofA:Checking');
    const journalFunnel = acc.locator('.account-filter').first();
    await journalFunnel.waitFor();
    expect(await journalFunnel.getAttribute('aria-label')).toMatch(/^Filter every page by the account /);
  });

  it("a commodity page's holdings Open query is restricted to that commodity and gives its rows", async () => {
    const page = await e2e.open('/commodities/VBMPX');
    const link = page.getByTestId('holdings-section').getByTestId('holdings-query');
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    const text = new URL(href, e2e.server.url).searchParams.get('query')!;
    expect(text).toContain("'VBMPX'");
    const q = await e2e.server.query(text);
    expect(q.status).toBe(200);
    const shown = await page.getByTestId('holdings-section').locator('[data-testid=holdings-table] tbody tr').count();
    expect(q.body.data.rows.length).toBe(shown);
    expect(new Set(q.body.data.rows.map((r: unknown[]) => r[1]))).toEqual(new Set(['VBMPX']));
  });

  it('the trial balance draws a chart of its roots per column', async () => {
    const page = await e2e.open('/trial-balance?time=2025&interval=quarter');
    const chart = page.getByTestId('trial-balance-chart').locator('canvas');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Balance of each root account at the end of each column in USD$/);
    // Drawn: Chart.js sized the canvas and painted something other than the background.
    const painted = await chart.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(100);
  });

  it('an unsupported plugin: the errors page lists the plugins the app runs', async () => {
    appendFileSync(e2e.server.ledger, '\nplugin "my.own.plugin"\n');
    const plugins = (await e2e.server.getJson('/api/plugins')).body.data;
    await expect
      .poll(async () => (await e2e.server.getJson('/api/errors')).body.data.records.some((e: any) => e.error_type === 'UnsupportedPlugin'), { timeout: 20_000 })
      .toBe(true);
    const page = await e2e.open('/errors');
    const section = page.locator('#supported-plugins');
    await section.waitFor();
    const modules = await section.locator('tbody tr td:first-child code:first-child').allTextContents();
    expect(modules).toEqual(plugins.map((p: any) => p.module));
    expect(modules).toContain('beancount.plugins.auto_accounts');
    await expect.poll(() => page.getByRole('link', { name: 'See the plugins this app runs' }).count()).toBeGreaterThan(0);
  });
});
