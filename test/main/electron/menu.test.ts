import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate, recentLabel, type MenuInput } from '../../../main/electron/menu';

function input(overrides: Partial<MenuInput> = {}) {
  const calls: string[] = [];
  const base: MenuInput = {
    platform: 'linux',
    recent: [],
    apiUrl: null,
    apiError: null,
    isDev: false,
    actions: {
      openDialog: () => calls.push('open'),
      openRecent: (f) => calls.push(`recent ${f}`),
      clearRecent: () => calls.push('clear'),
      reloadLedger: () => calls.push('reload'),
      openApi: () => calls.push('api'),
    },
  };
  return { calls, input: { ...base, ...overrides } };
}

const sub = (item: MenuItemConstructorOptions | undefined) => (item?.submenu ?? []) as MenuItemConstructorOptions[];
const byLabel = (items: MenuItemConstructorOptions[], label: string) => items.find((i) => i.label === label);
const click = (item: MenuItemConstructorOptions | undefined) =>
  (item!.click as unknown as () => void)();

describe('menuTemplate', () => {
  it('has File > Open Ledger… on Ctrl/Cmd+O that opens the dialog', () => {
    const { calls, input: i } = input();
    const file = sub(menuTemplate(i)[0]);
    const open = byLabel(file, 'Open Ledger…');
    expect(open?.accelerator).toBe('CmdOrCtrl+O');
    click(open);
    expect(calls).toEqual(['open']);
  });

  it('lists recent ledgers, most recent first, each opening its file, and a Clear Recent', () => {
    const { calls, input: i } = input({ recent: ['/books/home.bean', '/work/R&D.zhang'] });
    const recent = sub(byLabel(sub(menuTemplate(i)[0]), 'Open Recent'));
    expect(recent.map((r) => r.label ?? r.type)).toEqual(['home.bean — /books', 'R&&D.zhang — /work', 'separator', 'Clear Recent']);
    click(recent[1]);
    click(recent[3]);
    expect(calls).toEqual(['recent /work/R&D.zhang', 'clear']);
  });

  it('shows a disabled placeholder when there are no recent ledgers', () => {
    const recent = sub(byLabel(sub(menuTemplate(input().input)[0]), 'Open Recent'));
    expect(recent).toEqual([{ label: 'No Recent Ledgers', enabled: false }]);
  });

  it('shows the API address in the Help menu, or why it is off', () => {
    const help = (i: MenuInput) => sub(menuTemplate(i).find((m) => m.role === 'help'))[0];
    const on = input({ apiUrl: 'http://127.0.0.1:8000' });
    expect(help(on.input).label).toBe('HTTP API: http://127.0.0.1:8000/');
    click(help(on.input));
    expect(on.calls).toEqual(['api']);
    expect(help(input().input)).toEqual({ label: 'HTTP API: off', enabled: false });
    expect(help(input({ apiError: 'port 8000 on 127.0.0.1 is already in use' }).input).label).toBe(
      'HTTP API: off (port 8000 on 127.0.0.1 is already in use)',
    );
  });

  it('puts the app menu first on macOS and Quit in File elsewhere; dev tools only in development', () => {
    const mac = menuTemplate(input({ platform: 'darwin' }).input);
    expect(mac[0].label).toBe('Ledger Query');
    expect(sub(mac[1]).some((i) => i.role === 'quit')).toBe(false);
    const linux = menuTemplate(input().input);
    expect(linux[0].label).toBe('&File');
    expect(sub(linux[0]).some((i) => i.role === 'quit')).toBe(true);
    const view = (t: MenuItemConstructorOptions[]) => sub(t.find((m) => m.label === '&View'));
    expect(view(linux).some((i) => i.role === 'toggleDevTools')).toBe(false);
    expect(view(menuTemplate(input({ isDev: true }).input)).some((i) => i.role === 'toggleDevTools')).toBe(true);
  });

  it('labels a recent file by name and folder', () => {
    expect(recentLabel('/a/b/main.beancount')).toBe('main.beancount — /a/b');
  });
});
