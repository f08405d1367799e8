/**
 * Issue 7 acceptance on a single account's page (/accounts/<account>): the two balance cards
 * equal the rows of accounts.subtree_balances (and the running balance of the account journal's
 * newest row), the balance history chart is drawn, the journal rows equal
 * GET /api/accounts/{account}/journals page by page, the documents equal accounts.documents, and
 * Open query lands on /explore with the built-in's rows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Dec } from '../../engine/decimal';
import { describeE2E } from './support/session';
import { builtinText } from './support/builtins';
import { shownAmount } from './support/display';
import { amountText, bodyRows, expectLineDrawn, openQueryLands } from './support/figures';
import { withoutGrouping } from './support/table';

type Amount = { number: string; currency: string };

/** Value (operating-currency part of `value`) and units per currency of some subtree_balances rows. */
function sumRows(rows: any[][], cols: string[], currency: string): { value: string; units: string } {
  const at = (r: any[], c: string) => r[cols.indexOf(c)];
  let value = Dec.of(0);
  const units = new Map<string, Dec>();
  for (const r of rows) {
    for (const p of at(r, 'value').positions) if (p.units.currency === currency) value = value.plus(Dec.parse(p.units.number)!);
    const c = at(r, 'currency') as string;
    units.set(c, (units.get(c) ?? Dec.of(0)).plus(Dec.parse(at(r, 'units'))!));
  }
  const list = [...units].filter(([, n]) => !n.isZero()).sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    value: shownAmount({ number: value.toString(), currency }),
    units: list.length === 0 ? '0' : list.map(([c, n]) => shownAmount({ number: n.toString(), currency: c })).join(', '),
  };
}

async function card(page: Page, testId: string): Promise<{ value: string; note: string }> {
  const el = page.getByTestId(testId);
  await el.locator('.value').waitFor();
  return {
    value: withoutGrouping((await el.locator('.value').textContent())!.trim()),
    note: withoutGrouping((await el.locator('.note').textContent())!.trim()),
  };
}

/** A journal record of the endpoint as the page's table row reads. */
function journalRow(r: any): string[] {
  const date = r.time === '00:00:00' ? r.date : `${r.date} ${r.time}`;
  const balance = r.balance.map(amountText).join('');
  if (r.type === 'posting') {
    return [date, r.flag, r.account, [r.payee, r.narration].filter((x: string | null) => x).join(' '), amountText(r.units), balance];
  }
  let text = `Balance check: ${amountText(r.amount)}`;
  if (!r.passed) text += ` (actual ${amountText(r.actual)})`;
  if (r.pad) text += ` · padded from ${r.pad}`;
  return [date, r.passed ? 'ok' : 'failed', r.account, text, '', balance];
}

describeE2E('Account page', (e2e) => {
  it('total and own balance equal accounts.subtree_balances rows and the journal’s newest running balance', async () => {
    const account = 'Assets:US:Vanguard';
    const page = await e2e.open(`/accounts/${account}`);
    await expect(page.locator('main h1').textContent()).resolves.toBe(account);
    const api = await e2e.server.query(await builtinText(e2e.server, 'accounts.subtree_balances', { account, operating_currency: 'USD' }));
    expect(api.status).toBe(200);
    const cols = (api.body.data.columns as { name: string }[]).map((c) => c.name);
    const rows = api.body.data.rows as any[][];
    // Hand-checked in the example: the Vanguard subtree holds two funds and cash in sub-accounts only.
    expect(new Set(rows.map((r) => r[0])).size).toBeGreaterThan(1);
    expect(rows.every((r) => (r[0] as string).startsWith(`${account}:`))).toBe(true);

    const total = sumRows(rows, cols, 'USD');
    expect(await card(page, 'balance-total')).toEqual({ value: total.value, note: total.units });
    const own = sumRows(rows.filter((r) => r[0] === account), cols, 'USD');
    expect(own).toEqual({ value: '0.00 USD', units: '0' });
    expect(await card(page, 'balance-own')).toEqual({ value: own.value, note: own.units });

    // The newest journal row's running balance covers every posting of the subtree.
    const journal = await e2e.server.getJson(`/api/accounts/${account}/journals?page=1`);
    expect(journal.status).toBe(200);
    expect((journal.body.data.records[0].balance as Amount[]).map(amountText).join(', ')).toBe(total.units);
  });

  it('balance history chart is drawn and the journal equals GET /api/accounts/{account}/journals, pages 1 and 2', async () => {
    const account = 'Assets:US:BofA:Checking';
    const page = await e2e.open(`/accounts/${account}`);
    await expectLineDrawn(page.getByTestId('balance-history').locator('canvas'));
    await expect(page.getByTestId('balance-history').locator('canvas').getAttribute('aria-label')).resolves.toBe(
      `Balance history of ${account} in USD`,
    );

    const journal = page.getByTestId('account-journal');
    for (const n of [1, 2]) {
      const api = await e2e.server.getJson(`/api/accounts/${account}/journals?page=${n}`);
      expect(api.status).toBe(200);
      const data = api.body.data;
      expect(data.records.length).toBe(100); // every page but the last is full
      // The checking account is asserted monthly: assertions are among the rows of a page.
      expect(data.records.some((r: any) => r.type === 'balance')).toBe(true);
      await expect.poll(() => bodyRows(journal.locator('table'))).toEqual(data.records.map(journalRow));
      await expect(journal.getByRole('navigation', { name: 'Journal pages (top)' }).locator('span').textContent()).resolves.toBe(
        `Page ${n} of ${data.total_pages} · ${data.total_count.toLocaleString('en-US')} rows`,
      );
      if (n === 1) {
        await journal.getByRole('navigation', { name: 'Journal pages (top)' }).getByRole('button', { name: 'Older ›' }).click();
        await page.waitForURL((u) => u.searchParams.get('page') === '2');
      }
    }
  });

  it('documents equal accounts.documents of the subtree, and a link downloads its file', async () => {
    const account = 'Assets:US';
    const page = await e2e.open(`/accounts/${account}`);
    const docs = page.getByTestId('account-documents');
    await docs.locator('ul.docs li').first().waitFor();
    const api = await e2e.server.query(await builtinText(e2e.server, 'accounts.documents', { account }));
    const rows = api.body.data.rows as [string, string, string, string][];
    // Hand-checked in the example: the BofA statement and the credit union's closing letter.
    expect(rows.map((r) => r[3])).toEqual(['documents/bofa-statement-2024-03.pdf', 'documents/creditunion-closing-letter.txt']);
    const shown = await docs.locator('ul.docs li').evaluateAll((lis) => lis.map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(shown).toEqual(rows.map(([date, , acc, p]) => `${date} · ${p.split('/').pop()} · ${acc}`));

    const link = docs.getByRole('link', { name: 'creditunion-closing-letter.txt' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = await download.path();
    expect(readFileSync(file)).toEqual(readFileSync(path.join(path.dirname(e2e.server.ledger), 'documents/creditunion-closing-letter.txt')));
  });

  it('Open query on the balance history lands on /explore with the rows of accounts.balance_history', async () => {
    const account = 'Assets:US:BofA:Checking';
    const page = await e2e.open(`/accounts/${account}`);
    const history = page.getByTestId('balance-history');
    await history.locator('canvas').waitFor();
    const result = await openQueryLands(page, e2e.server, history.getByRole('button', { name: 'Open query' }), 'accounts.balance_history', { account });
    expect(result.columns.map((c) => c.name)).toEqual(['date', 'currency', 'balance']);
    expect(result.rows.length).toBeGreaterThan(0);
  });

  it('Open query on the journal postings lands on /explore with the rows of accounts.journal', async () => {
    const account = 'Assets:US:BofA:Checking';
    const page = await e2e.open(`/accounts/${account}`);
    const journal = page.getByTestId('account-journal');
    await journal.locator('table tbody tr').first().waitFor();
    await openQueryLands(page, e2e.server, journal.getByRole('button', { name: 'Open query: postings' }), 'accounts.journal', { account });
  });
});
