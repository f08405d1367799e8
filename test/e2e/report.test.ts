/**
 * Issue 7 acceptance on the Report page (/report): the summary, the net-worth chart, the changes
 * per bucket, the breakdown and the ten largest postings of an account type equal the statistic
 * endpoints digit for digit, and their Open query actions land on /explore with the built-in's rows.
 *
 * The range is the example ledger's year 2025 by month, fixed in the URL so the figures do not
 * depend on today's date.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';
import { shownAmount } from './support/display';
import { amountText, bodyRows, expectLineDrawn, openQueryLands } from './support/figures';
import { withoutGrouping } from './support/table';

const FROM = '2025-01-01';
const TO = '2025-12-31';
const URL_2025 = `/report?from=${FROM}&to=${TO}&interval=month&type=Expenses`;

interface Valued {
  number: string;
  currency: string;
  unconverted: { number: string; currency: string }[];
}

const valued = (v: Valued) => shownAmount(v);
const unconverted = (v: Valued) => (v.unconverted.length === 0 ? '' : `${v.unconverted.map(amountText).join(', ')} not converted`);

async function summaryCards(page: Page): Promise<Record<string, { value: string; note: string }>> {
  const cards = await page.locator('section.cards[aria-label="Summary"] .card').evaluateAll((els) =>
    els.map((el) => [
      el.querySelector('.title > span')?.textContent?.trim() ?? '',
      el.querySelector('.value')?.textContent?.trim() ?? '',
      el.querySelector('.note')?.textContent?.trim() ?? '',
    ]),
  );
  return Object.fromEntries(cards.map(([t, v, n]) => [t, { value: withoutGrouping(v), note: withoutGrouping(n) }]));
}

/** The breakdown and top-postings tables of the page, and what the endpoint says they hold. */
async function expectTypeFigures(page: Page, api: any): Promise<void> {
  const breakdown = page.getByTestId('breakdown');
  await breakdown.getByRole('heading', { name: `${api.type} per account` }).waitFor();
  await breakdown.locator('table tbody tr').first().waitFor();
  expect(api.breakdown.length).toBeGreaterThan(0);
  // Polled: after a type switch the heading changes at once while the previous rows stay until
  // the new answer arrives (LoadState keeps content during a reload).
  // Ranked largest absolute value first; rows no price converts last, named (issue 17 §1).
  const none = (r: Valued) => r.unconverted.length > 0 && Number(r.number) === 0;
  const ranked = [...api.breakdown].sort(
    (a: Valued & { account: string }, b: Valued & { account: string }) =>
      Number(none(a)) - Number(none(b)) || Math.abs(Number(b.number)) - Math.abs(Number(a.number)) || (a.account < b.account ? -1 : 1),
  );
  await expect.poll(() => bodyRows(breakdown.locator('table'))).toEqual(
    ranked.map((r: Valued & { account: string }) => [r.account, none(r) ? 'not convertible' : valued(r), unconverted(r)]),
  );
  await expect.poll(async () => withoutGrouping((await breakdown.locator('.figure-head .muted').textContent())!.trim())).toBe(`total ${none(api.total) ? 'not convertible' : valued(api.total)}`);

  const top = page.getByTestId('top-postings');
  expect(api.top.length).toBe(10);
  await expect.poll(() => bodyRows(top.locator('table'))).toEqual(
    api.top.map((t: any) => [
      t.date,
      t.account,
      [t.payee, t.narration].filter((x: string | null) => x).join(' '),
      amountText(t.units),
      t.value === null ? 'no price' : amountText(t.value),
      amountText(t.account_balance),
    ]),
  );
}

describeE2E('Report page', (e2e) => {
  it('summary cards equal GET /api/statistic/summary of the range, unconverted parts named', async () => {
    const page = await e2e.open(URL_2025);
    await page.locator('section.cards[aria-label="Summary"] .card .value').first().waitFor();
    const api = await e2e.server.getJson(`/api/statistic/summary?from=${FROM}&to=${TO}`);
    expect(api.status).toBe(200);
    const s = api.body.data;
    expect(await summaryCards(page)).toEqual({
      [`Net worth on ${TO}`]: { value: valued(s.net_worth), note: unconverted(s.net_worth) },
      [`Liabilities on ${TO}`]: { value: valued(s.liabilities), note: unconverted(s.liabilities) },
      Income: { value: valued(s.income), note: unconverted(s.income) },
      Expenses: { value: valued(s.expenses), note: unconverted(s.expenses) },
      Transactions: { value: String(s.transaction_count), note: `${FROM} to ${TO}` },
    });
    // The example's income holds IRA contributions and vacation hours no price converts.
    expect(s.income.unconverted.map((a: { currency: string }) => a.currency)).toEqual(['IRAUSD', 'VACHR']);
  });

  it('net-worth chart is drawn and the changes table equals the graph points, newest bucket first', async () => {
    const page = await e2e.open(URL_2025);
    const api = await e2e.server.getJson(`/api/statistic/graph?from=${FROM}&to=${TO}&interval=month`);
    expect(api.status).toBe(200);
    const g = api.body.data;
    expect(g.points.length).toBe(12); // one point per month of 2025
    const netWorth = page.getByTestId('net-worth');
    await expect(netWorth.locator('h2').textContent()).resolves.toBe(`Net worth by month (${g.currency})`);
    const canvas = netWorth.locator('canvas');
    await expect(canvas.getAttribute('aria-label')).resolves.toBe(`Net worth by month from ${FROM} to ${TO} in ${g.currency}`);
    await expectLineDrawn(canvas);

    const changes = page.getByTestId('changes');
    await changes.locator('table tbody tr').first().waitFor();
    const order = ['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses'];
    const types = order.filter((t) => g.points.some((p: any) => p.changes.some((c: any) => c.type === t)));
    const head = await changes.locator('table thead th').allTextContents();
    expect(head.map((h) => h.trim())).toEqual(['Month of', ...types]);
    const want = [...g.points]
      .reverse()
      .filter((p: any) => p.changes.length > 0)
      .map((p: any) => [
        p.date,
        ...types.map((t) => {
          const c = p.changes.find((x: any) => x.type === t);
          return c === undefined ? '' : valued(c) + (c.unconverted.length > 0 ? ' *' : '');
        }),
      ]);
    expect(want.length).toBeGreaterThan(0);
    expect(await bodyRows(changes.locator('table'))).toEqual(want);
  });

  it('breakdown and largest postings equal GET /api/statistic/{type}, for Expenses and after choosing Income', async () => {
    const page = await e2e.open(URL_2025);
    const expenses = await e2e.server.getJson(`/api/statistic/Expenses?from=${FROM}&to=${TO}`);
    expect(expenses.status).toBe(200);
    await expectTypeFigures(page, expenses.body.data);

    await page.getByRole('group', { name: 'Account type' }).getByRole('button', { name: 'Income' }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'Income');
    const income = await e2e.server.getJson(`/api/statistic/Income?from=${FROM}&to=${TO}`);
    expect(income.status).toBe(200);
    await expectTypeFigures(page, income.body.data);
  });

  it('Open query on the breakdown lands on /explore with the rows of report.breakdown, the accounts of the figure', async () => {
    const page = await e2e.open(URL_2025);
    const breakdown = page.getByTestId('breakdown');
    await breakdown.locator('table tbody tr').first().waitFor();
    const shownAccounts = (await bodyRows(breakdown.locator('table'))).map((r) => r[0]);
    const result = await openQueryLands(page, e2e.server, breakdown.getByRole('button', { name: 'Open query' }), 'report.breakdown', {
      type: 'Expenses',
      from: FROM,
      to: TO,
      currency: 'USD',
    });
    // The same accounts; the figure ranks them largest first (issue 17), the query by value.
    expect(result.rows.map((r) => r[0]).sort()).toEqual([...shownAccounts].sort());
  });

  it('Open query on the changes per month lands on /explore with the rows of report.changes', async () => {
    const page = await e2e.open(URL_2025);
    const changes = page.getByTestId('changes');
    await changes.locator('table tbody tr').first().waitFor();
    const result = await openQueryLands(page, e2e.server, changes.getByRole('button', { name: 'Open query' }), 'report.changes', {
      from: FROM,
      to: TO,
      interval: '1 month',
      currency: 'USD',
    });
    expect(result.columns.map((c) => c.name)).toEqual(['bucket', 'type', 'units', 'value']);
  });

  it('Open query on the largest postings lands on /explore with the rows of report.top_postings', async () => {
    const page = await e2e.open(URL_2025);
    const top = page.getByTestId('top-postings');
    await top.locator('table tbody tr').first().waitFor();
    const shownAccounts = (await bodyRows(top.locator('table'))).map((r) => r[1]);
    const result = await openQueryLands(page, e2e.server, top.getByRole('button', { name: 'Open query' }), 'report.top_postings', {
      type: 'Expenses',
      from: FROM,
      to: TO,
      currency: 'USD',
    });
    const account = result.columns.findIndex((c) => c.name === 'account');
    expect(result.rows.map((r) => r[account])).toEqual(shownAccounts);
  });
});
