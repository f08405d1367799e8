/**
 * The app window: its BrowserWindow options (the security settings live here, asserted by the
 * tests), which URLs it may navigate to, and its title.
 */
import path from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_HOST, APP_SCHEME } from './protocol';

export interface WindowOptionsInput {
  /** Absolute path of the bundled preload script. */
  preload: string;
  title: string;
  /** Saved size, if any. */
  width?: number;
  height?: number;
}

export function windowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title: input.title,
    width: input.width ?? 1280,
    height: input.height ?? 840,
    minWidth: 640,
    minHeight: 420,
    // Shown once the first page painted, so the window never flashes white and empty.
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: input.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  };
}

/** A page of the app itself (app://ledger/...). */
export function isAppUrl(url: string): boolean {
  try {
    // Not `origin`: Node's URL gives custom schemes the opaque origin "null", whatever the host.
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

export type NavigationDecision = 'allow' | 'external' | 'deny';

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * What to do when the page tries to go to `url` (a link, `window.open`, a redirect): the app's
 * own pages load in the window, web and mail links open in the system browser, anything else
 * (file:, javascript:, custom schemes that could start programs) is refused.
 */
export function navigationDecision(url: string): NavigationDecision {
  if (isAppUrl(url)) return 'allow';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'deny';
  }
  return EXTERNAL_PROTOCOLS.has(parsed.protocol) ? 'external' : 'deny';
}

export const APP_NAME = 'Ledger Query';

/** "<title option> — Ledger Query", falling back to the file name; the app name alone with no ledger. */
export function windowTitle(ledgerTitle: string | null | undefined, file: string | null): string {
  const name = ledgerTitle?.trim() || (file ? path.basename(file) : '');
  return name ? `${name} — ${APP_NAME}` : APP_NAME;
}
