/**
 * Issue 7 acceptance: editing the ledger file updates an open page. A transaction appended to
 * the served temp copy triggers the watcher's reload; the open dashboard follows the reload
 * event and shows the new figures, without a navigation or a page reload.
 */
import { appendFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Dec } from '../../engine/decimal';
import type { HostEvent } from '../../main/host';
import { describeE2E } from './support/session';
import { withoutGrouping } from './support/table';
import { shownAmount } from './support/display';

describeE2E('Ledger reload', (e2e) => {
  it('appending a transaction updates the open dashboard without navigation', async () => {
    const page = await e2e.open('/dashboard');
    const cards = page.locator('section.cards[aria-label="Summary"] .card');
    const value = (title: string) => cards.filter({ hasText: title }).locator('.value');
    await value('Transactions').waitFor();
    const range = /(\d{4}-\d{2}-\d{2})$/.exec(((await page.locator('h1 .range').textContent()) ?? '').trim());
    expect(range).not.toBeNull();
    const to = range![1];

    const before = await e2e.server.getJson(`/api/statistic/summary?from=${to.slice(0, 4)}-01-01&to=${to}`);
    const count0 = before.body.data.transaction_count as number;
    const expenses0 = Dec.of(before.body.data.expenses.number as string);
    expect(withoutGrouping((await value('Transactions').textContent())!.trim())).toBe(String(count0));

    // A marker that a navigation or a full page reload would wipe out.
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 42));
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });
    // The page's own event stream must deliver the reload too: a second EventSource, connected
    // (its first `status` event arrived) before the edit, records the next `reload` event.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const w = window as unknown as { e2eReload: Promise<number> };
          const es = new EventSource('/api/events');
          w.e2eReload = new Promise<number>((done) =>
            es.addEventListener('reload', (e) => {
              es.close();
              done(JSON.parse((e as MessageEvent).data).transaction_count);
            }),
          );
          es.addEventListener('status', () => resolve(), { once: true });
        }),
    );
    const sawReloadEvent = page.evaluate(() => (window as unknown as { e2eReload: Promise<number> }).e2eReload);
    const reloaded = new Promise<HostEvent>((resolve) => {
      const off = e2e.server.service.host.onReload((ev) => {
        off();
        resolve(ev);
      });
    });
    appendFileSync(
      e2e.server.ledger,
      `\n${to} * "E2E Market" "appended by the e2e reload test"\n  Expenses:Food:Groceries   12.34 USD\n  Assets:US:BofA:Checking\n`,
    );
    const ev = await reloaded;
    expect(ev.kind).toBe('reload');
    expect(await sawReloadEvent).toBe(ev.status.transaction_count);

    await expect
      .poll(async () => withoutGrouping((await value('Transactions').textContent())!.trim()), { timeout: 10_000, interval: 100 })
      .toBe(String(count0 + 1));
    // Hand-computed: the expenses of the range grow by exactly the appended 12.34 USD.
    const expenses1 = expenses0.plus(Dec.of('12.34')).toString();
    await expect
      .poll(async () => withoutGrouping((await value('Expenses').textContent())!.trim()), { timeout: 10_000, interval: 100 })
      .toBe(shownAmount({ number: expenses1, currency: 'USD' }));
    const after = await e2e.server.getJson(`/api/statistic/summary?from=${to.slice(0, 4)}-01-01&to=${to}`);
    expect(after.body.data.expenses.number).toBe(expenses1);

    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(42);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
