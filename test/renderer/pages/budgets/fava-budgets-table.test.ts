// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RawRequest, Transport } from '../../../../renderer/api/transport';
import FavaBudgetsTable from '../../../../renderer/pages/budgets/FavaBudgetsTable.vue';
import { setFavaBudgetsPageTransport } from '../../../../renderer/pages/budgets/fava-budgets';

/**
 * A transport answering GET /api/budgets/fava like the server: without an account the budgeted
 * accounts, with one that account's periods (from `periods`), recording the paths asked.
 */
function fakeServer(periods: Record<string, unknown[]>, status = 200): { t: Transport; paths: string[] } {
  const paths: string[] = [];
  const t: Transport = {
    kind: 'http',
    send: async (r: RawRequest) => {
      paths.push(r.path);
      const account = new URLSearchParams(r.path.split('?')[1]).get('account');
      const body =
        status === 200
          ? { data: { account, accounts: Object.keys(periods).sort(), interval: 'month', periods: account ? periods[account] : [], invalid: [] } }
          : { message: 'from must be a date' };
      return { status, headers: {}, text: JSON.stringify(body) };
    },
  };
  return { t, paths };
}

const router = () =>
  createRouter({ history: createMemoryHistory(), routes: [{ path: '/account/:account', name: 'account', component: { template: '<div />' } }, { path: '/', component: { template: '<div />' } }] });

afterEach(() => setFavaBudgetsPageTransport(null));

describe('FavaBudgetsTable (Budgets page)', () => {
  it('asks for the budgeted accounts, then each one over the month, and shows budgeted, actual and remaining', async () => {
    const { t, paths } = fakeServer({
      'Expenses:Food': [{ start: '2024-02-01', end: '2024-02-29', currency: 'USD', budgeted: '100.00', actual: '130.00', remaining: '-30.00' }],
      'Expenses:Books': [
        { start: '2024-02-01', end: '2024-02-29', currency: 'EUR', budgeted: '20.00', actual: '0', remaining: '20.00' },
        { start: '2024-02-01', end: '2024-02-29', currency: 'USD', budgeted: '5', actual: '1.5', remaining: '3.5' },
      ],
    });
    setFavaBudgetsPageTransport(t);
    const w = mount(FavaBudgetsTable, { props: { month: '2024-02-01' }, global: { plugins: [createPinia(), router()] } });
    await flushPromises();
    const asked = paths.map((p) => Object.fromEntries(new URLSearchParams(p.split('?')[1])));
    expect(paths.every((p) => p.startsWith('/api/budgets/fava?'))).toBe(true);
    expect(asked).toEqual([
      { from: '2024-02-01', to: '2024-02-29', interval: 'month' },
      { account: 'Expenses:Books', from: '2024-02-01', to: '2024-02-29', interval: 'month' },
      { account: 'Expenses:Food', from: '2024-02-01', to: '2024-02-29', interval: 'month' },
    ]);
    expect(w.find('h2').text()).toBe('Account budgets · February 2024');
    const cells = w.findAll('tbody tr').map((tr) => tr.findAll('td').map((td) => td.text()));
    expect(cells).toEqual([
      ['Expenses:Books', '20.00 EUR', '0 EUR', '20.00 EUR'],
      ['Expenses:Books', '5 USD', '1.5 USD', '3.5 USD'],
      ['Expenses:Food', '100.00 USD', '130.00 USD', '-30.00 USD'],
    ]);
    expect(w.findAll('tbody tr')[2].findAll('td')[3].classes()).toContain('neg');
    expect(w.findAll('tbody tr')[0].find('a').attributes('href')).toBe('/account/Expenses:Books');
    w.unmount();
  });

  it('is absent when the ledger has no Fava budget', async () => {
    const { t, paths } = fakeServer({});
    setFavaBudgetsPageTransport(t);
    const w = mount(FavaBudgetsTable, { props: { month: '2024-02-01' }, global: { plugins: [createPinia(), router()] } });
    await flushPromises();
    expect(paths).toHaveLength(1);
    expect(w.find('[data-testid="fava-budgets"]').exists()).toBe(false);
    w.unmount();
  });

  it("shows the server's message when a request fails", async () => {
    setFavaBudgetsPageTransport(fakeServer({}, 400).t);
    const w = mount(FavaBudgetsTable, { props: { month: '2024-02-01' }, global: { plugins: [createPinia(), router()] } });
    await flushPromises();
    expect(w.find('[data-testid="fava-budgets"]').text()).toContain('from must be a date');
    w.unmount();
  });
});
