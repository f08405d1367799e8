// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import type { RawRequest, Transport } from '../../../../renderer/api/transport';
import FavaBudgetSection from '../../../../renderer/pages/accounts/FavaBudgetSection.vue';
import { setFavaBudgetTransport } from '../../../../renderer/pages/accounts/fava-budgets-api';

/** A transport answering GET /api/budgets/fava with `periods`, recording the paths asked. */
function fakeTransport(periods: unknown[], status = 200): { t: Transport; paths: string[] } {
  const paths: string[] = [];
  const t: Transport = {
    kind: 'http',
    send: async (r: RawRequest) => {
      paths.push(r.path);
      const body = status === 200 ? { data: { account: 'Expenses:Food', interval: 'month', periods, invalid: [] } } : { message: 'account is required' };
      return { status, headers: {}, text: JSON.stringify(body) };
    },
  };
  return { t, paths };
}

afterEach(() => setFavaBudgetTransport(null));

describe('FavaBudgetSection', () => {
  it('asks for twelve months of the account and shows them newest first with what remains', async () => {
    const { t, paths } = fakeTransport([
      { start: '2024-01-01', end: '2024-01-31', currency: 'USD', budgeted: '372.00', actual: '120.50', remaining: '251.50' },
      { start: '2024-02-01', end: '2024-02-29', currency: 'USD', budgeted: '100.00', actual: '130.00', remaining: '-30.00' },
    ]);
    setFavaBudgetTransport(t);
    const w = mount(FavaBudgetSection, { props: { account: 'Expenses:Food' }, global: { plugins: [createPinia()] } });
    await flushPromises();
    expect(paths).toHaveLength(1);
    const q = new URLSearchParams(paths[0].split('?')[1]);
    expect(paths[0].startsWith('/api/budgets/fava?')).toBe(true);
    expect([q.get('account'), q.get('interval')]).toEqual(['Expenses:Food', 'month']);
    expect(q.get('from')! < q.get('to')!).toBe(true);
    const cells = w.findAll('tbody tr').map((tr) => tr.findAll('td').map((td) => td.text()));
    expect(cells).toEqual([
      ['February 2024', '100.00 USD', '130.00 USD', '-30.00 USD'],
      ['January 2024', '372.00 USD', '120.50 USD', '251.50 USD'],
    ]);
    expect(w.findAll('tbody tr')[0].findAll('td')[3].classes()).toContain('neg');
    w.unmount();
  });

  it('is absent for an account without budgets', async () => {
    setFavaBudgetTransport(fakeTransport([]).t);
    const w = mount(FavaBudgetSection, { props: { account: 'Assets:Cash' }, global: { plugins: [createPinia()] } });
    await flushPromises();
    expect(w.find('[data-testid="fava-budget-section"]').exists()).toBe(false);
    w.unmount();
  });
});
