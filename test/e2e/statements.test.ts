/**
 * Issue 16 §2-3 in the browser on the bundled example ledger: the balance sheet, income
 * statement, trial balance and holdings pages show what the column queries (run through POST
 * /api/query) and the holdings built-in give; trees collapse and remember it; charts are drawn.
 */
import { expect, it } from 'vitest';
import { Dec } from '../../engine/decimal';
import { describeE2E } from './support/session';
import { shownAmount } from './support/display';
import { expectLineDrawn, expectedRows, QUERY_TABLE } from './support/figures';
import { normalizeShown, readResultTable } from './support/table';
import { withoutGrouping } from './support/table';

type Amount = { number: string; currency: string };
type Row = unknown[];

/** Sum per currency of the inventories of the rows whose account is under `root`. */
function subtreeSum(rows: Row[], root: string): Amount[] {
  const sums = new Map<string, Dec>();
  for (const r of rows) {
    const account = r[0] as string;
    if (account !== root && !account.startsWith(root + ':')) continue;
    for (const p of (r[1] as { positions: { units: Amount }[] }).positions) {
      sums.set(p.units.currency, (sums.get(p.units.currency) ?? Dec.ZERO).plus(Dec.of(p.units.number)));
    }
  }
  return [...sums].filter(([, v]) => !v.isZero()).sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, v]) => ({ number: v.toString(), currency }));
}

async function cellLines(page: import('playwright-core').Page, account: string, column = 0): Promise<string[]> {
  const cell = page.locator(`[data-testid=statement-tree] tr[data-account="${account}"] td`).nth(column);
  return (await cell.locator('div').allTextContents()).map((t) => withoutGrouping(t.trim()));
}

describeE2E('Financial statements and holdings', (e2e) => {
  it('balance sheet for 2025 at cost: Assets and Liabilities equal the column query; the sheet balances', async () => {
    const page = await e2e.open('/balance-sheet?time=2025&conversion=at_cost');
    await page.locator('[data-testid=statement-tree] tbody tr').first().waitFor();
    const st = (await e2e.server.getJson('/api/statements/balance-sheet?time=2025&conversion=at_cost')).body.data;
    expect(st.columns).toHaveLength(1);
    const q = await e2e.server.query(st.columns[0].query);
    expect(q.status).toBe(200);
    const rows: Row[] = q.body.data.rows;
    for (const root of ['Assets', 'Liabilities']) {
      const expected = subtreeSum(rows, root);
      expect(expected.length, root).toBeGreaterThan(0);
      expect(await cellLines(page, root)).toEqual(expected.map(shownAmount));
    }
    // At cost the three roots plus Equity:Unrealized (if any) add up to nothing.
    const all = [...subtreeSum(rows, 'Assets'), ...subtreeSum(rows, 'Liabilities'), ...subtreeSum(rows, 'Equity')];
    const unrealized = st.tree.find((n: any) => n.account === 'Equity').children.find((n: any) => n.account === 'Equity:Unrealized');
    const total = new Map<string, Dec>();
    for (const a of [...all, ...(unrealized ? unrealized.balance[0] : [])]) total.set(a.currency, (total.get(a.currency) ?? Dec.ZERO).plus(Dec.of(a.number)));
    expect([...total.values()].every((v) => v.isZero())).toBe(true);
  });

  it("with an account filter, a column's Open query lands on /explore with that text and its rows", async () => {
    const path = '/balance-sheet?time=2025&account=Assets:US:Vanguard&conversion=at_value';
    const page = await e2e.open(path);
    const tree = page.getByTestId('statement-tree');
    await tree.locator('tbody tr').first().waitFor();
    // The filter keeps the transactions touching Vanguard, whole (Fava): the Vanguard accounts and
    // the other legs of those transactions (the payroll's checking account), as the endpoint says.
    const st = (await e2e.server.getJson(`/api/statements${path}`)).body.data;
    const names: string[] = [];
    const walk = (n: any) => (names.push(n.account), n.children.forEach(walk));
    st.tree.forEach(walk);
    await expect.poll(() => tree.locator('tbody tr').evaluateAll((trs) => trs.map((t) => t.getAttribute('data-account')))).toEqual(names);
    expect(names).toContain('Assets:US:Vanguard:VBMPX');
    expect(names).toContain('Assets:US:BofA:Checking');
    expect(names).not.toContain('Assets:US:ETrade');
    await tree.getByTestId('column-query').first().click();
    await page.waitForURL((u) => u.pathname === '/explore');
    await page.locator(QUERY_TABLE).waitFor();
    expect(new URL(page.url()).searchParams.get('query')).toBe(st.columns[0].query);
    const api = await e2e.server.query(st.columns[0].query);
    const shown = normalizeShown(await readResultTable(page.locator(QUERY_TABLE)));
    expect(shown.rows).toEqual(expectedRows(api.body.data).rows.slice(0, shown.rows.length));
    expect(shown.rows.length).toBeGreaterThan(0);
  });

  it('collapse all hides sub-accounts and is remembered after a reload; expand all shows them again', async () => {
    const page = await e2e.open('/balance-sheet?time=2025');
    const tree = page.getByTestId('statement-tree');
    await tree.locator('tbody tr').first().waitFor();
    const before = await tree.locator('tbody tr').count();
    expect(before).toBeGreaterThan(5);
    await page.getByTestId('collapse-all').click();
    await expect.poll(() => tree.locator('tbody tr').count()).toBe(3); // Assets, Liabilities, Equity
    await page.reload();
    await tree.locator('tbody tr').first().waitFor();
    expect(await tree.locator('tbody tr').count()).toBe(3);
    await page.getByTestId('expand-all').click();
    await expect.poll(() => tree.locator('tbody tr').count()).toBe(before);
  });

  it('income statement by month for 2025: twelve columns, Expenses per month from the column queries, chart drawn', async () => {
    const page = await e2e.open('/income-statement?time=2025&interval=month&conversion=USD');
    await page.locator('[data-testid=statement-tree] tbody tr').first().waitFor();
    const st = (await e2e.server.getJson('/api/statements/income-statement?time=2025&interval=month&conversion=USD')).body.data;
    expect(st.columns.map((c: any) => c.label)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
    for (const column of [0, 5, 11]) {
      const rows: Row[] = (await e2e.server.query(st.columns[column].query)).body.data.rows;
      expect(await cellLines(page, 'Expenses', column)).toEqual(subtreeSum(rows, 'Expenses').map(shownAmount));
    }
    const canvas = page.getByTestId('income-expense-chart').locator('canvas');
    await expect(canvas.getAttribute('aria-label')).resolves.toBe('Income and expenses per column in USD');
  });

  it('balance sheet by quarter draws the net worth line', async () => {
    const page = await e2e.open('/balance-sheet?time=2024 - 2025&interval=quarter&conversion=USD');
    await expectLineDrawn(page.getByTestId('net-worth-chart').locator('canvas'));
  });

  it('trial balance: the five roots and a total row', async () => {
    const page = await e2e.open('/trial-balance?time=2025');
    await page.locator('[data-testid=statement-tree] tbody tr').first().waitFor();
    const roots = await page.locator('[data-testid=statement-tree] tbody tr th a').allTextContents();
    for (const r of ['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses']) expect(roots).toContain(r);
    await expect(page.getByTestId('statement-total').locator('th').textContent()).resolves.toBe('Total');
  });

  it('holdings at the end of 2025: market values equal holdings.list through the API; totals equal holdings.totals', async () => {
    const page = await e2e.open('/holdings?time=2025');
    await page.locator('[data-testid=holdings-table] tbody tr').first().waitFor();
    const h = (await e2e.server.getJson('/api/holdings?time=2025')).body.data;
    expect(h.date).toBe('2025-12-31');
    const q = await e2e.server.query(h.queries.rows);
    expect(q.status).toBe(200);
    const cols = q.body.data.columns.map((c: any) => c.name);
    const at = (r: Row, c: string) => r[cols.indexOf(c)] as any;
    const shown = (await page.locator('[data-testid=holdings-table] [data-testid=market-value]').allTextContents()).map((t) =>
      withoutGrouping(t.replace('* at cost', '').trim()),
    );
    expect(shown).toEqual(q.body.data.rows.map((r: Row) => shownAmount(at(r, 'market_value'))));
    const totals = await e2e.server.query(h.queries.totals[0]);
    const totalShown = withoutGrouping((await page.getByTestId('total-market-value').first().textContent())!.trim());
    expect(totalShown).toBe(totals.body.data.rows[0][1].positions.map((p: any) => shownAmount(p.units)).join(''));
  });

  it('holdings grouped by cost currency from the select: one row per currency, as the API gives', async () => {
    const page = await e2e.open('/holdings?time=2025');
    await page.locator('[data-testid=holdings-table] tbody tr').first().waitFor();
    await page.getByTestId('group').selectOption('cost_currency');
    await page.waitForURL((u) => u.searchParams.get('group') === 'cost_currency');
    const h = (await e2e.server.getJson('/api/holdings?time=2025&group=cost_currency')).body.data;
    const rows = page.locator('[data-testid=holdings-table] tbody tr');
    await expect.poll(() => rows.count()).toBe(h.rows.length);
    const shown = (await page.locator('[data-testid=holdings-table] [data-testid=market-value]').allTextContents()).map((t) =>
      withoutGrouping(t.replace('* at cost', '').trim()),
    );
    expect(shown).toEqual(h.rows.map((r: any) => shownAmount(r.market_value)));
  });

  it('an investment account page and a commodity page show their holdings', async () => {
    const page = await e2e.open('/commodities/VBMPX');
    const section = page.getByTestId('holdings-section');
    await section.locator('tbody tr').first().waitFor();
    const currencies = await section.locator('[data-testid=holdings-table] tbody tr').evaluateAll((trs) => trs.map((t) => t.getAttribute('data-currency')));
    expect(new Set(currencies)).toEqual(new Set(['VBMPX']));

    // The account page of the Vanguard account lists its funds (bought at cost), in that account only.
    const account = await e2e.open('/accounts/Assets:US:Vanguard');
    const rows = account.getByTestId('holdings-section').locator('[data-testid=holdings-table] tbody tr');
    await rows.first().waitFor();
    const accounts = await rows.evaluateAll((trs) => trs.map((t) => t.getAttribute('data-account')));
    expect(accounts.every((a) => a!.startsWith('Assets:US:Vanguard'))).toBe(true);
    expect(await rows.evaluateAll((trs) => trs.map((t) => t.getAttribute('data-currency')))).toContain('VBMPX');
    // A bank account holds no lots: no holdings section.
    const bank = await e2e.open('/accounts/Assets:US:BofA:Checking');
    await bank.getByTestId('account-journal').waitFor();
    await bank.waitForLoadState('networkidle');
    expect(await bank.getByTestId('holdings-section').count()).toBe(0);
  });
});
