/**
 * Where the browser of the e2e tests comes from: Debian's Chromium (apt package `chromium`),
 * driven by playwright-core. playwright-core ships no browser, so a machine without Chromium
 * skips the browser tests (with a message saying why) instead of failing them; CI installs it.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * E2E_CHROMIUM, when set, is the only path tried (another build or distribution; a missing path
 * shows the skip); otherwise Debian's and Ubuntu's locations.
 */
export function chromiumPath(): string | null {
  const env = process.env.E2E_CHROMIUM;
  const candidates = env ? [env] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const p of candidates) if (existsSync(p)) return p;
  return null;
}

export const SKIP_MESSAGE =
  'e2e browser tests skipped: Chromium not found (install the Debian package `chromium`, or set E2E_CHROMIUM to its path)';

/** Launch flags that work for Debian Chromium headless in containers (shared/notes/stack.md). */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath === null) throw new Error(SKIP_MESSAGE);
  return chromium.launch({ executablePath, args: ARGS, timeout: 30_000 });
}
