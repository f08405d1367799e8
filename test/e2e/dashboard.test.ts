/**
 * Issue 17 §1 on the Dashboard of the bundled example: what the charts draw (read from Chart.js
 * itself: axis range, tick dates, bar order, labels, tooltip text) and the tables equal the
 * statistic endpoints for the dashboard's own range (this year up to the browser's today).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';
import { shownAmount } from './support/display';
import { bodyRows } from './support/figures';
import { withoutGrouping } from './support/table';

interface ChartFacts {
  xMin: number;
  xMax: number;
  ticks: string[];
  labels: string[];
  datasets: Array<{ label: string; data: unknown[]; visible: boolean }>;
}

/** What the Chart.js chart on the canvas under `testid` holds; ticks as their shown labels. */
async function chartFacts(page: Page, testid: string): Promise<ChartFacts> {
  const canvas = page.getByTestId(testid).locator('canvas');
  await canvas.waitFor();
  await page.waitForFunction((id) => {
    const c = document.querySelector(`[data-testid="${id}"] canvas`);
    return c !== null && (globalThis as any).__chartJs?.getChart(c) !== undefined;
  }, testid);
  return canvas.evaluate((c) => {
    const chart = (globalThis as any).__chartJs.getChart(c);
    const x = chart.scales.x;
    return {
      xMin: x?.min,
      xMax: x?.max,
      ticks: (x?.ticks ?? []).map((t: any) => String(t.label)),
      labels: (chart.data.labels ?? []).map(String),
      datasets: chart.data.datasets.map((d: any, i: number) => ({ label: d.label, data: d.data, visible: chart.isDatasetVisible(i) })),
    };
  });
}

const dayText = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

async function dashboardRange(page: Page): Promise<{ from: string; to: string }> {
  const text = (await page.locator('h1 .range').textContent())!.trim();
  const m = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(text);
  expect(m).not.toBeNull();
  return { from: m![1], to: m![2] };
}

describeE2E('dashboard charts (issue 17 §1)', (e2e) => {
  it('net worth axis is cut to the data with ticks on calendar boundaries and rounded tooltips', async () => {
    const page = await e2e.open('/dashboard');
    const { from, to } = await dashboardRange(page);
    const api = (await e2e.server.getJson(`/api/statistic/graph?from=${from}&to=${to}&interval=week`)).body.data;
    const facts = await chartFacts(page, 'net-worth');
    const first = api.points[0].date < from ? from : api.points[0].date;
    expect(dayText(facts.xMin)).toBe(first);
    expect(dayText(facts.xMax)).toBe(api.points[api.points.length - 1].date);
    expect(facts.ticks.length).toBeGreaterThan(1);
    // Month-based labels (YYYY-MM) or years: never an odd day.
    for (const t of facts.ticks) expect(t).toMatch(/^\d{4}(-\d{2})?$/);
    // The tooltip of the last point: rounded to the currency's precision, with the currency.
    const last = api.points[api.points.length - 1];
    const tooltip = await page.getByTestId('net-worth').locator('canvas').evaluate((c) => {
      const chart = (globalThis as any).__chartJs.getChart(c);
      const i = chart.data.datasets[0].data.length - 1;
      return chart.options.plugins.tooltip.callbacks.label.call(chart.tooltip, { dataIndex: i, datasetIndex: 0 });
    });
    expect(withoutGrouping(tooltip)).toBe(shownAmount(last));
  });

  it('income vs expenses per month equals the monthly graph; the sign toggle is remembered; legend hides a series', async () => {
    const page = await e2e.open('/dashboard');
    const { from, to } = await dashboardRange(page);
    const api = (await e2e.server.getJson(`/api/statistic/graph?from=${from}&to=${to}&interval=month`)).body.data;
    const change = (p: any, type: string) => Number(p.changes.find((c: any) => c.type === type)?.number ?? '0');
    let facts = await chartFacts(page, 'income-expenses');
    expect(facts.labels).toEqual(api.points.map((p: any) => p.date.slice(0, 7)));
    expect(facts.datasets.map((d) => d.label)).toEqual(['Income', 'Expenses', 'Net profit']);
    // Default: the ledger's sign (the example has no fava-option), income negative.
    expect(facts.datasets[0].data).toEqual(api.points.map((p: any) => change(p, 'Income') || 0));
    expect(facts.datasets[1].data).toEqual(api.points.map((p: any) => change(p, 'Expenses') || 0));
    expect(api.points.some((p: any) => change(p, 'Income') < 0)).toBe(true);

    await page.getByTestId('invert-income').check();
    await page.reload();
    facts = await chartFacts(page, 'income-expenses');
    expect(await page.getByTestId('invert-income').isChecked()).toBe(true);
    expect(facts.datasets[0].data).toEqual(api.points.map((p: any) => -change(p, 'Income') || 0));
    // The Income summary card follows the same choice.
    const sum = (await e2e.server.getJson(`/api/statistic/summary?from=${from}&to=${to}`)).body.data;
    const card = page.locator('.card', { hasText: 'Income' }).locator('.value');
    expect(withoutGrouping((await card.textContent())!.trim())).toBe(shownAmount({ number: sum.income.number.replace(/^-/, ''), currency: sum.currency }));
    await expect.poll(() => card.evaluate((el) => el.classList.contains('neg'))).toBe(false);

    // A click on "Expenses" in the legend hides that series.
    const canvas = page.getByTestId('income-expenses').locator('canvas');
    const pos = await canvas.evaluate((c) => {
      const chart = (globalThis as any).__chartJs.getChart(c);
      const item = chart.legend.legendItems.findIndex((li: any) => li.text === 'Expenses');
      const box = chart.legend.legendHitBoxes[item];
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    await canvas.click({ position: pos });
    facts = await chartFacts(page, 'income-expenses');
    expect(facts.datasets.map((d) => d.visible)).toEqual([true, false, true]);
  });

  it('expenses ranked largest first as the endpoint values them; treemap boxes are the non-zero accounts', async () => {
    const page = await e2e.open('/dashboard');
    const { from, to } = await dashboardRange(page);
    const api = (await e2e.server.getJson(`/api/statistic/Expenses?from=${from}&to=${to}`)).body.data;
    expect(api.breakdown.length).toBeGreaterThan(3);
    // Rows valued at nothing because no price converts them (the vacation hours) come last, named.
    const none = (r: any) => r.unconverted.length > 0 && Number(r.number) === 0;
    const ranked = [...api.breakdown].sort(
      (a: any, b: any) => Number(none(a)) - Number(none(b)) || Math.abs(Number(b.number)) - Math.abs(Number(a.number)) || (a.account < b.account ? -1 : 1),
    );
    expect(api.breakdown.some(none)).toBe(true);
    const table = page.getByTestId('breakdown').locator('table');
    await table.locator('tbody tr').first().waitFor();
    const rows = await bodyRows(table);
    expect(rows.map((r) => r[0])).toEqual(ranked.map((r: any) => r.account));
    expect(rows.map((r) => r[1])).toEqual(ranked.map((r: any) => (none(r) ? 'not convertible' : shownAmount(r))));
    const values = rows.filter((r) => r[1] !== 'not convertible').map((r) => Number(r[1].split(' ')[0]));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    await page.getByTestId('expense-treemap').locator('canvas').waitFor();
    await page.waitForFunction(() => (globalThis as any).__chartJs?.getChart(document.querySelector('[data-testid="expense-treemap"] canvas')) !== undefined);
    const accounts = await page.getByTestId('expense-treemap').locator('canvas').evaluate((c) => {
      const chart = (globalThis as any).__chartJs.getChart(c);
      return chart.data.datasets[0].tree.map((r: any) => r.account).sort();
    });
    expect(accounts).toEqual(api.breakdown.filter((r: any) => Number(r.number) !== 0).map((r: any) => r.account).sort());
  });
});
