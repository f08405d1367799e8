// @vitest-environment happy-dom
/**
 * The page filter in the renderer: the URL state (a router guard carries the filter across links,
 * an explicit change or clear is kept), FilterLink targets, and the bar: a filter the server
 * refuses stays out of the URL and its message shows under its field; an accepted one goes into
 * the URL. The server is a fake transport answering as the real endpoints do.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import { defineComponent, h } from 'vue';
import type { RawRequest, RawResponse, Transport } from '../../../renderer/api/transport';
import FilterBar from '../../../renderer/filter/FilterBar.vue';
import FilterLink from '../../../renderer/filter/FilterLink.vue';
import { checkFilter } from '../../../renderer/filter/check';
import { filterFields, installFilterRouting, navigateWithFilter, pageFilter, queryWithFilter } from '../../../renderer/filter/page-filter';

const Blank = defineComponent({ render: () => h('div') });

function makeRouter(): Router {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/journal', name: 'journal', component: Blank },
      { path: '/report', name: 'report', component: Blank },
      { path: '/explore', name: 'explore', component: Blank },
    ],
  });
  installFilterRouting(router);
  return router;
}

/** Answers like the server: a time of `2024-13` or a filter with `(` unclosed is refused. */
class FakeServer implements Transport {
  readonly kind = 'http' as const;
  requests: RawRequest[] = [];
  async send(r: RawRequest): Promise<RawResponse> {
    this.requests.push(r);
    const json = (status: number, body: unknown): RawResponse => ({ status, headers: {}, text: JSON.stringify(body) });
    if (r.path.startsWith('/api/filter/time')) {
      const time = new URLSearchParams(r.path.split('?')[1]).get('time');
      return time === '2024-13'
        ? json(400, { message: 'time filter at column 1: there is no month 13 (months are 01 to 12)' })
        : json(200, { data: { begin: '2024-01-01', end: '2025-01-01' } });
    }
    const body = r.body as Record<string, string>;
    if (body.filter?.includes('(')) {
      return json(400, { message: "entry filter at column 7: expected ')'", line: null, column: null });
    }
    return json(200, { data: { columns: [], rows: [] } });
  }
}

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

describe('URL state', () => {
  it('links without the parameters keep the filter; an explicit change or clear is kept', async () => {
    const router = makeRouter();
    await router.push('/journal?time=2024&filter=%23trip');
    expect(filterFields()).toEqual({ time: '2024', filter: '#trip' });
    await router.push('/report?from=2024-01-01');
    expect(router.currentRoute.value.query).toEqual({ from: '2024-01-01', time: '2024', filter: '#trip' });
    await navigateWithFilter(router, { time: '', account: 'Assets', filter: '' });
    expect(router.currentRoute.value.query).toEqual({ from: '2024-01-01', account: 'Assets' });
    await navigateWithFilter(router, { time: '', account: '', filter: '' });
    expect(router.currentRoute.value.query).toEqual({ from: '2024-01-01' });
    expect(pageFilter).toEqual({ time: '', account: '', filter: '' });
    // Back restores the previous filter.
    router.back();
    await new Promise((r) => setTimeout(r, 10));
    await flushPromises();
    expect(pageFilter.account).toBe('Assets');
  });
  it('queryWithFilter drops empty fields and keeps the rest of the query', () => {
    expect(queryWithFilter({ page: '2', time: 'x' }, { time: '', account: 'A', filter: '' })).toEqual({ page: '2', account: 'A' });
  });
});

describe('FilterLink', () => {
  it('adds a tag, link or payee to the entry filter, sets the account', async () => {
    const router = makeRouter();
    await router.push('/journal?filter=%23a');
    const mountLink = (kind: 'tag' | 'link' | 'payee' | 'account', value: string) =>
      mount(FilterLink, { props: { kind, value }, global: { plugins: [router] } });
    const href = (w: VueWrapper) => decodeURIComponent(w.find('a').attributes('href')!.replace(/\+/g, ' '));
    expect(href(mountLink('tag', 'trip'))).toBe('/journal?filter=#a #trip');
    expect(href(mountLink('tag', 'a'))).toBe('/journal?filter=#a');
    expect(href(mountLink('link', 'inv-1'))).toBe('/journal?filter=#a ^inv-1');
    expect(href(mountLink('payee', 'Joe (cafe)'))).toBe('/journal?filter=#a payee:"^Joe \\(cafe\\)$"');
    expect(href(mountLink('account', 'Assets:Bank'))).toBe('/journal?filter=#a&account=Assets:Bank');
  });
});

describe('checkFilter', () => {
  it('puts each message under the filter it names', async () => {
    const server = new FakeServer();
    expect(await checkFilter({ time: '2024-13', account: '', filter: '#a (' }, server)).toEqual({
      time: 'time filter at column 1: there is no month 13 (months are 01 to 12)',
      filter: "entry filter at column 7: expected ')'",
    });
    expect(await checkFilter({ time: '2024', account: 'Assets', filter: '#a' }, server)).toEqual({});
    expect(server.requests.at(-1)!.body).toEqual({ query: 'SELECT 1 LIMIT 0', account: 'Assets', filter: '#a' });
  });
});

describe('FilterBar', () => {
  it('a refused filter stays out of the URL and shows under its field; an accepted one goes in', async () => {
    const router = makeRouter();
    await router.push('/report?from=2024-01-01');
    const server = new FakeServer();
    wrapper = mount(FilterBar, { props: { transport: server }, global: { plugins: [router] } });
    await flushPromises();
    await wrapper.find('#filter-time').setValue('2024-13');
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(wrapper.find('#filter-time-problem').text()).toBe('time filter at column 1: there is no month 13 (months are 01 to 12)');
    expect(wrapper.find('#filter-time').attributes('aria-invalid')).toBe('true');
    expect(router.currentRoute.value.query).toEqual({ from: '2024-01-01' });

    await wrapper.find('#filter-time').setValue('2024');
    await wrapper.find('#filter-filter').setValue('#trip');
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({ from: '2024-01-01', time: '2024', filter: '#trip' });
    expect(wrapper.find('#filter-time-problem').exists()).toBe(false);
  });
  it('is hidden on the Query page', async () => {
    const router = makeRouter();
    await router.push('/explore');
    wrapper = mount(FilterBar, { props: { transport: new FakeServer() }, global: { plugins: [router] } });
    await flushPromises();
    expect(wrapper.find('form').exists()).toBe(false);
  });
});
