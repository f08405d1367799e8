/**
 * Issue 7 acceptance on a single commodity's page (/commodities/<name>): holdings, latest price
 * and lots equal their built-ins (commodities.holding, commodities.latest_price,
 * commodities.lots), the price chart is drawn, and Open query lands on /explore with the rows.
 */
import { expect, it } from 'vitest';
import { Dec } from '../../engine/decimal';
import { describeE2E } from './support/session';
import { builtinText } from './support/builtins';
import { shownNumber } from './support/display';
import { bodyRows, expectLineDrawn, openQueryLands } from './support/figures';
import { withoutGrouping } from './support/table';

/** Bought every two weeks at cost in the example: many lots, one account, one quote currency. */
const COMMODITY = 'VBMPX';

describeE2E('Commodity page', (e2e) => {
  it('holdings, latest price and lots equal their built-in queries', async () => {
    const page = await e2e.open(`/commodities/${COMMODITY}`);
    const lots = page.getByTestId('lots');
    await lots.locator('table tbody tr').first().waitFor();
    const run = async (name: string, params: Record<string, unknown>) => {
      const r = await e2e.server.query(await builtinText(e2e.server, name, params));
      expect(r.status).toBe(200);
      return r.body.data as { columns: { name: string }[]; rows: any[][] };
    };

    const holding = await run('commodities.holding', { commodity: COMMODITY });
    expect(holding.rows.length).toBe(1);
    const shownHolding = withoutGrouping((await page.getByTestId('holding').locator('.value').textContent())!.trim());
    expect(shownHolding).toBe(`${shownNumber(holding.rows[0][1], COMMODITY)} ${COMMODITY}`);

    // How its numbers are shown: the display table's entry for it (no precision in its directive).
    const display = (await e2e.server.getJson('/api/commodities/display')).body.data.find((d: any) => d.currency === COMMODITY);
    expect(display).toMatchObject({ source: 'inferred', rounding: 'half_even' });
    await expect(page.getByTestId('display').locator('.value').textContent()).resolves.toBe(`${display.precision} decimal places`);

    const latest = await run('commodities.latest_price', { commodity: COMMODITY, currency: 'USD' });
    expect(latest.rows.length).toBe(1);
    const [, date, , rate] = latest.rows[0];
    const price = page.getByTestId('latest-price');
    await expect(price.locator('.value').textContent().then((t) => withoutGrouping(t!.trim()))).resolves.toBe(`${rate} USD`);
    await expect(price.locator('.note').textContent().then((t) => t!.trim())).resolves.toBe(`quoted ${date}`);

    const api = await run('commodities.lots', { commodity: COMMODITY });
    const cols = api.columns.map((c) => c.name);
    const at = (r: any[], c: string) => r[cols.indexOf(c)];
    expect(api.rows.length).toBeGreaterThan(10);
    expect(await bodyRows(lots.locator('table'))).toEqual(
      api.rows.map((r) => [
        at(r, 'account'),
        shownNumber(at(r, 'units'), COMMODITY),
        at(r, 'cost_number') === null ? '' : `${at(r, 'cost_number')} ${at(r, 'cost_currency')}`,
        at(r, 'cost_date') ?? '',
        at(r, 'cost_label') ?? '',
      ]),
    );
    // The lots add up to the holding: exact decimals, digit for digit.
    const sum = api.rows.reduce((s, r) => s.plus(Dec.parse(at(r, 'units'))!), Dec.of(0));
    expect(sum.toString()).toBe(holding.rows[0][1]);
  });

  it('price history chart is drawn from commodities.prices', async () => {
    const page = await e2e.open(`/commodities/${COMMODITY}`);
    const prices = await e2e.server.query(await builtinText(e2e.server, 'commodities.prices', { commodity: COMMODITY }));
    expect(prices.body.data.rows.length).toBeGreaterThan(1);
    const chart = page.getByTestId('price-history').locator('canvas');
    await expect(chart.getAttribute('aria-label')).resolves.toBe(`Prices of ${COMMODITY} in USD`);
    await expectLineDrawn(chart);
  });

  it('Open query on the lots lands on /explore with the rows of commodities.lots', async () => {
    const page = await e2e.open(`/commodities/${COMMODITY}`);
    const lots = page.getByTestId('lots');
    await lots.locator('table tbody tr').first().waitFor();
    await openQueryLands(page, e2e.server, lots.getByRole('button', { name: 'Open query' }), 'commodities.lots', { commodity: COMMODITY });
  });
});
