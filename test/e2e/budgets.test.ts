/**
 * Issue 7 acceptance on the Budgets page, over a copy of the bundled .zhang example (the
 * Beancount example has no budgets).
 */
import { expect, it } from 'vitest';
import { describeE2E } from './support/session';
import { builtinText } from './support/builtins';
import { shownAmount, shownNumber } from './support/display';
import { withoutGrouping } from './support/table';

describeE2E(
  'Budgets page',
  (e2e) => {
    it('shows the budgets of the month as budgets.month answers, with the hand-computed balances', async () => {
      const page = await e2e.open('/budgets?month=2026-11-01');
      const rows = page.locator('main table.data tbody tr:not(.category)');
      await rows.first().waitFor();
      const api = await e2e.server.query(await builtinText(e2e.server, 'budgets.month', { month: '2026-11-01' }));
      expect(api.status).toBe(200);
      const cols = (api.body.data.columns as { name: string }[]).map((c) => c.name);
      const at = (r: unknown[], name: string) => r[cols.indexOf(name)] as any;
      const shown = await rows.evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.querySelector('a')?.textContent ?? td.textContent ?? '').trim())),
      );
      // The page groups rows by category (Leisure before Living): compare as sets of rows.
      const byLabel = (a: string[], b: string[]) => a[0].localeCompare(b[0]);
      expect(shown.map((r) => r.map(withoutGrouping)).sort(byLabel)).toEqual(
        (api.body.data.rows as unknown[][]).map((r) => [
          at(r, 'alias') || at(r, 'name'),
          shownAmount(at(r, 'assigned')),
          `${shownNumber(at(r, 'activity'), at(r, 'currency'))} ${at(r, 'currency')}`,
          shownAmount(at(r, 'available')),
        ]).sort(byLabel),
      );
      // From the example's header: Food 300 + 300 - 50 moved - 12.40 - 22.00; Fun 60 + 60 + 50 - 22.00 - 24.00.
      expect(Object.fromEntries(shown.map((r) => [r[0], withoutGrouping(r[3])]))).toEqual({
        'Groceries and eating out': '515.60 USD',
        'Going out': '124.00 USD',
      });
      await expect(page.locator('main table.data tbody tr.category th').allTextContents()).resolves.toEqual(['Leisure', 'Living']);
    });
  },
  { ledger: 'example.zhang' },
);
