/**
 * Helpers of the report-page e2e tests: the text of a figure's table rows, whether a line chart
 * really drew its line, and the Open query round trip (button -> /explore -> same rows as the API).
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { builtinText } from './builtins';
import { shownAmount } from './display';
import type { LedgerServer } from './server';
import { expectedCellText, normalizeShown, readResultTable, withoutGrouping, type ShownTable } from './table';

export const QUERY_TABLE = '.query-page [role=table][aria-label="Query result"]';

/** Cell texts (`th` and `td`, trimmed, grouping commas removed) of the body rows of `table`. */
export async function bodyRows(table: Locator): Promise<string[][]> {
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())),
  );
  return rows.map((r) => r.map(withoutGrouping));
}

/**
 * Pixels of the line colour (POSITIVE of renderer/charts/chart-config.ts, #3b7dd8) on a canvas.
 * Axes and grid lines are grey, so this counts only what the data line and its points painted:
 * an empty chart (axes only) has none. Anti-aliased edges are allowed a little drift.
 */
export async function linePixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((c) => {
    const el = c as HTMLCanvasElement;
    const ctx = el.getContext('2d');
    if (ctx === null || el.width === 0 || el.height === 0) return 0;
    const d = ctx.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 200 && Math.abs(d[i] - 59) < 24 && Math.abs(d[i + 1] - 125) < 24 && Math.abs(d[i + 2] - 216) < 24) n++;
    }
    return n;
  });
}

/** Waits until the chart in `canvas` has drawn a line of at least `min` pixels. */
export async function expectLineDrawn(canvas: Locator, min = 50): Promise<void> {
  await canvas.waitFor();
  await expect.poll(() => linePixels(canvas), { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(min);
}

/**
 * Clicks an Open query button and checks where it lands: /explore with the built-in's text (its
 * parameters written in) in the URL, run, and the rendered rows equal POST /api/query of that
 * text (the table is virtualized: the rows it rendered, all of them for a short result).
 * Returns the API result for further checks against the figure.
 */
export async function openQueryLands(
  page: Page,
  server: LedgerServer,
  button: Locator,
  name: string,
  params: Record<string, unknown>,
): Promise<{ columns: { name: string; type: string }[]; rows: any[][] }> {
  await button.click();
  await page.waitForURL((u) => u.pathname === '/explore');
  await page.locator(QUERY_TABLE).waitFor();
  const text = await builtinText(server, name, params);
  expect(new URL(page.url()).searchParams.get('query')).toBe(text);
  const api = await server.query(text);
  expect(api.status, JSON.stringify(api.body)).toBe(200);
  const want = expectedRows(api.body.data);
  const shown = normalizeShown(await readResultTable(page.locator(QUERY_TABLE)));
  expect(shown.columns).toEqual(want.columns);
  expect(shown.rows.length).toBe(Math.min(want.rows.length, shown.rows.length));
  if (want.rows.length > 0) expect(shown.rows.length).toBeGreaterThan(0);
  expect(shown.rows).toEqual(want.rows.slice(0, shown.rows.length));
  return api.body.data;
}

/**
 * The API result as the Query page's table should show it: table.ts's cell text, plus the two
 * column types the page built-ins add (bool of budgets.one, set of budgets.budget), written the
 * way the spec's cell encoding reads (TRUE/FALSE, members joined with `, `).
 */
export function expectedRows(result: { columns: { name: string; type: string }[]; rows: unknown[][] }): ShownTable {
  const text = (cell: unknown, type: string): string => {
    if (cell === null) return 'NULL';
    if (type === 'bool') return cell ? 'TRUE' : 'FALSE';
    if (type === 'set') return (cell as string[]).join(', ');
    return expectedCellText(cell, type);
  };
  return {
    columns: result.columns.map((c) => c.name),
    rows: result.rows.map((r) => r.map((cell, i) => text(cell, result.columns[i].type))),
  };
}

/** `12.40 USD` from an amount of the API. */
/** An amount as the pages show it (currency precision). */
export const amountText = shownAmount;
