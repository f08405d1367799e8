/**
 * The application menu as a template (Menu.buildFromTemplate in app.ts). Pure: what it shows
 * depends only on its input, so the tests check the recent list, the API line and the accelerators.
 */
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { APP_NAME } from './window';

export interface MenuInput {
  platform: NodeJS.Platform;
  /** Most recent first. */
  recent: readonly string[];
  /** Address of the localhost API, or null. */
  apiUrl: string | null;
  /** Why the API is not listening (port taken), or null. */
  apiError: string | null;
  isDev: boolean;
  actions: {
    openDialog(): void;
    openRecent(file: string): void;
    clearRecent(): void;
    /** Loads the ledger again from disk. */
    reloadLedger(): void;
    /** Opens the API address in the system browser. */
    openApi(): void;
  };
}

/** How a recent file reads in the menu: "name — folder" so two same-named ledgers differ. */
export function recentLabel(file: string): string {
  // `&` starts a mnemonic on Windows and Linux: double it to show it.
  return `${path.basename(file)} — ${path.dirname(file)}`.replace(/&/g, '&&');
}

export function menuTemplate(input: MenuInput): MenuItemConstructorOptions[] {
  const mac = input.platform === 'darwin';
  const { actions } = input;

  const recentItems: MenuItemConstructorOptions[] = input.recent.length
    ? [
        ...input.recent.map((file): MenuItemConstructorOptions => ({ label: recentLabel(file), click: () => actions.openRecent(file) })),
        { type: 'separator' },
        { label: 'Clear Recent', click: () => actions.clearRecent() },
      ]
    : [{ label: 'No Recent Ledgers', enabled: false }];

  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Open Ledger…', accelerator: 'CmdOrCtrl+O', click: () => actions.openDialog() },
      { label: 'Open Recent', submenu: recentItems },
      { type: 'separator' },
      { label: 'Reload Ledger', accelerator: 'CmdOrCtrl+Shift+R', click: () => actions.reloadLedger() },
      ...(mac ? [] : [{ type: 'separator' } as MenuItemConstructorOptions, { role: 'quit' } as MenuItemConstructorOptions]),
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { role: 'reload' },
      ...(input.isDev ? [{ role: 'toggleDevTools' } as MenuItemConstructorOptions] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const apiLine: MenuItemConstructorOptions = input.apiUrl
    ? { label: `HTTP API: ${input.apiUrl}/`, click: () => actions.openApi() }
    : { label: input.apiError ? `HTTP API: off (${input.apiError})` : 'HTTP API: off', enabled: false };

  const template: MenuItemConstructorOptions[] = [];
  if (mac) template.push({ label: APP_NAME, submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }] });
  template.push(file, { role: 'editMenu' }, view, { role: 'windowMenu' }, { role: 'help', submenu: [apiLine] });
  return template;
}
