/**
 * Issue 17 §3 accessibility: axe-core (injected into the page) finds no serious or critical
 * violation (labels, names, WCAG AA contrast, roles) on the main pages of the bundled example,
 * with the shortcut list open too; and the controls are reachable by Tab with a visible focus.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E } from './support/session';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (rightly) blocks an
  // inline script tag, and the test must not weaken it.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 8).map((n: any) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`) }));
  });
}

const PAGES: Array<[string, string]> = [
  ['/dashboard', '[data-testid="breakdown"] tbody tr'],
  ['/journal', '[data-entry]'],
  ['/income-statement?time=2025', 'main table'],
  ['/balance-sheet?time=2025', 'main table'],
  ['/holdings', 'main table tbody tr'],
  ['/accounts/Assets:US:BofA:Checking', 'main table tbody tr'],
  ['/explore?query=' + encodeURIComponent("SELECT account, sum(position) WHERE account ~ '^Expenses:Food' GROUP BY account"), '[role=table]'],
  ['/report?from=2025-01-01&to=2025-12-31', '[data-testid="breakdown"] tbody tr'],
  ['/errors', 'main h1'],
];

describeE2E('accessibility (issue 17 §3)', (e2e) => {
  for (const [path, ready] of PAGES) {
    it(`axe finds no serious or critical violation on ${path.split('?')[0]}`, async () => {
      const page = await e2e.open(path);
      await page.locator(ready).first().waitFor();
      const v = await seriousViolations(page);
      if (process.env.AXE_DEBUG) console.log(JSON.stringify(v, null, 1));
      expect(v).toEqual([]);
    });
  }

  it('dark mode follows the system and passes axe contrast too', async () => {
    const page = e2e.page;
    await page.emulateMedia({ colorScheme: 'dark' });
    await e2e.open('/dashboard');
    await page.locator('[data-testid="breakdown"] tbody tr').first().waitFor();
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(bg).toBe('rgb(20, 24, 31)');
    // Chart text follows the theme: Chart.js's default colour is the page's text colour.
    expect(await page.evaluate(() => (globalThis as any).__chartJs.defaults.color)).toBe('#e4e8ee');
    const v = await seriousViolations(page);
    if (process.env.AXE_DEBUG) console.log(JSON.stringify(v, null, 1));
    expect(v).toEqual([]);
  });

  it('the shortcut list passes axe and Tab reaches the navigation with a visible focus ring', async () => {
    const page = await e2e.open('/dashboard');
    await page.locator('h1').waitFor();
    await page.keyboard.press('?');
    await page.getByRole('dialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // Skip link first, then the first page link; each shows an outline when focused by keyboard.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Skip to content');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return { text: el.textContent?.trim(), outline: s.outlineStyle, width: s.outlineWidth };
    });
    expect(focused.text).toBe('Dashboard');
    expect(focused.outline).not.toBe('none');
    expect(focused.width).not.toBe('0px');
  });
});
