/**
 * Issue 17 §1 on every page with a chart, read from Chart.js itself: red only for bad news (a
 * month at a loss), never for all income or all expenses; statement tooltips rounded to the
 * currency's precision with the currency; charts redrawn in the theme's colours when the system
 * switches to dark mode. Figures checked against the API on the bundled example.
 */
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeE2E } from './support/session';
import { shownAmount } from './support/display';
import { withoutGrouping } from './support/table';

/** renderer/charts/chart-config.ts NEGATIVE: the one red of the charts. */
const RED = '#d04a3a';

async function chartOf(page: Page, testid: string): Promise<Locator> {
  const canvas = page.getByTestId(testid).locator('canvas');
  await canvas.waitFor();
  await page.waitForFunction((id) => (globalThis as any).__chartJs?.getChart(document.querySelector(`[data-testid="${id}"] canvas`)) !== undefined, testid);
  return canvas;
}

const colours = (canvas: Locator) =>
  canvas.evaluate((c) =>
    (globalThis as any).__chartJs.getChart(c).data.datasets.map((d: any) => ({ label: d.label, colours: [d.backgroundColor].flat(), data: d.data })),
  );

/** The label callback's text for one bar, as the tooltip shows it. */
const tooltipOf = (canvas: Locator, datasetIndex: number, dataIndex: number) =>
  canvas.evaluate(
    (c, [d, i]) => {
      const chart = (globalThis as any).__chartJs.getChart(c);
      return chart.options.plugins.tooltip.callbacks.label.call(chart.tooltip, { dataset: chart.data.datasets[d], datasetIndex: d, dataIndex: i });
    },
    [datasetIndex, dataIndex] as const,
  );

const inUsd = (list: Array<{ number: string; currency: string }>) => list.find((a) => a.currency === 'USD')?.number ?? '0';

describeE2E('chart colours, tooltips and dark mode (issue 17 §1)', (e2e) => {
  it('income statement: income and expenses in neutral hues (no red), values and rounded tooltips from the statement', async () => {
    const page = await e2e.open('/income-statement?time=2025&interval=month&conversion=USD');
    const canvas = await chartOf(page, 'income-expense-chart');
    const st = (await e2e.server.getJson('/api/statements/income-statement?time=2025&interval=month&conversion=USD')).body.data;
    const root = (name: string) => st.tree.find((n: any) => n.account === name);
    const income = st.columns.map((_: unknown, i: number) => inUsd(root('Income').balance_children[i]));
    const expenses = st.columns.map((_: unknown, i: number) => inUsd(root('Expenses').balance_children[i]));
    const sets = await colours(canvas);
    expect(sets.map((s: any) => s.label)).toEqual(['Income (USD)', 'Expenses (USD)']);
    // Income as earned (the ledger's negative turned), expenses as spent.
    expect(sets[0].data).toEqual(income.map((v: string) => -Number(v) || 0));
    expect(sets[1].data).toEqual(expenses.map(Number));
    expect(expenses.every((v: string) => Number(v) > 0)).toBe(true);
    for (const s of sets) expect(s.colours).not.toContain(RED);
    expect(sets[0].colours).not.toEqual(sets[1].colours);
    // Tooltip of March's expenses: rounded to USD's precision, with the currency.
    // (Its first line: a second one names any amount in another currency, checked below.)
    expect(withoutGrouping([await tooltipOf(canvas, 1, 2)].flat()[0])).toBe(`Expenses (USD): ${shownAmount({ number: expenses[2], currency: 'USD' })}`);
    // A column whose income holds amounts no price turns into USD: the tooltip names them (as earned).
    const col = st.columns.findIndex((_: unknown, i: number) => root('Income').balance_children[i].some((a: any) => a.currency !== 'USD' && Number(a.number) !== 0));
    expect(col).toBeGreaterThanOrEqual(0);
    const others = root('Income').balance_children[col].filter((a: any) => a.currency !== 'USD' && Number(a.number) !== 0);
    const turned = (n: string) => (n.startsWith('-') ? n.slice(1) : `-${n}`);
    const lines = await tooltipOf(canvas, 0, col);
    expect(Array.isArray(lines)).toBe(true);
    expect(withoutGrouping(lines[0])).toBe(`Income (USD): ${shownAmount({ number: turned(income[col]), currency: 'USD' })}`);
    expect(withoutGrouping(lines[1])).toBe(`  + ${others.map((a: any) => shownAmount({ number: turned(a.number), currency: a.currency })).join(', ')} not in USD`);
    const tick = await canvas.evaluate((c) => (globalThis as any).__chartJs.getChart(c).scales.y.ticks.map((t: any) => String(t.label)));
    for (const t of tick) expect(t).toMatch(/ USD$/);
  });

  it('trial balance: one hue per root, none of them red; tooltips name the currency', async () => {
    const page = await e2e.open('/trial-balance?time=2025&interval=quarter&conversion=USD');
    const canvas = await chartOf(page, 'trial-balance-chart');
    const st = (await e2e.server.getJson('/api/statements/trial-balance?time=2025&interval=quarter&conversion=USD')).body.data;
    const sets = await colours(canvas);
    expect(sets.map((s: any) => s.label)).toEqual(st.tree.map((n: any) => `${n.account} (USD)`));
    const hues = sets.map((s: any) => s.colours[0]);
    expect(new Set(hues).size).toBe(hues.length);
    expect(hues).not.toContain(RED);
    const liabilities = st.tree.findIndex((n: any) => n.account === 'Liabilities');
    const value = inUsd(st.tree[liabilities].balance_children[1]);
    expect(withoutGrouping([await tooltipOf(canvas, liabilities, 1)].flat()[0])).toBe(`Liabilities (USD): ${shownAmount({ number: value, currency: 'USD' })}`);
  });

  it('dashboard: only the net profit of a month at a loss is red; income and expenses never', async () => {
    const page = await e2e.open('/dashboard');
    const canvas = await chartOf(page, 'income-expenses');
    const sets = await colours(canvas);
    expect(sets[0].colours).not.toContain(RED);
    expect(sets[1].colours).not.toContain(RED);
    const profit = sets[2];
    expect(profit.label).toBe('Net profit');
    expect(profit.colours).toEqual(profit.data.map((v: number) => (v < 0 ? RED : expect.not.stringMatching(RED))));
  });

  it('report page: the changes per account type are not red for being negative (income is)', async () => {
    const page = await e2e.open('/report');
    const table = page.getByTestId('changes').locator('table');
    await table.locator('tbody tr').first().waitFor();
    const header = await table.locator('thead th').allTextContents();
    const col = header.indexOf('Income');
    expect(col).toBeGreaterThan(0);
    const cells = table.locator(`tbody tr td:nth-child(${col + 1})`);
    const texts = await cells.allTextContents();
    expect(texts.some((t) => t.trim().startsWith('-'))).toBe(true);
    const colours = await cells.evaluateAll((tds) => tds.map((td) => getComputedStyle(td).color));
    const text = await page.evaluate(() => getComputedStyle(document.body).color);
    expect(new Set(colours)).toEqual(new Set([text]));
  });

  it('an income account page: its negative balance and postings are not red', async () => {
    const page = await e2e.open('/accounts/Income:US:Hoogle:Salary');
    const card = page.getByTestId('balance-total').locator('.value');
    await card.waitFor();
    expect((await card.textContent())!.trim()).toMatch(/^-/);
    const text = await page.evaluate(() => getComputedStyle(document.body).color);
    expect(await card.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(179, 38, 30)');
    const units = page.locator('table tbody tr td.num:not(.balance)').filter({ hasText: /^-/ });
    await units.first().waitFor();
    expect(new Set(await units.evaluateAll((tds) => tds.map((td) => getComputedStyle(td).color)))).toEqual(new Set([text]));
  });

  it('dark mode: line and treemap charts are redrawn with the dark theme colours', async () => {
    const page = await e2e.open('/balance-sheet?time=2025&interval=month&conversion=USD');
    const canvas = await chartOf(page, 'net-worth-chart');
    const firstId = await canvas.evaluate((c) => (globalThis as any).__chartJs.getChart(c).id);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction((id) => {
      const chart = (globalThis as any).__chartJs.getChart(document.querySelector('[data-testid="net-worth-chart"] canvas'));
      return chart !== undefined && chart.id !== id;
    }, firstId);
    expect(await page.evaluate(() => (globalThis as any).__chartJs.defaults.color)).toBe('#e4e8ee');

    await page.goto(e2e.server.url + '/dashboard', { waitUntil: 'networkidle' });
    const treemap = await chartOf(page, 'expense-treemap');
    const caption = await treemap.evaluate((c) => {
      const chart = (globalThis as any).__chartJs.getChart(c);
      const meta = chart.getDatasetMeta(0);
      const group = meta.data.find((el: any) => !el.options?.raw?.isLeaf && el.options?.captions);
      return (group ?? meta.data[0]).options.captions.color;
    });
    expect(caption).toBe('#e4e8ee');
  });
});
