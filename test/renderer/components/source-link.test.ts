// @vitest-environment happy-dom
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeActionResult, LedgerBridge } from '../../../preload/bridge-types';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
  delete (window as { ledgerApi?: LedgerBridge }).ledgerApi;
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The component reads window.ledgerApi once, at import: import it after setting the bridge up. */
async function mountLink(file: string, line: number) {
  const { default: SourceLink } = await import('../../../renderer/components/page/SourceLink.vue');
  wrapper = mount(SourceLink, { props: { file, line }, attachTo: document.body });
  return wrapper;
}

function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('SourceLink in a browser (no desktop bridge)', () => {
  it('shows file:line and copies it on click', async () => {
    const copied: string[] = [];
    setClipboard(async (t) => void copied.push(t));
    const w = await mountLink('accounts/bank.beancount', 42);
    const button = w.get('[data-src]');
    expect(button.text()).toBe('accounts/bank.beancount:42');
    expect(button.attributes('data-action')).toBe('copy');
    expect(button.attributes('title')).toBe('Copy accounts/bank.beancount:42');
    await button.trigger('click');
    await flushPromises();
    expect(copied).toEqual(['accounts/bank.beancount:42']);
    expect(w.get('[role=status]').text()).toBe('Copied');
  });

  it('selects the text when the clipboard is refused, so Ctrl+C copies it', async () => {
    setClipboard(async () => {
      throw new Error('denied');
    });
    const w = await mountLink('main.beancount', 7);
    await w.get('[data-src]').trigger('click');
    await flushPromises();
    expect(window.getSelection()?.toString()).toBe('main.beancount:7');
    expect(w.get('[role=status]').text()).toBe('Selected: press Ctrl+C to copy');
  });
});

describe('SourceLink in the desktop app', () => {
  function bridge(answer: BridgeActionResult) {
    const calls: [string, number][] = [];
    const api = {
      openInEditor: async (file: string, line: number) => (calls.push([file, line]), answer),
    } as Partial<LedgerBridge> as LedgerBridge;
    (window as { ledgerApi?: LedgerBridge }).ledgerApi = api;
    return calls;
  }

  it('asks the main process to open the file at the line, and never touches the clipboard', async () => {
    const calls = bridge({ status: 'done', file: '/books/sub/a.bean' });
    const writes: string[] = [];
    setClipboard(async (t) => void writes.push(t));
    const w = await mountLink('sub/a.bean', 3);
    const button = w.get('[data-src]');
    expect(button.text()).toBe('sub/a.bean:3');
    expect(button.attributes('data-action')).toBe('editor');
    await button.trigger('click');
    await flushPromises();
    expect(calls).toEqual([['sub/a.bean', 3]]);
    expect(writes).toEqual([]);
    expect(w.find('[role=alert]').exists()).toBe(false);
  });

  it('shows why the file could not be opened', async () => {
    bridge({ status: 'error', message: 'sub/a.bean no longer exists' });
    const w = await mountLink('sub/a.bean', 3);
    await w.get('[data-src]').trigger('click');
    await flushPromises();
    expect(w.get('[role=alert]').text()).toBe('sub/a.bean no longer exists');
  });
});
