/**
 * Issue 7 acceptance on a single budget's page (/budgets/<name>?month=YYYY-MM), over a copy of
 * example.zhang: the month figures equal budgets.one (and the file header's hand-computed
 * numbers), the events and postings equal budgets.events and the budget's postings, the month
 * buttons move the page, and Open query lands on /explore with the rows.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';
import { builtinText } from './support/builtins';
import { shownNumber } from './support/display';
import { amountText, bodyRows, openQueryLands } from './support/figures';
import { withoutGrouping } from './support/table';

const FOOD_ACCOUNTS = ['Expenses:Food:Groceries', 'Expenses:Food:Restaurant'];

async function figures(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const id of ['assigned', 'activity', 'available']) {
    out[id] = withoutGrouping((await page.getByTestId(id).locator('.value').textContent())!.trim());
  }
  return out;
}

async function run(e2e: { server: any }, name: string, params: Record<string, unknown>): Promise<any[][]> {
  const r = await e2e.server.query(await builtinText(e2e.server, name, params));
  expect(r.status).toBe(200);
  return r.body.data.rows;
}

describeE2E(
  'Budget page',
  (e2e) => {
    it('January: figures equal budgets.one, lines equal budgets.events and the budget postings, newest first', async () => {
      const page = await e2e.open('/budgets/Food?month=2024-01');
      await page.getByTestId('available').waitFor();
      await expect(page.locator('main h1').textContent()).resolves.toContain('Food');
      const [one] = await run(e2e, 'budgets.one', { name: 'Food', month: '2024-01-01' });
      const want = { assigned: amountText(one[5]), activity: `${shownNumber(one[6], one[3])} ${one[3]}`, available: amountText(one[7]) };
      expect(await figures(page)).toEqual(want);
      // From the example's header: 300 assigned, 12.40 groceries + 22.00 dinner spent.
      expect(want).toEqual({ assigned: '300.00 USD', activity: '34.40 USD', available: '265.60 USD' });

      const events = await run(e2e, 'budgets.events', { name: 'Food', month: '2024-01-01' });
      const postings = await run(e2e, 'budgets.postings', { name: 'Food', month: '2024-01-01', accounts: FOOD_ACCOUNTS });
      // date, time, timestamp, ... per the catalogue; merged newest first by timestamp.
      const lines = [
        ...events.map((e) => ({ ts: e[2] as number, row: [e[1] === '00:00:00' ? e[0] : `${e[0]} ${e[1]}`, e[3], amountText(e[4]), ''] })),
        ...postings.map((p) => ({
          ts: p[2] as number,
          row: [p[1] === '00:00:00' ? p[0] : `${p[0]} ${p[1]}`, `${p[3]} · ${[p[5], p[6]].filter((x) => x).join(' ')}`, amountText(p[7]), amountText(p[8])],
        })),
      ].sort((a, b) => b.ts - a.ts);
      expect(lines.map((l) => l.row)).toEqual([
        ['2024-01-05 19:45:00', 'Expenses:Food:Restaurant · Trattoria Dinner', '22.00 USD', '22.00 USD'],
        ['2024-01-05 09:30:00', 'Expenses:Food:Groceries · Market Vegetables', '12.40 USD', '12.40 USD'],
        ['2024-01-01', 'assign', '300.00 USD', ''],
      ]);
      expect(await bodyRows(page.getByTestId('budget-lines').locator('table'))).toEqual(lines.map((l) => l.row));
    });

    it('Next month shows February: 300 added, 50 moved to Fun, 515.60 available (budgets.one)', async () => {
      const page = await e2e.open('/budgets/Food?month=2024-01');
      await page.getByTestId('available').waitFor();
      await page.getByRole('button', { name: 'Next month ›' }).click();
      await page.waitForURL((u) => u.searchParams.get('month') === '2024-02');
      const [one] = await run(e2e, 'budgets.one', { name: 'Food', month: '2024-02-01' });
      const want = { assigned: amountText(one[5]), activity: `${shownNumber(one[6], one[3])} ${one[3]}`, available: amountText(one[7]) };
      expect(want.available).toBe('515.60 USD'); // 265.60 + 300 - 50
      await expect.poll(() => figures(page)).toEqual(want);
      await expect
        .poll(() => bodyRows(page.getByTestId('budget-lines').locator('table')))
        .toEqual([
          ['2024-02-02', 'transfer_out', '-50.00 USD', ''],
          ['2024-02-01', 'assign', '300.00 USD', ''],
        ]);
    });

    it('Open query on the month figures lands on /explore with the row of budgets.one', async () => {
      const page = await e2e.open('/budgets/Food?month=2024-01');
      await page.getByTestId('available').waitFor();
      const result = await openQueryLands(page, e2e.server, page.getByRole('button', { name: 'Open query: month figures' }), 'budgets.one', {
        name: 'Food',
        month: '2024-01-01',
      });
      expect(result.rows.length).toBe(1);
    });
  },
  { ledger: 'example.zhang' },
);
