// @vitest-environment happy-dom
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { SavedQueryRecord } from '../../../engine/api-types';
import type { ApiClient, ApiResult } from '../../../renderer/api/client';
import QueryMenu from '../../../renderer/components/QueryMenu.vue';
import QueryPage from '../../../renderer/pages/query/QueryPage.vue';

/** A fake API client: the page under test gets it through api() (renderer/api/instance.ts). */
const fake = vi.hoisted(() => ({
  saved: [] as SavedQueryRecord[] | { kind: 'http'; status: number; message: string },
  savedCalls: 0,
}));

vi.mock('../../../renderer/api/instance', () => {
  const unavailable = async () => ({ ok: false, problem: { kind: 'network', message: 'not in this test' } });
  const savedQueries = async (): Promise<ApiResult<SavedQueryRecord[]>> => {
    fake.savedCalls++;
    const s = fake.saved;
    return Array.isArray(s) ? { ok: true, data: s.slice() } : { ok: false, problem: s };
  };
  // Every other method answers "unavailable", including ones added to ApiClient later.
  const client = new Proxy({} as ApiClient, {
    get: (_target, name) => (name === 'transport' ? 'http' : name === 'savedQueries' ? savedQueries : unavailable),
  });
  return { api: () => client };
});

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

describe('QueryMenu', () => {
  const items = [
    { key: '0', title: 'Cash', subtitle: "SELECT account WHERE account ~ 'Cash'", note: '2024-01-01', text: "SELECT account WHERE account ~ 'Cash'" },
    { key: '1', title: 'Broken', error: "line 1, column 8: unknown column 'acount'", text: 'SELECT acount' },
  ];

  function menu(props: Record<string, unknown>): VueWrapper {
    wrapper = mount(QueryMenu, { props: { label: 'Saved queries', empty: 'None.', items, ...props }, attachTo: document.body });
    return wrapper;
  }

  it('emits open on every opening, not on closing', async () => {
    const w = menu({});
    const toggle = w.find('button[aria-haspopup]');
    expect(toggle.attributes('aria-expanded')).toBe('false');
    await toggle.trigger('click');
    expect(toggle.attributes('aria-expanded')).toBe('true');
    await toggle.trigger('click');
    expect(toggle.attributes('aria-expanded')).toBe('false');
    await toggle.trigger('click');
    expect(w.emitted('open')).toHaveLength(2);
  });

  it('shows an invalid entry with its error, and a valid one without', async () => {
    const w = menu({});
    await w.find('button[aria-haspopup]').trigger('click');
    const entries = w.findAll('button.entry');
    expect(entries).toHaveLength(2);
    expect(entries[0].classes()).not.toContain('invalid');
    expect(entries[0].find('.error').exists()).toBe(false);
    expect(entries[0].find('.note').text()).toBe('2024-01-01');
    expect(entries[1].classes()).toContain('invalid');
    expect(entries[1].find('.error').text()).toBe("invalid: line 1, column 8: unknown column 'acount'");
  });

  it('emits the chosen text and closes', async () => {
    const w = menu({});
    await w.find('button[aria-haspopup]').trigger('click');
    await w.findAll('button.entry')[1].trigger('click');
    expect(w.emitted('choose')).toEqual([['SELECT acount']]);
    expect(w.find('button.entry').exists()).toBe(false);
  });

  it('shows loading, a problem or the empty text instead of entries', async () => {
    let w = menu({ loading: true });
    await w.find('button[aria-haspopup]').trigger('click');
    expect(w.find('.state').text()).toBe('Loading…');
    w.unmount();
    w = menu({ problem: 'the server did not answer' });
    await w.find('button[aria-haspopup]').trigger('click');
    expect(w.find('[role=alert]').text()).toBe('the server did not answer');
    w.unmount();
    w = menu({ items: [] });
    await w.find('button[aria-haspopup]').trigger('click');
    expect(w.find('.state').text()).toBe('None.');
  });

  it('moves focus with the arrow keys and closes on Escape, giving focus back to its button', async () => {
    const w = menu({});
    const toggle = w.find('button[aria-haspopup]');
    await toggle.trigger('click');
    await flushPromises();
    const entries = w.findAll('button.entry');
    expect(document.activeElement).toBe(entries[0].element);
    await entries[0].trigger('keydown', { key: 'ArrowDown' });
    expect(document.activeElement).toBe(entries[1].element);
    await entries[1].trigger('keydown', { key: 'ArrowDown' });
    expect(document.activeElement).toBe(entries[0].element);
    await entries[0].trigger('keydown', { key: 'Escape' });
    expect(w.find('button.entry').exists()).toBe(false);
    expect(document.activeElement).toBe(toggle.element);
  });
});

describe('saved-queries menu of the Query page', () => {
  beforeEach(() => {
    fake.savedCalls = 0;
    fake.saved = [];
    localStorage.clear();
  });

  async function page(): Promise<VueWrapper> {
    const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/explore', component: QueryPage }] });
    await router.push('/explore');
    await router.isReady();
    wrapper = mount(QueryPage, {
      attachTo: document.body,
      global: {
        plugins: [createPinia(), router],
        // The editor (CodeMirror), charts and reference panel are not what this test is about.
        stubs: { QueryEditor: true, QueryChart: true, ReferencePanel: true, ResultTable: true },
      },
    });
    await flushPromises();
    return wrapper;
  }

  function savedMenu(w: VueWrapper) {
    const m = w.findAllComponents(QueryMenu).find((c) => (c.props() as { label?: string }).label === 'Saved queries');
    if (m === undefined) throw new Error('no saved-queries menu');
    return m;
  }

  async function openSaved(w: VueWrapper): Promise<void> {
    await savedMenu(w).find('button[aria-haspopup]').trigger('click');
    await flushPromises();
  }

  async function closeSaved(w: VueWrapper): Promise<void> {
    await savedMenu(w).find('button[aria-haspopup]').trigger('click');
    await flushPromises();
  }

  it('fetches the list again each time it opens, and shows what the ledger has now', async () => {
    const w = await page();
    expect(fake.savedCalls).toBe(0);
    fake.saved = [{ name: 'Cash', date: '2024-01-01', query: 'SELECT 1', valid: true, error: null }];
    await openSaved(w);
    expect(fake.savedCalls).toBe(1);
    expect(savedMenu(w).findAll('.entry .title').map((t) => t.text())).toEqual(['Cash']);
    await closeSaved(w);

    // The ledger changed in between: a second query directive appeared.
    fake.saved = [
      { name: 'Cash', date: '2024-01-01', query: 'SELECT 1', valid: true, error: null },
      { name: 'Income', date: '2024-02-01', query: 'SELECT 2', valid: true, error: null },
    ];
    await openSaved(w);
    expect(fake.savedCalls).toBe(2);
    expect(savedMenu(w).findAll('.entry .title').map((t) => t.text())).toEqual(['Cash', 'Income']);
  });

  it('shows an invalid saved query with its error position and message', async () => {
    const w = await page();
    fake.saved = [
      { name: 'Broken', date: '2024-03-01', query: 'SELECT acount', valid: false, error: { message: "unknown column 'acount'", line: 1, column: 8 } },
      { name: 'No position', date: '2024-03-02', query: 'SELECT 1', valid: false, error: { message: 'query too long', line: null, column: null } },
      { name: 'No error', date: '2024-03-03', query: 'SELECT 2', valid: false, error: null },
    ];
    await openSaved(w);
    expect(savedMenu(w).findAll('.entry .error').map((e) => e.text())).toEqual([
      "invalid: line 1, column 8: unknown column 'acount'",
      'invalid: query too long',
      'invalid: does not compile',
    ]);
  });

  it('shows a failed fetch as the menu problem', async () => {
    const w = await page();
    fake.saved = { kind: 'http', status: 503, message: 'ledger not loaded' };
    await openSaved(w);
    expect(savedMenu(w).find('[role=alert]').text()).toBe('ledger not loaded (HTTP 503)');
    expect(savedMenu(w).find('button.entry').exists()).toBe(false);
  });
});
